import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsedPlainText, texToText, toPlainText } from '../../src/lib/ingest/plaintext';

describe('toPlainText: LaTeX', () => {
  it.each([
    ['up to 12.5$\\times$ higher', 'up to 12.5× higher'],
    ['with $\\mathcal{O}(1)$ model evaluations', 'with O(1) model evaluations'],
    ['the \\textbf{Webscale-RL} dataset', 'the Webscale-RL dataset'],
    ['the \\textbf{\\texttt{Webscale-RL} pipeline}, a', 'the Webscale-RL pipeline, a'],
    ['a $\\textbf{R}$esponse-$\\textbf{c}$onditioned model', 'a Response-conditioned model'],
    ["leads to ``blind faith'' in text", 'leads to “blind faith” in text'],
    ['leads to ``blind faith" in text', 'leads to “blind faith” in text'],
    ['drops by 10--40\\% \\& more', 'drops by 10–40% & more'],
    ['\\emph{a} \\textit{b} \\texttt{c} \\textsc{d}', 'a b c d'],
    ['as in Fig.~3 and et~al.', 'as in Fig. 3 and et al.'],
    ['with $53$% published', 'with 53% published'],
    // LaTeX 2.09 font switches, TeX's control space and a tie before a formula.
    [
      'of {\\em dynamic} regret and {\\bf strong}, {\\rm plain} bounds',
      'of dynamic regret and strong, plain bounds',
    ],
    [
      'drawn i.i.d.\\ from a law, resp.\\ underdamped',
      'drawn i.i.d. from a law, resp. underdamped',
    ],
    ["datasets~$S,S'$ of size~$n$", 'datasets S, S′ of size n'],
    ["the `best-of-both-worlds' regime", 'the ‘best-of-both-worlds’ regime'],
    ['an unknown \\ergraph is kept', 'an unknown ergraph is kept'],
  ])('%s → %s', (source, text) => {
    expect(toPlainText(source)).toBe(text);
  });

  it('reads a command named like an object property as any unknown command', () => {
    expect(toPlainText('a \\toString{b} and \\constructor{c} here')).toBe('a b and c here');
  });

  it('keeps a tilde that means "about" (space before it)', () => {
    expect(toPlainText('over ~20 turns')).toBe('over ~20 turns');
  });
});

describe('toPlainText: MathJax delimiters', () => {
  it('reads \\(…\\) and \\[…\\] as formulas, as the page does', () => {
    expect(toPlainText('A bound \\(O(\\sqrt{T})\\) for \\(T \\ge 1\\).')).toBe(
      'A bound O(√T) for T ≥ 1.',
    );
    expect(toPlainText('The loss\n\\[ \\sum_i x_i \\]\nholds.')).toBe('The loss ∑ᵢ xᵢ holds.');
    // Unpaired, empty or across a blank line: the parenthesis as written.
    expect(toPlainText('An \\(open one, and \\( \\) empty.')).toBe('An (open one, and ( ) empty.');
    expect(toPlainText('\\(a\n\nb\\)')).toBe('(a b)');
  });
});

describe('toPlainText: Markdown', () => {
  it.each([
    [
      'by ***Dro**pping the **P**ositional **E**mbeddings*',
      'by Dropping the Positional Embeddings',
    ],
    ['the molecular orientation as _sole_ input', 'the molecular orientation as sole input'],
    ['see [our code](https://github.com/a/b) now', 'see our code (https://github.com/a/b) now'],
  ])('%s → %s', (source, text) => {
    expect(toPlainText(source)).toBe(text);
  });

  it('keeps a lone asterisk, snake_case and prices', () => {
    const text = 'V* Bench uses snake_case ids and costs $5 and $10 per run';
    expect(toPlainText(text)).toBe(text);
  });

  it('keeps raw HTML as literal text, but reads paired formatting tags as their words', () => {
    expect(toPlainText('we escape <script>alert(1)</script> & <b onclick="x">tags</b>')).toBe(
      'we escape <script>alert(1)</script> & <b onclick="x">tags</b>',
    );
    // As PMLR abstracts write emphasis; an unpaired tag is text the authors typed.
    expect(toPlainText('We propose <em>iterative inversion</em>, H<sub>2</sub>O and <i>a')).toBe(
      'We propose iterative inversion, H2O and <i>a',
    );
  });

  it('keeps URLs intact, tilde and underscores included', () => {
    expect(toPlainText('at https://cs.x.edu/~bob/my_tool.')).toBe(
      'at https://cs.x.edu/~bob/my_tool.',
    );
  });

  it('keeps the numbers of a paragraph that starts like a list', () => {
    expect(toPlainText('1. We propose a method that works.')).toBe(
      '1. We propose a method that works.',
    );
  });
});

