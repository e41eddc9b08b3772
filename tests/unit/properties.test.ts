import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDump, splitDump } from '../../src/lib/ingest/dump';
import { ingestDumps, serializePapers, type DumpFile } from '../../src/lib/pipeline';
import { normalizeAbstract, normalizeWhitespace } from '../../src/lib/ingest/normalize';
import { toPlainText } from '../../src/lib/ingest/plaintext';
import { EMAIL, splitNames } from '../../src/lib/ingest/formats/record';
import { growth } from '../support/growth';
import { loadTaxonomy } from '../../src/lib/enrich/taxonomy';

// Property-based tests of the parser, the normaliser and the ingest over random Unicode, whitespace
// and line endings. Example-based tests of the same modules live in dump/normalize/plaintext/ingest.

const taxonomy = loadTaxonomy('content/taxonomy.yaml');
const encode = (text: string) => new TextEncoder().encode(text);

/** Every kind of space, line break and invisible character a copied PDF or a text editor leaves. */
const SPACES = [' ', '  ', '\t', '\u00a0', '\u2009', '\u3000', '\u200b', '\u00ad', '\ufeff', '\f'];
const LINE_BREAKS = ['\n', '\r\n', '\r'];

/** Text pieces that exercise the normaliser: words in many scripts, hyphen splits, markup. */
const token = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.constantFrom(
    ...['multi-', 'task', 'ref-', 'erencing', 'pre-', 'and', 'post-training', 'GPT-', '4', '-'],
    ...['naïve', 'Cafe\u0301', 'ﬁne', 'Straße', 'نموذج', 'מודל', '👩‍🔬', '\u202e', '\u200d'],
    ...['$x^2$', '\\textbf{A}', '**b**', '<script>', '`c`', 'https://a.org/x-', '--', "''"],
  ),
  fc.constantFrom(...SPACES),
);
/** One line of a file: anything but a line break. */
const lineArbitrary = fc
  .array(token, { maxLength: 12 })
  .map((tokens) => tokens.join('').replace(/[\r\n]/g, ''));
const linesArbitrary = fc.array(lineArbitrary, { minLength: 1, maxLength: 6 });

describe('normalizeWhitespace', () => {
  it('gives one trimmed NFC line with single plain spaces, and is idempotent', () => {
    fc.assert(
      fc.property(lineArbitrary, (line) => {
        const normal = normalizeWhitespace(line);
        expect(normal).toBe(normal.trim());
        expect(normal).not.toMatch(/ {2}|[\t\n\r\f\u00a0\u3000\u200b\u00ad\ufeff]/);
        expect(normal).toBe(normal.normalize('NFC'));
        expect(normalizeWhitespace(normal)).toBe(normal);
      }),
      { numRuns: 500 },
    );
  });
});

describe('normalizeAbstract', () => {
  it('is idempotent: a normalised abstract normalises to itself', () => {
    fc.assert(
      fc.property(linesArbitrary, (lines) => {
        const normal = normalizeAbstract(lines);
        expect(normalizeAbstract([normal])).toBe(normal);
      }),
      { numRuns: 500 },
    );
  });

  it('does not depend on where the text was hard-wrapped (between words)', () => {
    const words = fc.array(
      fc.oneof(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
        fc.constantFrom('multi-task', 'pre- and', 'naïve', 'ref-erencing', '$O(1)$', 'GPT-4'),
      ),
      { minLength: 1, maxLength: 20 },
    );
    fc.assert(
      fc.property(words, fc.array(fc.boolean(), { maxLength: 20 }), (raw, breaks) => {
        // A wrap after a word ending in a hyphen means something else (`GPT-` + `4`): not tested here.
        const wordList = raw.map((w) => w.replace(/\s/g, '')).filter((w) => w !== '');
        const oneLine = wordList.join(' ');
        const wrapped: string[] = [''];
        wordList.forEach((word, i) => {
          const breakHere = breaks[i] && i > 0 && !wordList[i - 1]!.endsWith('-');
          if (breakHere) wrapped.push(word);
          else wrapped[wrapped.length - 1] += `${wrapped.at(-1) === '' ? '' : ' '}${word}`;
        });
        expect(normalizeAbstract(wrapped)).toBe(normalizeAbstract([oneLine]));
      }),
      { numRuns: 500 },
    );
  });
});

