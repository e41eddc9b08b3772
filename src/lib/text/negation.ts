/**
 * Negation scope: the phrases an abstract says it bypasses, avoids, does without or criticises
 * ("bypasses direct value function estimation", "unlike prior attention mechanisms", "the
 * limitations of hand-crafted features"). Such a phrase is what the paper is not, so it is never
 * a derived title's head (docs/naming.md, "Negated phrases"). The cues are general English
 * negation and contrast, chosen before reading any miss; the scope is the same clause and at most
 * {@link SCOPE_WORDS} words, so "without fine-tuning, our model …" leaves "our model" alone.
 */

const NEGATION_CUE =
  /(?<![\p{L}\p{N}-])(?:bypass(?:es|ed|ing)?|avoid(?:s|ed|ing)?|without|instead of|unlike|rather than|limitations? of|shortcomings? of|drawbacks? of|fail(?:s|ed|ing)? to|circumvent(?:s|ed|ing)?|obviat(?:e|es|ed|ing)|eliminat(?:e|es|ed|ing) the need for|no need for|free of|do(?:es)? not (?:require|need|rely on|use))(?![\p{L}\p{N}-])/giu;

/** How many words after a cue its scope reaches. */
export const SCOPE_WORDS = 6;

/** Clause boundaries: a negation never reaches past them. */
const CLAUSE_END = /[,;:.!?()]|\s(?:but|while|whereas|and then)\s/giu;

/**
 * Whether the text position `offset` lies in a negation's scope: a cue precedes it in the same
 * clause with at most {@link SCOPE_WORDS} words between the cue's end and `offset`.
 */
export function inNegationScope(text: string, offset: number): boolean {
  let clauseStart = 0;
  for (const m of text.slice(0, offset).matchAll(CLAUSE_END)) clauseStart = m.index + m[0].length;
  const lead = text.slice(clauseStart, offset);
  let last: RegExpMatchArray | null = null;
  for (const m of lead.matchAll(NEGATION_CUE)) last = m;
  if (!last) return false;
  const between = lead.slice(last.index! + last[0].length).trim();
  return between === '' || between.split(/\s+/).length <= SCOPE_WORDS;
}
