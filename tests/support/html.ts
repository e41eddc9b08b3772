/**
 * Reading built pages in tests, with the project's one HTML parser (htmlparser2, as the build's CSP
 * step and link checker use it).
 */
import { DomUtils, parseDocument } from 'htmlparser2';

/** The text of a page's first `<h1>`, or '' when it has none. */
export function headingOf(html: string): string {
  const heading = DomUtils.findOne(
    (element) => element.name === 'h1',
    parseDocument(html).children,
  );
  return heading ? DomUtils.textContent(heading) : '';
}
