/**
 * The site's data, queried once: every page imports the lists it needs from here.
 * The records come from the ingest script (`npm run ingest`), already validated; they are checked
 * against the same schema again so a stale or hand-edited file fails the build with a clear message.
 */
import fs from 'node:fs';
import {
  indexesFileFor,
  papersFileFrom,
  PapersSchema,
  parseWithFriendlyErrors,
  SiteIndexesSchema,
  type Paper,
  type SiteIndexes,
} from './lib/schema';
import { loadTaxonomy } from './lib/enrich/taxonomy';
import { getAuthors, type Author } from './lib/site/authors';
import { getUniqueTags, type Tag } from './lib/site/tags';
import { groupVenues, type Venue } from './lib/site/venues';

/** Where ingest writes the records; PAPERS_JSON points a build at another record file. */
const PAPERS_FILE = papersFileFrom(process.env);
/** The taxonomy that names the topic tags; TAXONOMY_FILE points a build at another one. */
const TAXONOMY_FILE = process.env.TAXONOMY_FILE || 'content/taxonomy.yaml';

/** How many papers one page of a list shows: small enough to stay fast at 20,000 papers. */
export const PAGE_SIZE = 100;

function readPapers(file: string): Paper[] {
  if (!fs.existsSync(file)) {
    throw new Error(
      `${file} does not exist: run \`npm run ingest\` (npm run build does it for you).`,
    );
  }
  const records: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  try {
    return parseWithFriendlyErrors(PapersSchema, records, file);
  } catch (error) {
    throw new Error(`${(error as Error).message}\nRe-run npm run ingest to rebuild ${file}.`);
  }
}

/** Every paper, in dump order (file name, then position in the dump). */
export const papers: Paper[] = readPapers(PAPERS_FILE);

/** The indexes the ingest saved beside the records; they must be of these very records. */
function readIndexes(file: string, records: readonly Paper[]): SiteIndexes {
  const rerun = `Re-run npm run ingest to rebuild ${file}.`;
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist. ${rerun}`);
  const data: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  let indexes: SiteIndexes;
  try {
    indexes = parseWithFriendlyErrors(SiteIndexesSchema, data, file);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${rerun}`);
  }
  const matches =
    indexes.map.length === records.length &&
    indexes.similar.slugs.length === records.length &&
    indexes.similar.slugs.every((slug, index) => slug === records[index]!.slug);
  if (!matches) throw new Error(`${file} was made for other records than ${PAPERS_FILE}. ${rerun}`);
  return indexes;
}

/** The map layout and the similar-text index, aligned with `papers`. */
export const indexes: SiteIndexes = readIndexes(indexesFileFor(PAPERS_FILE), papers);

// One collator for the whole sort: `localeCompare(…, 'en', options)` orders the same but sets one
// up per comparison (~1 s of 300,000 comparisons at 20,000 papers).
const compareTitles = new Intl.Collator('en', { sensitivity: 'base' }).compare;

/** The same papers sorted by title, for the alphabetical list. */
export const papersByTitle: Paper[] = [...papers].sort(
  (a, b) => compareTitles(a.title, b.title) || a.slug.localeCompare(b.slug),
);

/** How many papers have a title the ingest derived from the abstract (every list page says so). */
export const derivedTitleCount: number = papers.filter(
  (paper) => paper.titleSource === 'derived',
).length;

/** Papers by slug, for related-paper links. */
export const papersBySlug: ReadonlyMap<string, Paper> = new Map(papers.map((p) => [p.slug, p]));

/** The taxonomy's topics, in the order the site lists them. */
export const topics = loadTaxonomy(TAXONOMY_FILE).topics;

/** Every tag that some paper carries: topics first, then contribution types. */
export const tags: Tag[] = getUniqueTags(papers, topics);

/** Tags by slug, for labels. */
export const tagsBySlug: ReadonlyMap<string, Tag> = new Map(tags.map((t) => [t.slug, t]));

/** One dump (one venue file) with its label and how many abstracts it holds. */
export interface DumpInfo {
  file: string;
  header: string;
  count: number;
}

/** The dumps the corpus was built from, in file-name order. */
export const dumps: DumpInfo[] = (() => {
  const byFile = new Map<string, DumpInfo>();
  for (const paper of papers) {
    for (const source of paper.sources) {
      const dump = byFile.get(source.file) ?? {
        file: source.file,
        header: source.header,
        count: 0,
      };
      dump.count += 1;
      byFile.set(source.file, dump);
    }
  }
  return [...byFile.values()].sort((a, b) => a.file.localeCompare(b.file));
})();

/** The venues the papers come from, each once whatever language its headers are in. */
export const venues: Venue[] = groupVenues(
  papers.flatMap((paper) => paper.sources.map((s) => s.header)),
);

/** Every author, most papers first. */
export const authors: Author[] = getAuthors(papers);
