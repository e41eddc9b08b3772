import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  formatProblem,
  formatSummary,
  ingestDumps,
  readDumpsDir,
  serializePapers,
  type DumpFile,
  type IngestResult,
} from '../../src/lib/pipeline';
import type { Taxonomy } from '../../src/lib/schema';

// Lets one test make the naming step return an invalid title, to see how schema failures surface.
const naming = vi.hoisted(() => ({ longTitle: false }));
vi.mock('../../src/lib/ingest/naming/describe', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/ingest/naming/describe')>();
  return {
    ...real,
    describeTagged: (...args: Parameters<typeof real.describeTagged>) => {
      const identity = real.describeTagged(...args);
      return naming.longTitle ? { ...identity, title: 'T'.repeat(130) } : identity;
    },
  };
});

const FIXTURES = 'tests/fixtures/ingest';
const TAXONOMY: Taxonomy = {
  topics: [{ slug: 'rl', label: 'RL', description: 'Reinforcement learning.', terms: ['policy'] }],
};
const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Every paragraph is a source of some record or a reported problem: nothing silently dropped. */
function expectNothingDropped(result: IngestResult): void {
  const sources = result.papers.reduce((sum, paper) => sum + paper.sources.length, 0);
  const paragraphProblems = result.problems.filter((p) =>
    /^(not an abstract|field )/.test(p.reason),
  );
  // A file's problems past the first hundred are counted on one line, which stands for one.
  const notListed = result.problems.filter((p) => / more problems? in this file /.test(p.reason));
  expect(result.stats.paragraphs).toBe(
    sources + paragraphProblems.length + notListed.length + (result.stats.problemsNotListed ?? 0),
  );
}

describe('ingestDumps on well-formed dumps (BOM, CRLF, lone CR, hard wraps, LaTeX)', () => {
  const files = readDumpsDir(`${FIXTURES}/good`);
  const result = ingestDumps(files, TAXONOMY);

  it('makes one record per distinct abstract and merges the copy found in both dumps', () => {
    expect(result.problems).toEqual([]);
    expect(formatSummary(result.stats, 0)).toBe(
      '4 papers from 2 dumps, 1 duplicate merged, 0 problems',
    );
    const merged = result.papers.find((paper) => paper.sources.length > 1);
    expect(merged?.sources).toEqual([
      { file: 'a-iclr.txt', header: 'ICLR 2026 Papers', paragraph: 2, line: 9 },
      { file: 'b-neurips.txt', header: 'ICLR 2026 论文列表', paragraph: 1, line: 3 },
    ]);
    expectNothingDropped(result);
  });

  it('normalises whitespace, hard wraps and PDF hyphenation, keeping real hyphens', () => {
    const first = result.papers[0];
    expect(first?.abstract).toBe(
      'We study how to train policies from offline data when rewards are sparse and the dataset ' +
        'is small. Prior work on multi-task learning relies on referencing a value function, which ' +
        'becomes unreliable; we instead compare pre- and post-training behaviour of sim-to-real ' +
        'agents and report consistent gains across twelve benchmark suites.',
    );
    expect(first?.sources[0]).toMatchObject({ paragraph: 1, line: 3 });
  });

  it('keeps LaTeX in the abstract and gives readers plain text', () => {
    const fastKv = result.papers.find((paper) => paper.abstract.includes('FastKV'));
    expect(fastKv?.abstract).toContain('12.5$\\times$');
    expect(fastKv?.plainText).toContain('up to 12.5× higher hit rates with O(1) lookups');
    expect(fastKv?.plainText).toContain(
      'keeps “blind faith” out of eviction decisions, saves 40% of memory',
    );
    expect(fastKv?.plainText).toContain('Õ(d²)');
    expect(fastKv?.plainText).toContain('Dropping the Positional Embeddings');
    expect(fastKv?.plainText).not.toMatch(/[$*{}]|\\[a-z]/);
  });

  it('derives id, slug, links and word count from the abstract', () => {
    const bench = result.papers.find((paper) => paper.abstract.includes('PolyBench'));
    expect(bench?.id).toMatch(/^[0-9a-f]{12}$/);
    expect(bench?.slug).toMatch(new RegExp(`^[a-z0-9-]+-${bench?.id.slice(0, 6)}$`));
    expect(bench?.links).toEqual([
      { url: 'https://github.com/example/polybench', kind: 'code' },
      { url: 'https://huggingface.co/datasets/example/polybench', kind: 'data' },
      { url: 'https://example.github.io/polybench/', kind: 'project' },
    ]);
    expect(bench?.wordCount).toBe(bench?.plainText.split(' ').length);
  });

  it('writes byte-identical output whatever order the files come in', () => {
    const reversed = ingestDumps([...files].reverse(), TAXONOMY);
    expect(serializePapers(reversed.papers)).toBe(serializePapers(result.papers));
  });
});