describe('toPlainText', () => {
  it('never throws and always reads as one trimmed line without double spaces', () => {
    fc.assert(
      fc.property(linesArbitrary, (lines) => {
        const abstract = normalizeAbstract(lines);
        const text = toPlainText(abstract);
        expect(text).toBe(text.trim());
        expect(text).not.toMatch(/[\n\r]| {2}/);
      }),
      { numRuns: 300 },
    );
  });
});

/** A dump: header, paragraphs of random lines, random blank separators and line endings. */
const dumpTextArbitrary = fc
  .record({
    leading: fc.array(fc.constantFrom('', ' ', '\t'), { maxLength: 2 }),
    header: lineArbitrary,
    paragraphs: fc.array(linesArbitrary, { maxLength: 6 }),
    blank: fc.constantFrom('', ' ', '\t', '\u00a0 ', '\u3000'),
    lineBreak: fc.constantFrom(...LINE_BREAKS),
    trailing: fc.boolean(),
  })
  .map(({ leading, header, paragraphs, blank, lineBreak, trailing }) => {
    const lines = [...leading, header];
    for (const paragraph of paragraphs) lines.push(blank, ...paragraph);
    return { text: lines.join(lineBreak) + (trailing ? lineBreak : ''), lineBreak };
  });

describe('splitDump', () => {
  it('keeps every non-blank line after the header, in order, with its true line number', () => {
    fc.assert(
      fc.property(dumpTextArbitrary, ({ text }) => {
        const dump = splitDump('d.txt', text);
        const lines = text.split(/\r\n|\r|\n/);
        const isBlank = (line: string) => line.trim() === '';
        const headerAt = lines.findIndex((line) => !isBlank(line));
        if (headerAt === -1) {
          expect([...dump.paragraphs]).toEqual([]);
          expect(dump.problems.map((p) => p.line)).toEqual([1]);
          return;
        }
        expect(dump.header).toBe(normalizeWhitespace(lines[headerAt]!));
        const bodyLines = lines.slice(headerAt + 1).filter((line) => !isBlank(line));
        expect([...dump.paragraphs].flatMap((p) => p.lines)).toEqual(bodyLines);
        [...dump.paragraphs].forEach((paragraph, i) => {
          expect(paragraph.index).toBe(i + 1);
          expect(lines[paragraph.line - 1]).toBe(paragraph.lines[0]);
          const previous = paragraph.line - 2;
          expect(previous === headerAt || isBlank(lines[previous]!)).toBe(true);
        });
        for (const problem of dump.problems) {
          expect(problem.line).toBeGreaterThanOrEqual(1);
          expect(problem.line).toBeLessThanOrEqual(lines.length);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reads LF, CRLF and lone-CR files alike', () => {
    fc.assert(
      fc.property(dumpTextArbitrary, ({ text, lineBreak }) => {
        const as = (other: string) => splitDump('d.txt', text.split(lineBreak).join(other));
        const lf = as('\n');
        expect(as('\r\n')).toEqual(lf);
        expect(as('\r')).toEqual(lf);
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseDump', () => {
  it('never throws on arbitrary bytes and reports problems at a line inside the file', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        const dump = parseDump('x.txt', bytes);
        const lineCount = Buffer.from(bytes)
          .toString('latin1')
          .split(/\r\n|\r|\n/).length;
        for (const problem of dump.problems) {
          expect(problem.file).toBe('x.txt');
          expect(Number.isInteger(problem.line) && problem.line >= 1).toBe(true);
          expect(problem.line).toBeLessThanOrEqual(lineCount);
        }
        if (dump.header === null) expect([...dump.paragraphs]).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });
});

/** A set of dump files with random names and random (mostly textual) content. */
const filesArbitrary = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: dumpTextArbitrary.map(({ text }) => encode(text)) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) },
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((contents) => contents.map((bytes, i): DumpFile => ({ name: `${i}-dump.txt`, bytes })));

/** Real abstracts, so that random files also produce records whose slugs can be compared. */
const SEED_ABSTRACTS = [
  'We propose a graph neural network for molecule property prediction that uses three-dimensional ' +
    'geometry and improves accuracy on eleven benchmarks while halving training time.',
  'We study reinforcement learning from human feedback and show that reward models overfit to ' +
    'response length; a simple length penalty removes most of the bias without hurting quality.',
];
const withAbstracts = (files: DumpFile[]): DumpFile[] => [
  { name: 'seed.txt', bytes: encode(`Seed venue\n\n${SEED_ABSTRACTS.join('\n\n')}\n`) },
  ...files,
];

describe('ingestDumps', () => {
  it('never throws, and reports every problem at a line of the file it names', () => {
    fc.assert(
      fc.property(filesArbitrary, (files) => {
        const result = ingestDumps(files, taxonomy);
        const lineCounts = new Map(
          files.map((f) => [
            f.name,
            Buffer.from(f.bytes)
              .toString('latin1')
              .split(/\r\n|\r|\n/).length,
          ]),
        );
        for (const problem of result.problems) {
          expect(lineCounts.has(problem.file)).toBe(true);
          expect(problem.line).toBeGreaterThanOrEqual(1);
          expect(problem.line).toBeLessThanOrEqual(lineCounts.get(problem.file)!);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('gives the same records, byte for byte, for the same files in any order', () => {
    fc.assert(
      fc.property(filesArbitrary.map(withAbstracts), fc.integer(), (files, seed) => {
        const shuffled = [...files].sort(
          (a, b) => hash(`${seed}${a.name}`) - hash(`${seed}${b.name}`),
        );
        const first = ingestDumps(files, taxonomy);
        const again = ingestDumps(shuffled, taxonomy);
        expect(serializePapers(again.papers)).toBe(serializePapers(first.papers));
        expect(again.problems).toEqual(first.problems);
      }),
      { numRuns: 40 },
    );
  });

  it('never changes the slug of a paper when another dump is added', () => {
    fc.assert(
      fc.property(filesArbitrary.map(withAbstracts), filesArbitrary, (before, added) => {
        const renamed = added.map((file) => ({ ...file, name: `added-${file.name}` }));
        const slugs = new Map(ingestDumps(before, taxonomy).papers.map((p) => [p.id, p.slug]));
        const after = ingestDumps([...before, ...renamed], taxonomy).papers;
        for (const paper of after) {
          if (slugs.has(paper.id)) expect(paper.slug).toBe(slugs.get(paper.id));
        }
        expect(after.filter((paper) => slugs.has(paper.id))).toHaveLength(slugs.size);
      }),
      { numRuns: 40 },
    );
  });
});

/** A small stable string hash, to shuffle files in an order fast-check can replay. */
function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

describe('the e-mail pattern of structured readers', () => {
  // The pattern as it was before its local part had to start after a separator (quadratic on a
  // long run of its own characters): the linear one removes exactly what it removed.
  const QUADRATIC = /<?[^\s<>@,;]+@[^\s<>@,;]+\.[a-z]{2,}>?/gi;

  it('removes the same addresses as the quadratic pattern it replaced', () => {
    const piece = fc.constantFrom(
      'a',
      'bo',
      '@',
      '.',
      'org',
      '<',
      '>',
      ' ',
      ',',
      ';',
      ')',
      '(',
      '.x',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        expect(text.replace(EMAIL, '')).toBe(text.replace(QUADRATIC, ''));
      }),
      { numRuns: 2000 },
    );
  });

  it('takes linear time on a long run of a name character', () => {
    const run = ')'.repeat(20_000);
    expect(splitNames(`${run}, Jane Doe <jane@example.org>`)).toEqual([run, 'Jane Doe']);
    // CPU-time ratio for 8× the input (tests/support/growth.ts): linear ≈ 8, quadratic ≈ 64.
    const ratio = growth(
      (size) => ')'.repeat(size),
      (names) => splitNames(names),
      2_500,
      8,
      3,
    );
    expect(ratio).toBeLessThan(24);
  });
});
