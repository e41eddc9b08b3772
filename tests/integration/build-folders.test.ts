/**
 * Build folder robustness (issue "Hostile structured inputs"): a build into an output folder whose
 * parent does not exist yet keeps the finished site, and a build sweeps the half-built folders that
 * killed runs left (named after their pid), never one of a run that is still alive. One build of a
 * tiny corpus checks both.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { runTsFile } from '../support/run';
import { buildEnvironment } from '../support/site';

const work = mkdtempSync(join(tmpdir(), 'build-folders-'));
/** An output outside the project: its build stages under node_modules/.cache (build-site.ts). */
const cache = resolve('node_modules/.cache/paper-explorer');
/** A name of its own, so no other build's folders are in the way. */
const base = `site-${process.pid}-${Date.now().toString(36)}`;
/** Above Linux's largest pid (2^22): no process has it. */
const DEAD_PID = 2 ** 22 + 1;
const dead = join(cache, `.${base}.building-${DEAD_PID}-abc123-0`);
const deadOld = join(cache, `.${base}.old-${DEAD_PID}-abc124`);
const live = join(cache, `.${base}.building-${process.pid}-abc125-1`);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  for (const folder of [dead, deadOld, live]) rmSync(folder, { recursive: true, force: true });
});

/** Folders of this test's output left in the cache (background deletions may still be running). */
const leftInCache = () => readdirSync(cache).filter((name) => name.startsWith(`.${base}.`));

it('builds into a folder whose parent does not exist, and sweeps only dead runs’ folders', async () => {
  const papersFile = join(work, 'papers.json');
  const ingest = await runTsFile(
    [
      'scripts/ingest.ts',
      '--dumps',
      'tests/fixtures/ingest/good',
      '--taxonomy',
      'tests/fixtures/ingest/taxonomy.yaml',
      '--out',
      papersFile,
    ],
    { env: buildEnvironment({}) },
  );
  expect(ingest.status, ingest.stdout + ingest.stderr).toBe(0);

  // Half-built sites of a killed run (dead pid) and of a running one (this test's own pid).
  for (const folder of [dead, deadOld, live]) {
    mkdirSync(join(folder, 'papers', 'x'), { recursive: true });
    writeFileSync(join(folder, 'papers', 'x', 'index.html'), 'half a site');
  }

  const outDir = join(work, 'not', 'yet', base);
  expect(existsSync(dirname(outDir))).toBe(false);
  const build = await runTsFile(['scripts/build-site.ts'], {
    env: buildEnvironment({ OUT_DIR: outDir, PAPERS_JSON: papersFile, BUILD_SHARDS: '1' }),
  });
  expect(build.status, build.stdout + build.stderr).toBe(0);

  // The finished site is in place, and nothing was left beside it.
  expect(existsSync(join(outDir, 'index.html'))).toBe(true);
  expect(existsSync(join(outDir, 'papers'))).toBe(true);
  expect(readdirSync(dirname(outDir))).toEqual([base]);

  // The dead run's folders are gone (renamed at once, then deleted in the background); the live
  // run's folder is untouched.
  expect(existsSync(dead)).toBe(false);
  expect(existsSync(deadOld)).toBe(false);
  expect(existsSync(join(live, 'papers', 'x', 'index.html'))).toBe(true);
  // Wait for the background deletion to finish (a bound on waiting, not on speed).
  for (let tries = 0; tries < 100 && leftInCache().length > 1; tries += 1) await sleep(100);
  expect(leftInCache()).toEqual([`.${base}.building-${process.pid}-abc125-1`]);
});
