/**
 * The one definition of a paper record and of the files that feed it, and the one formatter of
 * their errors. The ingest validates every record with these schemas and the site reads the same
 * `z.infer` types (other modules narrow them with Pick/Omit). Vocabularies that browser code also
 * needs (contribution types, link kinds) live in ./constants.ts, which this module builds on.
 */
import { z, type ZodIssue } from 'zod';
import { CONTRIBUTION_TYPES, LINK_KINDS, SIMILAR_INDEX_VERSION } from './constants';
import { formatCount } from './format';

/** What a link in an abstract points at, judged from its host and path. */
export const LinkKindSchema = z.enum(LINK_KINDS);

/**
 * The one rule for every link given about a paper, whatever its source (export, override): an
 * absolute `https:` or `http:` URL with no space, quote or angle bracket, so no `javascript:` or
 * `data:` link and nothing that could break out of an attribute or a citation field.
 */
export const HttpUrlSchema = z
  .string()
  .max(2_000, 'a link is at most 2,000 characters')
  .regex(/^https?:\/\/[^\s"'<>\\{}]+$/i, 'only https: or http: links without spaces or quotes')
  .url();

/** A URL quoted in an abstract. Only http(s) URLs are ever kept. */
export const LinkSchema = z.object({
  /** The absolute http(s) URL, without trailing punctuation (as the abstract writes it). */
  url: z
    .string()
    .url()
    .regex(/^https?:\/\//i, 'only http(s) URLs are kept'),
  /** Whether the link is code, a dataset, a project page or anything else. */
  kind: LinkKindSchema,
});

/** Where one copy of an abstract was found. A record lists one source per copy. */
export const SourceSchema = z.object({
  /** The dump's file name inside the dumps folder, e.g. `000_42c2417e74d889fe.txt`. */
  file: z.string().min(1),
  /** The dump's header line, its label (any language), e.g. `ICLR 2026 Papers`. */
  header: z.string().min(1),
  /** 1-based position of the abstract among the dump's abstracts. */
  paragraph: z.number().int().positive(),
  /** 1-based line number where the abstract starts in the file. */
  line: z.number().int().positive(),
  /** The record's own key in a structured dump (BibTeX key, JSON `id`), if it has one. */
  key: z.string().min(1).optional(),
});

/** Where the paper itself can be read or cited, when a structured dump or an override says so. */
export const PaperLinksSchema = z.object({
  /** The PDF, an absolute http(s) URL. */
  pdf: HttpUrlSchema.optional(),
  /** The DOI without resolver prefix, e.g. `10.1000/xyz123`. */
  doi: z
    .string()
    .max(300)
    .regex(/^10\.\d{4,9}\/[^\s"{}\\%]+$/, 'a DOI looks like 10.1234/abc')
    .optional(),
  /** The OpenReview forum id, e.g. `AbC_12`. */
  openreview: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'an OpenReview id is letters, digits, - and _')
    .optional(),
  /** The arXiv id, e.g. `2401.01234` or `cs/0112017`. */
  arxiv: z
    .string()
    .regex(
      /^(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?$/,
      'an arXiv id looks like 2401.01234',
    )
    .optional(),
  /** The paper's landing page when it is none of the above, an absolute http(s) URL. */
  page: HttpUrlSchema.optional(),
});

/** Pages in the proceedings, e.g. first `17135`, last `17175`. */
export const PagesSchema = z.object({
  /** The first page as printed (a number, or e.g. `e1234`). */
  first: z.string().min(1).max(20),
  /** The last page, when the range has one. */
  last: z.string().min(1).max(20).optional(),
});

/**
 * How the proceedings publish the paper, as a structured dump (or its volume block) says: what a
 * citation needs beyond title, authors and year. Every field is absent when the input does not say.
 */
export const PublicationSchema = z.object({
  /** BibTeX entry type to cite it as: a proceedings paper, a journal article, or other. */
  kind: z.enum(['inproceedings', 'article', 'misc']).optional(),
  /** The proceedings' title as written, e.g. `Proceedings of the 40th International Conference on Machine Learning`. */
  booktitle: z.string().min(1).max(500).optional(),
  /** The journal's name, for a journal article. */
  journal: z.string().min(1).max(500).optional(),
  /** The venue's short name, e.g. `ICML`. */
  shortName: z.string().min(1).max(100).optional(),
  /** The volume, e.g. `202`. */
  volume: z.string().min(1).max(50).optional(),
  /** A journal's issue (BibTeX's `number`), e.g. `6` or `Special Issue on Learning Systems`. */
  number: z.string().min(1).max(300).optional(),
  /** The series, e.g. `Proceedings of Machine Learning Research`. */
  series: z.string().min(1).max(300).optional(),
  /** The publisher, e.g. `PMLR`. */
  publisher: z.string().min(1).max(300).optional(),
  /** Where the conference was held or the publisher is, e.g. `Honolulu, Hawaii, USA`. */
  address: z.string().min(1).max(300).optional(),
  /** The month as written (`jul`, `July`, `7`). */
  month: z.string().min(1).max(20).optional(),
  /** The volume's editors, in order. */
  editors: z.array(z.string().min(1).max(300)).max(200).optional(),
  /** The pages the paper occupies. */
  pages: PagesSchema.optional(),
});

/** The kind of contribution a paper makes, read from the abstract's wording. */
export const ContributionTypeSchema = z.enum(CONTRIBUTION_TYPES);

/** An acronym the abstract defines, e.g. `VLN` for `Vision-and-Language Navigation`. */
export const AcronymSchema = z.object({
  /** The short form as written, e.g. `VLN`. */
  short: z.string().min(1),
  /** The expansion as written, e.g. `Vision-and-Language Navigation`. */
  long: z.string().min(1),
});

/** Another paper of the corpus that is about the same thing. */
export const RelatedPaperSchema = z.object({
  /** The related paper's slug. */
  slug: z.string().min(1),
  /** Cosine similarity of the two papers' TF-IDF vectors, 0..1. */
  score: z.number().min(0).max(1),
  /** The heaviest terms the two papers share: why they are related. */
  terms: z.array(z.string()),
});

/** The longest `titleTex`: a title's formulas may be longer than its plain text. */
export const MAX_TITLE_TEX_LENGTH = 600;

/** One paper: everything the site, the search index and the data export know about it. */
export const PaperSchema = z.object({
  /** Stable identifier: the first 12 hex digits of the SHA-256 of the normalised abstract. */
  id: z.string().regex(/^[0-9a-f]{12}$/),
  /** Stable URL segment: a readable part plus the first 6 hex digits of `id`, e.g. `sealqa-3f9a2c`. */
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  /** The paper's own named contribution (`SealQA`, `ETAP`), or null when the abstract names none. */
  name: z.string().min(1).nullable(),
  /** The paper's title: given by a structured dump or an override (at most 300 characters), else derived from the abstract (at most 100). */
  title: z.string().min(1).max(300),
  /** Whether `title` was given by the input or derived from the abstract. */
  titleSource: z.enum(['given', 'derived']),
  /** The given title with its formulas as TeX (`Bounds for $\ell_p$ Norms`), when a BibTeX title has one KaTeX can typeset. */
  titleTex: z.string().min(1).max(MAX_TITLE_TEX_LENGTH).optional(),
  /** The authors' names as given, in order; empty when the dump does not say. */
  authors: z.array(z.string().min(1)),
  /** Year of publication, when given. */
  year: z.number().int().min(1900).max(2100).nullable(),
  /** Where the paper can be read: PDF, DOI, OpenReview, arXiv, landing page. */
  paperLinks: PaperLinksSchema,
  /** Booktitle, volume, editors, pages…: how the proceedings publish it (empty for plain text). */
  publication: PublicationSchema,
  /** One plain-text sentence saying what the paper contributes. */
  summary: z.string().min(1),
  /** The normalised source text, with LaTeX math and Markdown kept for rendering. */
  abstract: z.string().min(1),
  /** What a reader sees: no LaTeX commands and no Markdown markers. */
  plainText: z.string().min(1),
  /** Every http(s) URL in the abstract, in order of appearance, without duplicates. */
  links: z.array(LinkSchema),
  /** Every place this abstract was found; more than one when duplicates were merged. */
  sources: z.array(SourceSchema).min(1),
  /** Number of words in `plainText`. */
  wordCount: z.number().int().positive(),
  /** Topic slugs from the taxonomy, 1 to 4, strongest first. */
  tags: z.array(z.string()).max(4),
  /** Contribution types, strongest first. */
  types: z.array(ContributionTypeSchema),
  /** True when the paper links to code or says its code is released. */
  hasCode: z.boolean(),
  /** 5 to 10 distinctive keywords or key phrases, most distinctive first. */
  keywords: z.array(z.string()),
  /** Acronyms the abstract defines, in order of appearance. */
  acronyms: z.array(AcronymSchema),
  /** The most similar papers of the corpus, most similar first. */
  related: z.array(RelatedPaperSchema),
});

/** A derived title is at most this long; a given one may be longer. */
export const MAX_DERIVED_TITLE_LENGTH = 100;

/** A paper record whose derived title also keeps to the derived-title length. */
export const CheckedPaperSchema = PaperSchema.superRefine((paper, context) => {
  if (paper.titleSource === 'derived' && paper.title.length > MAX_DERIVED_TITLE_LENGTH) {
    context.addIssue({
      code: z.ZodIssueCode.too_big,
      type: 'string',
      maximum: MAX_DERIVED_TITLE_LENGTH,
      inclusive: true,
      path: ['title'],
    });
  }
});

/** The full record array, as written by the ingest script and read by the site. */
export const PapersSchema = z.array(CheckedPaperSchema);

/** The `/similar-index.json` file: every paper's TF-IDF vector as an inverted index (enrich/similar.ts). */
export const SimilarIndexSchema = z.object({
  /** The layout's version (constants.ts); the page refuses another. */
  version: z.literal(SIMILAR_INDEX_VERSION),
  /** Papers, in corpus order: document d is `slugs[d]`. */
  slugs: z.array(z.string()),
  /** The papers' titles, aligned with `slugs`. */
  titles: z.array(z.string()),
  /** Term keys (`keywords.ts` keys: `diffus model`, `LLM`), in no particular order. */
  terms: z.array(z.string()),
  /** VLQ: in how many papers each term occurs, aligned with `terms` (the IDF is computed from it). */
  df: z.string(),
  /**
   * VLQ postings, one string per term: pairs of (document gap, weight level), the gap counted from
   * the previous posting's document (the first from -1, minus one), the weight level a 32-step log
   * scale of the term's weight in the document's unit vector.
   */
  postings: z.array(z.string()),
});
export type SimilarIndexData = z.infer<typeof SimilarIndexSchema>;

/**
 * What the ingest saves beside the records (`papers.json` → `papers.indexes.json`), so the build
 * never re-reads every abstract: the map layout and the similar-text index.
 */
export const SiteIndexesSchema = z.object({
  /** The `/similar-index.json` file, for the records in their order. */
  similar: SimilarIndexSchema,
  /** Each record's point on the map, in record order. */
  map: z.array(
    z.object({
      /** Position in the unit square, left to right. */
      x: z.number().min(0).max(1),
      /** Position in the unit square, top to bottom. */
      y: z.number().min(0).max(1),
    }),
  ),
});
export type SiteIndexes = z.infer<typeof SiteIndexesSchema>;

/** Where `npm run ingest` writes the records and the build reads them, unless told otherwise. */
export const DEFAULT_PAPERS_FILE = 'src/generated/papers.json';

/** The records file a build reads: `PAPERS_JSON` points it at another one. */
export function papersFileFrom(env: Record<string, string | undefined>): string {
  return env.PAPERS_JSON || DEFAULT_PAPERS_FILE;
}

/** Where the ingest saves the {@link SiteIndexes} of a records file: `x.json` → `x.indexes.json`. */
export function indexesFileFor(papersFile: string): string {
  return `${papersFile.replace(/\.json$/i, '')}.indexes.json`;
}

/** One topic a reader browses by. */
export const TopicSchema = z.object({
  /** URL segment of the tag page, e.g. `reinforcement-learning`. */
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  /** Label shown to readers, e.g. `Reinforcement learning`. */
  label: z.string().min(1),
  /** One line saying what the topic covers. */
  description: z.string().min(1),
  /** Words, phrases and acronyms that signal the topic, matched on word boundaries. */
  terms: z.array(z.string().min(1)).min(1),
});

/** The editable taxonomy file, `content/taxonomy.yaml`. */
export const TaxonomySchema = z.object({
  /** The topics, in the order the site lists them. */
  topics: z.array(TopicSchema).min(1),
});

/** A text field of an imported row: a string, or OpenReview's `{ "value": … }` wrapper around one. */
const RowText = z.preprocess(unwrapValue, z.union([z.string(), z.number()]).nullish());
/** A text-only field of an imported row (a title is never a number). */
const RowString = z.preprocess(unwrapValue, z.string().nullish());
/** A list field of an imported row: one string to split, or a list of strings. */
const RowList = z.preprocess(unwrapValue, z.union([z.string(), z.array(z.string())]).nullish());

function unwrapValue(value: unknown): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'value' in value
    ? (value as { value: unknown }).value
    : value;
}

/**
 * One paper of a JSON, JSON Lines or CSV dump, under the names `formats/record.ts` maps the tools'
 * spellings to (`Paper Title` → `title`); other fields (reviews, decisions, e-mails) are never read.
 */
export const ImportedRowSchema = z.object({
  /** The record's own id, e.g. an OpenReview forum id. */
  id: RowText,
  /** The paper's title. */
  title: RowString,
  /** The abstract (required). */
  abstract: RowString,
  /** Authors: a list, or one string separated by `;`, ` and ` or `,`. */
  authors: RowList,
  /** Keywords: a list, or one string separated by `,` or `;`. */
  keywords: RowList,
  /** The paper's landing page (an OpenReview, arXiv or DOI URL is recognised as such). */
  url: RowString,
  /** The PDF's URL. */
  pdf: RowString,
  /** The DOI. */
  doi: RowString,
  /** The arXiv identifier, e.g. `2301.01234` (Semantic Scholar's `externalIds.ArXiv`). */
  arxiv: RowString,
  /** The venue, e.g. `ICLR 2026` or OpenReview's `ICLR 2024 poster`. */
  venue: RowString,
  /** The proceedings' title, when a row gives one. */
  booktitle: RowString,
  /** The journal's name, for a journal article (RIS `JO`/`T2` of `TY  - JOUR`, a `journal` column). */
  journal: RowString,
  /** The journal's or proceedings' volume, e.g. `34`. */
  volume: RowText,
  /** The journal's issue, e.g. `6` (IEEE Xplore's `Issue`, Web of Science's `IS`). */
  issue: RowText,
  /** OpenReview's venue id, e.g. `ICLR.cc/2024/Conference`. */
  venueid: RowString,
  /** A conference tool's decision, e.g. CMT's `Status`: `Accept`, `Reject`. */
  status: RowString,
  /** The kind of item: Zotero's `conferencePaper`, Scopus's `Conference paper`, WoS's `Proceedings Paper`. */
  kind: RowString,
  /** Pages, e.g. `101--110`. */
  pages: RowText,
  /** Year of publication. */
  year: RowText,
});

/** One curator correction in `content/overrides.yaml`; unknown keys are errors. */
export const OverrideSchema = z
  .object({
    /** The paper, by its slug (`sealqa-3f9a2c`) or its abstract id (12 hex digits). */
    paper: z.string().min(1),
    /** Replaces the title (shown as given). */
    title: z.string().min(1).max(300).optional(),
    /** Replaces the paper's name; null removes it. */
    name: z.string().min(1).nullable().optional(),
    /** Replaces the author list. */
    authors: z.array(z.string().min(1)).optional(),
    /** Replaces the given links (PDF, DOI, OpenReview, arXiv, page). */
    links: PaperLinksSchema.strict().optional(),
    /** Replaces the topic slugs (each must be a taxonomy topic). */
    topics: z.array(z.string().min(1)).max(4).optional(),
    /** True leaves the paper out of the site. */
    hide: z.boolean().optional(),
  })
  .strict();

/** The overrides file: a list of corrections, applied in order. */
export const OverridesSchema = z
  .object({
    /** The corrections. */
    overrides: z.array(OverrideSchema),
  })
  .strict();

export type LinkKind = z.infer<typeof LinkKindSchema>;
export type Link = z.infer<typeof LinkSchema>;
export type Source = z.infer<typeof SourceSchema>;
export type ContributionType = z.infer<typeof ContributionTypeSchema>;
export type Acronym = z.infer<typeof AcronymSchema>;
export type RelatedPaper = z.infer<typeof RelatedPaperSchema>;
export type Paper = z.infer<typeof PaperSchema>;
export type Topic = z.infer<typeof TopicSchema>;
export type Taxonomy = z.infer<typeof TaxonomySchema>;
export type PaperLinks = z.infer<typeof PaperLinksSchema>;
export type Publication = z.infer<typeof PublicationSchema>;
export type Override = z.infer<typeof OverrideSchema>;
export type ImportedRow = z.infer<typeof ImportedRowSchema>;

/** The fields ingest derives from one abstract alone, before corpus-wide enrichment adds the rest. */
export type BasePaper = Omit<
  Paper,
  'tags' | 'types' | 'hasCode' | 'keywords' | 'acronyms' | 'related'
> & {
  /**
   * Internal, never published (the schema strips it): the abstract's noun phrases of 1–3 words
   * (text core), which keywords and related-paper reasons are drawn from. Worked out again when absent.
   */
  phrases?: string[];
};

/**
 * One zod issue in words, the one formatter of the project (ingest, taxonomy, site build):
 * `field "title": too long (at most 100 characters)`, `field "topics.1.description": missing`.
 */
export function describeIssue(issue: ZodIssue): string {
  const field = issue.path.length > 0 ? `field "${issue.path.join('.')}"` : 'the whole file';
  if (issue.code === 'invalid_type' && issue.received === 'undefined') return `${field}: missing`;
  if (issue.code === 'invalid_string' && issue.path.at(-1) === 'slug') {
    return `${field}: a slug is lower-case letters and digits joined by single hyphens`;
  }
  if (issue.code === 'too_big' && issue.type === 'string') {
    return `${field}: too long (at most ${formatCount(Number(issue.maximum))} characters)`;
  }
  if (issue.code === 'too_small' && issue.type === 'string') {
    const short = `too short (at least ${formatCount(Number(issue.minimum))} characters)`;
    return `${field}: ${issue.minimum === 1 ? 'empty' : short}`;
  }
  return `${field}: ${issue.message}`;
}

/** How many issues a failed parse lists before it says "and N more". */
const MAX_LISTED_ISSUES = 10;

/**
 * `schema.parse(data)`, except that a failure throws one line per issue, `${where}: field …: reason`
 * (at most ten, then a count), instead of zod's JSON dump.
 */
export function parseWithFriendlyErrors<T extends z.ZodTypeAny>(
  schema: T,
  data: unknown,
  where: string,
): z.infer<T> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues;
  const lines = issues
    .slice(0, MAX_LISTED_ISSUES)
    .map((issue) => `${where}: ${describeIssue(issue)}`);
  if (issues.length > MAX_LISTED_ISSUES)
    lines.push(`… and ${formatCount(issues.length - MAX_LISTED_ISSUES)} more`);
  throw new Error(lines.join('\n'));
}
