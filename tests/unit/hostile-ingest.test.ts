/**
 * Issue 13: dumps a hostile contributor or messy real data would bring. Every input is generated
 * here; each case must end fast with `path:line: reason`, or be accepted and render.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_ABSTRACT_CHARS, countWords } from '../../src/lib/ingest/dump';
import {
  formatProblem,
  ingestDumps,
  printable,
  readDumpsDir,
  type DumpFile,
} from '../../src/lib/pipeline';
import type { Taxonomy } from '../../src/lib/schema';
import { renderAbstract } from '../../src/lib/site/render';
import { contributionTypes } from '../../src/lib/enrich/contribution';
import { MAX_NESTING_DEPTH, trimUrl } from '../../src/lib/text/markup';
import { growth } from '../support/growth';
import { toPlainText } from '../../src/lib/ingest/plaintext';

const TAXONOMY: Taxonomy = {
  topics: [{ slug: 'rl', label: 'RL', description: 'Reinforcement learning.', terms: ['policy'] }],
};
const PROSE =
  'We propose a simple method for learning policies from offline data that improves the return ' +
  'of the learned policy on many continuous control tasks and scales to large datasets.';
const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const dump = (name: string, ...abstracts: string[]): DumpFile => ({
  name,
  bytes: encode(['Hostile 2026', '', ...abstracts.flatMap((a) => [a, ''])].join('\n')),
});
const problemLines = (files: DumpFile[]) =>
  ingestDumps(files, TAXONOMY).problems.map((problem) => formatProblem(problem));

describe('symlinks in the dumps folder', () => {
  const work = mkdtempSync(join(tmpdir(), 'hostile-links-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const dumps = join(work, 'dumps');
  mkdirSync(dumps);
  writeFileSync(
    join(work, 'secret.txt'),
    `Secrets\n\nextraheader = AUTHORIZATION: basic ${PROSE}\n`,
  );
  writeFileSync(join(dumps, 'good.txt'), `Good 2026\n\n${PROSE}\n`);
  symlinkSync('../secret.txt', join(dumps, 'notes.txt'));
  symlinkSync(join(work, 'secret.txt'), join(dumps, 'absolute.txt'));
  symlinkSync('/etc/passwd', join(dumps, 'x.txt'));
  symlinkSync('missing.txt', join(dumps, 'dangling.txt'));
  symlinkSync('loop-b.txt', join(dumps, 'loop-a.txt'));
  symlinkSync('loop-a.txt', join(dumps, 'loop-b.txt'));
  symlinkSync('good.txt', join(dumps, 'same-folder.txt'));

  it('refuses links out of the folder, reports broken ones, and still reads the rest', () => {
    const files = readDumpsDir(dumps);
    const result = ingestDumps(files, TAXONOMY);
    expect(result.problems.map((problem) => formatProblem(problem, dumps))).toEqual([
      `${dumps}/absolute.txt:1: symlink leaves the dumps folder`,
      `${dumps}/dangling.txt:1: dangling symlink (its target does not exist)`,
      `${dumps}/loop-a.txt:1: symlink loop`,
      `${dumps}/loop-b.txt:1: symlink loop`,
      `${dumps}/notes.txt:1: symlink leaves the dumps folder`,
      `${dumps}/x.txt:1: symlink leaves the dumps folder`,
    ]);
    // The link inside the folder is read: its copy merges into the same paper.
    expect(result.papers).toHaveLength(1);
    expect(result.papers[0]?.sources.map((source) => source.file)).toEqual([
      'good.txt',
      'same-folder.txt',
    ]);
    const published = JSON.stringify(result.papers);
    expect(published).not.toContain('AUTHORIZATION');
    expect(published).not.toContain('root:');
  });
});

describe('markup nested past what the renderer can walk', () => {
  const cases: [string, string][] = [
    ['2,000 > at the start', `${'>'.repeat(2000)} ${PROSE}`],
    ['1,800 > at the start', `${'>'.repeat(1800)} ${PROSE}`],
    ['1,000 nested list markers', `${'- + '.repeat(1000)}${PROSE}`],
    ['4,000 nested *', `${PROSE} ${'*'.repeat(4000)}deep${'*'.repeat(4000)}`],
    ['*a _ ×1000 … _ b* ×1000', `${PROSE} ${'*a _'.repeat(1000)}x${'_ b*'.repeat(1000)}`],
    ['2,000 nested TeX groups', `${PROSE} $${'{'.repeat(2000)}x${'}'.repeat(2000)}$`],
    ['1,000 \\left(', `${PROSE} $${'\\left('.repeat(1000)}x${'\\right)'.repeat(1000)}$`],
  ];
  it.each(cases)('%s: reported as path:line, never a stack overflow', (_, abstract) => {
    const lines = problemLines([dump('deep.txt', PROSE.replace('simple', 'plain'), abstract)]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^deep\.txt:5: (markup nested too deeply|too much emphasis markup)/);
  });

  it('renders whatever the ingest accepts, up to the shared limit', () => {
    const depth = MAX_NESTING_DEPTH;
    const atLimit = [
      `${'> '.repeat(depth - 4)}${PROSE}`,
      `${PROSE} ${'*a _'.repeat(40)}x${'_ b*'.repeat(40)}`,
      `${PROSE} ${'**'.repeat(60)}x${'**'.repeat(60)}`,
      `${PROSE} $${'{'.repeat(depth)}x${'}'.repeat(depth)}$ and $${'\\sqrt{'.repeat(depth)}x${'}'.repeat(depth)}$`,
      `${PROSE} ${'\\textbf{'.repeat(depth)}bold${'}'.repeat(depth)}`,
      `${PROSE} ${'[['.repeat(200)}x${'](https://example.org/)'.repeat(200)}`,
    ];
    for (const abstract of atLimit) {
      const result = ingestDumps([dump('edge.txt', abstract)], TAXONOMY);
      // Either a clear problem, or a paper whose page renders.
      for (const problem of result.problems) expect(problem.reason).toMatch(/nested|emphasis/);
      for (const paper of result.papers) expect(renderAbstract(paper.abstract)).toContain('<p>');
    }
    // The plain cases at the limit must be accepted, not just rejected safely.
    const accepted = ingestDumps(
      [dump('edge.txt', atLimit[0]!, atLimit[3]!, atLimit[4]!)],
      TAXONOMY,
    );
    expect(accepted.problems).toEqual([]);
    expect(accepted.papers).toHaveLength(3);
  });
});

describe('bounded time', () => {
  it('reports an abstract over the size limit as path:line without processing it', () => {
    const huge = `${PROSE} ${'*a* $x$ [b](https://example.org/) '.repeat(150_000)}`;
    const started = performance.now();
    const lines = problemLines([dump('huge.txt', huge)]);
    expect(lines).toEqual([
      `huge.txt:3: abstract too long: ${huge.length.toLocaleString('en')} characters (at most ${MAX_ABSTRACT_CHARS.toLocaleString('en')})`,
    ]);
    // Generous: the point is "seconds, not minutes" (it took over 400 s before the limit).
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('trims URLs and finds contribution types in time linear in their length', () => {
    const url = (n: number) => `https://example.org/${')'.repeat(n)}`;
    expect(growth(url, trimUrl, 20_000)).toBeLessThan(24);
    const word = (n: number) => `We introduce ${'x'.repeat(n)}, a benchmark. ${PROSE}`;
    expect(growth(word, contributionTypes, 5_000)).toBeLessThan(24);
    expect(contributionTypes(word(50_000))).toContain('method');
  });

  it('pairs HTML formatting tags in time linear in their number, nested at most 4 deep', () => {
    const tags = (n: number) =>
      `We propose ${'<em> x '.repeat(n)}</em> and ${'<b>y</b> '.repeat(n)}`;
    expect(growth(tags, toPlainText, 300)).toBeLessThan(24);
    const html = renderAbstract(`${'<em>'.repeat(10)}deep${'</em>'.repeat(10)}`);
    expect(html.match(/<em>/g)).toHaveLength(4);
    expect(html).toContain('&#x3C;em>');
  });

  it('stops a TeX macro bomb at KaTeX maxExpand: the formula reads as its source', () => {
    const doubling = 'abcdefghijklmnop'
      .split('')
      .map((name, i) =>
        i === 0
          ? `\\def\\${name}{xx}`
          : `\\def\\${name}{\\${'abcdefghijklmnop'[i - 1]}\\${'abcdefghijklmnop'[i - 1]}}`,
      )
      .join('');
    const bomb = `${PROSE} $${doubling}\\p$`;
    const html = renderAbstract(bomb);
    expect(html).toContain('katex-error');
    expect(html.length).toBeLessThan(20_000);
  });

  it('trims a URL followed by 30,000 ) as a reader would', () => {
    expect(trimUrl(`https://example.org/${')'.repeat(30_000)}`)).toBe('https://example.org/');
    expect(trimUrl('https://en.wikipedia.org/wiki/Foo_(bar)).')).toBe(
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    );
  });
});

describe('Chinese and Japanese abstracts', () => {
  const chinese =
    '我们提出了一种新的强化学习方法，用于从离线数据中学习策略。该方法在多个连续控制任务上显著提高了策略的回报，' +
    '并且可以扩展到大规模数据集。实验结果表明，我们的方法优于现有的基线方法。我们还分析了方法的理论性质，' +
    '证明了其收敛性，并公开了全部代码和数据，以便其他研究者复现我们的结果。';
  const japanese =
    '本論文では、オフラインデータから方策を学習するための新しい強化学習手法を提案する。提案手法は多くの連続制御タスクにおいて' +
    '方策の収益を大幅に改善し、大規模なデータセットにも適用できる。実験により既存手法を上回ることを示す。';

  it('counts their words without spaces', () => {
    expect(countWords(chinese)).toBeGreaterThanOrEqual(20);
    expect(countWords(japanese)).toBeGreaterThanOrEqual(20);
    expect(countWords('two words')).toBe(2);
  });

  it('ingests them as papers', () => {
    const result = ingestDumps([dump('cjk.txt', chinese, japanese)], TAXONOMY);
    expect(result.problems.map((problem) => formatProblem(problem))).toEqual([]);
    expect(result.papers.map((paper) => paper.abstract).sort()).toEqual([chinese, japanese].sort());
  });
});

describe('UTF-16 dumps', () => {
  const text = `Papers 2026\n\n${PROSE}\n`;
  const utf16le = (withMark: boolean) => {
    const body = Buffer.from(text, 'utf16le');
    return withMark ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : body;
  };
  const utf16be = () =>
    Buffer.from(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])).swap16();

  it.each([
    ['little-endian with a byte-order mark', utf16le(true)],
    ['little-endian without a mark', utf16le(false)],
    ['big-endian with a byte-order mark', utf16be()],
  ])('%s: "UTF-16 text; save as UTF-8"', (_, bytes) => {
    expect(problemLines([{ name: 'wide.txt', bytes }])).toEqual([
      'wide.txt:1: UTF-16 text; save as UTF-8',
    ]);
  });
});

describe('printed paths', () => {
  it('escapes control characters, so a name can neither run escape codes nor forge a line', () => {
    const forged = 'a.txt:1: fake problem\n\u001b[31mred\u202eb.txt';
    const line = formatProblem({ file: forged, line: 3, reason: 'empty file' });
    expect(line).toBe('a.txt:1: fake problem\\n\\x1b[31mred\\u202eb.txt:3: empty file');
    expect([...line].some((char) => char < ' ' || char === '\u007f' || char === '\u202e')).toBe(
      false,
    );
    expect(printable('plain/path.txt')).toBe('plain/path.txt');
  });
});
