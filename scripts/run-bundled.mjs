/**
 * Runs a TypeScript script as one esbuild bundle under plain Node, with the pipeline's worker entry
 * (src/lib/pipeline.ts) as a chunk of its own, which the worker threads load:
 *   node [node flags] scripts/run-bundled.mjs <script.ts> [args…]
 * Under tsx the same ingest took ~10 % longer at 20,000 abstracts (34.3 and 35.1 s against 37.8
 * and 39.3 s, alternating runs on 2026-12-01; README, docs/ingest.md): every worker thread
 * registers tsx's loader and reads ~80 modules through it. Bundling takes ~0.3 s; the bundle is
 * written to a folder of its own under node_modules/.cache (so that its package imports resolve
 * from the project) and deleted when the process exits.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const CACHE = resolve('node_modules/.cache/paper-explorer');
/** A bundle folder older than this was left by a killed run, never by a running one. */
const STALE_MS = 24 * 60 * 60 * 1000;
const WORKER_ENTRY = 'src/lib/pipeline.ts';

/** Deletes bundle folders that killed runs left behind. */
function removeStale() {
  let names = [];
  try {
    names = readdirSync(CACHE);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith('bundled-')) continue;
    const dir = join(CACHE, name);
    try {
      if (Date.now() - statSync(dir).mtimeMs > STALE_MS)
        rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another run removed it first.
    }
  }
}

async function run() {
  const script = process.argv[2];
  if (!script || !script.endsWith('.ts')) {
    console.error('usage: node scripts/run-bundled.mjs <script.ts> [args…]');
    return 2;
  }
  removeStale();
  mkdirSync(CACHE, { recursive: true });
  const outdir = mkdtempSync(join(CACHE, 'bundled-'));
  process.on('exit', () => rmSync(outdir, { recursive: true, force: true }));
  await build({
    entryPoints: { main: script, worker: WORKER_ENTRY },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node}`,
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    logLevel: 'error',
  });
  // The script reads its own arguments from process.argv.slice(2), as when run directly.
  process.argv.splice(1, 2, resolve(script));
  await import(pathToFileURL(join(outdir, 'main.mjs')).href);
  return undefined;
}

const code = await run();
if (code !== undefined) process.exitCode = code;
