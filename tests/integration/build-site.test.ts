/**
 * Issue 13: a failed `astro build` never leaves a half-written output folder. The records are made
 * by the real ingest, then one abstract is swapped for markup the renderer refuses (as a stale or
 * hand-edited records file could hold), so Astro fails while rendering pages.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runTsFile } from '../support/run';
import { buildEnvironment } from '../support/site';

const work = mkdtempSync(join(tmpdir(), 'build-site-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A script run as the build runs it; stdout and stderr read as one output. */
async function run(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  const result = await runTsFile(args, { env });
  return { code: result.status, output: result.stdout + result.stderr };
}

it.each([1, 2])(
  'keeps the previous output when astro build fails part-way (BUILD_SHARDS=%i)',
  async (shards) => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work);
    const papersFile = join(work, 'papers.json');
    const ingest = await run(
      [
        'scripts/ingest.ts',
        '--dumps',
        'tests/fixtures/ingest/good',
        '--taxonomy',
        'tests/fixtures/ingest/taxonomy.yaml',
        '--out',
        papersFile,
      ],
      buildEnvironment({}),
    );
    expect(ingest.code).toBe(0);
    const papers = JSON.parse(readFileSync(papersFile, 'utf8')) as { abstract: string }[];
    papers[papers.length - 1]!.abstract = `${'>'.repeat(3000)} ${papers[0]!.abstract}`;
    writeFileSync(papersFile, JSON.stringify(papers));

    const outDir = join(work, 'site');
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'index.html'), 'the previous site');
    const build = await run(
      ['scripts/build-site.ts'],
      buildEnvironment({ OUT_DIR: outDir, PAPERS_JSON: papersFile, BUILD_SHARDS: String(shards) }),
    );

    expect(build.code).not.toBe(0);
    expect(build.output).toContain('markup nested too deeply');
    expect(build.output).not.toContain('Maximum call stack size exceeded');
    expect(build.output).toContain(`${outDir} left as it was`);
    expect(readdirSync(outDir)).toEqual(['index.html']);
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toBe('the previous site');
    expect(readdirSync(work).sort()).toEqual(['papers.indexes.json', 'papers.json', 'site']);
    // A paper shard of a folder outside the project builds under node_modules/.cache (build-site.ts).
    const cache = 'node_modules/.cache/paper-explorer';
    const left = existsSync(cache)
      ? readdirSync(cache).filter((name) => name.startsWith('.site.'))
      : [];
    expect(left).toEqual([]);
  },
  180_000,
);
