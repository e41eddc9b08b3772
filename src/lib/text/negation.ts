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
 * clause with at most {@link SCOPE_WORDS} words between the cue's end and `offset`, or a cue
 * starts at `offset` or runs across it.
 */
export function inNegationScope(text: string, offset: number): boolean {
  // A phrase that starts at or inside a cue ("*shortcomings* of transformers", "*need* for
  // labels" in "no need for labels") is the cue's own words: in its scope too.
  for (const m of text.matchAll(NEGATION_CUE))
    if (m.index <= offset && offset < m.index + m[0].length) return true;
  let clauseStart = 0;
  for (const m of text.slice(0, offset).matchAll(CLAUSE_END)) clauseStart = m.index + m[0].length;
  const lead = text.slice(clauseStart, offset);
  let last: RegExpMatchArray | null = null;
  for (const m of lead.matchAll(NEGATION_CUE)) last = m;
  if (!last) return false;
  const between = lead.slice(last.index! + last[0].length).trim();
  return between === '' || between.split(/\s+/).length <= SCOPE_WORDS;
}

/** A letter, digit or hyphen: what a cue's edge may not touch. */
const WORD_CHAR = /[\p{L}\p{N}-]/u;

/**
 * Whether the prefix before `offset` ends where a cue might match in it but not in the whole text:
 * on a letter (a cue ends on one), or inside a surrogate pair (a cue's edge reads half of it).
 */
function cutsAt(text: string, offset: number): boolean {
  const code = text.charCodeAt(offset - 1);
  return (code >= 0xd800 && code <= 0xdbff) || WORD_CHAR.test(text.charAt(offset - 1));
}

/**
 * {@link inNegationScope} for one text, asked at many offsets (every phrase of a sentence): the
 * clause boundaries and cues are found once, in the whole text, instead of again in every prefix
 * (same answers; `titleCandidates` 2–4 % less CPU on synthetic abstracts, docs/ingest.md). An offset where the two
 * readings could differ is answered by {@link inNegationScope} itself: a boundary or cue that runs
 * across it, or a letter or half a surrogate pair right before it (a cue could end there, which the
 * whole text may refuse).
 */
export function negationScopes(text: string): (offset: number) => boolean {
  const clauses = [...text.matchAll(CLAUSE_END)].map((m): [number, number] => [
    m.index,
    m.index + m[0].length,
  ]);
  const cues = [...text.matchAll(NEGATION_CUE)].map((m): [number, number] => [
    m.index,
    m.index + m[0].length,
  ]);
  return (offset) => {
    if (offset > 0 && cutsAt(text, offset)) return inNegationScope(text, offset);
    if (cues.length === 0) return false;
    let clauseStart = 0;
    for (const [start, end] of clauses) {
      if (start >= offset) break;
      if (end > offset) return inNegationScope(text, offset);
      clauseStart = end;
    }
    let lastEnd = -1;
    for (const [start, end] of cues) {
      if (start > offset) break;
      if (end > offset || (start < clauseStart && end > clauseStart))
        return inNegationScope(text, offset);
      if (start >= clauseStart) lastEnd = end;
    }
    if (lastEnd < 0) return false;
    const between = text.slice(lastEnd, offset).trim();
    return between === '' || between.split(/\s+/).length <= SCOPE_WORDS;
  };
}
