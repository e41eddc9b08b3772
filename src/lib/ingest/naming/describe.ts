/**
 * What a reader recognises a paper by, derived from its plain-text abstract alone: the paper's own
 * name (or null), a headline title and a one-sentence summary that adds what the title lacks.
 * The rules are in docs/naming.md; the text analysis (sentences, tags, noun phrases) is the text
 * core's (`src/lib/text/nlp.ts`).
 */
import { findUrls } from '../../text/markup';
import { isNominal, tagText, type TaggedSentence, type Token } from '../../text/nlp';
import { contentKeySet, GENERIC_STEMS, RHETORIC, stem, STOP_WORDS } from '../../text/terms';
import { hasLetter } from '../../text/tokens';
import { capitaliseFirst, fitToLength, withoutUnprintable } from './fit';
import type { WordTable } from './title-words';
import {
  bestHeadline,
  scoredCandidates,
  MAX_TITLE_LENGTH,
  MAX_TITLE_WORDS,
  MIN_TITLE_WORDS,
  textBag,
  type Candidate,
} from './headline';

export { MAX_TITLE_LENGTH };
import { FIELD_PHRASE_BAGS, isFieldIdentifier } from './field-vocabulary';
import { findIntroducedNames, findPaperName } from './paper-name';
import { countMentions } from './identifiers';
import {
  AUTHORS_SUBJECT,
  findStatements,
  mainStatement,
  sentenceRoles,
  type Statement,
} from '../../text/statements';
import {
  chooseWholeSummary,
  MAX_SUMMARY_LENGTH,
  NO_SUMMARY,
  withoutLeadIn,
  type SummaryCandidate,
} from './summary';

/** What a reader recognises a paper by, derived from its plain-text abstract. */
export interface PaperIdentity {
  name: string | null;
  title: string;
  summary: string;
}

export { MAX_SUMMARY_LENGTH };
const UNTITLED = 'Untitled abstract';
/** A summary may repeat at most this share of the title's content words. */
const MAX_SUMMARY_OVERLAP = 0.5;

/**
 * What the corpus says is a field's vocabulary rather than one paper's (docs/naming.md, "Field
 * names"): given by the caller when it has counted the corpus, absent otherwise.
 */
export interface DescribeOptions {
  /** Bags of content keys ({@link fieldPhraseBags}) of phrases that name a field: never a whole title. */
  fieldPhrases?: ReadonlySet<string>;
  /** Acronyms several papers of the corpus use (`LLM`, `RL`, `GNN`): never a paper's name. */
  fieldAcronyms?: ReadonlySet<string>;
  /**
   * The title a structured dump gives: it is the paper's title, so no headline is searched for
   * (about a third of deriving an abstract), and the summary is chosen beside it.
   */
  givenTitle?: string;
}

/** Derives the paper's own name (or null), a headline title and a one-sentence summary. */
export function describePaper(plainText: string, options: DescribeOptions = {}): PaperIdentity {
  return describeTagged(tagText(plainText), options);
}

/**
 * The field phrases a corpus gives {@link DescribeOptions.fieldPhrases}: every label (the
 * taxonomy's) and every acronym expansion that at least `minPapers` papers define, as key bags.
 */
export function fieldPhraseBags(
  labels: readonly string[],
  expansionsPerPaper: readonly (readonly string[])[],
  minPapers = 2,
): Set<string> {
  const definedBy = new Map<string, number>();
  for (const expansions of expansionsPerPaper)
    for (const b of new Set(expansions.map(textBag))) definedBy.set(b, (definedBy.get(b) ?? 0) + 1);
  const shared = [...definedBy].filter(([, n]) => n >= minPapers).map(([b]) => b);
  return new Set([...labels.map(textBag), ...shared].filter((b) => b !== ''));
}

/**
 * The acronyms a corpus gives {@link DescribeOptions.fieldAcronyms}: those that at least
 * `minPapers` papers use (a field's shorthand, not one paper's coinage).
 */
