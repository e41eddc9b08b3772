/**
 * The ingest pipeline: dump files in, validated paper records out, with every problem found along the
 * way (all of them, not just the first) as `file:line: reason`. Deterministic: the same files give the
 * same records in the same order, whatever order they are passed in.
 */
import { createHash } from 'node:crypto';
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  type Stats,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, join, relative, isAbsolute } from 'node:path';
import { serialize } from 'node:v8';
import {
  isMainThread,
  parentPort,
  Worker,
  workerData,
  type WorkerOptions,
} from 'node:worker_threads';
import { deserializeCopies, type DeriveCache } from './ingest/derive-cache';
import { countWords, parseDump, plural, readParagraph, type Problem } from './ingest/dump';
import {
  enrichPapers,
  phrasesOf,
  readPaperText,
  type PaperVectors,
  type TextReading,
} from './enrich/enrich';
import { projectVectors, type Point } from './enrich/projection';
import { similarIndexFrom, type UnitVector } from './enrich/similar';
import { compileTopics, type TopicMatcher } from './enrich/topics';
import { DUMP_EXTENSIONS, structuredReader, type ImportedRecord } from './ingest/formats';
import { readStructured, withGivenFields } from './ingest/structured';
import { leftOutCount } from './ingest/formats/record';
import { MAX_LISTED_PROBLEMS } from './ingest/limits';
import { applyOverrides, type LoadedOverrides } from './ingest/overrides';
import { extractLinks } from './ingest/links';
import { describeTagged } from './ingest/naming/describe';
import { nounPhraseVocabulary, tagText } from './text/nlp';
import { toPlainText } from './ingest/plaintext';
import {
  CheckedPaperSchema,
  describeIssue,
  type BasePaper,
  type Paper,
  type SiteIndexes,
  type Source,
  type Taxonomy,
} from './schema';
import { MarkupTooDeepError } from './text/markup';
import { stepClock, type ProgressListener } from './progress';

export type { ProgressListener } from './progress';
import { assignSlugs, SLUG_SUFFIX_LENGTH } from './text/slug';

export type { Problem } from './ingest/dump';

/** One dump as read from disk: its file name and raw bytes. */
export interface DumpFile {
  name: string;
  bytes: Uint8Array;
  /** Why the file was not read (a symlink out of the folder, a dangling one…); bytes are then empty. */
  unreadable?: string;
}

/** Counts for the summary line. */
export interface IngestStats {
  /** Dump files read. */
  dumps: number;
  /** Records produced (after merging duplicates). */
  papers: number;
  /** Copies of an abstract folded into an earlier record. */
  duplicatesMerged: number;
  /** Paragraphs after the headers, and structured records: every one ends up as a source or a problem. */
  paragraphs: number;
  /** Curator overrides applied, when an overrides file lists any. */
  overrides?: number;
  /** Papers an override hid. */
  hidden?: number;
  /** Structured records whose e-mail addresses were left out (never read, never published). */
  emailsDropped?: number;
  /** Entries left out as no paper (a volume's preface: no abstract); each is in `skipped`. */
  skipped?: number;
  /** Problems past {@link MAX_LISTED_PROBLEMS} in a file: counted, and named by one line a file. */
  problemsNotListed?: number;
  /** Abstracts whose derived fields came from the derive cache, when one was given. */
  fromCache?: number;
}

export interface IngestResult {
  papers: Paper[];
  problems: Problem[];
  /** Entries left out as no paper, named like problems; they do not fail the ingest. */
  skipped?: Problem[];
  stats: IngestStats;
  /**
   * What the map and "papers like this text" read, aligned with `papers`, when asked for
   * (`IngestOptions.indexes`): made from the terms the enrichment counted, so the build never
   * re-reads every abstract.
   */
  indexes?: SiteIndexes;
}

export interface IngestOptions {
  /** Hex digits of the id in a slug; lowered only by tests, to force collisions. */
  slugSuffixLength?: number;
  /** Curator corrections (`content/overrides.yaml`), applied after enrichment. */
  overrides?: LoadedOverrides;
  /** Told how far each long step is, and how long each step took (scripts/ingest.ts prints it). */
  progress?: ProgressListener;
  /** Also make the {@link SiteIndexes} (what `npm run ingest` saves beside the records). */
  indexes?: boolean;
  /**
   * What earlier runs derived ({@link DeriveCache}): abstracts found there are not derived again,
   * and those derived are added to it (the caller saves it once the output is written).
   */
  cache?: DeriveCache<unknown>;
}

/** An abstract and every place it was found, before its record is derived. */
interface AbstractCopies {
  abstract: string;
  sources: Source[];
  /** What the first structured dump that holds it says about the paper; null for plain text only. */
  given: ImportedRecord | null;
}

