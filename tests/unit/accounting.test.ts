import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatProblem, ingestDumps, readDumpsDir, type DumpFile } from '../../src/lib/pipeline';
import type { IngestResult } from '../../src/lib/pipeline';
import { loadTaxonomy } from '../../src/lib/enrich/taxonomy';
import { SEED_DUMPS } from '../support/seeds';

// Nothing an editor puts in a dump may vanish: each paragraph after the header ends up as a source of
// exactly one record or as a problem reported at its own `path:line`, and nothing else is reported there.

const taxonomy = loadTaxonomy('content/taxonomy.yaml');

/** Where a paragraph starts: `file:line`. */
type Place = string;

/**
 * The paragraphs of a dump, found independently of src/lib/dump.ts: after the first non-blank line,
 * each run of non-blank lines is one paragraph. Undecodable files have none.
 */
function paragraphStarts(file: DumpFile): Place[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
  } catch {
    return [];
  }
  if (text.includes('\0')) return [];
  const lines = text.split(/\r\n|\r|\n/);
  const isBlank = (line: string) => line.trim() === '';
  const header = lines.findIndex((line) => !isBlank(line));
  const starts: Place[] = [];
  for (let i = header + 1; header >= 0 && i < lines.length; i++) {
    if (!isBlank(lines[i]!) && isBlank(lines[i - 1]!)) starts.push(`${file.name}:${i + 1}`);
  }
  return starts;
}

/** How often each `file:line` was accounted for, by a record source or a problem. */
function accountedPlaces(result: IngestResult): Map<Place, string[]> {
  const places = new Map<Place, string[]>();
  const add = (place: Place, how: string) => places.set(place, [...(places.get(place) ?? []), how]);
  for (const paper of result.papers) {
    for (const source of paper.sources)
      add(`${source.file}:${source.line}`, `record ${paper.slug}`);
  }
  for (const problem of result.problems) add(`${problem.file}:${problem.line}`, problem.reason);
  return places;
}

/** Every paragraph is accounted for exactly once; returns the problems that are about whole files. */
function expectEveryParagraphAccountedFor(files: readonly DumpFile[], result: IngestResult) {
  const paragraphs = files.flatMap(paragraphStarts);
  const accounted = accountedPlaces(result);
  for (const place of paragraphs) {
    expect({ place, accountedAs: accounted.get(place) }).toEqual({
      place,
      accountedAs: [expect.any(String)],
    });
  }
  const sources = result.papers.reduce((sum, paper) => sum + paper.sources.length, 0);
  const paragraphSet = new Set(paragraphs);
  const paragraphProblems = result.problems.filter((p) => paragraphSet.has(`${p.file}:${p.line}`));
  expect(sources + paragraphProblems.length).toBe(paragraphs.length);
  expect(result.stats.paragraphs).toBe(paragraphs.length);
  return result.problems.filter((p) => !paragraphSet.has(`${p.file}:${p.line}`));
}

describe('every paragraph of every dump is accounted for', () => {
  it('in the seed dumps: one record per paragraph, no problems', () => {
    const seeds = readDumpsDir(SEED_DUMPS);
    const result = ingestDumps(seeds, taxonomy);
    expect(expectEveryParagraphAccountedFor(seeds, result)).toEqual([]);
    expect(result.papers).toHaveLength(seeds.flatMap(paragraphStarts).length);
  });

  it('in the hostile dumps: each abstract is a record, however much markup it carries', () => {
    const hostile = readDumpsDir('tests/fixtures/hostile/dumps');
    const result = ingestDumps(hostile, taxonomy);
    expect(result.problems).toEqual([]);
    expectEveryParagraphAccountedFor(hostile, result);
    expect(result.papers).toHaveLength(hostile.flatMap(paragraphStarts).length);
  });

  it('in dumps full of junk, duplicates and broken files: junk is reported, copies merged', () => {
    const junk = readDumpsDir('tests/fixtures/hostile/junk');
    const result = ingestDumps(junk, taxonomy);
    const fileProblems = expectEveryParagraphAccountedFor(junk, result);
    expect(fileProblems.map((problem) => formatProblem(problem))).toEqual([
      expect.stringMatching(
        /^c-header-is-abstract\.txt:1: the first line must be the dump's label/,
      ),
      'd-empty.txt:1: empty file',
      'e-header-only.txt:1: no abstracts after the header "ACL 2025 Findings"',
      'f-binary.txt:1: binary file (contains NUL bytes), not a text dump',
      'g-latin1.txt:5: not valid UTF-8; save the file as UTF-8 text',
    ]);
    expect(result.papers.map((paper) => paper.sources.length).sort()).toEqual([2, 2, 2]);
    expect(result.stats).toMatchObject({ papers: 3, duplicatesMerged: 3, paragraphs: 12 });
  });

  it('in the seeds plus junk read together: neither hides the other', () => {
    const seeds = readDumpsDir(SEED_DUMPS);
    const junk = readDumpsDir('tests/fixtures/hostile/junk');
    const result = ingestDumps([...seeds, ...junk], taxonomy);
    expectEveryParagraphAccountedFor([...seeds, ...junk], result);
    const alone = (files: DumpFile[]) => ingestDumps(files, taxonomy).papers.length;
    expect(result.papers).toHaveLength(alone(seeds) + alone(junk));
  });
});