export function fieldAcronymSet(
  acronymsPerPaper: readonly (readonly string[])[],
  minPapers = 3,
): Set<string> {
  const usedBy = new Map<string, number>();
  for (const acronyms of acronymsPerPaper)
    for (const a of new Set(acronyms)) usedBy.set(a, (usedBy.get(a) ?? 0) + 1);
  return new Set([...usedBy].filter(([, n]) => n >= minPapers).map(([a]) => a));
}

/** The name and the scored headline candidates of a tagged abstract (also read by fit:titles). */
export function titleCandidates(
  tagged: readonly TaggedSentence[],
  options: DescribeOptions = {},
): {
  name: string | null;
  /** What the name stands for, when it makes a headline ({@link longFormHeadline}). */
  longForm: string | null;
  candidates: Candidate[];
  statements: readonly Statement[];
  main: Statement | null;
  /** The abstract's word table (title-words.ts), for refitting the word model. */
  words: WordTable;
  /** The word runs the abstract negates: no title's head (headline.ts `headIsNegated`). */
  negated: ReadonlySet<string>;
} {
  const sentences = tagged.map((s) => s.text);
  const { statements, finding, name, main } = readName(sentences, options);
  const fieldPhrases = options.fieldPhrases
    ? new Set([...FIELD_PHRASE_BAGS, ...options.fieldPhrases])
    : FIELD_PHRASE_BAGS;
  const { candidates, words, negated } = scoredCandidates({
    sentences: tagged,
    statements,
    main,
    name,
    nameSentence: finding?.sentenceIndex ?? null,
    fieldPhrases,
    roles: sentenceRoles(sentences, statements),
    longForm: finding?.longForm ?? null,
  });
  const spelled =
    name && finding?.longForm
      ? longFormHeadline(name, finding.longForm, tagged[finding.sentenceIndex])
      : null;
  // "DP: Differential privacy": a field's name after the paper's is no description of it.
  const longForm = spelled && fieldPhrases.has(textBag(spelled)) ? null : spelled;
  return { name, longForm, candidates, statements, main, words, negated };
}

/** The abstract's statements, its main one, and the paper's own name (null when it has none). */
function readName(sentences: readonly string[], options: DescribeOptions) {
  const text = sentences.join(' ');
  const statements = findStatements(sentences);
  const introduced = findIntroducedNames(sentences, text);
  const found = findPaperName(sentences, statements, introduced, text);
  // A field's shorthand (`LLM`, `RL`, `LLM-powered`) is never one paper's name: the static table
  // of identifiers many abstracts share (field-vocabulary.ts), and the caller's corpus set if given.
  const finding =
    found && (isFieldIdentifier(found.name) || options.fieldAcronyms?.has(found.name))
      ? null
      : found;
  return { statements, finding, name: finding?.name ?? null, main: mainStatement(statements) };
}

/**
 * Whether the tagged sentence reads `span` as a noun phrase: it ends on a noun and holds two
 * content words ("Extract and Generate" is no headline).
 */
function readsAsNounPhrase(sentence: TaggedSentence | undefined, span: string): boolean {
  if (!sentence) return false;
  const start = sentence.text.indexOf(span);
  if (start < 0) return false;
  const end = start + span.length;
  let content = 0;
  let last: Token | undefined;
  for (const token of sentence.tokens) {
    if (token.start < start || token.end > end) continue;
    if (token.content) content += 1;
    last = token;
  }
  return content >= 2 && last !== undefined && last.end === end && isNominal(last);
}

