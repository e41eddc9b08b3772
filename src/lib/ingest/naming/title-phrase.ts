/**
 * The words a title is made of: what a contribution statement says was made, found or studied,
 * with what never belongs in a title (lists, URLs, "e.g." asides, markup) taken out.
 */
import type { Statement } from './statements';

/** "Our results show that X" → "X". */
export function withoutReportingClause(sentence: string): string {
  return sentence.replace(
    /^(?:overall,\s*)?(?:our|these|the) (?:results|findings|experiments|analysis|analyses) (?:\p{L}+ly )?(?:show|suggest|demonstrate|indicate|reveal|confirm)s? that\s+/iu,
    '',
  );
}

/** The title a statement gives: what was made, what was found, or what was studied. */
export function statementPhrase(statement: Statement): string {
  const { object, verbClass, gerund } = statement;
  const clause = /^that\b\s*,?/i.exec(object);
  if (clause) return withResolvedConcession(withoutLeadingAside(object.slice(clause[0].length)));
  if (
    verbClass === 'activity' ||
    (verbClass === 'finding' && /^(?:prov|establish)/i.test(gerund))
  ) {
    return `${gerund} ${object.replace(/^(?:this|these)\b/i, 'the')}`;
  }
  return object;
}

/**
 * "while X are usually Y, they can still Z" → "X can still Z": the main clause, with its pronoun
 * read as the subject of the concession, so the title does not start with "they".
 */
function withResolvedConcession(clause: string): string {
  const match =
    /^(?:while|although|though|even though)\s+(.{1,120}?)\s+(?:is|are|was|were|can|may|might|do|does|have|has)\b[^,]{0,200},\s+(?:they|it)\s+/i.exec(
      clause,
    );
  return match ? `${match[1]} ${clause.slice(match[0].length)}` : clause;
}

/** "as a community, we should…" → "we should…": an aside between commas at the very start. */
function withoutLeadingAside(clause: string): string {
  const trimmed = clause.trim();
  const aside = /^(?:[^,]{1,60}),\s+(?=\p{L})/u.exec(trimmed);
  const isAside = aside && /^(?:as|in|for|on|at|with|under|by)\b/i.test(trimmed);
  return isAside ? trimmed.slice(aside[0].length) : trimmed;
}

/** Hard stops for a title phrase, applied before it is fitted to length. */
const TITLE_STOPS = [
  /[:;]\s/, // an explanation or a list follows
  /\s\(?(?:1|i|a)\)\s/, // an enumeration "(1) …"
  /\s(?:at\s+|via\s+)?https?:\/\//i, // a URL
  /\sand\s+(?:then\s+)?(?:provide|propose|present|introduce|show|demonstrate|prove|establish|evaluate|develop|design|derive|achieve|release|validate|conduct|report|study|analy[sz]e)\b/i,
  /\s+to\s+(?:address|tackle|solve|overcome|bridge|fill|close|mitigate|remedy)\s+(?:this|these|that|those|such|the above|both|them|it)\b/i,
];

/** The phrase with what never belongs in a title removed: lists, URLs, "e.g." asides, repeats. */
export function preparePhrase(phrase: string): string {
  // The input is plain text already; a marker that slipped through must still not show.
  let out = phrase
    .replace(/[$\\*`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  for (const stop of TITLE_STOPS) {
    const at = out.search(stop);
    if (at > 0) out = out.slice(0, at);
  }
  return out
    .replace(/\s*\((?:e\.g\.|i\.e\.|see|cf\.)[^()]*\)/gi, '')
    .replace(/\s+\([\p{L}\p{N}][\p{L}\p{N}-]*\)/gu, '') // an abbreviation: "(DPS)", "(logprobs)"
    .replace(/^(?:this|these)\s/i, 'the ')
    .replace(/\b([a-z]+) \1\b/gi, '$1') // "with with"
    .replace(/[.!?]+$/, '')
    .trim();
}
