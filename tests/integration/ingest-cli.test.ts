import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDumps, generateStructuredDumps, writeDumps } from '../../scripts/generate-dumps';
import { loadTaxonomy } from '../../src/lib/enrich/taxonomy';
import {
  ingestDumps,
  readDumpsDir,
  serializePapers,
  type DumpFile,
  type IngestResult,
} from '../../src/lib/pipeline';
import type { Taxonomy } from '../../src/lib/schema';
import { runIngest } from '../support/run';
import { SEED_DUMPS } from '../support/seeds';

// The ingest as a user runs it (`npm run ingest`, a child process), and synthetic corpora too big
// for a unit test.

const FIXTURES = 'tests/fixtures/ingest';
const TAXONOMY: Taxonomy = {
  topics: [{ slug: 'rl', label: 'RL', description: 'Reinforcement learning.', terms: ['policy'] }],
};
const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Every paragraph is a source of some record or a reported problem: nothing silently dropped. */
function expectNothingDropped(result: IngestResult): void {
  const sources = result.papers.reduce((sum, paper) => sum + paper.sources.length, 0);
  expect(result.stats.paragraphs).toBe(sources + result.problems.length);
}

describe('synthetic dumps (scripts/generate-dumps.ts)', () => {
  const asFiles = (dumps: Map<string, string>): DumpFile[] =>
    [...dumps].map(([name, text]) => ({ name, bytes: encode(text) }));

  it('are the same for the same seed and ingest without problems', async () => {
    const dumps = generateDumps(300, 3, 7);
    expect([...generateDumps(300, 3, 7)]).toEqual([...dumps]);
    expect([...generateDumps(300, 3, 8)]).not.toEqual([...dumps]);
    const result = ingestDumps(asFiles(dumps), TAXONOMY);
    expect(result.problems).toEqual([]);
    expect(result.stats.paragraphs).toBe(300);
    expectNothingDropped(result);
    const sizes = result.papers.map((paper) => paper.abstract.length);
    expect(sizes.reduce((a, b) => a + b, 0) / sizes.length).toBeGreaterThan(1300);
    expect(new Set(result.papers.map((paper) => paper.name)).size).toBeGreaterThan(50);
  });
});