/** Quotes around a long form (`proposes “Extract and Generate” (EAG)`) are not part of it. */
const QUOTES_AROUND = /^["“”'‘’\s]+|["“”'‘’,\s]+$/gu;
/** A capital inside a word marks a letter of the name: `INductive`, `GRAph`, `eMbedding`. */
const MARKED_LETTER = /\p{Ll}\p{Lu}|^\p{Lu}{2,}\p{Ll}/u;

/**
 * What the paper's name stands for, as the phrase after "Name: ": `ETAP: Ensemble Task Affinity
 * Predictor`, `HF-PIM: High Fidelity Pose Invariant Model`. The authors' own words for their
 * contribution, so preferred to any phrase chosen from the abstract (held-out title F1 0.358 →
 * 0.368, docs/naming.md). Null when it would not make a 4–14-word title of at most 100
 * characters, without brackets, between content words, that the sentence reads as a noun phrase.
 */
function longFormHeadline(
  name: string,
  longForm: string,
  sentence: TaggedSentence | undefined,
): string | null {
  const spelled = longForm.replace(QUOTES_AROUND, '');
  const head = headAfterAside(sentence, spelled, name);
  const text = `${spelled}${head ? ` ${head}` : ''}`.replace(/\s+/g, ' ');
  const words = text.split(' ');
  const edge = (word: string | undefined) => STOP_WORDS.has((word ?? '').toLowerCase());
  if (
    /[()[\]{}]/.test(text) ||
    edge(words[0]) ||
    edge(words.at(-1)) ||
    words.length + 1 < MIN_TITLE_WORDS ||
    words.length + 1 > MAX_TITLE_WORDS ||
    text.length + name.length + 2 > MAX_TITLE_LENGTH ||
    text.toLowerCase() === name.toLowerCase() ||
    !readsAsNounPhrase(sentence, spelled)
  )
    return null;
  return withoutMarkedLetters(text, name);
}

/**
 * The nouns a long form's noun group goes on with after the name's brackets: `framework` in "an
 * Induction-Augmented Generation (IAG) framework that…". The long form names a kind; the head says
 * what the paper made of it.
 */
function headAfterAside(
  sentence: TaggedSentence | undefined,
  spelled: string,
  name: string,
): string | null {
  if (!sentence) return null;
  const aside = `${spelled} (${name})`;
  const at = sentence.text.indexOf(aside);
  if (at < 0) return null;
  const end = at + aside.length;
  const after = sentence.tokens.filter((t) => t.start >= end);
  const nouns: Token[] = [];
  for (const token of after.slice(0, MAX_HEAD_NOUNS)) {
    if (token.pos !== 'NOUN' || !token.content) break;
    nouns.push(token);
  }
  const first = nouns[0];
  const head = nouns.at(-1);
  // The one thing made, in the singular: `framework`, `model`, `scheme` (not "(HGD) results in…").
  if (!first || !head || /[^s]s$/.test(head.lower)) return null;
  // The nouns must close the group: "(IAG) framework that…", not "(IAG) framework design for…".
  const next = after[nouns.length];
  if (next && (next.pos === 'NOUN' || next.pos === 'PROPN')) return null;
  return sentence.text.slice(first.start, head.end);
}
const MAX_HEAD_NOUNS = 2;

/**
 * `INductive knowledge GRAph eMbedding` → `Inductive knowledge Graph embedding`: capitals that only
 * spell the name (InGram) inside words are undone; acronyms (`GPTQ`) and ordinary capitals stay.
 */
function withoutMarkedLetters(text: string, name: string): string {
  const capitals = [...text].filter((c) => /\p{Lu}/u.test(c)).join('');
  const letters = [...name]
    .filter((c) => /\p{L}/u.test(c))
    .join('')
    .toUpperCase();
  if (capitals !== letters) return text;
  return text.replace(/[\p{L}]+/gu, (word) =>
    MARKED_LETTER.test(word) ? word.charAt(0) + word.slice(1).toLowerCase() : word,
  );
}

/** The title a name and a chosen phrase make: "Name: Phrase", or the phrase alone. */
export function composeTitle(
  name: string | null,
  phrase: string | null,
  sentences: readonly string[],
): string {
  const body = phrase ? capitaliseFirst(phrase) : '';
  const title = name ? (body ? `${name}: ${body}` : name) : body || fallbackTitle(sentences);
  return fitToLength(withoutUnprintable(title), MAX_TITLE_LENGTH) || UNTITLED;
}

/** {@link describePaper} on an abstract the text core has already tagged. */
export function describeTagged(
  tagged: readonly TaggedSentence[],
  options: DescribeOptions = {},
): PaperIdentity {
  const sentences = tagged.map((s) => s.text);
  if (sentences.length === 0)
    return { name: null, title: options.givenTitle || UNTITLED, summary: NO_SUMMARY };
  const { name, title, statements, main } = options.givenTitle
    ? givenTitleAndName(sentences, options.givenTitle, options)
    : derivedTitle(tagged, sentences, options);
  // The summary is sentences as written: the same characters no card should show as the title's.
  const summary = withoutUnprintable(chooseSummary(tagged, title, statements, main, name)).trim();
  return { name, title, summary: summary || NO_SUMMARY };
}

/**
 * The given title, and the name the abstract introduces when the title says it too: a name the
 * title leaves out ("the Hall complexity" in a paper titled "Regularization and Optimal Multiclass
 * Learning") is a thing the paper uses, not the paper's name, and would be its slug.
 */
function givenTitleAndName(
  sentences: readonly string[],
  givenTitle: string,
  options: DescribeOptions,
) {
  const read = readName(sentences, options);
  const name = read.name && countMentions(givenTitle, read.name) > 0 ? read.name : null;
  return { ...read, name, title: givenTitle };
}

/** The name and the headline title derived from the abstract, with what the summary reads. */
function derivedTitle(
  tagged: readonly TaggedSentence[],
  sentences: readonly string[],
  options: DescribeOptions,
) {
  const { name, longForm, candidates, statements, main, negated } = titleCandidates(
    tagged,
    options,
  );
  const title = composeTitle(
    name,
    longForm ?? bestHeadline(candidates, name, undefined, negated)?.text ?? null,
    sentences,
  );
  return { name, title, statements, main };
}

/** With no noun phrase at all (a formula, a list of numbers): the first sentence, cut to length. */
function fallbackTitle(sentences: readonly string[]): string {
  return capitaliseFirst(fitToLength(withoutUnprintable(sentences[0] ?? ''), MAX_TITLE_LENGTH));
}

/**
 * The content keys of a tagged sentence, as {@link contentKeySet} would give them; with `end`, of
 * its words before that offset only.
 */
function sentenceKeys(sentence: TaggedSentence, end = Infinity): Set<string> {
  const keys = new Set<string>();
  for (const token of sentence.tokens) {
    if (token.end > end) break;
    // A lower-case word's key is already its stem; only acronyms and compounds need more.
    if (token.text === token.lower && !token.lower.includes('-')) {
      if (token.content) keys.add(token.key);
      continue;
    }
    for (const part of token.lower.split('-')) {
      if (hasLetter(part) && !STOP_WORDS.has(part)) keys.add(stem(part));
    }
  }
  return keys;
}

/** Share of the title's content words that a sentence repeats. */
function overlapWithTitle(titleKeys: ReadonlySet<string>, sentence: TaggedSentence): number {
  if (titleKeys.size === 0) return 0;
  const keys = sentenceKeys(sentence);
  let shared = 0;
  for (const key of titleKeys) if (keys.has(key)) shared += 1;
  return shared / titleKeys.size;
}

/** Sentences that report what the paper achieves or how it works. */
const RESULT =
  /\b(?:outperform|improv|achiev|surpass|reduc|yield|enabl|lead|obtain|attain|match|speed|faster|state-of-the-art|\d+(?:\.\d+)?\s*(?:%|×|x\b|times))/i;
const HOW = /\b(?:by|via|through|using|which|that)\b/i;

/** Words that tie a sentence to this paper rather than to its field: its authors and their method. */
const ABOUT_THE_PAPER = /\b(?:we|our|us|proposed)\b/i;
/** A report of this paper's results: "Experiments show…", "Empirical results demonstrate…". */
const RESULTS_REPORT =
  /^(?:(?:extensive|comprehensive|empirical(?:ly)?|numerical|experimental)\s+)?(?:experiments?|results?|evaluations?|simulations?)\b/i;
/** An opening that points back at a sentence a summary would leave out ("This vector…", "It…"). */
const CONTEXT_OPENER =
  /^(?:this|these|that|those|it|its|they|their|such|both|the latter|the former)\b(?!\s+(?:paper|work|study|article|thesis|report)\b)/i;
/** A sentence that adds fewer specific words than this to the title says nothing new. */
const MIN_ADDED_WORDS = 2;

/**
 * One sentence that adds what the title lacks: a contribution or result sentence about this paper
 * (not the field's background) that repeats at most half of the title's content words, adds
 * specific words of its own, and does not point back at a sentence it leaves out ("This vector…").
 */
function chooseSummary(
  tagged: readonly TaggedSentence[],
  title: string,
  statements: readonly Statement[],
  main: Statement | null,
  name: string | null,
): string {
  const titleKeys = contentKeySet(title);
  const statementAt = new Map(statements.map((s) => [s.sentenceIndex, s]));
  const ranked: SummaryCandidate[] = [];
  const sentences = tagged.map((s) => s.text);
  tagged.forEach((taggedSentence, index) => {
    const sentence = taggedSentence.text;
    const overlap = overlapWithTitle(titleKeys, taggedSentence);
    const statement = statementAt.get(index);
    const aboutThePaper =
      statement !== undefined ||
      ABOUT_THE_PAPER.test(sentence) ||
      RESULTS_REPORT.test(sentence) ||
      AUTHORS_SUBJECT.test(sentence) ||
      (name !== null && sentence.includes(name));
    const added = addedWords(taggedSentence, titleKeys);
    let score = -index / sentences.length;
    if (statement) score += 1 + statement.weight / 4;
    if (statement === main) score += 1;
    if (!aboutThePaper) score -= 2;
    else if (RESULT.test(sentence)) score += 1;
    if (HOW.test(sentence)) score += 0.3;
    if (CONTEXT_OPENER.test(sentence)) score -= 1.5;
    score += added < MIN_ADDED_WORDS ? -2.5 : Math.min(added, 8) / 10;
    if (sentence.length < 40) score -= 2;
    const body = withoutLeadIn(sentence);
    // Shortened by choosing, never by cutting: a sentence too long to show whole loses to one that fits.
    if (body.length > MAX_SUMMARY_LENGTH - 1) score -= 3;
    // "We also …", "It can also …": an aside beside the contribution, not the contribution.
    if (ALSO_ASIDE.test(body)) score -= 2;
    // "this method", "these results": a pointer whose noun the card does not show.
    if (unseenAntecedent(taggedSentence, titleKeys)) score -= 1.5;
    // "Our code is at https://…": where to find the code says nothing of what the paper does.
    if (findUrls(sentence).length > 0) score -= 3;
    if (overlap > MAX_SUMMARY_OVERLAP) score -= 10 + overlap;
    ranked.push({ index, score, aboutThePaper });
  });
  // Best first (ties: the earlier sentence); summary.ts chooses whole sentences among them.
  ranked.sort((a, b) => b.score - a.score || a.index - b.index);
  return chooseWholeSummary(sentences, ranked, title);
}

/** An aside: "also" among a sentence's first four words. */
const ALSO_ASIDE = /^(?:\S+\s+){0,3}also\b/i;
/** "this X", "these X", "such X": a pointer to something said before. */
const POINTER = /\b(?:this|these|such)\s+(\p{L}[\p{L}-]*)/giu;
/** Nouns a pointer may name without a shown antecedent: the paper itself, a way, an end. */
const SELF_REFERENCE = /^(?:paper|work|study|article|end|way|reason)$/i;

/**
 * Whether a sentence points at "this/these/such X" whose X neither the title nor the sentence
 * before the pointer shows: on a card, the antecedent is not there to read.
 */
function unseenAntecedent(sentence: TaggedSentence, titleKeys: ReadonlySet<string>): boolean {
  for (const match of sentence.text.matchAll(POINTER)) {
    const noun = match[1]!;
    if (SELF_REFERENCE.test(noun)) continue;
    const key = [...contentKeySet(noun)][0];
    if (!key || titleKeys.has(key)) continue;
    // The words before the pointer, as the tagger read them (no second reading of the text).
    if (!sentenceKeys(sentence, match.index).has(key)) return true;
  }
  return false;
}

/** How many specific words (not rhetoric, not generic research nouns) a sentence adds to the title. */
function addedWords(sentence: TaggedSentence, titleKeys: ReadonlySet<string>): number {
  const added = new Set<string>();
  for (const token of sentence.tokens) {
    if (!token.content || titleKeys.has(token.key) || RHETORIC.has(token.lower)) continue;
    if (!GENERIC_STEMS.has(token.key)) added.add(token.key);
  }
  return added.size;
}
