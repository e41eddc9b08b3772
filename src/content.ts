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
import { rendersSitePages } from './lib/build/shard';
import { groupVenues, venueOf, venueSlug, venueYearText, type Venue } from './lib/site/venues';

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

/** Every paper, in proceedings order (input file name, then position in the file). */
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

/** The venues the papers come from, each once whatever language its headers are in. */
export const venues: Venue[] = groupVenues(
  papers.flatMap((paper) => paper.sources.map((s) => s.header)),
);

/** A paper's venue as readers see it, with its filter value and the card's "venue, year" text. */
export interface PaperVenue {
  /** The venue's label, e.g. `ICML 2023`. */
  label: string;
  /** BCP 47 language of `label` when it is not English. */
  lang: string | undefined;
  /** The explorer's `?venue=` value. */
  slug: string;
  /** `ICML 2023`, or `Journal of X, 2024` when the label does not hold the year. */
  text: string;
}

const venueBySlug = new Map<string, Venue & { slug: string }>();
for (const venue of venues) venueBySlug.set(venueSlug(venue), { ...venue, slug: venueSlug(venue) });

/** A paper's venue: that of its first copy's header. */
export function venueOfPaper(paper: Pick<Paper, 'sources' | 'year'>): PaperVenue {
  const venue = venueOf(paper.sources[0]?.header ?? '', venues);
  return {
    label: venue.label,
    lang: venue.lang,
    slug: venueSlug(venue),
    text: venueYearText(venue.label, paper.year),
  };
}

/** What the search index is built with (the index and its text shards share one build). */
export const searchIndexOptions = {
  topics,
  venueOf: (paper: Paper) => {
    const venue = venueOfPaper(paper);
    return { value: venue.slug, label: venue.label, lang: venue.lang };
  },
};

/** One value of the explorer's venue or year filter, with its paper count. */
export interface FacetValue {
  value: string;
  label: string;
  lang?: string | undefined;
  count: number;
}

/** The venues as filter values, in corpus order, with paper counts. */
export const venueFacet: FacetValue[] = (() => {
  const counts = new Map<string, number>();
  for (const paper of papers) {
    const slug = venueOfPaper(paper).slug;
    counts.set(slug, (counts.get(slug) ?? 0) + 1);
  }
  return [...venueBySlug.values()].flatMap((venue) => {
    const count = counts.get(venue.slug) ?? 0;
    return count > 0 ? [{ value: venue.slug, label: venue.label, lang: venue.lang, count }] : [];
  });
})();

/** The years papers were published in, newest first, with paper counts. */
export const yearFacet: FacetValue[] = (() => {
  const counts = new Map<number, number>();
  for (const paper of papers) {
    if (paper.year !== null) counts.set(paper.year, (counts.get(paper.year) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[0] - a[0])
    .map(([year, count]) => ({ value: String(year), label: String(year), count }));
})();

/** Every author, most papers first. */
export const authors: Author[] = getAuthors(papers);

// A production build without SITE_URL writes canonical links, sitemap and citations for
// http://localhost:4321: say so once (the site process only). CI and test builds are checks, not
// deployments: they set CI (or SITE_URL) and stay quiet (docs/build.md).
if (import.meta.env.PROD && rendersSitePages && !process.env.SITE_URL && !process.env.CI) {
  console.warn(
    'warning: SITE_URL is not set, so canonical URLs, the sitemap and citations point at http://localhost:4321 (set SITE_URL=https://your.host for a deployment)',
  );
}
