/**
 * Builds the paper records the site reads, from the abstract dumps. Contract (docs/ingest.md):
 *   npm run ingest -- [--dumps content/dumps] [--out src/generated/papers.json]
 *                         [--taxonomy content/taxonomy.yaml] [--overrides content/overrides.yaml]
 *                         [--check] [--workers <n>] [--no-cache]
 * Beside the records it writes `<out>.indexes.json` (`x.json` → `x.indexes.json`): the map layout and
 * the similar-text index the build reads. Progress goes to stdout (one updating line on a terminal, else a line every 5 s), then each step's
 * time. Problems print as `path:line: reason`; the last line is the summary. Exit 0 when the records were
 * written (or, with --check, would be), 1 for bad input (nothing written), 2 for a bad command line.
 * What each abstract derived is kept in a cache (node_modules/.cache/paper-explorer/derive/, one file
 * a dumps folder, src/lib/ingest/derive-cache.ts), so that a rebuild derives only new or changed
 * abstracts; `--no-cache` neither reads nor writes it.
 */
import { realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import {
  DumpsFolderError,
  formatProblem,
  formatSummary,
  ingestDumpsInParallel,
  OutputError,
  printable,
  readDumpsDir,
  serializedChunks,
  writeFileAtomic,
  type IngestResult,
} from '../src/lib/pipeline';
import { loadTaxonomy } from '../src/lib/enrich/taxonomy';
import { plural } from '../src/lib/ingest/dump';
import { bundledCache, DeriveCache, deriveCacheFile } from '../src/lib/ingest/derive-cache';
import { loadOverrides, OverridesError } from '../src/lib/ingest/overrides';
import { ProgressPrinter } from '../src/lib/build/progress-printer';
import { DEFAULT_PAPERS_FILE, indexesFileFor } from '../src/lib/schema';

const USAGE =
  'usage: npm run ingest -- [--dumps <dir>] [--out <file.json>] [--taxonomy <file.yaml>] [--overrides <file.yaml>] [--check] [--workers <n>] [--no-cache]';

interface Options {
  dumps: string;
  out: string;
  taxonomy: string;
  overrides: string;
  check: boolean;
  workers: number;
  'no-cache': boolean;
}

/** A failure the user can fix from its one-line message; no stack trace. */
class InputError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

function readOptions(argv: string[]): Options {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        dumps: { type: 'string', default: 'content/dumps' },
        out: { type: 'string', default: DEFAULT_PAPERS_FILE },
        taxonomy: { type: 'string', default: 'content/taxonomy.yaml' },
        overrides: { type: 'string', default: 'content/overrides.yaml' },
        check: { type: 'boolean', default: false },
        workers: { type: 'string', default: String(availableParallelism()) },
        'no-cache': { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
    const workers = Number(values.workers);
    if (!Number.isInteger(workers) || workers < 1)
      throw new Error('--workers must be a positive integer');
    return { ...values, workers } as Options;
  } catch (error) {
    throw new InputError(`${(error as Error).message}\n${USAGE}`, 2);
  }
}

function readInputs(options: Options) {
  try {
    return {
      files: readDumpsDir(options.dumps),
      taxonomy: loadTaxonomy(options.taxonomy),
      overrides: loadOverrides(options.overrides),
    };
  } catch (error) {
    if (error instanceof DumpsFolderError || error instanceof OverridesError) {
      throw new InputError(error.message, 1);
    }
    // The taxonomy loader's message already starts with the file and line at fault.
    throw new InputError(printable((error as Error).message), 1);
  }
}

function report(result: IngestResult, options: Options): void {
  // Entries that are no paper (a preface) are named like problems, but do not fail the ingest.
  for (const left of result.skipped ?? []) console.error(formatProblem(left, options.dumps));
  for (const problem of result.problems) {
    // Dump problems name a file inside the dumps folder; an override's names the overrides file.
    const inDumps = problem.file !== options.overrides;
    console.error(formatProblem(problem, inDumps ? options.dumps : ''));
  }
}

async function writeOutput(
  result: IngestResult,
  options: Options,
  progress: ProgressPrinter,
): Promise<string> {
  if (result.problems.length > 0) return '; nothing written';
  if (options.check) return ' (check only, nothing written)';
  const indexesFile = indexesFileFor(options.out);
  try {
    const start = performance.now();
    // The records first, so an output that cannot be written is named as the user gave it and
    // nothing is written. Should the indexes then fail (a full disk), the build finds they do not
    // match the records and says to re-run the ingest.
    await writeFileAtomic(options.out, serializedChunks(result.papers));
    await writeFileAtomic(indexesFile, JSON.stringify(result.indexes));
    progress.stepDone('write', performance.now() - start);
  } catch (error) {
    if (error instanceof OutputError) throw new InputError(error.message, 1);
    throw error;
  }
  console.log(`wrote ${printable(options.out)} and ${printable(indexesFile)}`);
  return '';
}

/**
 * The derive cache of this dumps folder, for this code and taxonomy; none with `--no-cache`, or
 * when the code runs from its sources (there is then no one version to key it by).
 */
function openCache(options: Options, taxonomy: unknown): DeriveCache<unknown> | undefined {
  if (options['no-cache']) return undefined;
  const bundled = bundledCache(JSON.stringify(taxonomy));
  if (bundled === null) return undefined;
  const folder = realpathSync(options.dumps);
  return DeriveCache.open(deriveCacheFile(folder, bundled.root), bundled.version, folder);
}

/** Keeps this run's derivations for the next; a cache that cannot be written only costs speed. */
async function saveCache(cache: DeriveCache<unknown> | undefined): Promise<void> {
  try {
    await cache?.save();
  } catch (error) {
    console.error(
      `derive cache not saved (the next ingest derives every abstract): ${printable(String((error as Error).message ?? error))}`,
    );
  }
}

async function run(argv: string[]): Promise<number> {
  try {
    const options = readOptions(argv);
    const { files, taxonomy, overrides } = readInputs(options);
    const progress = new ProgressPrinter(process.stdout);
    const cache = openCache(options, taxonomy);
    const result = await ingestDumpsInParallel(files, taxonomy, options.workers, {
      overrides,
      indexes: !options.check,
      progress,
      cache,
    });
    report(result, options);
    const outcome = await writeOutput(result, options, progress);
    if (outcome === '') await saveCache(cache);
    console.log(progress.summary());
    const { fromCache } = result.stats;
    if (fromCache) {
      console.log(
        `${plural(fromCache, 'abstract')} read from the derive cache, as an earlier ingest derived them (--no-cache derives every one)`,
      );
    }
    console.log(formatSummary(result.stats, result.problems.length) + outcome);
    return result.problems.length === 0 ? 0 : 1;
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    console.error(error.message);
    return error.exitCode;
  }
}

process.exitCode = await run(process.argv.slice(2));
