/**
 * Abstract source → HTML, at build time: Markdown and LaTeX text macros as formatting, math typeset
 * by KaTeX into static MathML (no math JavaScript in the browser), bare URLs as safe links.
 */
import rehypeKatex from 'rehype-katex';
import rehypeStringify from 'rehype-stringify';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import type { Acronym } from '../schema';
import type { PhrasingContent, Root } from 'mdast';
import { KATEX_LIMITS, parseAbstract, proseTree, remarkAcronyms } from '../text/markup';
import { titleTexParts } from '../text/title-tex';

const html = unified()
  // Raw HTML was already turned into text by remarkAbstract; never let any through.
  .use(remarkRehype, { allowDangerousHtml: false })
  // trust: false keeps \href{javascript:…} and friends inert; rehype-katex renders a formula it
  // cannot parse as its source in place instead of throwing. MathML only: browsers typeset MathML
  // Core themselves, and KaTeX's HTML rendering would add ~10× the bytes and a stylesheet with fonts.
  .use(rehypeKatex, {
    ...KATEX_LIMITS,
    strict: 'ignore',
    trust: false,
    output: 'mathml',
    // A command KaTeX does not know (most often an author's own macro: `\cO(n)`) is shown as
    // written, in the text's colour, the rest of its formula typeset; KaTeX's default red reads to a
    // visitor as a broken page.
    errorColor: 'currentColor',
  })
  .use(rehypeStringify)
  .freeze();

/** Renders one abstract to an HTML fragment; defined acronyms become `<abbr>` with their expansion. */
export function renderAbstract(abstract: string, acronyms: readonly Acronym[] = []): string {
  return renderTree(proseTree(abstract) ?? parseAbstract(abstract), acronyms);
}

/** {@link renderAbstract} without the plain-prose shortcut: always through the parser. */
export function renderParsedAbstract(abstract: string, acronyms: readonly Acronym[] = []): string {
  return renderTree(parseAbstract(abstract), acronyms);
}

/**
 * A `titleTex` as an HTML fragment for the paper's heading: its text escaped, its formulas typeset
 * as the abstract's are (MathML), no element around them.
 */
export function renderTitleTex(titleTex: string): string {
  const tree: Root = {
    type: 'root',
    children: [
      {
        type: 'paragraph',
        children: titleTexParts(titleTex).map((part): PhrasingContent =>
          part.formula
            ? {
                type: 'inlineMath',
                value: part.text,
                // What remark-math gives an inline formula, for rehype-katex to find.
                data: {
                  hName: 'code',
                  hProperties: { className: ['language-math', 'math-inline'] },
                  hChildren: [{ type: 'text', value: part.text }],
                },
              }
            : { type: 'text', value: part.text },
        ),
      },
    ],
  };
  return renderTree(tree, []).replace(/^<p>|<\/p>$/g, '');
}

function renderTree(tree: Root, acronyms: readonly Acronym[]): string {
  remarkAcronyms(acronyms)(tree);
  return html.stringify(html.runSync(tree));
}
