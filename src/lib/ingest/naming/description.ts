/**
 * What an abstract says next to a name where it defines it: the appositive ("SealQA, a challenge
 * benchmark for…") or the words after the definition ("(HEDRA) for TKG reasoning").
 */
import type { NameFinding } from './paper-name';
import { contributionVerb } from '../../text/statements';
import { isPhraseBreak } from './words';

/** A name as read from its sentence, before it is counted and placed. */
export type ParsedName = Omit<NameFinding, 'sentenceIndex' | 'mentions'>;

/** Adds the appositive ("…, a benchmark for…") or the continuation after the name's definition. */
export function withDescription(
  sentence: string,
  name: string,
  longForm: string | null,
  after: number,
): ParsedName {
  const rest = sentence.slice(after);
  return { name, longForm, appositive: appositiveOf(rest), continuation: continuationOf(rest) };
}

/** Skips at most two head nouns ("pipeline", "metric"), then reads "[,] a|an|the|as …". */
const APPOSITIVE = /^(?:\s+[a-z][\p{L}-]*){0,2}?\s*,?\s+(?:as\s+)?((?:a|an|the)\s.*)$/su;

function appositiveOf(rest: string): string | null {
  const match = APPOSITIVE.exec(rest.slice(0, 2000));
  const text = match?.[1];
  if (!text) return null;
  const headNouns = rest.slice(0, rest.indexOf(text)).replace(/,?\s+as\s+$/, '');
  if (headNouns.split(/\s+/).some((w) => isPhraseBreak(w) || contributionVerb(w))) return null;
  return text.trim();
}

/** "model that enhances…" after "(Rc-BT)", up to the next comma or full stop. */
function continuationOf(rest: string): string | null {
  const match = /^\s+([^,;:.()]+)/.exec(rest.slice(0, 2000));
  return match?.[1]?.trim() || null;
}