/** Base records, problems and counts: what enrichment starts from. */
export interface BaseResult {
  papers: BasePaper[];
  problems: Problem[];
  /** Entries left out as no paper (see {@link IngestResult.skipped}). */
  skipped?: Problem[];
  stats: IngestStats;
  /** Keywords a structured dump gave, by record id: they replace the derived ones. */
  givenKeywords?: ReadonlyMap<string, string[]>;
  /** Enrichment's per-paper readings, by record id, when the worker threads made them. */
  readings?: Map<string, TextReading>;
}

/** Everything a record derives from its abstract alone; the costly part of an ingest. */
export type DerivedFields = Omit<
  BasePaper,
  | 'slug'
  | 'abstract'
  | 'sources'
  | 'titleSource'
  | 'authors'
  | 'year'
  | 'paperLinks'
  | 'publication'
>;

/** An abstract the renderer could not render (markup nested too deeply), and why. */
export interface Rejected {
  rejected: string;
}

/**
 * Plain text, name, title, summary, links, word count and id of one normalised abstract; with the
 * title its dump gives (`givenTitle`), that title, and no headline is searched for.
 */
export function deriveFields(abstract: string, givenTitle?: string): DerivedFields | Rejected {
  try {
    return deriveChecked(abstract, givenTitle);
  } catch (error) {
    // Whatever an input makes a step throw is that input's problem (`file:line: reason`), never a crash.
    if (error instanceof MarkupTooDeepError) return { rejected: error.message };
    return {
      rejected: `could not be read: ${String((error as Error)?.message ?? error).slice(0, 200)}`,
    };
  }
}

function deriveChecked(abstract: string, givenTitle: string | undefined): DerivedFields {
  const plainText = toPlainText(abstract);
  const tagged = tagText(plainText);
  const { name, title, summary } = describeTagged(tagged, givenTitle ? { givenTitle } : {});
  return {
    id: abstractId(abstract),
    name,
    title,
    summary,
    plainText,
    links: extractLinks(abstract),
    wordCount: countWords(plainText),
    phrases: nounPhraseVocabulary(tagged),
  };
}

/** Dumps → records ready for enrichment, and the problems met on the way. */
export function buildBasePapers(
  files: readonly DumpFile[],
  options: IngestOptions = {},
): BaseResult {
  const collected = collectAbstracts(files);
  const derived = collected.copies.map((copy) => deriveFields(copy.abstract, titleGivenFor(copy)));
  return assemble(collected, derived, options);
}

/**
 * {@link buildBasePapers} on `workers` threads, each abstract also read for enrichment (see
 * `TextReading`) when a taxonomy is given, so that only corpus-wide counting is left to one thread.
 */
export async function buildBasePapersInParallel(
  files: readonly DumpFile[],
  workers: number,
  options: IngestOptions = {},
  taxonomy?: Taxonomy,
): Promise<BaseResult> {
  const helpers = startHelpers(helpersFor(files, workers), taxonomy);
  try {
    return await deriveBase(files, helpers, options, taxonomy);
  } finally {
    for (const helper of helpers) void helper.worker.terminate();
  }
}

/** Parses the dumps (while the helpers start) and derives every abstract on this thread and theirs. */
async function deriveBase(
  files: readonly DumpFile[],
  helpers: readonly Helper[],
  options: IngestOptions,
  taxonomy: Taxonomy | undefined,
): Promise<BaseResult> {
  const clock = stepClock(options.progress);
  const collected = collectAbstracts(files);
  clock('read dumps');
  const derived = await deriveAll(
    collected.copies.map((copy) => [copy.abstract, titleGivenFor(copy)]),
    helpers,
    taxonomy,
    options,
  );
  clock('derive');
  const base = assemble(
    collected,
    derived.map((d) => d.fields),
    options,
  );
  if (options.cache) base.stats.fromCache = options.cache.hits;
  const readings = new Map<string, TextReading>();
  derived.forEach(({ fields, reading }) => {
    if (reading && !('rejected' in fields)) readings.set(fields.id, reading);
  });
  clock('assemble');
  return { ...base, readings };
}

/**
 * The whole pipeline: parse, normalise, merge duplicates, derive, enrich, validate. Records that fail
 * the schema are left out and reported, once per place their abstract was found.
 */
export function ingestDumps(
  files: readonly DumpFile[],
  taxonomy: Taxonomy,
  options: IngestOptions = {},
): IngestResult {
  let layout: Point[] = [];
  const enriched = enrichAndValidate(buildBasePapers(files, options), taxonomy, {
    ...options,
    layOut: options.indexes ? (vectors) => void (layout = projectVectors(vectors)) : undefined,
  });
  return withIndexes(enriched, layout);
}

/**
 * {@link ingestDumps} with the per-abstract work spread over `workers` threads; same result. The map
 * is laid out on a thread of its own while this one finds related papers and keywords.
 */
