/**
 * The built sites the cold/warm matrix measures, one per size, made as a user makes theirs:
 * dumps (the seed dumps for 57, else scripts/generate-dumps.ts `--text real`), `npm run ingest`'s
 * command, scripts/build-site.ts, then Pagefind over the paper pages and a MiniSearch index of
 * the same records. Each step is skipped when its output exists (so a second run only measures),
 * except the Astro build and what depends on it when `rebuild` asks for it (code changed).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ingestCommand } from '../ingest-command';
import { MINISEARCH_INDEX, writeBarePages } from './cold';

export interface BenchSite {
  /** The size asked for (`--sizes`): abstracts generated, or 57 for the seed dumps. */
  size: number;
  /** Papers after duplicates were merged. */
  papers: number;
  dir: string;
  slugs: string[];
  titles: string[];
  /** MiniSearch's whole index, gzip: what its bare page downloads before any result. */
  minisearchGzip: number;
}

/** The seed corpus: content/dumps, 57 papers. */
export const SEED_SIZE = 57;

const tsxCli = () =>
  join(dirname(fileURLToPath(import.meta.resolve('tsx/package.json'))), 'dist/cli.mjs');

function step(label: string, work: () => void): void {
  const started = performance.now();
  console.error(`bench: ${label}…`);
  work();
  console.error(`bench: ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function exec(program: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  execFileSync(program, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
}

/** Makes (or reuses) the site for `size` under `work`; see the module comment. */
export async function prepareSite(
  size: number,
  work: string,
  options: { rebuild: boolean; pagefind?: boolean; minisearch?: boolean },
): Promise<BenchSite> {
  const root = resolve(work);
  const dumps = size === SEED_SIZE ? 'content/dumps' : join(root, `dumps-${size}`);
  const records = join(root, `papers-${size}.json`);
  const dir = join(root, `site-${size}`);
  const minisearch = join(dir, MINISEARCH_INDEX);
  if (!existsSync(dumps)) {
    step(`${size}: generating dumps`, () =>
      exec(process.execPath, [
        tsxCli(),
        'scripts/generate-dumps.ts',
        '--count',
        String(size),
        '--text',
        'real',
        '--out',
        dumps,
      ]),
    );
  }
  if (!existsSync(records)) {
    const [program, ...args] = ingestCommand();
    step(`${size}: ingest`, () => exec(program, [...args, '--dumps', dumps, '--out', records]));
  }
  const rebuild = options.rebuild || !existsSync(join(dir, 'index.html'));
  if (rebuild) {
    step(`${size}: astro build`, () =>
      exec(process.execPath, [tsxCli(), 'scripts/build-site.ts'], {
        ...process.env,
        PAPERS_JSON: records,
        OUT_DIR: dir,
      }),
    );
  }
  const pagefind = options.pagefind ?? true;
  const mini = options.minisearch ?? true;
  if (pagefind && (rebuild || !existsSync(join(dir, 'pagefind/pagefind.js')))) {
    step(`${size}: pagefind`, () =>
      exec('node_modules/.bin/pagefind', ['--site', dir, '--glob', 'papers/**/*.html', '--quiet']),
    );
  }
  if (mini && (rebuild || !existsSync(minisearch))) {
    // In a process of its own with room to grow: MiniSearch holds every abstract's terms.
    step(`${size}: minisearch index`, () =>
      exec(process.execPath, [
        '--max-old-space-size=12000',
        tsxCli(),
        'scripts/bench/minisearch-index.ts',
        records,
        minisearch,
      ]),
    );
  }
  await writeBarePages(dir);
  const index = JSON.parse(readFileSync(join(dir, 'search-index.json'), 'utf8')) as {
    slugs: string[];
    titles: string[];
  };
  return {
    size,
    papers: index.slugs.length,
    dir,
    slugs: index.slugs,
    titles: index.titles,
    minisearchGzip: existsSync(minisearch) ? gzipSync(readFileSync(minisearch)).length : NaN,
  };
}
