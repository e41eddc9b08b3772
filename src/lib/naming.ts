/**
 * What a reader recognises a paper by, derived from its plain-text abstract alone: the paper's own
 * name (or null), a readable title and a one-sentence summary. The rules are in docs/naming.md.
 */
import { capitaliseFirst, fitToLength } from './naming/fit';
import { findIntroducedNames, findPaperName, type NameFinding } from './naming/paper-name';
import { findStatements, mainStatement, type Statement } from './naming/statements';
import { splitSentences } from './sentences';

/** What a reader recognises a paper by, derived from its plain-text abstract. */
export interface PaperIdentity {
  name: string | null;
  title: string;
  summary: string;
}

export const MAX_TITLE_LENGTH = 100;
/** A summary longer than this is cut at a clause boundary. */
export const MAX_SUMMARY_LENGTH = 300;
/** Abstracts are a few thousand characters; anything past this is not read, which bounds the work. */
const MAX_ANALYSED_CHARS = 20_000;
/** A "sentence" longer than this (text without full stops) is only read this far. */
const MAX_SENTENCE_CHARS = 2_000;
const UNTITLED = 'Untitled abstract';
const NO_SUMMARY = 'No abstract text.';

/** Derives the paper's own name (or null), a readable title and a one-sentence summary. */
export function describePaper(plainText: string): PaperIdentity {
  const sentences = splitSentences(plainText.slice(0, MAX_ANALYSED_CHARS)).map((s) =>
    s.slice(0, MAX_SENTENCE_CHARS),
  );
  if (sentences.length === 0) return { name: null, title: UNTITLED, summary: NO_SUMMARY };
  const text = sentences.join(' ');
  const statements = findStatements(sentences);
  const introduced = findIntroducedNames(sentences, text);
  const finding = findPaperName(sentences, statements, introduced, text);
  if (finding) return describeNamed(finding, sentences, statements);
  // A thing named in passing but not the paper's name ("We introduce the X benchmark" after
  // "we show that…") does not make the title either.
  const passing = new Set(introduced.map((f) => f.sentenceIndex));
  const about = statements.filter((s) => !passing.has(s.sentenceIndex));
  return describeUnnamed(sentences, about.length > 0 ? about : statements);
}

function describeNamed(
  finding: NameFinding,
  sentences: readonly string[],
  statements: readonly Statement[],
): PaperIdentity {
  const described = describingStatement(finding, statements);
  const phrase = namePhrase(finding) ?? (described ? statementPhrase(described) : '');
  const room = MAX_TITLE_LENGTH - finding.name.length - 2;
  const fitted = room > 0 ? capitaliseFirst(fitToLength(preparePhrase(phrase), room)) : '';
  const title = fitted ? `${finding.name}: ${fitted}` : fitToLength(finding.name, MAX_TITLE_LENGTH);
  const summarySentence = sentences[described?.sentenceIndex ?? finding.sentenceIndex] ?? '';
  return { name: finding.name, title: title || UNTITLED, summary: toSummary(summarySentence) };
}

/**
 * The statement that describes the named thing: the sentence introducing it, or, when the name
 * is only used later ("We present a … model. … MnemoDyn is…"), the first statement that made it.
 */
function describingStatement(
  finding: NameFinding,
  statements: readonly Statement[],
): Statement | null {
  const own = statements.find((s) => s.sentenceIndex === finding.sentenceIndex);
  if (own && own.verbClass === 'artifact') return own;
  const first = statements.find((s) => s.verbClass !== 'release');
  if (first && first.verbClass === 'artifact' && first.sentenceIndex < finding.sentenceIndex)
    return first;
  return null;
}

/** "a scalable framework that…" (the abstract's own description), else the spelled-out name. */
function namePhrase(finding: NameFinding): string | null {
  if (finding.appositive) return finding.appositive.replace(/^as\s+/i, '');
  if (finding.longForm) {
    return finding.continuation ? `${finding.longForm} ${finding.continuation}` : finding.longForm;
  }
  return null;
}

function describeUnnamed(
  sentences: readonly string[],
  statements: readonly Statement[],
): PaperIdentity {
  const main = mainStatement(statements);
  const sentence = main ? (sentences[main.sentenceIndex] ?? '') : fallbackSentence(sentences);
  const phrase = main ? statementPhrase(main) : withoutReportingClause(sentence);
  const title = capitaliseFirst(fitToLength(preparePhrase(phrase), MAX_TITLE_LENGTH));
  return {
    name: null,
    title: title || capitaliseFirst(fitToLength(sentence, MAX_TITLE_LENGTH)) || UNTITLED,
    summary: toSummary(sentence),
  };
}

/** Without any "we …" statement: the first sentence about the authors' work, else the last one. */
function fallbackSentence(sentences: readonly string[]): string {
  const own = sentences.find((s, i) => i > 0 && /\b(?:we|our)\b/i.test(s));
  return own ?? sentences.at(-1) ?? '';
}

/** "Our results show that X" → "X". */
function withoutReportingClause(sentence: string): string {
  return sentence.replace(
    /^(?:overall,\s*)?(?:our|these|the) (?:results|findings|experiments|analysis|analyses) (?:\p{L}+ly )?(?:show|suggest|demonstrate|indicate|reveal|confirm)s? that\s+/iu,
    '',
  );
}

/** The title a statement gives: what was made, what was found, or what was studied. */
function statementPhrase(statement: Statement): string {
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
function preparePhrase(phrase: string): string {
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

/** Where the authors start speaking after an opener: ", we propose…", ", this paper…". */
const AUTHORS_AFTER_COMMA = /,\s+(?=(?:we|this (?:paper|work|study)|our (?:paper|work|study))\b)/i;
const AUTHORS_AFTER_HERE = /^(?:here|in this (?:work|paper|study|article))\s+(?=we\b)/i;
/** An opener longer than this is part of what the sentence says, not a lead-in. */
const MAX_OPENER_CHARS = 250;

/** "To address this, we propose…" → "we propose…"; the opener only leads into the statement. */
function withoutOpener(sentence: string): string {
  const here = AUTHORS_AFTER_HERE.exec(sentence);
  if (here) return sentence.slice(here[0].length);
  const comma = AUTHORS_AFTER_COMMA.exec(sentence.slice(0, MAX_OPENER_CHARS + 2));
  if (!comma || /\bwe\b/i.test(sentence.slice(0, comma.index))) return sentence;
  return sentence.slice((comma.index ?? 0) + comma[0].length);
}

/** One sentence saying what the paper contributes, ending with a period. */
export function toSummary(sentence: string): string {
  const trimmed = withoutOpener(sentence);
  const body =
    trimmed.length > MAX_SUMMARY_LENGTH - 1
      ? fitToLength(trimmed, MAX_SUMMARY_LENGTH - 1)
      : trimmed;
  const text = capitaliseFirst(body.replace(/[\s,;:.!?…]+$/u, '').trim());
  return text ? `${text}.` : NO_SUMMARY;
}
