/**
 * What a reader sees of an abstract, as plain text: the same document tree the page is rendered from
 * (remark + remark-math + markup.ts), flattened, with every formula read back from KaTeX's MathML as
 * Unicode (`12.5$\times$` → `12.5×`, `$\mathcal{O}(1)$` → `O(1)`, `$x^2$` → `x²`).
 */
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Nodes as MdastNodes } from 'mdast';
import rehypeKatex from 'rehype-katex';
import { unified } from 'unified';
import {
  KATEX_LIMITS,
  LEADING_MARKUP,
  MARKUP,
  parseAbstract,
  proseTree,
  URL_PATTERN,
} from '../text/markup';

const katex = unified()
  .use(rehypeKatex, { ...KATEX_LIMITS, output: 'mathml', strict: 'ignore', trust: false })
  .freeze();

/*
 * An abstract without MARKUP or LEADING_MARKUP (markup.ts) reads exactly as written, so it skips the
 * parser (an abstract takes ~0.4 ms through remark; most real ones have no markup). `\%` and `\&`
 * alone are common enough to be unescaped here rather than parsed.
 */
const PLAIN_ESCAPES = /\\([%&])/g;

/** The abstract as a reader sees it: no `$`, LaTeX commands, braces or Markdown markers. */
export function toPlainText(abstract: string): string {
  const unescaped = abstract.replace(PLAIN_ESCAPES, '$1');
  if (!MARKUP.test(unescaped) && !LEADING_MARKUP.test(unescaped) && !urlMayHoldDashes(unescaped)) {
    return finishText([{ text: unescaped, verbatim: false }]);
  }
  return mathOnlyPlainText(abstract) ?? parsedPlainText(abstract);
}

/**
 * The parser links URLs, and a link's text is kept verbatim, so the prose clean-up (`--` → `–`)
 * must not reach a URL that holds `--`: prose with both goes through the parser.
 */
function urlMayHoldDashes(prose: string): boolean {
  return prose.includes('--') && PROSE_URL.test(prose);
}

/** A URL in the prose (the parser links it). */
const PROSE_URL = new RegExp(URL_PATTERN.source, 'i');

/**
 * The plain text of an abstract whose only markup is inline formulas and `\%`, `\&` (`proseTree`
 * in markup.ts, which the page's renderer also uses): the parser's text without the parser. Null
 * for anything else, which then goes through {@link parsedPlainText}; the unit tests hold the two
 * equal on random texts.
 */
function mathOnlyPlainText(abstract: string): string | null {
  const tree = proseTree(abstract);
  return tree ? finishText(flatten(tree)) : null;
}

/** {@link toPlainText} without the shortcut: always through the Markdown and math parsers. */
export function parsedPlainText(abstract: string): string {
  const tree = parseAbstract(abstract);
  return finishText(flatten(tree));
}

/** A run of output text; verbatim runs (formulas, URLs) are not touched by the text clean-up. */
interface Segment {
  text: string;
  verbatim: boolean;
}

/** Nodes whose children run on in one line; children of any other node are blocks, kept apart. */
const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'emphasis', 'strong', 'delete', 'link']);

function flatten(node: MdastNodes): Segment[] {
  switch (node.type) {
    case 'text':
      return [{ text: node.value, verbatim: false }];
    case 'inlineCode':
      return [{ text: node.value, verbatim: false }];
    case 'inlineMath':
    case 'math':
      return [{ text: texToText(node.value), verbatim: true }];
    case 'link':
      return linkSegments(node.url, node.children.flatMap(flatten));
    case 'image':
      return [{ text: node.alt ?? '', verbatim: false }];
    case 'break':
      return [{ text: ' ', verbatim: false }];
    case 'list':
      // The page numbers an ordered list; the text keeps the numbers the author typed.
      return node.children.flatMap((item, i) => [
        { text: i > 0 ? ' ' : '', verbatim: false },
        { text: node.ordered ? `${(node.start ?? 1) + i}. ` : '', verbatim: false },
        ...flatten(item),
      ]);
    default:
      if (!('children' in node)) return [];
      return node.children.flatMap((child, i) => {
        const gap: Segment[] =
          i > 0 && !PHRASING_PARENTS.has(node.type) ? [{ text: ' ', verbatim: false }] : [];
        return [...gap, ...flatten(child)];
      });
  }
}

/** A link reads as its text, followed by the URL in brackets when the text is not the URL itself. */
function linkSegments(url: string, label: Segment[]): Segment[] {
  const labelText = label.map((segment) => segment.text).join('');
  if (labelText.trim() === '' || labelText.trim() === url) return [{ text: url, verbatim: true }];
  return [
    ...label,
    { text: ' (', verbatim: false },
    { text: url, verbatim: true },
    { text: ')', verbatim: false },
  ];
}

/** Typography LaTeX writes as ASCII, and leftovers of macros, in prose only. */
function cleanProse(text: string): string {
  if (!/--|\\|[{}]/.test(text)) return text;
  return text
    .replace(/---/g, '—')
    .replace(/--/g, '–')
    .replace(/\\([a-zA-Z]+)/g, '$1')
    .replace(/[{}]/g, '');
}