export async function ingestDumpsInParallel(
  files: readonly DumpFile[],
  taxonomy: Taxonomy,
  workers: number,
  options: IngestOptions = {},
): Promise<IngestResult> {
  const helpers = startHelpers(helpersFor(files, workers), taxonomy);
  let layOutThread: Worker | undefined;
  try {
    const base = await deriveBase(files, helpers, options, taxonomy);
    // The helpers end now, not at the end, and their heaps with them: the map is laid out by a
    // thread of its own, without their language model (peak RSS, docs/ingest.md).
    for (const helper of helpers) void helper.worker.terminate();
    let layout: Promise<Point[]> = Promise.resolve([]);
    const enriched = enrichAndValidate(base, taxonomy, {
      ...options,
      layOut: options.indexes
        ? (vectors) => {
            if (helpers.length === 0) layout = Promise.resolve(projectVectors(vectors));
            else ({ worker: layOutThread, layout } = layOutOnThread(vectors));
          }
        : undefined,
    });
    const clock = stepClock(options.progress);
    const points = await layout;
    clock(layOutThread ? 'map layout (rest)' : null);
    return withIndexes(enriched, points);
  } finally {
    for (const helper of helpers) void helper.worker.terminate();
    void layOutThread?.terminate();
  }
}

/** Lays out the map on a thread that loads only the layout code (`enrich/layout-worker.ts`). */
function layOutOnThread(vectors: UnitVector[]): { worker: Worker; layout: Promise<Point[]> } {
  // Bundled, run-bundled.mjs writes the layout thread's entry as layout.mjs beside this chunk.
  const worker = startThread(
    new URL('./enrich/layout-worker.ts', import.meta.url),
    new URL('./layout.mjs', import.meta.url),
    { workerData: { vectors } },
  );
  const layout = new Promise<Point[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`layout worker stopped (exit code ${code})`)));
  });
  return { worker, layout };
}

/** What {@link enrichAndValidate} is told besides the records. */
export interface EnrichStepOptions {
  /** Curator corrections, applied after enrichment. */
  overrides?: LoadedOverrides;
  progress?: ProgressListener;
  /** Given the map's vectors as soon as they are known, to start laying out the map. */
  layOut?: (vectors: UnitVector[]) => void;
}

/** An ingest result with the vectors of every enriched paper, for {@link withIndexes}. */
interface EnrichedResult extends IngestResult {
  /** The enriched papers' ids and vectors, when a layout was asked for. */
  vectors?: { ids: string[]; similar: UnitVector[]; documentFrequency: (term: string) => number };
}

/** The corpus-wide step: enrich the base records, then keep those that pass the schema. */
export function enrichAndValidate(
  base: BaseResult,
  taxonomy: Taxonomy,
  { overrides, progress, layOut }: EnrichStepOptions = {},
): EnrichedResult {
  let vectors: EnrichedResult['vectors'];
  const onVectors = (made: PaperVectors) => {
    vectors = {
      ids: base.papers.map((paper) => paper.id),
      similar: made.similar,
      documentFrequency: made.documentFrequency,
    };
    layOut?.(made.map);
  };
  const enriched = enrichPapers(base.papers, taxonomy, {
    readings: base.readings,
    progress,
    vectors: layOut ? onVectors : undefined,
  }).map((paper) => {
    const keywords = base.givenKeywords?.get(paper.id);
    return keywords && keywords.length > 0 ? { ...paper, keywords } : paper;
  });
  const clock = stepClock(progress);
  const corrected =
    overrides && overrides.entries.length > 0
      ? applyOverrides(enriched, overrides, taxonomy)
      : { papers: enriched, problems: [], applied: undefined, hidden: undefined };
  clock(overrides && overrides.entries.length > 0 ? 'overrides' : null);
  const { valid, problems } = validatePapers(corrected.papers);
  clock('validate');
  const sourcesKept = valid.reduce((sum, paper) => sum + paper.sources.length, 0);
  const listed = listProblems(sortProblems([...base.problems, ...corrected.problems, ...problems]));
  return {
    papers: valid,
    problems: listed.problems,
    ...(base.skipped ? { skipped: base.skipped } : {}),
    stats: {
      ...base.stats,
      ...(listed.notListed > 0 ? { problemsNotListed: listed.notListed } : {}),
      papers: valid.length,
      duplicatesMerged: sourcesKept - valid.length,
      ...(corrected.applied === undefined
        ? {}
        : { overrides: corrected.applied, hidden: corrected.hidden }),
    },
    vectors,
  };
}

/** The result with its {@link SiteIndexes} for the papers kept (`layout` is the enriched papers'). */
function withIndexes(result: EnrichedResult, layout: readonly Point[]): IngestResult {
  const { vectors, ...rest } = result;
  if (!vectors) return rest;
  const at = new Map(vectors.ids.map((id, index) => [id, index]));
  const kept = result.papers.map((paper) => at.get(paper.id)!);
  return {
    ...rest,
    indexes: {
      similar: similarIndexFrom(
        result.papers,
        kept.map((index) => vectors.similar[index]!),
        vectors.documentFrequency,
      ),
      map: kept.map((index) => layout[index]!),
    },
  };
}