describe('the ingest command', () => {
  const work = mkdtempSync(join(tmpdir(), 'ingest-cli-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const ingest = async (...args: string[]) => {
    const run = await runIngest(['--taxonomy', `${FIXTURES}/taxonomy.yaml`, ...args]);
    return { ...run, last: run.stdout.trim().split('\n').at(-1) };
  };

  it('writes the records and ends with the summary', async () => {
    const out = join(work, 'nested', 'papers.json');
    const run = await ingest('--dumps', `${FIXTURES}/good`, '--out', out);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.last).toBe('4 papers from 2 dumps, 1 duplicate merged, 0 problems');
    const papers = JSON.parse(readFileSync(out, 'utf8')) as { slug: string }[];
    expect(papers).toHaveLength(4);
    const again = await ingest('--dumps', `${FIXTURES}/good`, '--out', `${out}.2`);
    expect(again.status).toBe(0);
    expect(readFileSync(`${out}.2`, 'utf8')).toBe(readFileSync(out, 'utf8'));
  });

  it('validates without writing with --check', async () => {
    const out = join(work, 'check.json');
    const run = await ingest('--dumps', `${FIXTURES}/good`, '--out', out, '--check');
    expect(run.status).toBe(0);
    expect(run.last).toBe(
      '4 papers from 2 dumps, 1 duplicate merged, 0 problems (check only, nothing written)',
    );
    expect(existsSync(out)).toBe(false);
  });

  it('prints every problem as path:line, exits 1 and leaves the old output untouched', async () => {
    const out = join(work, 'kept.json');
    writeFileSync(out, 'previous');
    for (const args of [
      ['--out', out],
      ['--out', out, '--check'],
    ]) {
      const run = await ingest('--dumps', `${FIXTURES}/bad`, ...args);
      expect(run.status).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual([
        `${FIXTURES}/bad/binary.txt:3: binary file (contains NUL bytes), not a text dump`,
        `${FIXTURES}/bad/empty.txt:1: empty file`,
        `${FIXTURES}/bad/header-only.txt:1: no abstracts after the header "ICML 2025 Papers"`,
        expect.stringMatching(new RegExp(`^${FIXTURES}/bad/junk.txt:5: not an abstract: 4 words`)),
        `${FIXTURES}/bad/latin1.txt:4: not valid UTF-8; save the file as UTF-8 text`,
      ]);
      expect(run.stderr).not.toMatch(/\bat .*\.ts:\d+/);
      expect(run.last).toBe(
        '3 papers from 6 dumps, 0 duplicates merged, 5 problems; nothing written',
      );
      expect(readFileSync(out, 'utf8')).toBe('previous');
    }
  });

  it('writes the same bytes with worker threads as without', async () => {
    const dumps = join(work, 'synthetic');
    // Plain text and a structured dump whose titles are given (no headline is derived for them).
    writeDumps(
      dumps,
      new Map([...generateDumps(1100, 3, 11), ...generateStructuredDumps(300, 1, 12, 'jsonl')]),
    );
    const serial = await ingest(
      '--dumps',
      dumps,
      '--out',
      join(work, 'serial.json'),
      '--workers',
      '1',
      // Each derives every abstract itself, not from the other's cache.
      '--no-cache',
    );
    const parallel = await ingest(
      '--dumps',
      dumps,
      '--out',
      join(work, 'parallel.json'),
      '--workers',
      '2',
      '--no-cache',
    );
    expect([serial.status, parallel.status]).toEqual([0, 0]);
    expect(readFileSync(join(work, 'parallel.json'), 'utf8')).toBe(
      readFileSync(join(work, 'serial.json'), 'utf8'),
    );
    const papers = JSON.parse(readFileSync(join(work, 'parallel.json'), 'utf8')) as {
      titleSource: string;
      summary: string;
    }[];
    expect(papers.filter((paper) => paper.titleSource === 'given')).toHaveLength(300);
    expect(papers.every((paper) => /[.!?]$/.test(paper.summary))).toBe(true);
    // The map is laid out on a helper thread when there is one: the same layout all the same.
    expect(readFileSync(join(work, 'parallel.indexes.json'), 'utf8')).toBe(
      readFileSync(join(work, 'serial.indexes.json'), 'utf8'),
    );
  });

  it('derives on a rebuild only the abstracts that changed, and writes what a first ingest writes', async () => {
    const dumps = join(work, 'rebuilt');
    writeDumps(dumps, generateDumps(1100, 2, 21));
    const first = await ingest('--dumps', dumps, '--out', join(work, 'first.json'));
    expect(first.status).toBe(0);
    expect(first.stdout).not.toContain('derive cache');
    const count = (line: string | undefined, pattern: RegExp) =>
      Number(pattern.exec(line ?? '')?.[1]?.replace(/,/g, '') ?? NaN);
    const papers = (run: { last?: string }) => count(run.last, /^([\d,]+) papers/);
    const cached = (run: { stdout: string }) =>
      count(run.stdout, /([\d,]+) abstracts read from the derive cache/);
    const again = await ingest('--dumps', dumps, '--out', join(work, 'again.json'));
    expect(again.status).toBe(0);
    expect(papers(first)).toBeGreaterThan(1000);
    expect(cached(again)).toBe(papers(first));
    expect(readFileSync(join(work, 'again.json'), 'utf8')).toBe(
      readFileSync(join(work, 'first.json'), 'utf8'),
    );
    // One abstract edited: it alone is derived again, and the records are a first ingest's.
    const [name] = readdirSync(dumps);
    const path = join(dumps, name!);
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.replace(/(\n\n[^\n]*?)\. /, '$1 with an edited claim. '));
    const edited = await ingest('--dumps', dumps, '--out', join(work, 'edited.json'));
    const fresh = await ingest('--dumps', dumps, '--out', join(work, 'fresh.json'), '--no-cache');
    expect([edited.status, fresh.status]).toEqual([0, 0]);
    expect(cached(edited)).toBe(papers(fresh) - 1);
    expect(fresh.stdout).not.toContain('derive cache');
    expect(readFileSync(join(work, 'edited.json'), 'utf8')).toBe(
      readFileSync(join(work, 'fresh.json'), 'utf8'),
    );
    expect(readFileSync(join(work, 'edited.indexes.json'), 'utf8')).toBe(
      readFileSync(join(work, 'fresh.indexes.json'), 'utf8'),
    );
  });

  it('says in one line when the dumps folder is missing, and rejects unknown options', async () => {
    const missing = await ingest('--dumps', join(work, 'nowhere'), '--out', join(work, 'x.json'));
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim()).toBe(`no dumps folder at ${join(work, 'nowhere')}`);
    const wrong = await ingest('--dump', 'x');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('usage: npm run ingest');
  });
});

describe('the ingest command over the seed dumps', () => {
  it('writes in its own process the bytes this one builds from the dumps read in reverse', async () => {
    const work = mkdtempSync(join(tmpdir(), 'ingest-seeds-'));
    const out = join(work, 'papers.json');
    const run = await runIngest(['--dumps', SEED_DUMPS, '--out', out]);
    expect(run.status).toBe(0);
    const files = [...readDumpsDir(SEED_DUMPS)].reverse();
    const here = ingestDumps(files, loadTaxonomy('content/taxonomy.yaml'));
    expect(readFileSync(out, 'utf8')).toBe(serializePapers(here.papers));
    expect(run.stdout.trim().split('\n').at(-1)).toBe(
      `${here.papers.length} papers from ${files.length} dumps, 0 duplicates merged, 0 problems`,
    );
    rmSync(work, { recursive: true, force: true });
  });
});