/** A real-looking abstract: enough words to pass the junk filter, different for each seed. */
const abstractArbitrary = fc
  .tuple(
    fc.constantFrom('We propose', 'We study', 'This paper introduces', 'We show'),
    fc.array(
      fc.constantFrom(
        'graph neural networks',
        'diffusion models',
        'reinforcement learning',
        'large language models',
        'sparse attention',
        'protein folding',
        'speech recognition',
        'with a new loss',
        'on six benchmarks',
        'at half the cost',
        '$\\mathcal{O}(n)$',
        '\\textbf{FastNet}',
        'https://github.com/example/repo',
        'and',
        'that',
      ),
      { minLength: 18, maxLength: 40 },
    ),
  )
  .map(([opening, words]) => `${opening} ${words.join(' ')}.`);

/** A paragraph an ingest must reject: page furniture, numbers, stray symbols. */
const junkArbitrary = fc.oneof(
  fc.constantFrom('Page 3 of 9', '12', 'Table 2', '* * *', 'arXiv:2501.00001', '<!-- -->'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
);

const lineBreakArbitrary = fc.constantFrom('\n', '\r\n', '\r');
const blankLineArbitrary = fc.constantFrom('', ' ', '\t', '\u00a0', '  \t ', '\u3000');

/** A dump file: a header, then abstracts and junk separated by blank lines, hard-wrapped at random. */
const dumpArbitrary = fc
  .record({
    header: fc.constantFrom('ICLR 2026 Papers', 'NeurIPS 2025', '会议论文 2025', 'Workshop'),
    paragraphs: fc.array(fc.oneof(abstractArbitrary, junkArbitrary), { maxLength: 8 }),
    lineBreak: lineBreakArbitrary,
    blank: blankLineArbitrary,
    wrapAt: fc.integer({ min: 30, max: 200 }),
  })
  .map(({ header, paragraphs, lineBreak, blank, wrapAt }) => {
    const wrap = (text: string) =>
      text.replace(new RegExp(`(.{${wrapAt}}\\S*) `, 'gu'), `$1${lineBreak}`);
    const body = paragraphs.map(wrap).join(`${lineBreak}${blank}${lineBreak}`);
    return `${header}${lineBreak}${lineBreak}${body}${lineBreak}`;
  });

describe('accounting holds for any dumps', () => {
  it('random abstracts, junk, blank lines and line endings, duplicates across files', () => {
    fc.assert(
      fc.property(fc.array(dumpArbitrary, { minLength: 1, maxLength: 3 }), (texts) => {
        // The first dump is read again under another name: each of its abstracts has a copy to merge.
        const files: DumpFile[] = [...texts, texts[0]!].map((text, i) => ({
          name: `${String(i).padStart(3, '0')}.txt`,
          bytes: new TextEncoder().encode(text),
        }));
        expectEveryParagraphAccountedFor(files, ingestDumps(files, taxonomy));
      }),
      { numRuns: 40 },
    );
  });
});