function finishText(segments: Segment[]): string {
  const joined = segments.map((s) => (s.verbatim ? s.text : cleanProse(s.text))).join('');
  if (!/[^\x20-\x7E]/.test(joined)) return joined.replace(/ {2,}/g, ' ').trim();
  return joined
    .normalize('NFC')
    .replace(/[\p{Zs}\t\n\r]+/gu, ' ')
    .trim();
}

const mathCache = new Map<string, string>();

/** One TeX formula as Unicode text (`\tilde{O}(d^2)` → `Õ(d²)`), through KaTeX's MathML. */
export function texToText(tex: string): string {
  const cached = mathCache.get(tex);
  if (cached !== undefined) return cached;
  const text = renderTex(tex);
  mathCache.set(tex, text);
  return text;
}

function renderTex(tex: string): string {
  const root: HastRoot = {
    type: 'root',
    children: [
      {
        type: 'element',
        tagName: 'span',
        properties: { className: ['math-inline'] },
        children: [{ type: 'text', value: tex }],
      },
    ],
  };
  const rendered = katex.runSync(root) as HastRoot;
  const math = findElement(rendered, (el) => el.tagName === 'math');
  if (math) return mathText(math, false).trim().normalize('NFC');
  return texFallback(tex);
}

/** KaTeX could not parse the formula: drop command backslashes and braces, keep everything else. */
function texFallback(tex: string): string {
  return tex
    .replace(/\\([a-zA-Z]+)\s*/g, '$1 ')
    .replace(/\\(.)/g, '$1')
    .replace(/[{}$]/g, '')
    .trim();
}

function findElement(node: HastRoot | Element, test: (el: Element) => boolean): Element | null {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) return child;
    const found = findElement(child, test);
    if (found) return found;
  }
  return null;
}

/** Operators read with a space on each side when something stands on both sides (`a ≤ b`). */
const SPACED_OPERATORS = new Set([...'=≠<>≤≥≈∼≃≅≡∝→←↔⇒⇐⇔↦∈∉⊂⊆⊃⊇+−±∓×·÷∪∩∧∨≪≫≺≻⊕⊗']);
/** Invisible MathML operators (function application, invisible times and comma). */
const INVISIBLE_OPERATORS = /[\u2061-\u2064]/g;

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  return node.children.map(textOf).join('');
}

function elementChildren(node: Element): Element[] {
  return node.children.filter((child): child is Element => child.type === 'element');
}

/** MathML → text. `compact` is set inside sub/superscripts, where operators get no spaces. */
function mathText(node: Element, compact: boolean): string {
  const kids = elementChildren(node);
  switch (node.tagName) {
    case 'semantics':
      return kids[0] ? mathText(kids[0], compact) : '';
    case 'annotation':
    case 'mphantom':
      return '';
    case 'mi':
      return identifierText(node);
    case 'mn':
      return textOf(node);
    case 'mo':
      return textOf(node).replace(INVISIBLE_OPERATORS, '').replace('⋅', '·');
    case 'mtext':
      return textOf(node).replace(/^\\/, '');
    case 'mspace':
      return ' ';
    case 'msup':
      return mathText(kids[0] ?? node, compact) + superscript(scriptText(kids[1]));
    case 'msub':
      return mathText(kids[0] ?? node, compact) + subscript(scriptText(kids[1]));
    case 'msubsup':
      return (
        mathText(kids[0] ?? node, compact) +
        subscript(scriptText(kids[1])) +
        superscript(scriptText(kids[2]))
      );
    case 'mover':
    case 'munder':
    case 'munderover':
      return scripted(node, kids, compact);
    case 'mfrac':
      return `${grouped(kids[0], compact)}/${grouped(kids[1], compact)}`;
    case 'msqrt':
      return `√${grouped(node, compact, true)}`;
    case 'mroot':
      return `${superscript(scriptText(kids[1]))}√${grouped(kids[0], compact)}`;
    case 'mtable':
      return kids.map((row) => mathText(row, compact)).join('; ');
    case 'mtr':
      return kids.map((cell) => mathText(cell, compact)).join(', ');
    default:
      return rowText(kids, compact);
  }
}

