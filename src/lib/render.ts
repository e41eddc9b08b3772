/**
 * Abstract source → HTML, at build time: Markdown and LaTeX text macros as formatting, math typeset
 * by KaTeX into static markup (no math JavaScript in the browser), bare URLs as safe links.
 */
import rehypeKatex from 'rehype-katex';
import rehypeStringify from 'rehype-stringify';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { remarkAbstract, replaceTexQuotes } from './markup';

const processor = unified()
  .use(remarkParse)
  .use(remarkMath)
  .use(remarkAbstract)
  // Raw HTML was already turned into text by remarkAbstract; never let any through.
  .use(remarkRehype, { allowDangerousHtml: false })
  // trust: false keeps \href{javascript:…} and friends inert; errors render in place, never throw.
  .use(rehypeKatex, { throwOnError: false, strict: 'ignore', trust: false, output: 'htmlAndMathml' })
  .use(rehypeStringify)
  .freeze();

/** Renders one abstract to an HTML fragment. */
export function renderAbstract(abstract: string): string {
  return String(processor.processSync(replaceTexQuotes(abstract)));
}