/** Code-point order: the same on every machine and locale, unlike `localeCompare`. */
function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

interface Collected {
  dumps: number;
  emailsDropped: number;
  skipped: Problem[];
  copies: AbstractCopies[];
  problems: Problem[];
  paragraphs: number;
}

/**
 * A file's problems as they are met: the first {@link MAX_LISTED_PROBLEMS} kept, the rest only
 * counted (so a file of a million bad paragraphs never holds a million problems), their count
 * carried by one problem at the first of them, worded when all problems are listed
 * ({@link listProblems}).
 */
class ProblemList {
  readonly problems: Problem[] = [];
  private kept = 0;
  private more: Problem | null = null;

  add(problem: Problem): void {
    if (problem.stop) {
      this.problems.push(problem);
      return;
    }
    if (this.kept < MAX_LISTED_PROBLEMS) {
      this.problems.push(problem);
      this.kept++;
      return;
    }
    this.more ??= { file: problem.file, line: problem.line, reason: '', more: 0 };
    this.more.more! += 1;
  }

  /** Closes a file: its problems past the limit become one, which counts them. */
  endFile(): void {
    if (this.more !== null) this.problems.push(this.more);
    this.kept = 0;
    this.more = null;
  }
}

/** Every distinct normalised abstract with its sources, in file-name then paragraph order. */
function collectAbstracts(files: readonly DumpFile[]): Collected {
  const sorted = [...files].sort((a, b) => compareNames(a.name, b.name));
  const byAbstract = new Map<string, AbstractCopies>();
  const problems = new ProblemList();
  let paragraphs = 0;
  let emailsDropped = 0;
  const skipped: Problem[] = [];
  const add = (abstract: string, source: Source, given: ImportedRecord | null) => {
    const existing = byAbstract.get(abstract);
    if (!existing) byAbstract.set(abstract, { abstract, sources: [source], given });
    else {
      existing.sources.push(source);
      existing.given ??= given;
    }
  };
  for (const { name, bytes, unreadable } of sorted) {
    if (unreadable !== undefined) {
      problems.add({ file: name, line: 1, reason: unreadable });
      problems.endFile();
      continue;
    }
    const reader = structuredReader(name);
    if (reader) {
      const read = readStructured(name, bytes, reader);
      // In line order, so the ones kept are the first; one at a time: spreading 100,000 into one
      // call overflows the stack.
      const inOrder = [...read.problems].sort((a, b) => a.line - b.line);
      for (const problem of inOrder) problems.add(problem);
      problems.endFile();
      paragraphs += read.count;
      emailsDropped += read.emailsDropped;
      for (const left of read.skipped) skipped.push(left);
      for (const { abstract, source, given } of read.copies) add(abstract, source, given);
      continue;
    }
    const dump = parseDump(name, bytes);
    for (const problem of dump.problems) problems.add(problem);
    paragraphs += dump.paragraphs.length;
    for (const paragraph of dump.paragraphs) {
      const read = readParagraph(name, paragraph);
      if ('problem' in read) {
        problems.add(read.problem);
        continue;
      }
      const source: Source = {
        file: name,
        header: dump.header ?? name,
        paragraph: paragraph.index,
        line: paragraph.line,
      };
      add(read.abstract, source, null);
    }
    problems.endFile();
  }
  return {
    dumps: files.length,
    emailsDropped,
    skipped,
    copies: [...byAbstract.values()],
    problems: problems.problems,
    paragraphs,
  };
}

/** First 12 hex digits of the SHA-256 of the normalised abstract. */
export function abstractId(abstract: string): string {
  return createHash('sha256').update(abstract, 'utf8').digest('hex').slice(0, 12);
}

/** Derived fields + sources → base records with slugs; `derived[i]` belongs to `copies[i]`. */
function assemble(
  collected: Collected,
  derived: readonly (DerivedFields | Rejected)[],
  options: IngestOptions,
): BaseResult {
  const problems = [...collected.problems];
  const drafts = zip(collected.copies, derived).flatMap(
    ([{ abstract, sources, given }, fields]) => {
      if ('rejected' in fields) {
        for (const { file, line } of sources)
          problems.push({ file, line, reason: fields.rejected });
        return [];
      }
      return [withGivenFields({ ...fields, abstract, sources }, given)];
    },
  );
  const unique = dropIdCollisions(drafts, problems);
  const slugs = assignSlugs(unique, options.slugSuffixLength ?? SLUG_SUFFIX_LENGTH);
  const papers = zip(unique, slugs).map(([draft, slug]) => ({ ...draft, slug }));
  const sourcesKept = papers.reduce((sum, paper) => sum + paper.sources.length, 0);
  const givenKeywords = new Map(
    collected.copies.flatMap(({ abstract, given }) =>
      given && given.keywords.length > 0 ? [[abstractId(abstract), given.keywords] as const] : [],
    ),
  );
  return {
    papers,
    problems,
    ...(collected.skipped.length > 0 ? { skipped: collected.skipped.map(namedLeftOut) } : {}),
    givenKeywords,
    stats: {
      dumps: collected.dumps,
      papers: papers.length,
      duplicatesMerged: sourcesKept - papers.length,
      paragraphs: collected.paragraphs,
      ...(collected.emailsDropped > 0 ? { emailsDropped: collected.emailsDropped } : {}),
      ...(collected.skipped.length > 0 ? { skipped: leftOutCount(collected.skipped) } : {}),
    },
  };
}

