/**
 * What a reader recognises a paper by, derived from its plain-text abstract alone: the paper's own
 * name (or null), a readable title and a one-sentence summary. The rules are in docs/naming.md.
 */
import { capitaliseFirst, fitToLength } from './naming/fit';
import { findIntroducedNames, findPaperName, type NameFinding } from './naming/paper-name';
import { findStatements, mainStatement, type Statement } from './naming/statements';
import { MAX_SUMMARY_LENGTH, NO_SUMMARY, toSummary } from './naming/summary';
import { preparePhrase, statementPhrase, withoutReportingClause } from './naming/title-phrase';
import { splitSentences } from '../text/sentences';

/** What a reader recognises a paper by, derived from its plain-text abstract. */
export interface PaperIdentity {
  name: string | null;
  title: string;
  summary: string;
}

export const MAX_TITLE_LENGTH = 100;
export { MAX_SUMMARY_LENGTH };
/** Abstracts are a few thousand characters; anything past this is not read, which bounds the work. */
const MAX_ANALYSED_CHARS = 20_000;
/** A "sentence" longer than this (text without full stops) is only read this far. */
const MAX_SENTENCE_CHARS = 2_000;
const UNTITLED = 'Untitled abstract';

/** Derives the paper's own name (or null), a readable title and a one-sentence summary. */
export function describePaper(plainText: string): PaperIdentity {
  const sentences = splitSentences(sliceWhole(plainText, MAX_ANALYSED_CHARS)).map((s) =>
    sliceWhole(s, MAX_SENTENCE_CHARS),
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

/** The first `length` UTF-16 units, without leaving half of a surrogate pair at the end. */
function sliceWhole(text: string, length: number): string {
  const cut = text.slice(0, length);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
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
