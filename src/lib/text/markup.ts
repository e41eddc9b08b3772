/**
 * How abstract source text becomes a document tree. Abstracts mix Markdown with LaTeX text macros,
 * TeX quotes, bare URLs and stray HTML; this remark plugin turns all of that into plain mdast so that
 * the rendered page (render.ts) and the plain text (plaintext.ts) read the same words.
 */
import type { Html, Link, Nodes, Parent, PhrasingContent, Root, RootContent, Text } from 'mdast';
import type { InlineMath } from 'mdast-util-math';
import { findAndReplace } from 'mdast-util-find-and-replace';
import { toString } from 'mdast-util-to-string';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import { formatCount } from '../format';

/** An http(s) URL in running text, before trailing punctuation is trimmed. */
export const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`{}|\\^]+/gi;

/** Only these schemes are ever emitted as links: no `javascript:`, `data:` or relative URLs. */
export function isSafeHref(url: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(url);
}

const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
const TRAILING_PUNCTUATION = new Set([...'.,;:!?\'"*']);

/**
 * Drops sentence punctuation and unbalanced closing brackets from the end of a matched URL. The
 * brackets are counted once and the counts updated as the end moves left: linear, where recounting
 * per character took 20 s for a URL followed by 30,000 `)`.
 */
export function trimUrl(raw: string): string {
  const counts = new Map<string, number>();
  for (let i = 0; i < raw.length; i++) {
    const char = raw.charAt(i);
    if ('()[]{}'.includes(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let end = raw.length;
  while (end > 0) {
    const last = raw.charAt(end - 1);
    const opener = CLOSERS[last];
    if (TRAILING_PUNCTUATION.has(last)) {
      end--;
    } else if (opener && (counts.get(opener) ?? 0) < (counts.get(last) ?? 0)) {
      counts.set(last, (counts.get(last) ?? 0) - 1);
      end--;
    } else {
      break;
    }
  }
  return raw.slice(0, end);
}

/** Every http(s) URL in a text, trimmed, with where it starts. */
export function findUrls(text: string): { url: string; index: number }[] {
  return [...text.matchAll(URL_PATTERN)].map((m) => ({ url: trimUrl(m[0]), index: m.index }));
}

/**
 * An abstract's source as the Markdown and math parsers should see it: TeX quotes made typographic
 * ({@link replaceTexQuotes}) and MathJax's delimiters read as dollars ({@link dollarMath}). The page
 * and the plain text both start here, so they agree on what is a formula.
 */
export function parserSource(abstract: string): string {
  const quoted = replaceTexQuotes(abstract);
  return quoted.includes('\\') ? dollarMath(quoted) : quoted;
}

/**
 * A MathJax delimiter, or what ends a search for its partner: an escaped backslash (so `\\(` opens
 * nothing), `\(`, `\)`, `\[`, `\]` or a blank line.
 */
const MATHJAX_TOKEN = /\\\\|\\[()[\]]|\n[ \t]*\n/g;

/** The closer of each MathJax opener, by the character after its backslash. */
const CLOSER: Readonly<Record<string, string>> = { '(': '\\)', '[': '\\]' };

/**
 * MathJax's delimiters, `\(…\)` inline and `\[…\]` displayed (OpenReview abstracts are written
 * for MathJax), as `$…$` and `$$…$$`, which remark-math reads; to Markdown `\(` is only an escaped
 * parenthesis, and the formula would be shown as its source. A pair is an opener and the next closer
 * of its kind in the same paragraph. A text that already holds a dollar is left as written: a new
 * dollar could pair with its money or its formulas. One pass over the delimiters, so linear in the
 * length however they nest or fail to pair.
 */
export function dollarMath(source: string): string {
  if (source.includes('$')) return source;
  let out = '';
  let copied = 0;
  // Where the open `\(` or `\[` is, -1 for none; its kind is the character after the backslash.
  let openAt = -1;
  for (const { 0: token, index } of source.matchAll(MATHJAX_TOKEN)) {
    if (token === '\\(' || token === '\\[') openAt = index;
    else if (token.startsWith('\n')) openAt = -1;
    else if (openAt !== -1 && token === CLOSER[source[openAt + 1]!]) {
      const tex = source.slice(openAt + 2, index).trim();
      if (tex !== '') {
        const dollars = token === '\\)' ? '$' : '$$';
        out += `${source.slice(copied, openAt)}${dollars}${tex}${dollars}`;
        copied = index + 2;
      }
      openAt = -1;
    }
  }
  return copied === 0 ? source : out + source.slice(copied);
}

/**
 * TeX quotes (``like this'') collide with Markdown code spans (two backticks), so they are turned
 * into typographic quotes before Markdown is parsed.
 */
export function replaceTexQuotes(source: string): string {
  const doubled = source.replace(/``([^`]*?)(?:''|")/g, '“$1”').replaceAll('``', '“');
  return doubled.includes('`') ? doubled.replace(TEX_SINGLE_QUOTES, '‘$1’') : doubled;
}

/**
 * A TeX single-quoted phrase, `` `best-of-both-worlds' ``: a backtick after a space or an opening
 * bracket, no backtick inside, a closing `'` not followed by a letter. A Markdown code span
 * (`` `x` ``) has a backtick where this needs the quote, so it is left alone.
 */
const TEX_SINGLE_QUOTES = /(?<=^|[\s([])`([^\s`'][^`'\n]{0,80}?)'(?![\p{L}\p{N}])/gu;

type MacroNode = PhrasingContent;
const MACROS: Record<string, (text: string) => MacroNode | MacroNode[]> = {
  textbf: (t) => ({ type: 'strong', children: [{ type: 'text', value: t }] }),
  textit: (t) => ({ type: 'emphasis', children: [{ type: 'text', value: t }] }),
  textsl: (t) => ({ type: 'emphasis', children: [{ type: 'text', value: t }] }),
  emph: (t) => ({ type: 'emphasis', children: [{ type: 'text', value: t }] }),
  texttt: (t) => ({ type: 'inlineCode', value: t }),
  textsc: (t) => ({
    type: 'emphasis',
    data: { hName: 'span', hProperties: { className: ['small-caps'] } },
    children: [{ type: 'text', value: t }],
  }),
  url: (t) =>
    isSafeHref(t) ? safeLink(t, [{ type: 'text', value: t }]) : { type: 'text', value: t },
  // Citations and cross-references point into a paper the reader does not have.
  cite: () => [],
  citep: () => [],
  citet: () => [],
  ref: () => [],
  footnote: (t) => ({ type: 'text', value: ` (${t})` }),
};

function safeLink(url: string, children: PhrasingContent[]): Link {
  return {
    type: 'link',
    url,
    children,
    data: { hProperties: { rel: ['noopener', 'nofollow'] } },
  };
}

function linkifyUrl(raw: string): PhrasingContent[] {
  const url = trimUrl(raw);
  const rest = raw.slice(url.length);
  const nodes: PhrasingContent[] = [safeLink(url, [{ type: 'text', value: url }])];
  if (rest) nodes.push({ type: 'text', value: rest });
  return nodes;
}

/**
 * Inline formatting tags some dumps carry (`<em>…</em>` in 14 of the 201 ICML 2023 abstracts):
 * read as the formatting they mean, as mdast nodes (never passed through as HTML). `sub`/`sup`
 * become those elements through `data.hName`, as `\textsc` becomes a span.
 */
const FORMATTING_TAGS: Record<string, (children: PhrasingContent[]) => PhrasingContent> = {
  em: (children) => ({ type: 'emphasis', children }),
  i: (children) => ({ type: 'emphasis', children }),
  strong: (children) => ({ type: 'strong', children }),
  b: (children) => ({ type: 'strong', children }),
  sub: (children) => ({ type: 'emphasis', data: { hName: 'sub' }, children }),
  sup: (children) => ({ type: 'emphasis', data: { hName: 'sup' }, children }),
};
/** Nodes whose children are phrasing content, where inline tags can pair. */
const PHRASING_PARENTS = new Set([
  'paragraph',
  'heading',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
  'tableCell',
]);
/** An opening formatting tag without attributes: `<em>`, `<SUB>`. */
const OPENING_TAG = /^<([a-z]+)>$/i;

/** The tag name a formatting tag opens, or null. */
function openedTag(node: PhrasingContent | undefined): string | null {
  if (node?.type !== 'html') return null;
  const name = OPENING_TAG.exec(node.value)?.[1]?.toLowerCase();
  return name !== undefined && name in FORMATTING_TAGS ? name : null;
}

/** Formatting tags nested deeper than this are left as text: no input builds a deep tree. */
const MAX_FORMATTING_DEPTH = 4;

/**
 * `<em>`, words, `</em>` among siblings → one emphasis node, in one pass with a stack of the open
 * tags (linear: each node moves at most once per level); the nodes it makes go into `made`. A
 * closing tag that does not close the innermost open one, and an opening tag never closed, are
 * left for text.
 */
function pairFormattingTags(
  children: readonly PhrasingContent[],
  made: WeakSet<object>,
): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  const open: { name: string; at: number }[] = [];
  for (const child of children) {
    const name = openedTag(child);
    if (name !== null && open.length < MAX_FORMATTING_DEPTH) {
      open.push({ name, at: out.length });
      out.push(child);
      continue;
    }
    const innermost = open.at(-1);
    if (
      innermost !== undefined &&
      child.type === 'html' &&
      child.value.toLowerCase() === `</${innermost.name}>`
    ) {
      open.pop();
      const node = FORMATTING_TAGS[innermost.name]!(out.splice(innermost.at).slice(1));
      made.add(node);
      out.push(node);
      continue;
    }
    out.push(child);
  }
  return out;
}

/** Raw HTML in a dump is text the authors typed, never markup, except paired formatting tags. */
function htmlToText(tree: Root): void {
  // Tags pair among the children of one phrasing parent (a paragraph, a Markdown emphasis, a
  // link…); the nodes pairing makes are not paired again, or tags past the depth limit would nest a
  // level deeper on each visit.
  const made = new WeakSet<object>();
  visit(tree, (node) => {
    if (made.has(node)) return SKIP;
    if (!PHRASING_PARENTS.has(node.type) || !('children' in node)) return undefined;
    const children = node.children as PhrasingContent[];
    if (children.some((child) => child.type === 'html')) {
      (node as Parent).children = pairFormattingTags(children, made);
    }
    return undefined;
  });
  visit(tree, 'html', (node: Html, index, parent) => {
    if (!parent || index === undefined) return;
    (parent.children as RootContent[])[index] = { type: 'text', value: node.value };
  });
}

/** Links with a scheme other than http(s), and images, keep their words but lose their URL. */
function neutraliseLinks(tree: Root): void {
  visit(tree, (visited, index, parent: Parent | undefined) => {
    if (!parent || index === undefined) return;
    const node = visited as Nodes;
    if (node.type === 'image') {
      parent.children[index] = { type: 'text', value: node.alt ?? '' } as Text;
      return SKIP;
    }
    if (node.type === 'link') {
      if (isSafeHref(node.url)) {
        node.data = { hProperties: { rel: ['noopener', 'nofollow'] } };
        return SKIP;
      }
      parent.children[index] = { type: 'text', value: toString(node) } as Text;
      return SKIP;
    }
    if (node.type === 'linkReference' || node.type === 'imageReference') {
      parent.children[index] = { type: 'text', value: toString(node) } as Text;
      return SKIP;
    }
    if (node.type === 'heading') {
      parent.children[index] = { type: 'paragraph', children: node.children as PhrasingContent[] };
    }
    return undefined;
  });
}

const TEXT_MACRO = /\\([a-zA-Z]+)\{([^{}]*)\}/g;

/**
 * LaTeX 2.09 font switches, which take effect to the end of their group: `{\em dynamic}`,
 * `{\bf X}`. Each reads as the text macro it means (`\emph{dynamic}`); a plain-font one as its text.
 */
const FONT_SWITCHES: Record<string, string | null> = {
  em: 'emph',
  it: 'emph',
  sl: 'emph',
  itshape: 'emph',
  slshape: 'emph',
  bf: 'textbf',
  bfseries: 'textbf',
  tt: 'texttt',
  ttfamily: 'texttt',
  sc: 'textsc',
  scshape: 'textsc',
  rm: null,
  sf: null,
  normalfont: null,
  upshape: null,
};
const FONT_SWITCH = new RegExp(
  String.raw`\{\\(${Object.keys(FONT_SWITCHES).join('|')})(?![a-zA-Z])\s*([^{}]*)\}`,
  'g',
);

/** A text macro by its name; only the table's own names (`\toString{}` is no macro). */
function macro(name: string): ((text: string) => MacroNode | MacroNode[]) | undefined {
  return Object.hasOwn(MACROS, name) ? MACROS[name] : undefined;
}

/** `{\em X}` → the formatting `\emph{X}` gives (see {@link FONT_SWITCHES}). */
function fontSwitch(_match: string, name: string, text: string): MacroNode | MacroNode[] {
  const meant = FONT_SWITCHES[name];
  return (meant ? macro(meant)?.(text) : undefined) ?? { type: 'text', value: text };
}
const OPEN_MACRO_AT_END = /\\([a-zA-Z]+)\{([^{}]*)$/;

/** The formatting a macro applies to content that is already a list of nodes. */
function wrapInMacro(name: string, children: PhrasingContent[]): PhrasingContent[] {
  const made = macro(name)?.('');
  if (!made || Array.isArray(made)) return macro(name) ? [] : children;
  if (made.type === 'strong' || made.type === 'emphasis') return [{ ...made, children }];
  return children;
}

/**
 * A macro whose argument holds other markup (`\textbf{\texttt{X} pipeline}`, `\emph{**a** b}`) is
 * split by the parser across sibling nodes; this finds the closing brace in a later sibling and wraps
 * everything in between. Innermost macros were replaced first, so repeating it handles any depth.
 */
function wrapSpanningMacros(tree: Root): boolean {
  let changed = false;
  visit(tree, (node) => {
    if (!('children' in node)) return;
    const children = node.children as PhrasingContent[];
    for (let i = 0; i < children.length; i += 1) {
      const opener = children[i];
      const open = opener?.type === 'text' ? OPEN_MACRO_AT_END.exec(opener.value) : null;
      if (!open || opener?.type !== 'text') continue;
      const j = children.findIndex((c, k) => k > i && c.type === 'text' && c.value.includes('}'));
      if (j < 0) continue;
      const closer = children[j] as Text;
      const end = closer.value.indexOf('}');
      const inner: PhrasingContent[] = [
        { type: 'text', value: open[2] ?? '' },
        ...children.slice(i + 1, j),
        { type: 'text', value: closer.value.slice(0, end) },
      ];
      children.splice(
        i,
        j - i + 1,
        { type: 'text', value: opener.value.slice(0, open.index) },
        ...wrapInMacro(open[1] ?? '', inner),
        { type: 'text', value: closer.value.slice(end + 1) },
      );
      changed = true;
    }
  });
  return changed;
}

/** remark plugin: LaTeX text macros, stray HTML, unsafe links and bare URLs → plain mdast. */
export function remarkAbstract() {
  return (tree: Root) => {
    htmlToText(tree);
    neutraliseLinks(tree);
    replaceTextMacros(tree);
    linkAndClean(tree);
  };
}

/** LaTeX text macros (`\textbf{…}`, `\cite{…}`) → the formatting they mean, innermost first. */
function replaceTextMacros(tree: Root): void {
  const ignore = ['link', 'inlineCode'];
  for (let depth = 0; depth < 8; depth += 1) {
    findAndReplace(
      tree,
      [
        [FONT_SWITCH, fontSwitch],
        [
          TEXT_MACRO,
          (_match: string, name: string, arg: string) =>
            macro(name)?.(arg) ?? { type: 'text', value: arg },
        ],
      ],
      { ignore },
    );
    if (!wrapSpanningMacros(tree)) break;
  }
}

/**
 * Bare URLs become links; a leftover `\command` reads as its name (a font switch as nothing); TeX's
 * typography reads as what it prints: `a~b` and `a~$x$` a no-break space, `\ ` a space, `---` and
 * `--` an em and an en dash between words (braces stay: a page shows `{{x}}` as written).
 */
function linkAndClean(tree: Root): void {
  findAndReplace(
    tree,
    [
      [URL_PATTERN, (match: string) => linkifyUrl(match)],
      // The space after a command stays (`\ergraph is` reads "ergraph is", not "ergraphis").
      [
        /\\([a-zA-Z]+)\b( ?)/g,
        (_match: string, name: string, space: string) =>
          Object.hasOwn(FONT_SWITCHES, name) ? '' : `${name}${space}`,
      ],
      [/\\ /g, ' '],
      [/(?<=\S)~(?=\S|$)/g, '\u00a0'],
      // Only between two words or two spaces, as TeX prose has them (`10--40`, `A---B`,
      // ` -- `): `<!--`, `-->` and `--flag` are shown as written.
      [
        /(?<=[\p{L}\p{N}])-{2,3}(?=[\p{L}\p{N}])|(?<=\s)-{2,3}(?=\s)/gu,
        (dashes: string) => (dashes.length === 3 ? '—' : '–'),
      ],
    ],
    { ignore: ['link', 'inlineCode'] },
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * remark plugin: marks up every whole-word use of an acronym the abstract defines as `<abbr>`,
 * focusable so keyboard readers can reveal the expansion too.
 */
export function remarkAcronyms(acronyms: readonly { short: string; long: string }[]) {
  return (tree: Root) => {
    if (acronyms.length === 0) return;
    const expansions = new Map(acronyms.map((a) => [a.short, a.long]));
    const pattern = new RegExp(
      `(?<![\\p{L}\\p{N}-])(${[...expansions.keys()]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|')})(?![\\p{L}\\p{N}-])`,
      'gu',
    );
    findAndReplace(
      tree,
      [
        pattern,
        (short: string) => ({
          type: 'emphasis',
          data: { hName: 'abbr', hProperties: { title: expansions.get(short), tabIndex: 0 } },
          children: [{ type: 'text', value: short }],
        }),
      ],
      { ignore: ['link', 'inlineCode'] },
    );
  };
}

/**
 * remark-math pairs any two `$`, so `costs $5 and $10` would become a formula. Like Pandoc, a `$…$`
 * whose inside starts or ends with a space and that opens or closes next to a digit is money, not
 * math: it goes back to being text.
 */
export function remarkMoneyIsNotMath() {
  return (tree: Root, file: { value?: unknown }) => {
    const source = String(file.value ?? '');
    restoreMoney(tree, source);
  };
}

/** Iterative: the tree is checked for depth only after the plugins ran on it. */
function restoreMoney(tree: Root, source: string): void {
  const parents: Nodes[] = [tree];
  for (let node = parents.pop(); node; node = parents.pop()) {
    if (!('children' in node)) continue;
    const children = node.children as Nodes[];
    children.forEach((child, index) => {
      if (child.type === 'inlineMath' && isMoney(child, source)) {
        const { start, end } = child.position ?? {};
        const written = start && end ? source.slice(start.offset, end.offset) : `$${child.value}$`;
        children[index] = { type: 'text', value: written };
      } else {
        parents.push(child);
      }
    });
  }
}

function isMoney(node: InlineMath, source: string): boolean {
  const spaceAtEdge = /^\s|\s$/.test(node.value);
  const after = source[node.position?.end.offset ?? -1] ?? '';
  return spaceAtEdge && (/^\d/.test(node.value) || /\d/.test(after));
}

const abstractParser = unified()
  .use(remarkParse)
  .use(remarkMath)
  .use(remarkMoneyIsNotMath)
  .use(remarkAbstract)
  .freeze();

/**
 * How deeply an abstract's document tree may nest (blockquotes, lists, emphasis, links), and how
 * deeply its TeX groups (`{…}`, `\left…\right`, `\begin…\end`) may nest. The ingest rejects deeper
 * abstracts; the renderer, the plain-text flattener and KaTeX walk trees recursively and rely on this
 * bound (they overflow the stack somewhere past 1,000 levels). Real abstracts nest 2–6 levels.
 */
export const MAX_NESTING_DEPTH = 32;
/**
 * The most `*` and `_` that can delimit emphasis in one abstract. The Markdown parser pairs them in
 * time quadratic in their number (3,000 nested took 4.6 s); real abstracts use fewer than 40.
 */
export const MAX_EMPHASIS_MARKS = 400;

/**
 * KaTeX's own limits, the same for the page and the plain text: user sizes (`\rule{10000em}{…}`,
 * `\hspace`) are capped at `maxSize` em, and a formula may expand at most `maxExpand` macros (a
 * `\def` bomb doubles each time). Negative sizes (`\kern{-1000em}`) are not capped by KaTeX; the
 * paper page clips every formula to its own box instead.
 */
export const KATEX_LIMITS = { maxSize: 10, maxExpand: 300 } as const;

/** An abstract whose markup is nested deeper than {@link MAX_NESTING_DEPTH}. */
export class MarkupTooDeepError extends Error {}

/**
 * Why an abstract's markup would cost the parser more than linear time or nest too deeply for the
 * renderer, or null. One linear pass over the source, before anything parses it.
 */
export function markupLimitProblem(source: string): string | null {
  const containers = leadingContainers(source);
  if (containers > MAX_NESTING_DEPTH) {
    return `markup nested too deeply: ${formatCount(containers)} quote or list markers at the start (at most ${MAX_NESTING_DEPTH})`;
  }
  const tex = texDepth(source);
  if (tex > MAX_NESTING_DEPTH) {
    return `markup nested too deeply: ${formatCount(tex)} levels of {…} or \\left…\\right groups (at most ${MAX_NESTING_DEPTH})`;
  }
  const marks = emphasisMarks(source);
  if (marks > MAX_EMPHASIS_MARKS) {
    return `too much emphasis markup: ${formatCount(marks)} * or _ markers (at most ${formatCount(MAX_EMPHASIS_MARKS)})`;
  }
  return null;
}

/** `> > - 1. text`: block markers at the start (an abstract is one line, so only there). */
function leadingContainers(source: string): number {
  const marker = /\s*(?:>|[-+*](?=\s|$)|\d{1,9}[.)](?=\s|$))/y;
  let count = 0;
  while (marker.test(source)) count++;
  return count;
}

/** The deepest nesting of TeX groups; `\{` and `\}` are literal braces. */
function texDepth(source: string): number {
  let depth = 0;
  let deepest = 0;
  const token = /\\(?:left|begin)(?![a-zA-Z])|\\(?:right|end)(?![a-zA-Z])|\\.|[{}]/gs;
  for (const [match] of source.matchAll(token)) {
    if (match === '{' || match === '\\left' || match === '\\begin') {
      depth++;
      deepest = Math.max(deepest, depth);
    } else if (match === '}' || match === '\\right' || match === '\\end') {
      depth = Math.max(0, depth - 1);
    }
  }
  return deepest;
}

/** `*` and `_` that may open or close emphasis (`_` inside a word, as in `snake_case`, cannot). */
function emphasisMarks(source: string): number {
  let marks = 0;
  for (let i = 0; i < source.length; i++) {
    const char = source.charCodeAt(i);
    if (char === 0x2a) marks++;
    else if (char === 0x5f && !(isAlnum(source, i - 1) && isAlnum(source, i + 1))) marks++;
  }
  return marks;
}

function isAlnum(text: string, i: number): boolean {
  return /[\p{L}\p{N}]/u.test(text.charAt(i));
}

/** The number of nodes on the longest path from the root down; iterative, so any depth is safe. */
export function treeDepth(tree: Nodes): number {
  let deepest = 0;
  const pending: [Nodes, number][] = [[tree, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    deepest = Math.max(deepest, depth);
    if ('children' in node) for (const child of node.children) pending.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * Markup only the start of a text can hold: indentation (an indented code block, which the flattened
 * text drops), a list item, a thematic break.
 */
export const LEADING_MARKUP = /^(?: {0,3}\t| {4})|^\s*(?:\d+[.)]|[-+])(?:\s|$)|^(?:\s*-){3,}\s*$/;
/**
 * Text that makes remark do anything at all, with {@link LEADING_MARKUP}: a text without either reads
 * exactly as written. NUL is here because remark reads it as U+FFFD.
 */
export const MARKUP = /[$\\*_`[\]<>~{}#\0]|&#?\w+;/;
/** What the parser would trim or read as structure: white space at either end, a line break, a tab. */
const LAYOUT = /^\s|\s$|[\t\n\r\f\v]/;
/** Markup a text with inline formulas may not hold anywhere: `$$`, an escaped dollar, a code span, NUL. */
const NOT_INLINE_MATH = /\$\$|\\\$|[`\0]/;
/** Markup in the prose between formulas, once `\%` and `\&` are read. */
const PROSE_MARKUP = /[\\*_[\]<>~{}#$]|&#?\w+;/;
/** `\%` and `\&`: common in prose, and the parser reads them as `%` and `&`. */
const PROSE_ESCAPES = /\\([%&])/g;
/**
 * A LaTeX text macro whose argument holds no backslash or brace (`\textbf{X}`, `\cite{a,b}`): the
 * parser keeps it as text for {@link replaceTextMacros}, so the shortcut can too when nothing else
 * in it is markup.
 */
const SIMPLE_MACRO = /\\[a-zA-Z]+\{([^{}\\]*)\}/g;

/**
 * The tree {@link parseAbstract} gives an abstract of plain prose, bare URLs, inline formulas
 * (`$x_i$`, no space just inside), TeX quotes and simple text macros (`\textbf{X}`; `\%`, `\&` in
 * the prose; no other markup, line break or white space to trim): one paragraph of text, link,
 * formatting and `inlineMath` nodes, without the Markdown parser, which takes ~0.26 ms an abstract.
 * Null for any other text. Most real abstracts are such; the unit tests hold this equal to the
 * parser's tree on random texts.
 */
export function proseTree(abstract: string): Root | null {
  // As the parser does first: ``quotes'' become typographic quotes, no longer code-span backticks,
  // and MathJax's delimiters dollars.
  const source = parserSource(abstract);
  if (source === '' || LAYOUT.test(source) || LEADING_MARKUP.test(source)) return null;
  if (NOT_INLINE_MATH.test(source)) return null;
  const pieces = source.split('$');
  // Formulas are the odd pieces; an even count of pieces leaves a dollar unpaired.
  if (pieces.length % 2 === 0) return null;
  const children: PhrasingContent[] = [];
  for (let index = 0; index < pieces.length; index++) {
    const piece = pieces[index]!;
    if (index % 2 === 1) {
      // A space just inside may make it money (remarkMoneyIsNotMath), or be trimmed: the parser's.
      if (piece === '' || /^\s|\s$/.test(piece)) return null;
      children.push(inlineMath(piece));
      continue;
    }
    const prose = piece.replace(PROSE_ESCAPES, '$1');
    if (PROSE_MARKUP.test(prose.replace(SIMPLE_MACRO, '$1'))) return null;
    if (prose !== '') children.push({ type: 'text', value: prose });
  }
  const tree: Root = { type: 'root', children: [{ type: 'paragraph', children }] };
  // What remarkAbstract does to such prose: macros become formatting, URLs links.
  if (source.includes('\\')) replaceTextMacros(tree);
  linkAndClean(tree);
  return tree;
}

/** An inline formula as remark-math makes it (mdast-util-math), for rehype-katex to typeset. */
function inlineMath(tex: string): InlineMath {
  return {
    type: 'inlineMath',
    value: tex,
    data: {
      hName: 'code',
      hProperties: { className: ['language-math', 'math-inline'] },
      hChildren: [{ type: 'text', value: tex }],
    },
  };
}

/**
 * Parses one abstract into the plain mdast tree that both the page and the plain text read. Throws
 * {@link MarkupTooDeepError} for a tree deeper than {@link MAX_NESTING_DEPTH}, before any recursive
 * walk could overflow the stack.
 */
export function parseAbstract(abstract: string): Root {
  const source = parserSource(abstract);
  const parsed = abstractParser.parse(source);
  const depth = treeDepth(parsed);
  if (depth > MAX_NESTING_DEPTH) {
    throw new MarkupTooDeepError(
      `markup nested too deeply: ${formatCount(depth)} levels (at most ${MAX_NESTING_DEPTH})`,
    );
  }
  return abstractParser.runSync(parsed, source) as Root;
}