describe('ingestDumps on bad input', () => {
  const result = ingestDumps(readDumpsDir(`${FIXTURES}/bad`), TAXONOMY);

  it('reports every problem as path:line: reason, sorted by file', () => {
    expect(result.problems.map((problem) => formatProblem(problem, 'bad'))).toEqual([
      'bad/binary.txt:3: binary file (contains NUL bytes), not a text dump',
      'bad/empty.txt:1: empty file',
      'bad/header-only.txt:1: no abstracts after the header "ICML 2025 Papers"',
      'bad/junk.txt:5: not an abstract: 4 words, 11 characters (an abstract has at least 20 words ' +
        'and 100 characters): "Page 2 of 7"',
      'bad/latin1.txt:4: not valid UTF-8; save the file as UTF-8 text',
    ]);
  });

  it('still accounts for every paragraph it could read', () => {
    expect(result.stats).toEqual({ dumps: 6, papers: 3, duplicatesMerged: 0, paragraphs: 4 });
    expectNothingDropped(result);
  });

  it('names the field of a record that fails the schema, at each place it was found', () => {
    naming.longTitle = true;
    try {
      const dump = readFileSync(`${FIXTURES}/bad/ok.txt`);
      const failed = ingestDumps(
        [
          { name: 'x.txt', bytes: dump },
          { name: 'y.txt', bytes: dump },
        ],
        TAXONOMY,
      );
      expect(failed.problems.map((problem) => formatProblem(problem))).toEqual([
        'x.txt:3: field "title": too long (at most 100 characters)',
        'y.txt:3: field "title": too long (at most 100 characters)',
      ]);
      expect(failed.papers).toEqual([]);
      expectNothingDropped(failed);
    } finally {
      naming.longTitle = false;
    }
  });
});

describe('a file of many problems', () => {
  it('lists its first hundred and counts the rest on one line, each file on its own', () => {
    const abstract =
      'We propose a retrieval method that indexes long documents in linear time and answers ' +
      'questions about them more accurately than dense retrievers on four benchmarks.';
    const junk = (n: number) => Array.from({ length: n }, (_, i) => `Page ${i + 1}`);
    const result = ingestDumps(
      [
        { name: 'a.txt', bytes: encode(['H', abstract, ...junk(250)].join('\n\n')) },
        { name: 'b.txt', bytes: encode(['H', ...junk(2)].join('\n\n')) },
      ],
      TAXONOMY,
    );
    const lines = result.problems.map((problem) => formatProblem(problem));
    expect(lines).toHaveLength(103);
    expect(lines[0]).toMatch(/^a\.txt:5: not an abstract: .*"Page 1"$/);
    expect(lines[99]).toMatch(/^a\.txt:203: not an abstract: .*"Page 100"$/);
    // At the line of the first one not listed.
    expect(lines[100]).toBe(
      'a.txt:205: 150 more problems in this file are not listed (the first 100 are above)',
    );
    expect(lines.slice(101)).toEqual([
      expect.stringMatching(/^b\.txt:3: not an abstract: .*"Page 1"$/),
      expect.stringMatching(/^b\.txt:5: not an abstract: .*"Page 2"$/),
    ]);
    expect(result.papers).toHaveLength(1);
    expect(formatSummary(result.stats, result.problems.length)).toBe(
      '1 paper from 2 dumps, 0 duplicates merged, 252 problems',
    );
    expectNothingDropped(result);
  });

  it('counts problems met after reading (a title the schema refuses) in the same line', () => {
    naming.longTitle = true;
    try {
      const abstract =
        'We propose a retrieval method that indexes long documents in linear time and answers ' +
        'questions about them more accurately than dense retrievers on four benchmarks.';
      const variants = Array.from({ length: 130 }, (_, i) => `${abstract} Variant ${i + 1}.`);
      const result = ingestDumps(
        [{ name: 'v.txt', bytes: encode(['H', ...variants].join('\n\n')) }],
        TAXONOMY,
      );
      const lines = result.problems.map((problem) => formatProblem(problem));
      expect(lines).toHaveLength(101);
      expect(lines[99]).toBe('v.txt:201: field "title": too long (at most 100 characters)');
      expect(lines[100]).toBe(
        'v.txt:203: 30 more problems in this file are not listed (the first 100 are above)',
      );
      expect(formatSummary(result.stats, result.problems.length)).toMatch(/, 130 problems$/);
      expectNothingDropped(result);
    } finally {
      naming.longTitle = false;
    }
  });
});