describe('texToText', () => {
  it.each([
    ['\\tilde{O}(d^2)', 'Õ(d²)'],
    ['\\mathbb{R}^d', 'ℝᵈ'],
    ['\\Omega(d^2)', 'Ω(d²)'],
    ['O(1/\\sqrt{K})', 'O(1/√K)'],
    ['\\ell_\\infty', 'ℓ_∞'],
    ['\\ell_2', 'ℓ₂'],
    ['x^{2k+1}', 'x²ᵏ⁺¹'],
    ['10^{-3}', '10⁻³'],
    ['a \\leq b \\cdot c', 'a ≤ b · c'],
    ['x \\approx y \\pm z \\to \\infty', 'x ≈ y ± z → ∞'],
    ['\\alpha\\beta\\gamma', 'αβγ'],
    ['\\frac{a+b}{c}', '(a + b)/c'],
    ['n \\log n', 'n log n'],
    ['x_{i,j}', 'x_(i,j)'],
  ])('%s → %s', (tex, text) => {
    expect(texToText(tex)).toBe(text);
  });

  it('reads a formula KaTeX cannot parse without its backslashes and braces', () => {
    expect(texToText('\\frac{a')).toBe('frac a');
  });
});

describe('the parser shortcut', () => {
  it('reads every text exactly as the full parser does', () => {
    const token = fc.constantFrom(
      ...['We', 'propose', 'naïve', 'Straße', '12.5', '\\%', '\\&', '\\#', '--', '---', "''", '"'],
      ...[
        '(',
        ')',
        '.',
        ',',
        ':',
        '1.',
        '2)',
        '-',
        '+',
        '=',
        '|',
        '!',
        '?',
        'R&D',
        'AT&T;',
        '&amp;',
      ],
      ...[
        'https://github.com/a/b',
        'https://x.org/a--b',
        'http://x.org/p?q=1',
        '\t',
        '    ',
        '\u0000',
        '\u00a0',
        'é',
        '$5',
        '*',
        '_',
        '~',
        '\\textbf{X}',
        '<b>',
        '#',
      ],
    );
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 25 }), (tokens) => {
        const text = tokens.join(' ');
        expect(toPlainText(text)).toBe(parsedPlainText(text));
      }),
      { numRuns: 500 },
    );
  });

  it('reads every text with formulas exactly as the full parser does', () => {
    const token = fc.constantFrom(
      ...['We', 'bound', 'it', 'by', '12.5', '\\%', '\\&', '\\#', '--', '(', ')', '.', ',', '='],
      ...['$x$', '$x_1$', '$\\alpha$', '$O(n^2)$', '$a<b$', '$\\{a\\}$', '$50\\%$', '$*$'],
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
      ...[
        '\\textbf{X}',
        '\\emph{a b}',
        '\\texttt{c}',
        '\\cite{k}',
        '\\footnote{n}',
        '\\unknown{z}',
      ],
      ...['\\url{https://x.org/a}', '\\textbf{R\\&D}', '\\emph{$x$}', '\\textbf{a_b}', '}', '{'],
      ...["``q''", '``', "''", '``a"', '\\textbf{\\emph{y}}', '\\textbf{', '\\x'],
      ...[
        '$\\textbf{B}$',
        '`',
        '*',
        '_',
        '~',
        '<b>',
        '[a](b)',
        '&amp;',
        'https://x.org/a--b',
        '1.',
        '-',
      ],
    );
    const separator = fc.constantFrom(' ', '', '  ', '\t', '    ', '\u00a0', '\u0000');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(token, separator), { minLength: 1, maxLength: 20 }),
        (pairs) => {
          const text = pairs.map(([piece, gap]) => piece + gap).join('');
          expect(toPlainText(text)).toBe(parsedPlainText(text));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
