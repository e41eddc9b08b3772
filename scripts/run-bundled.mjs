/**
 * Runs a TypeScript script of this project that uses the ingest pipeline as one esbuild bundle
 * under plain Node, with the pipeline (src/lib/pipeline.ts, the worker threads' entry point) as a
 * chunk of its own, which the worker threads load:
 *   node [node flags] scripts/run-bundled.mjs <script.ts> [args…]
 * Under tsx the same ingest took ~10 % longer at 20,000 abstracts (34.3 and 35.1 s against 37.8
 * and 39.3 s, alternating runs on 2026-12-01; README, docs/ingest.md): every worker thread
 * registers tsx's loader and reads ~80 modules through it. Bundling takes ~0.3 s. The bundle is
 * written to a folder of its own under the project's node_modules/.cache (so that its package
 * imports resolve from the project) and deleted when the process exits; a folder a killed run
 * left behind (~230 KB) is deleted by a later run. Stack traces point at the TypeScript sources.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const PROJECT = fileURLToPath(new URL('..', import.meta.url));
const CACHE = join(PROJECT, 'node_modules/.cache/paper-explorer');
const WORKER_ENTRY = join(PROJECT, 'src/lib/pipeline.ts');
const LAYOUT_ENTRY = join(PROJECT, 'src/lib/enrich/layout-worker.ts');
/** A bundle folder older than this was left by a killed run, never by a running one. */
const STALE_MS = 24 * 60 * 60 * 1000;

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
      if (Date.now() - statSync(dir).mtimeMs > STALE_MS) {
        rmSync(dir, { recursive: true, force: true });
      }
    } catch {
      // Another run removed it first.
    }
  }
}

/** Bundles `script` into a fresh folder; its entry is `main.mjs`. Null when esbuild failed (it said why). */
async function bundle(script) {
  removeStale();
  mkdirSync(CACHE, { recursive: true });
  const outdir = mkdtempSync(join(CACHE, 'bundled-'));
  process.on('exit', () => rmSync(outdir, { recursive: true, force: true }));
  try {
    await build({
      entryPoints: { main: script, worker: WORKER_ENTRY, layout: LAYOUT_ENTRY },
      absWorkingDir: PROJECT,
      outdir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node}`,
      packages: 'external',
      sourcemap: 'inline',
      outExtension: { '.js': '.mjs' },
      logLevel: 'error',
    });
  } catch {
    return null;
  }
  return join(outdir, 'main.mjs');
}

const script = process.argv[2];
if (!script || !script.endsWith('.ts')) {
  console.error('usage: node scripts/run-bundled.mjs <script.ts> [args…]');
  process.exitCode = 2;
} else {
  const entry = await bundle(resolve(script));
  if (entry === null) {
    process.exitCode = 1;
  } else {
    // The script reads its own arguments from process.argv.slice(2), as when run directly.
    process.argv.splice(1, 2, resolve(script));
    process.setSourceMapsEnabled(true);
    await import(pathToFileURL(entry).href);
  }
}
