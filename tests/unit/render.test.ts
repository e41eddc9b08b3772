import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderAbstract, renderParsedAbstract, renderTitleTex } from '../../src/lib/site/render';
import { proseTree } from '../../src/lib/text/markup';

const ACRONYMS = [
  { short: 'RL', long: 'reinforcement learning' },
  { short: 'LLM', long: 'large language model' },
];

/**
 * Renders 3,000 random texts of `token`s (up to `maxLength`, `separator`s between them) with and
 * without the shortcut, expecting the same HTML; returns how many of them `counts`.
 */
function rendersAsParser(
  token: fc.Arbitrary<string>,
  separator: fc.Arbitrary<string>,
  maxLength: number,
  counts: (text: string) => boolean,
): number {
  let counted = 0;
  fc.assert(
    fc.property(fc.array(fc.tuple(token, separator), { minLength: 1, maxLength }), (pairs) => {
      const text = pairs
        .map(([piece, gap], i) => piece + (i < pairs.length - 1 ? gap : ''))
        .join('');
      if (counts(text)) counted += 1;
      expect(renderAbstract(text, ACRONYMS)).toBe(renderParsedAbstract(text, ACRONYMS));
    }),
    { numRuns: 3000 },
  );
  return counted;
}

describe('renderAbstract', () => {
  it('shows TeX typography as printed: font switches, dashes, ties, control spaces, quotes', () => {
    const html = renderAbstract(
      "We study {\\em dynamic} regret---an algorithm of Kullback--Leibler type on datasets~$S$, i.e.\\ the `hard' case.",
    );
    expect(html).toContain('<em>dynamic</em> regret—an algorithm of Kullback–Leibler type');
    expect(html).toContain('datasets\u00a0<span class="katex">');
    expect(html).toContain('i.e. the ‘hard’ case.');
    expect(html).not.toMatch(/[{}~\\]|---|--/);
    // Dashes that are no TeX prose stay as written.
    expect(renderAbstract('a <!-- note --> and the --flag option')).toContain(
      '&#x3C;!-- note --> and the --flag option',
    );
    // A Markdown code span keeps its dashes and backticks' meaning.
    expect(renderAbstract('run `x --y` and `z`')).toContain('<code>x --y</code>');
  });

  it('typesets MathJax-delimited formulas, \\(…\\) and \\[…\\], as dollar ones', () => {
    const html = renderAbstract(
      'The regret is \\(O(\\sqrt{T})\\) where\n\\[\n\\sum_i x_i = 1\n\\]\nholds.',
    );
    expect(html).toContain('<msqrt><mi>T</mi></msqrt>');
    expect(html).toContain('<mo>∑</mo>');
    expect(html).not.toContain('\\sum_i x_i = 1\n');
    expect(html).not.toMatch(/\(O\(/);
    // An escaped backslash opens nothing, and a text with dollars keeps its own pairing.
    expect(renderAbstract('a \\\\(b\\\\) c')).not.toContain('katex');
    expect(renderAbstract('It costs $5 and \\(x\\) more.')).toContain('It costs $5 and (x) more.');
    // Linear in the delimiters, however they fail to pair.
    expect(renderAbstract(`${'\\('.repeat(20_000)}x`)).not.toContain('katex');
  });

  it("shows an author's own macro as its TeX in the text's colour, not in KaTeX's error red", () => {
    const html = renderAbstract('The regret is $\\cO(\\sqrt{T})$ and the bound $n^2$ holds.');
    // The undefined macro as written; the rest of its formula and the next one typeset.
    expect(html).toContain('<mstyle mathcolor="currentColor"><mtext>\\cO</mtext></mstyle>');
    expect(html).toContain('<msqrt><mi>T</mi></msqrt>');
    expect(html).toContain('<msup><mi>n</mi><mn>2</mn></msup>');
    expect(html).not.toMatch(/#cc0000/i);
    // A formula KaTeX gives up on whole (a macro bomb) is its source, in the text's colour too.
    const given = renderAbstract('We use $\\def\\a{\\a\\a}\\a$ here.');
    expect(given).toMatch(
      /class="katex-error"[^>]*style="color:currentColor"|mathcolor="currentColor"/,
    );
    expect(given).not.toMatch(/#cc0000/i);
  });

  it('renders plain prose as one paragraph, escaped, with defined acronyms marked up', () => {
    expect(renderAbstract('We use RL & "LLM" tricks (a < b).', ACRONYMS)).toBe(
      '<p>We use <abbr title="reinforcement learning" tabindex="0">RL</abbr> &#x26; "' +
        '<abbr title="large language model" tabindex="0">LLM</abbr>" tricks (a &#x3C; b).</p>',
    );
  });

  it('renders paired formatting tags as formatting and any other HTML as text', () => {
    expect(renderAbstract('We learn <em>proper losses</em> in H<sub>2</sub>O <b>fast</b>.')).toBe(
      '<p>We learn <em>proper losses</em> in H<sub>2</sub>O <strong>fast</strong>.</p>',
    );
    expect(renderAbstract('A <em onclick="x">y</em> and <script>z</script> and <em>open.')).toBe(
      '<p>A &#x3C;em onclick="x">y&#x3C;/em> and &#x3C;script>z&#x3C;/script> and &#x3C;em>open.</p>',
    );
  });

  it('renders every text exactly as the full parser does (the plain-prose shortcut)', () => {
    // Mostly plain prose, so that the shortcut is taken often; now and then anything that is not.
    const plain = fc.constantFrom(
      ...['We', 'propose', 'RL', 'RLs', 'RL-based', 'LLM', 'naïve', 'Straße', '12.5', '--', "''"],
      ...['(', ')', '.', ',', ':', '1.', '2)', '-', '+', '=', '|', '!', '?', '"', "'", '&', 'R&D'],
      ...[
        'https://github.com/a/b',
        'http://x.org/p?q=1&r=2',
        'https://x.org/a--b.',
        '(https://x.org)',
      ],
    );
    const markup = fc.constantFrom(
      ...['AT&T;', '&amp;', '&#35;', 'https://x.org/~a_b', 'http://x.org/#a', '\\%'],
      ...['\\textbf{X}', '$x$', '$5', '*', '_', '~', '`', '<b>', '#', '[a](b)', '>', '***'],
    );
    const token = fc.oneof({ arbitrary: plain, weight: 30 }, { arbitrary: markup, weight: 1 });
    const separator = fc.oneof(
      { arbitrary: fc.constant(' '), weight: 30 },
      { arbitrary: fc.constantFrom('', '  ', '\t', '    ', '\n', '\u00a0', '\0'), weight: 1 },
    );
    let shortcuts = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(separator, token), { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        fc.boolean(),
        (pairs, leadingGap, withAcronyms) => {
          const text = pairs.map(([gap, piece], i) => (i > 0 || leadingGap ? gap : '') + piece);
          const source = text.join('');
          if (proseTree(source)) shortcuts += 1;
          const acronyms = withAcronyms ? ACRONYMS : [];
          expect(renderAbstract(source, acronyms)).toBe(renderParsedAbstract(source, acronyms));
        },
      ),
      { numRuns: 3000 },
    );
    // The property is worth something only if many texts took the shortcut.
    expect(shortcuts).toBeGreaterThan(600);
  });

  it('renders every text with formulas exactly as the full parser does', () => {
    const token = fc.constantFrom(
      ...['We', 'bound', 'RL', 'by', '12.5', '\\%', '\\&', '\\#', '--', '(', ')', '.', ',', '='],
      ...['$x$', '$x_1$', '$\\alpha$', '$O(n^2)$', '$a<b$', '$\\{a\\}$', '$50\\%$', '$*$', '$&$'],
      ...[
        '$\\frac{1}{2}$',
        '$ 5 $',
        '$5 $',
        '$ x$',
        '$',
        '$$',
        '$$x$$',
        'a$',
        '$b',
        '\\$',
        '$x\\$',
      ],
      ...['$\\textbf{B}$', '$\\href{javascript:x}{y}$', '`', '*', '_', '~', '<b>', '[a](b)'],
      ...['&amp;', 'https://x.org/a', '1.', '-'],
    );
    const separator = fc.constantFrom(' ', ' ', ' ', ' ', '', '  ', '\t', '    ', '\u00a0', '\0');
    const shortcuts = rendersAsParser(token, separator, 20, (text) =>
      Boolean(proseTree(text)?.children.length),
    );
    expect(shortcuts).toBeGreaterThan(150);
  });

  it('renders texts with LaTeX text macros and TeX quotes exactly as the full parser does', () => {
    const token = fc.constantFrom(
      ...['We', 'bound', 'RL', 'by', '12.5', '\\%', '\\&', '--', '(', ')', '.', ',', '$x$'],
      ...['\\textbf{X}', '\\emph{a b}', '\\texttt{c}', '\\textsc{Ab}', '\\cite{k1,k2}'],
      ...['\\footnote{n}', '\\url{https://x.org/a}', '\\url{javascript:x}', '\\unknown{z}'],
      ...['\\textbf{R\\&D}', '\\textbf{50\\%}', '\\emph{$x$}', '\\textbf{}', '\\ref{a}'],
      ...["``q''", '``', "''", '``a"', '\\textbf{\\emph{y}}', '\\textbf{a_b}', '\\textbf{'],
      ...['}', '{', '\\x', '`', '*', 'https://x.org/a', '&amp;', '~'],
    );
    const separator = fc.constantFrom(' ', ' ', ' ', '', '  ', '\u00a0');
    const macros = rendersAsParser(
      token,
      separator,
      16,
      (text) => proseTree(text) !== null && /\\[a-z]+\{/.test(text),
    );
    // Many texts with a macro must have taken the shortcut for the property to mean anything.
    expect(macros).toBeGreaterThan(300);
  });
});

describe('a title with formulas', () => {
  it('is typeset as MathML, its text escaped, with no paragraph around it', () => {
    const html = renderTitleTex('Bounds <b>for</b> $\\ell_p$ & $n^{1.5}$ Norms');
    expect(html).toMatch(/^Bounds &#x3C;b>for&#x3C;\/b> <span class="katex"><math/);
    expect(html.match(/<math /g)).toHaveLength(2);
    expect(html).not.toMatch(/<p>|<b>/);
    expect(html).toContain('<annotation encoding="application/x-tex">\\ell_p</annotation>');
  });
});