/** A record left out, or the line counting a file's records left out past the first named ones. */
function namedLeftOut(left: Problem): Problem {
  if (left.more === undefined) return left;
  const { file, line, more } = left;
  const reason = `${plural(more, 'more record')} ${more === 1 ? 'is' : 'are'} left out (the first ${MAX_LISTED_PROBLEMS} are named above)`;
  return { file, line, reason };
}

/** The title a structured dump gives the abstract, if any (readStructured leaves out an empty one). */
function titleGivenFor(copy: AbstractCopies): string | undefined {
  return copy.given?.title;
}

/** An abstract to derive, and the title its dump gives. */
type ToDerive = [abstract: string, givenTitle: string | undefined];

/** Pairs `a[i]` with `b[i]`; both lists come from one another, so unequal lengths are a bug. */
function zip<A, B>(a: readonly A[], b: readonly B[]): [A, B][] {
  if (a.length !== b.length) throw new Error(`zip: ${a.length} items against ${b.length}`);
  return a.map((item, i) => [item, b[i] as B]);
}

/** Below this many abstracts per thread, starting a worker costs more than it saves. */
const MIN_ABSTRACTS_PER_WORKER = 500;
/** Abstracts are about 1.5 KB: enough to size the pool before the dumps are parsed. */
const BYTES_PER_ABSTRACT = 1_500;
/** Abstracts per message to a worker: small enough for steady progress, big enough to be cheap. */
const BATCH_SIZE = 200;
const WORKER_ROLE = 'paper-explorer:derive-fields';
/**
 * Young generation of a helper thread (3 × the semi-space). `npm run ingest`'s
 * `--max-semi-space-size=32` gives every thread the same: V8 lets the flag override this limit.
 */
const YOUNG_GENERATION_MB = 96;

/** One abstract's derived fields and, when a taxonomy was given, its reading for enrichment. */
interface Derived {
  fields: DerivedFields | Rejected;
  reading?: TextReading;
}

function derivePaper([abstract, title]: ToDerive, matcher: TopicMatcher | undefined): Derived {
  const fields = deriveFields(abstract, title);
  if ('rejected' in fields || !matcher) return { fields };
  // The reading marks which terms are noun phrases: the phrases themselves (~100 an abstract)
  // need not travel to the main thread and stay in its heap until the end.
  const reading = readPaperText(fields.plainText, fields.links, matcher, phrasesOf(fields));
  const sent: DerivedFields = { ...fields };
  delete sent.phrases;
  return { fields: sent, reading };
}

/**
 * How many worker threads the dumps' size justifies: none below two threads' worth of abstracts
 * (this thread derives them), else up to `workers`, while this thread only hands out batches and
 * keeps the results: deriving here too was 12–16% slower at 20,000 abstracts (two paired runs,
 * docs/ingest.md), its heap being the one that holds every result.
 */
function helpersFor(files: readonly DumpFile[], workers: number): number {
  const bytes = files.reduce((sum, file) => sum + file.bytes.length, 0);
  const byCount = Math.floor(bytes / BYTES_PER_ABSTRACT / MIN_ABSTRACTS_PER_WORKER);
  return workers < 2 || byCount < 2 ? 0 : Math.min(workers, byCount);
}

/**
 * Hands out batches of abstracts to the helpers, the next batch to whichever is free first (or
 * derives them here when there are none); abstracts the cache holds are taken from it. Results are
 * put back in input order, so the output is the same as deriving serially.
 */
