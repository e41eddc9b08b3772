/**
 * Abstracts marked up in JATS (NISO Z39.96, the Journal Article Tag Suite), as Crossref, PubMed
 * Central and publishers' RIS exports give them: `<jats:p>`, `<italic>`, `<sec><title>Methods</title>`,
 * `<ext-link xlink:href="…">`. Read as the text and formatting they mean: once a text is JATS,
 * every element's tag goes (JATS has some 250 elements, MathML more; a list of those to strip let
 * `<inline-graphic xlink:href=…>` through), so no tag, attribute or URL in one reaches the page,
 * the plain text, the keywords or the links.
 */

/** JATS elements that hold blocks: each starts a line (the abstract reads on as one paragraph). */
const BLOCK = new Set([
  'p',
  'sec',
  'abstract',
  'trans-abstract',
  'list',
  'list-item',
  'label',
  'disp-formula',
  'disp-quote',
  'break',
  'def-list',
  'fig',
  'caption',
  'table-wrap',
  'fn',
]);
/** Inline formatting, JATS's or HTML's, read as the HTML formatting tags the page renders. */
const FORMATTING: Record<string, string> = {
  italic: 'em',
  bold: 'strong',
  sup: 'sup',
  sub: 'sub',
  em: 'em',
  i: 'em',
  strong: 'strong',
  b: 'strong',
};

/** Any element's tag (opening, closing or empty), namespace prefix and attributes included. */
const TAG = /<(\/?)(?:[a-z][\w.-]*:)?([a-z][\w.-]*)(?:\s[^<>]*)?\/?>/gi;
/** A CDATA section's marks (its text stays; taken apart so that no unclosed one costs a rescan). */
const CDATA = /<!\[CDATA\[|\]\]>/g;
/** Where a section title opens and closes, marked while the tags are rewritten. */
const TITLE_OPEN = '\u0001';
const TITLE_CLOSE = '\u0002';
/** Either marker. */
// eslint-disable-next-line no-control-regex -- the markers are control characters on purpose
const MARKERS = /[\u0001\u0002]/g;
/** A marked title with no other title inside: its text becomes a label opening its section. */
// eslint-disable-next-line no-control-regex -- the markers are control characters on purpose
const MARKED_TITLE = /\u0001([^\u0001\u0002]*)\u0002/g;

/** What says a text is JATS: a namespaced tag, or a JATS element no HTML has, closed. */
const MARKED = /<\/?jats:|<\/(?:p|sec|italic|bold|ext-link|title)\s*>/i;

/** The abstract without its JATS markup, or as given when it has none. */
export function jatsToText(text: string): string {
  if (!text.includes('</') || !MARKED.test(text)) return text;
  return (
    text
      // The markers are control characters, which no abstract keeps anyway.
      .replace(MARKERS, '')
      .replace(CDATA, '')
      .replace(TAG, (_, closing: string, name: string) => {
        const lower = name.toLowerCase();
        if (lower === 'title') return closing ? TITLE_CLOSE : TITLE_OPEN;
        const formatting = FORMATTING[lower];
        if (formatting !== undefined) return `<${closing}${formatting}>`;
        return BLOCK.has(lower) ? '\n' : '';
      })
      .replace(MARKED_TITLE, (_, title: string) => {
        const label = title.trim();
        const words = label.replace(/<[^<>]*>/g, '').trim();
        // `Abstract` heads the abstract itself (Crossref's first title): no label.
        if (words === '' || /^abstract[.:]?$/i.test(words)) return '\n';
        return `\n${label}${/[.:?!]$/.test(words) ? '' : ':'}\n`;
      })
      // A title never closed, or closed twice.
      .replace(MARKERS, '\n')
  );
}
