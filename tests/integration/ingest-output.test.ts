/**
 * Issue 13: the ingest command's output. A bad `--out` is one line and exit 1; a signal during the
 * write leaves no temporary file behind. Commands run with async spawn, never blocking the worker.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runIngest, runTsFile } from '../support/run';

const work = mkdtempSync(join(tmpdir(), 'ingest-output-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs a TypeScript file under node with tsx's loader (no npx or tsx wrapper between). */
async function runTs(args: string[]) {
  const { status, ...rest } = await runTsFile(args);
  return { code: status, ...rest };
}

/** The ingest as `npm run ingest` runs it. */
async function ingest(out: string) {
  const { status, ...rest } = await runIngest([
    '--dumps',
    'tests/fixtures/ingest/good',
    '--taxonomy',
    'tests/fixtures/ingest/taxonomy.yaml',
    '--out',
    out,
  ]);
  return { code: status, ...rest };
}

describe('a bad --out', () => {
  const folder = join(work, 'a-folder');
  mkdirSync(folder);
  const file = join(work, 'a-file');
  writeFileSync(file, 'x');
  const cases: [string, string, string][] = [
    ['a folder', folder, `cannot write ${folder}: it is a folder`],
    [
      'a path under a file',
      join(file, 'o.json'),
      `cannot write ${file}/o.json: a parent of it is not a folder`,
    ],
    ['an empty string', '', 'cannot write "": the output path is empty'],
  ];
  if (existsSync('/proc/self')) {
    cases.push([
      'a path in /proc',
      '/proc/o.json',
      'cannot write /proc/o.json: cannot create a file there',
    ]);
  }
  it.each(cases)('%s: one line, exit 1, no stack trace', async (_, out, message) => {
    const run = await ingest(out);
    expect(run.stderr).toBe(`${message}\n`);
    expect(run.code).toBe(1);
    expect(readdirSync(work).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('a signal during the write', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s removes the temporary file', async (signal) => {
    const dir = join(work, signal);
    mkdirSync(dir);
    const out = join(dir, 'papers.json');
    // The signal arrives while the records are being written, as a Ctrl-C or a CI timeout would.
    const script = join(dir, 'write.mts');
    writeFileSync(
      script,
      `import { writeFileAtomic } from ${JSON.stringify(resolve('src/lib/pipeline.ts'))};
function* records() {
  for (let i = 0; i < 64; i++) {
    if (i === 4) process.kill(process.pid, ${JSON.stringify(signal)});
    yield 'x'.repeat(1 << 20);
  }
}
await writeFileAtomic(${JSON.stringify(out)}, records());
console.log('finished');
`,
    );
    const run = await runTs([script]);
    expect(run.signal).toBe(signal);
    expect(run.stdout).toBe('');
    expect(readdirSync(dir)).toEqual(['write.mts']);
  });
});
