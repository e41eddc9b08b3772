/**
 * Abstracts marked up in JATS (NISO Z39.96, the Journal Article Tag Suite), as Crossref, PubMed
 * Central and publishers' RIS exports give them: `<jats:p>`, `<italic>`, `<sec><title>Methods</title>`,
 * `<ext-link xlink:href="…">`. Read as the text and formatting they mean, so that no tag, attribute
 * or namespace URL reaches the page, the plain text, the keywords or the links.
 */

/** A section title and its text: read as a label opening its section (`Methods:`). */
const TITLE = /<(?:jats:)?title(?:\s[^<>]*)?>([^<]*)<\/(?:jats:)?title\s*>/gi;

/** JATS elements that hold blocks: each starts a line (the abstract reads on as one paragraph). */
const BLOCK = 'p|sec|abstract|trans-abstract|list|list-item|label|disp-formula|break|def-list';
/** JATS's inline formatting, read as the HTML formatting tags the page renders. */
const FORMATTING: Record<string, string> = { italic: 'em', bold: 'strong', sup: 'sup', sub: 'sub' };
/** Every other JATS inline element (links, small caps, inline formulas, MathML): its text only. */
const INLINE =
  'sc|ext-link|uri|monospace|underline|overline|roman|sans-serif|inline-formula|xref|named-content|styled-content|email|mml:[a-z]+|tex-math|alternatives';

/** One JATS tag (opening, closing or empty), its name in group 2. */
const TAG = new RegExp(
  `<(/?)(?:jats:)?(${BLOCK}|${Object.keys(FORMATTING).join('|')}|${INLINE})(?:\\s[^<>]*)?/?>`,
  'gi',
);

/** A block element's name. */
const BLOCK_NAME = new RegExp(`^(?:${BLOCK})$`);

/** What says a text is JATS: a namespaced tag, or a JATS element no HTML has, closed. */
const MARKED = /<\/?jats:|<\/(?:p|sec|italic|bold|ext-link|title)\s*>/i;

/** The abstract without its JATS markup, or as given when it has none. */
export function jatsToText(text: string): string {
  if (!text.includes('</') || !MARKED.test(text)) return text;
  return text
    .replace(TITLE, (_, title: string) => {
      const label = title.trim();
      return label === '' ? '\n' : `\n${label}${/[.:?!]$/.test(label) ? '' : ':'}\n`;
    })
    .replace(TAG, (_, closing: string, name: string) => {
      const lower = name.toLowerCase();
      const formatting = FORMATTING[lower];
      if (formatting !== undefined) return `<${closing}${formatting}>`;
      return BLOCK_NAME.test(lower) ? '\n' : '';
    });
}