/** A row of tokens, with spaces around binary operators and after named functions (`n log n`). */
function rowText(kids: Element[], compact: boolean): string {
  let text = '';
  let spaceAfterWord = false;
  kids.forEach((kid, i) => {
    const part = mathText(kid, compact);
    if (part === '') return;
    const isOperator = kid.tagName === 'mo' && SPACED_OPERATORS.has(part);
    const hasLeft = text.trim() !== '' && !/[([{|,\s]$/.test(text);
    if (compact) {
      text += part;
    } else if (isOperator && hasLeft && i < kids.length - 1) {
      text = `${text.trimEnd()} ${part} `;
    } else if (kid.tagName === 'mo' && part === ',') {
      text += ', ';
    } else {
      const needsSpace = (spaceAfterWord || isWord(kid)) && /[\p{L}\p{N})]$/u.test(text);
      text += needsSpace && /^[\p{L}\p{N}]/u.test(part) ? ` ${part}` : part;
    }
    spaceAfterWord = isWord(kid) || (spaceAfterWord && kid.tagName === 'mo' && part.trim() === '');
  });
  return text;
}

/** Named functions (`log`, `max_i`), unknown commands and big operators (`∑`) read as words. */
function isWord(node: Element): boolean {
  const base = SCRIPTED.has(node.tagName) ? elementChildren(node)[0] : node;
  if (!base) return false;
  if (base !== node) return isWord(base);
  if (node.tagName === 'mrow' || node.tagName === 'mstyle')
    return elementChildren(node).some(isWord);
  const text = textOf(node);
  if (node.tagName === 'mo') return BIG_OPERATORS.has(text);
  return (
    (node.tagName === 'mi' && [...text].length > 1) ||
    (node.tagName === 'mtext' && text.startsWith('\\'))
  );
}

const SCRIPTED = new Set(['msub', 'msup', 'msubsup', 'munder', 'mover', 'munderover']);
const BIG_OPERATORS = new Set([...'∑∏∐∫∬∭∮⋃⋂⋁⋀⨁⨂']);

/** Accents combine with their letter (`\tilde{O}` → `Õ`); limits read as sub/superscripts. */
function scripted(node: Element, kids: Element[], compact: boolean): string {
  const base = mathText(kids[0] ?? node, compact);
  if (node.properties.accent === 'true' || node.properties.accent === true) {
    const mark = COMBINING_ACCENTS[textOf(kids[1] ?? node)];
    return mark && [...base].length === 1 ? base + mark : base;
  }
  if (node.tagName === 'mover') return base + superscript(scriptText(kids[1]));
  if (node.tagName === 'munder') return base + subscript(scriptText(kids[1]));
  return base + subscript(scriptText(kids[1])) + superscript(scriptText(kids[2]));
}

const COMBINING_ACCENTS: Record<string, string> = {
  '~': '\u0303',
  '˜': '\u0303',
  '^': '\u0302',
  ˆ: '\u0302',
  '¯': '\u0304',
  '‾': '\u0304',
  '˙': '\u0307',
  '¨': '\u0308',
  '⃗': '\u20D7',
  '→': '\u20D7',
  ˇ: '\u030C',
  '´': '\u0301',
  '`': '\u0300',
  '˘': '\u0306',
};

function scriptText(node: Element | undefined): string {
  return node ? mathText(node, true) : '';
}

/** Several tokens go in brackets so `\frac{a+b}{c}` reads `(a + b)/c`. */
function grouped(node: Element | undefined, compact: boolean, childrenOnly = false): string {
  if (!node) return '';
  const text = childrenOnly ? rowText(elementChildren(node), compact) : mathText(node, compact);
  return /[\s+\-−±×·/=<>≤≥,]/.test(text) ? `(${text})` : text;
}

/** Double-struck capitals have their own characters (ℝ, ℕ, 𝔼); other fonts read as the letter. */
function identifierText(node: Element): string {
  const text = textOf(node);
  if (node.properties.mathvariant !== 'double-struck') return text;
  return [...text].map((char) => DOUBLE_STRUCK[char] ?? char).join('');
}

const DOUBLE_STRUCK: Record<string, string> = Object.fromEntries(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [
    letter,
    { C: 'ℂ', H: 'ℍ', N: 'ℕ', P: 'ℙ', Q: 'ℚ', R: 'ℝ', Z: 'ℤ' }[letter] ??
      String.fromCodePoint(0x1d538 + i),
  ]),
);

const SUPERSCRIPTS: Record<string, string> = toMap(
  '0123456789+-−=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVWβγδθφχι⊤∗′*',
  '⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂᵝᵞᵟᶿᵠᵡᶥᵀ*′*',
);
const SUBSCRIPTS: Record<string, string> = toMap(
  '0123456789+-−=()aehijklmnoprstuvxβγρφχ',
  '₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ',
);

function toMap(from: string, to: string): Record<string, string> {
  const targets = [...to];
  return Object.fromEntries([...from].map((char, i) => [char, targets[i] ?? char]));
}

/** `2` → `²`; what has no superscript form reads `^x` or `^(…)`. */
function superscript(text: string): string {
  return script(text, SUPERSCRIPTS, '^');
}

/** `2` → `₂`; what has no subscript form reads `_x` or `_(…)`. */
function subscript(text: string): string {
  return script(text, SUBSCRIPTS, '_');
}

function script(text: string, forms: Record<string, string>, marker: string): string {
  const chars = [...text.trim()];
  if (chars.length === 0) return '';
  if (chars.every((char) => char in forms)) return chars.map((char) => forms[char]).join('');
  return chars.length === 1 ? `${marker}${chars[0]}` : `${marker}(${chars.join('')})`;
}