async function deriveAll(
  abstracts: readonly ToDerive[],
  helpers: readonly Helper[],
  taxonomy: Taxonomy | undefined,
  { progress, cache }: IngestOptions,
): Promise<Derived[]> {
  const matcher = taxonomy && compileTopics(taxonomy);
  const results: Derived[] = new Array<Derived>(abstracts.length);
  const keys = cache ? abstracts.map(([abstract, title]) => cache.keyOf(abstract, title)) : [];
  const todo: number[] = [];
  abstracts.forEach((_, index) => {
    const cached = cache?.take(keys[index]!) as Derived | undefined;
    if (cached) results[index] = cached;
    else todo.push(index);
  });
  cache?.settle();
  let next = 0;
  let done = abstracts.length - todo.length;
  progress?.update('derive', done, abstracts.length);
  /** A batch derived, and its V8 serialisation when a helper sent it so (for the cache). */
  type Answer = { derived: Derived[]; bytes?: Uint8Array };
  const work = async (derive: (batch: ToDerive[]) => Promise<Answer>): Promise<void> => {
    while (next < todo.length) {
      const start = next;
      next = Math.min(todo.length, next + BATCH_SIZE);
      const indexes = todo.slice(start, next);
      const { derived, bytes } = await derive(indexes.map((index) => abstracts[index]!));
      derived.forEach((one, offset) => (results[indexes[offset]!] = one));
      cache?.add(
        indexes.map((index) => keys[index]!),
        bytes ?? serialize(derived),
      );
      done += derived.length;
      progress?.update('derive', done, abstracts.length);
    }
  };
  const here = (batch: ToDerive[]): Promise<Answer> =>
    Promise.resolve({ derived: batch.map((abstract) => derivePaper(abstract, matcher)) });
  // Two batches in flight per helper: it starts the next one while this thread receives the last.
  // With a cache, a helper sends its batch serialised (what posting it does anyway), so that the
  // bytes this thread reads the batch from are also what it stores.
  const ask =
    (helper: Helper) =>
    async (batch: ToDerive[]): Promise<Answer> => {
      if (!cache) return { derived: await askHelper<Derived[]>(helper, { derive: batch }) };
      const bytes = await askHelper<Uint8Array>(helper, { derive: batch, serialized: true });
      return { derived: deserializeCopies(bytes) as Derived[], bytes };
    };
  await Promise.all(
    helpers.length === 0
      ? [work(here)]
      : helpers.flatMap((helper) => [work(ask(helper)), work(ask(helper))]),
  );
  return results;
}

/** A helper thread, and why it stopped, once it failed or stopped (even before use). */
interface Helper {
  worker: Worker;
  failure?: Error;
  /** Whoever waits for the answers to the tasks sent, oldest first; rejected if it stops. */
  waiting: { resolve: (value: unknown) => void; reject: (error: Error) => void }[];
}

/**
 * What a helper is asked: to derive a batch of abstracts (its answer serialised by V8 when asked,
 * for the derive cache).
 */
type HelperTask = { derive: ToDerive[]; serialized?: boolean };

/** Asks a helper; it answers its tasks in the order they were sent, so several may be pending. */
function askHelper<T>(helper: Helper, task: HelperTask): Promise<T> {
  if (helper.failure) return Promise.reject(helper.failure);
  // Not a race with a promise of the helper's end: each race would stay among that promise's
  // reactions until the helper ends, and hold its answer (every batch: ~200 MB at 20,000).
  const answer = new Promise<T>((resolve, reject) =>
    helper.waiting.push({ resolve: resolve as (value: unknown) => void, reject }),
  );
  helper.worker.postMessage(task);
  return answer;
}

/**
 * A thread running `source` under tsx, or `bundled` in the bundle run-bundled.mjs made. Under tsx
 * the worker registers tsx first and then loads the module: workers do not inherit tsx's loader
 * (privatenumber/tsx#354).
 */
function startThread(source: URL, bundled: URL, options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(bundled, options);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(source.href);
  return new Worker(`import(${tsx}).then((api) => { api.register(); return import(${entry}); })`, {
    ...options,
    eval: true,
  });
}

/** Threads running this module (see {@link startThread}). */
function startHelpers(count: number, taxonomy: Taxonomy | undefined): Helper[] {
  const self = import.meta.url;
  // A larger young generation: deriving allocates many short-lived strings, and scavenges were
  // ~10% of the time with the default size (scripts/bench-ingest.ts, docs/ingest.md).
  const options = {
    workerData: { role: WORKER_ROLE, taxonomy },
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  };
  return Array.from({ length: Math.max(0, count) }, () => {
    const worker = startThread(new URL(self), new URL(self), options);
    const helper: Helper = { worker, waiting: [] };
    const stop = (error: Error) => {
      helper.failure ??= error;
      for (const { reject } of helper.waiting.splice(0)) reject(helper.failure);
    };
    worker.once('error', stop);
    worker.once('exit', (code) => stop(new Error(`derive worker stopped (exit code ${code})`)));
    worker.on('message', (answer: unknown) => helper.waiting.shift()?.resolve(answer));
    return helper;
  });
}

// This module is also a helper thread's entry point: it derives each batch of abstracts it is sent.
if (!isMainThread && (workerData as { role?: string } | null)?.role === WORKER_ROLE) {
  const { taxonomy } = workerData as { taxonomy?: Taxonomy };
  const matcher = taxonomy && compileTopics(taxonomy);
  parentPort?.on('message', (task: HelperTask) => {
    const derived = task.derive.map((item) => derivePaper(item, matcher));
    parentPort?.postMessage(task.serialized ? serialize(derived) : derived);
  });
}

