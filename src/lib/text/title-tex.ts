/**
 * A given title with its formulas kept as TeX (`Bounds for $\ell_p$ Norms`, the record's
 * `titleTex`): plain text with `$…$` spans, each a formula the ingest checked KaTeX can typeset.
 * The citation writes the spans as they are and the paper page typesets them; everything else
 * reads the plain `title`. Browser-safe: the reading list's BibTeX export uses it.
 */

/** A formula span of a `titleTex`: `$`, TeX without a dollar sign, `$`. */
const FORMULA = /\$[^$]+\$/g;

/** One piece of a `titleTex`: text as readers see it, or a formula's TeX (without its dollars). */
export interface TitlePart {
  text: string;
  formula: boolean;
}

/** The text and formula pieces of a `titleTex`, in order; empty text pieces are left out. */
export function titleTexParts(titleTex: string): TitlePart[] {
  const parts: TitlePart[] = [];
  let at = 0;
  for (const match of titleTex.matchAll(FORMULA)) {
    if (match.index > at) parts.push({ text: titleTex.slice(at, match.index), formula: false });
    parts.push({ text: match[0].slice(1, -1), formula: true });
    at = match.index + match[0].length;
  }
  if (at < titleTex.length) parts.push({ text: titleTex.slice(at), formula: false });
  return parts;
}

/**
 * Whether a formula's TeX can be written into a BibTeX field as it is: balanced braces (BibTeX
 * counts every brace, escaped `\{` or not), no comment sign, line break or `@`, and no backslash
 * at its end (it would escape the closing `$`).
 */
export function isSafeFormula(tex: string): boolean {
  if (/[\r\n\u2028\u2029@]|(?:^|[^\\])%|\\$/.test(tex)) return false;
  let depth = 0;
  for (const c of tex) {
    if (c === '{') depth++;
    else if (c === '}' && --depth < 0) return false;
  }
  return depth === 0;
}