describe('duplicates within one dump', () => {
  it('become one record listing both paragraphs, whatever their wrapping', () => {
    const abstract =
      'We propose a retrieval method that indexes long documents in linear time and answers ' +
      'questions about them more accurately than dense retrievers on four benchmarks.';
    const wrapped = abstract
      .replace(' in linear', '\nin linear')
      .replace('accurately ', 'accurately\t ');
    const dump = { name: 'd.txt', bytes: encode(`H\n\n${abstract}\n\n${wrapped}\n`) };
    const result = ingestDumps([dump], TAXONOMY);
    expect(result.papers).toHaveLength(1);
    expect(result.papers[0]?.sources.map((s) => [s.paragraph, s.line])).toEqual([
      [1, 3],
      [2, 5],
    ]);
    expect(formatSummary(result.stats, 0)).toBe(
      '1 paper from 1 dump, 1 duplicate merged, 0 problems',
    );
  });
});

describe('slugs', () => {
  const opening = 'We revisit sparse mixture-of-experts routing for language models.';
  const dump = (rest: string): DumpFile => ({
    name: `${rest.length}.txt`,
    bytes: encode(`H\n\n${opening} ${rest}\n`),
  });
  const twins = [
    dump(
      'We show that a learned router beats hashing on every benchmark we tried, by a wide margin.',
    ),
    dump(
      'We show that hashing matches a learned router on most benchmarks at a fraction of the cost.',
    ),
  ];

  it('lengthens the hash suffix of both papers when a forced collision occurs', () => {
    const papers = ingestDumps(twins, TAXONOMY, { slugSuffixLength: 0 }).papers;
    const [a, b] = papers.map((paper) => paper.slug);
    expect(a).not.toBe(b);
    const suffixLength = (a ?? '').split('-').at(-1)?.length ?? 0;
    expect(suffixLength).toBeGreaterThan(0);
    expect((b ?? '').split('-').at(-1)).toHaveLength(suffixLength);
    papers.forEach((paper) =>
      expect(paper.slug.endsWith(paper.id.slice(0, suffixLength))).toBe(true),
    );
  });
});

describe('formatSummary', () => {
  it('uses singular forms for one', () => {
    const stats = { dumps: 1, papers: 1, duplicatesMerged: 1, paragraphs: 2 };
    expect(formatSummary(stats, 1)).toBe('1 paper from 1 dump, 1 duplicate merged, 1 problem');
  });
});

describe('readDumpsDir', () => {
  it('says in one line that the folder is missing or holds no dumps', () => {
    expect(() => readDumpsDir(`${FIXTURES}/missing`)).toThrow(
      `no dumps folder at ${FIXTURES}/missing`,
    );
    const empty = mkdtempSync(join(tmpdir(), 'dumps-'));
    writeFileSync(join(empty, 'notes.md'), 'not a dump');
    expect(() => readDumpsDir(empty)).toThrow(
      `no dumps (*.txt, *.bib, *.jsonl, *.json, *.csv, *.ris, *.xml, *.atom) in ${empty}`,
    );
    rmSync(empty, { recursive: true });
  });
});