/** Two different abstracts with the same 48-bit id would share a page; report rather than overwrite. */
function dropIdCollisions<T extends { id: string; sources: Source[] }>(
  drafts: T[],
  problems: Problem[],
): T[] {
  const firstWithId = new Map<string, T>();
  return drafts.filter((draft) => {
    const first = firstWithId.get(draft.id);
    if (!first) {
      firstWithId.set(draft.id, draft);
      return true;
    }
    const where = first.sources[0];
    for (const source of draft.sources) {
      problems.push({
        file: source.file,
        line: source.line,
        reason: `abstract has the same id ${draft.id} as a different abstract at ${where?.file}:${where?.line}`,
      });
    }
    return false;
  });
}

function validatePapers(papers: readonly Paper[]): { valid: Paper[]; problems: Problem[] } {
  const valid: Paper[] = [];
  const problems: Problem[] = [];
  for (const paper of papers) {
    const result = CheckedPaperSchema.safeParse(paper);
    if (result.success) {
      valid.push(result.data);
      continue;
    }
    for (const source of paper.sources ?? []) {
      for (const issue of result.error.issues) {
        problems.push({ file: source.file, line: source.line, reason: describeIssue(issue) });
      }
    }
  }
  return { valid, problems };
}

/**
 * Each file's first {@link MAX_LISTED_PROBLEMS} problems, then one that says how many more there
 * are (those counted while reading and those met later: a title the schema refuses…), after
 * them; and how many problems that line leaves out beside itself.
 */
function listProblems(sorted: readonly Problem[]): { problems: Problem[]; notListed: number } {
  const problems: Problem[] = [];
  let notListed = 0;
  for (let i = 0; i < sorted.length;) {
    const { file } = sorted[i]!;
    let kept = 0;
    let more = 0;
    let lastListed = 0;
    let firstMore = Infinity;
    const stops: Problem[] = [];
    for (; i < sorted.length && sorted[i]!.file === file; i++) {
      const problem = sorted[i]!;
      if (problem.stop) {
        // Where a reader stopped is always said, last.
        stops.push(problem);
        continue;
      }
      if (problem.more === undefined && kept < MAX_LISTED_PROBLEMS) {
        problems.push(problem);
        kept++;
        lastListed = problem.line;
        continue;
      }
      more += problem.more ?? 1;
      firstMore = Math.min(firstMore, problem.line);
    }
    if (more > 0) {
      // At the first problem not listed, unless a listed one comes later (met after reading).
      const line = Math.max(firstMore, lastListed);
      const reason = `${plural(more, 'more problem')} in this file ${more === 1 ? 'is' : 'are'} not listed (the first ${MAX_LISTED_PROBLEMS} are above)`;
      problems.push({ file, line, reason });
      notListed += more - 1;
    }
    problems.push(...stops);
  }
  return { problems, notListed };
}

function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) => compareNames(a.file, b.file) || a.line - b.line || compareNames(a.reason, b.reason),
  );
}

/** `path:line: reason`, the form editors and CI logs link to; `dir` is the dumps folder, if any. */
export function formatProblem(problem: Problem, dir = ''): string {
  const path = dir === '' ? problem.file : join(dir, problem.file);
  return `${printable(path)}:${problem.line}: ${printable(problem.reason)}`;
}

/**
 * Text safe to print on a terminal: control characters and bidirectional overrides become escapes
 * (`\n`, `\x1b`, `\u202e`), so a file name can neither run escape codes nor forge a problem line.
 */
