/**
 * How abstract source text becomes a document tree. Abstracts mix Markdown with LaTeX text macros,
 * TeX quotes, bare URLs and stray HTML; this remark plugin turns all of that into plain mdast so that
 * the rendered page (render.ts) and the plain text (plaintext.ts) read the same words.
 */
import type { Html, Link, Parent, PhrasingContent, Root, RootContent, Text } from 'mdast';
import { findAndReplace } from 'mdast-util-find-and-replace';
import { toString } from 'mdast-util-to-string';
import { SKIP, visit } from 'unist-util-visit';

/** An http(s) URL in running text, before trailing punctuation is trimmed. */
export const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`{}|\\^]+/gi;

/** Only these schemes are ever emitted as links: no `javascript:`, `data:` or relative URLs. */
export function isSafeHref(url: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(url);
}

const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** Drops sentence punctuation and unbalanced closing brackets from the end of a matched URL. */
export function trimUrl(raw: string): string {
  let url = raw;
  for (;;) {
    const last = url.at(-1) ?? '';
    if (/[.,;:!?'"*]/.test(last)) {
      url = url.slice(0, -1);
      continue;
    }
    const opener = CLOSERS[last];
    if (opener && count(url, opener) < count(url, last)) {
      url = url.slice(0, -1);
      continue;
    }
    return url;
  }
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** Every http(s) URL in a text, trimmed, with where it starts. */
export function findUrls(text: string): { url: string; index: number }[] {
  return [...text.matchAll(URL_PATTERN)].map((m) => ({ url: trimUrl(m[0]), index: m.index }));
}

/**
 * TeX quotes (``like this'') collide with Markdown code spans (two backticks), so they are turned
 * into typographic quotes before Markdown is parsed.
 */
export function replaceTexQuotes(source: string): string {
  return source.replace(/``([^`]*?)(?:''|")/g, '“$1”').replaceAll('``', '“');
}

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
  url: (t) => (isSafeHref(t) ? safeLink(t, [{ type: 'text', value: t }]) : { type: 'text', value: t }),
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

/** Raw HTML in a dump is text the authors typed, never markup. */
function htmlToText(tree: Root): void {
  visit(tree, 'html', (node: Html, index, parent) => {
    if (!parent || index === undefined) return;
    (parent.children as RootContent[])[index] = { type: 'text', value: node.value };
  });
}

/** Links with a scheme other than http(s), and images, keep their words but lose their URL. */
function neutraliseLinks(tree: Root): void {
  visit(tree, (node, index, parent: Parent | undefined) => {
    if (!parent || index === undefined) return;
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
      parent.children[index] = { type: 'paragraph', children: node.children };
    }
    return undefined;
  });
}

/** remark plugin: LaTeX text macros, stray HTML, unsafe links and bare URLs → plain mdast. */
export function remarkAbstract() {
  return (tree: Root) => {
    htmlToText(tree);
    neutraliseLinks(tree);
    findAndReplace(
      tree,
      [
        [
          /\\([a-zA-Z]+)\{([^{}]*)\}/g,
          (_match: string, name: string, arg: string) =>
            MACROS[name]?.(arg) ?? { type: 'text', value: arg },
        ],
        [/\\([a-zA-Z]+)\b ?/g, (_match: string, name: string) => name],
        [/(?<=\S)~(?=\S)/g, '\u00a0'],
        [URL_PATTERN, (match: string) => linkifyUrl(match)],
      ],
      { ignore: ['link', 'inlineCode'] },
    );
  };
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