export function printable(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu, (char) => {
    const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
    const code = char.charCodeAt(0);
    return (
      named[char] ??
      (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`)
    );
  });
}

/** `57 papers from 3 dumps, 0 duplicates merged, 0 problems` (with overrides: `2 overrides applied (1 hidden)`). */
export function formatSummary(stats: IngestStats, problemCount: number): string {
  return [
    `${plural(stats.papers, 'paper')} from ${plural(stats.dumps, 'dump')}`,
    `${plural(stats.duplicatesMerged, 'duplicate')} merged`,
    ...(stats.overrides === undefined
      ? []
      : [`${plural(stats.overrides, 'override')} applied (${stats.hidden ?? 0} hidden)`]),
    plural(problemCount + (stats.problemsNotListed ?? 0), 'problem'),
  ]
    .join(', ')
    .concat(
      stats.emailsDropped
        ? ` (e-mail addresses in ${plural(stats.emailsDropped, 'record')} left out)`
        : '',
    )
    .concat(
      stats.skipped
        ? ` (${plural(stats.skipped, 'record')} left out: no abstract, or not accepted)`
        : '',
    );
}

/** The record array as written to disk: one record per line, so diffs stay readable. */
export function serializePapers(papers: readonly Paper[]): string {
  return [...serializedChunks(papers)].join('');
}

/** {@link serializePapers} piece by piece, so 20,000 records never sit in memory as one string. */
export function* serializedChunks(papers: readonly Paper[]): Generator<string> {
  if (papers.length === 0) {
    yield '[]\n';
    return;
  }
  yield '[\n';
  for (let i = 0; i < papers.length; i++) {
    yield JSON.stringify(papers[i]) + (i < papers.length - 1 ? ',\n' : '\n');
  }
  yield ']\n';
}

/** A dumps folder that is missing, not a folder, or holds no dump: one line says which. */
export class DumpsFolderError extends Error {}

/**
 * Every dump (`*.txt`, `*.bib`, `*.json`, `*.jsonl`, `*.csv`) directly in `dir`, by name (the name a record's sources show). A symlink is
 * followed only to a file inside the folder: one to `../../.git/config` or `/etc/passwd` would publish
 * that file as a paper. Refused, dangling and looping links, and files that cannot be read, come back
 * with `unreadable` set, so they are reported as problems while the other dumps are still read.
 */
export function readDumpsDir(dir: string): DumpFile[] {
  let names: string[];
  let root: string;
  try {
    if (!statSync(dir).isDirectory())
      throw new DumpsFolderError(`${printable(dir)} is not a folder`);
    names = readdirSync(dir);
    root = realpathSync(dir);
  } catch (error) {
    if (error instanceof DumpsFolderError) throw error;
    throw new DumpsFolderError(`no dumps folder at ${printable(dir)}`);
  }
  const dumps = names
    .filter((name) => DUMP_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension)))
    .sort(compareNames);
  const files = dumps.flatMap((name) => readDump(root, join(dir, name), name));
  if (files.length === 0) {
    const kinds = DUMP_EXTENSIONS.map((extension) => `*${extension}`).join(', ');
    throw new DumpsFolderError(`no dumps (${kinds}) in ${printable(dir)}`);
  }
  return files;
}

/** One entry of the dumps folder: its bytes, why it was refused, or nothing (a folder named `.txt`). */
function readDump(root: string, path: string, name: string): DumpFile[] {
  const refused = (unreadable: string) => [{ name, bytes: new Uint8Array(0), unreadable }];
  let stats: Stats;
  try {
    stats = lstatSync(path);
    if (stats.isSymbolicLink()) {
      const target = realpathSync(path);
      const inside = relative(root, target);
      if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
        return refused('symlink leaves the dumps folder');
      }
      stats = statSync(target);
    }
    if (!stats.isFile()) return [];
    return [{ name, bytes: readFileSync(path) }];
  } catch (error) {
    return refused(fileErrorReason(error, true));
  }
}

/** Why a file operation failed, in words (`permission denied`), from Node's error code. */
function fileErrorReason(error: unknown, reading = false): string {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const reasons: Record<string, string> = {
    ENOENT: reading ? 'dangling symlink (its target does not exist)' : 'cannot create a file there',
    ELOOP: 'symlink loop',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EISDIR: 'it is a folder',
    ENOTDIR: 'a parent of it is not a folder',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on the device',
    EEXIST: 'a parent of it is not a folder',
  };
  return reasons[code] ?? (error as Error).message.split('\n')[0] ?? 'unknown error';
}

/** The output could not be written: `cannot write <path>: reason`. */
export class OutputError extends Error {}

/** Chunks are gathered into writes of about this size: fewer awaits, still a bounded string. */
const WRITE_BATCH_CHARS = 1 << 20;

/**
 * Writes next to the target, then renames: readers see the old file or the new one, never half.
 * The writes are asynchronous so that SIGINT or SIGTERM (Ctrl-C, a CI timeout) is handled between
 * them: the temporary file is removed and the process then ends by the same signal.
 */
export async function writeFileAtomic(
  path: string,
  content: string | Iterable<string>,
): Promise<void> {
  if (path === '') throw new OutputError('cannot write "": the output path is empty');
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  const onSignal = (signal: NodeJS.Signals) => {
    removeQuietly(temporary);
    stopListening();
    process.kill(process.pid, signal);
  };
  const stopListening = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    mkdirSync(dirname(path), { recursive: true });
    const handle = await open(temporary, 'w');
    try {
      let batch = '';
      for (const chunk of typeof content === 'string' ? [content] : content) {
        batch += chunk;
        if (batch.length < WRITE_BATCH_CHARS) continue;
        await handle.write(batch);
        batch = '';
      }
      await handle.write(batch);
    } finally {
      await handle.close();
    }
    renameSync(temporary, path);
  } catch (error) {
    removeQuietly(temporary);
    throw new OutputError(`cannot write ${printable(path)}: ${fileErrorReason(error)}`);
  } finally {
    stopListening();
  }
}

/** Removes a file if it is there; a path under a file (ENOTDIR) has nothing to remove either. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // Nothing was created there.
  }
}
