/**
 * Which of an abstract's words its title says: a per-word logistic model (docs/naming.md, "Seventh
 * pass"). Every content word of the abstract gets the probability that it appears in the real
 * title, from general features of where and how the abstract uses it (how early and how often it
 * comes, whether the contribution statement makes it, its part of speech, whether it spells the
 * paper's name, how common it is in everyday English, whether the abstract negates it…). No word
 * list is fit to items: the only vocabularies read are general ones (SUBTLEX-US, the research
 * rhetoric and generic nouns of `text/vocabulary/`, the field's shared identifiers). The weights
 * are fit by logistic regression in `scripts/fit-titles.ts` (→ title-words-weights.json), and so is
 * each word's title rate (→ title-word-rates.json): how much more often than the average word a
 * paper that uses it puts it in its title, counted over the fit half's papers (docs/naming.md,
 * "Eighth pass").
 */
import type { Phrase, TaggedSentence, Token } from '../../text/nlp';
import { GENERIC_STEMS, RHETORIC } from '../../text/terms';
import type { SentenceRole, Statement } from '../../text/statements';
import everydayWords from '../../text/vocabulary/everyday-words.json';
import fieldVocabulary from '../../text/vocabulary/field-vocabulary.json';
import weights from './title-words-weights.json';
import rates from './title-word-rates.json';

// Built once: for Node targets esbuild (tsx, run-bundled.mjs) turns a `/\p{…}/u` literal into
// `new RegExp(…)`, which a function would build again on every call (docs/ingest.md).
const TITLE_CASE_START = /^\p{Lu}\p{Ll}/u;
const ACRONYM_WORD = /^\p{Lu}[\p{Lu}\p{N}-]+s?$/u;
const ACRONYM_AFTER_BRACKET = /^\p{Lu}[\p{Lu}\p{N}-]*s?$/u;

/** The word features, in the order of the weight vector (`bias` first). */
export const WORD_FEATURES = [
  'bias',
  'firstPosition',
  'firstSentence',
  'count',
  'sentenceShare',
  'inContribution',
  'inMain',
  'inObject',
  'noun',
  'properNoun',
  'adjective',
  'verb',
  'inName',
  'inLongForm',
  'capitalised',
  'acronym',
  'inFirstSentence',
  'inLastSentence',
  'generic',
  'rhetoric',
  'everyday',
  'fieldIdentifier',
  'negated',
  'length',
  'hyphenated',
  'background',
  'result',
  'phraseHead',
  'definesAcronym',
  'nameSentence',
  'titleRate',
] as const;
export type WordFeature = (typeof WORD_FEATURES)[number];
export type WordWeights = Record<WordFeature, number>;
const F = WORD_FEATURES.length;
/** Each feature's column in a row of the word table. */
const COL = Object.fromEntries(WORD_FEATURES.map((f, i) => [f, i])) as Record<WordFeature, number>;
/** Features counted per use, then divided by the word's count: the share of its uses. */
const SHARES_OF_USES = [
  COL.noun,
  COL.properNoun,
  COL.adjective,
  COL.verb,
  COL.background,
  COL.result,
] as const;

/** Rank of each of the 10,000 most frequent spoken-English words (0 = most frequent); built once. */
const EVERYDAY_RANK = new Map<string, number>(everydayWords.words.map((w, i) => [w, i]));
const EVERYDAY_SIZE = everydayWords.words.length;
const FIELD_IDENTIFIERS: ReadonlySet<string> = new Set(fieldVocabulary.identifiers);
/** Each word key's title rate (log scale, 0 = the average word); words of few papers have none. */
const TITLE_RATES: ReadonlyMap<string, number> = new Map(
  rates.keys.map((key, i) => [key, rates.values[i] ?? 0]),
);

/** A word's title rate is counted only over words that at least this many papers use. */
export const TITLE_RATE_MIN_PAPERS = 3;
/** Pseudo-papers at the average rate that each word's count is shrunk toward. */
export const TITLE_RATE_PRIOR = 10;

/** At most this many distinct words are read (an abstract has about 60–120). */
const MAX_WORDS = 400;

/** How far after a making verb its object is read, in tokens. */
const OBJECT_SPAN = 12;

/** What the word model reads about the abstract. */
export interface WordContext {
  sentences: readonly TaggedSentence[];
  statements: readonly Statement[];
  main: Statement | null;
  roles: readonly SentenceRole[];
  name: string | null;
  nameSentence: number | null;
  /** What the name stands for, when the abstract spells it out. */
  longForm?: string | null;
  /** The base noun phrases of each sentence (already chunked by the caller). */
  phrases: readonly (readonly Phrase[])[];
  /** Content keys of the phrases the abstract negates (text/negation.ts). */
  negatedKeys: ReadonlySet<string>;
}

/** The abstract's content keys and their feature rows (`keys.length × WORD_FEATURES.length`). */
export interface WordTable {
  keys: string[];
  rows: Float64Array;
}

const isWordToken = (t: Token) => t.content && t.pos !== 'DET';

/** The feature rows of every content key of the abstract. */
export function wordTable(context: WordContext): WordTable {
  const { sentences, roles } = context;
  const n = sentences.length;
  const index = new Map<string, number>();
  const keys: string[] = [];
  let total = 0;
  for (const s of sentences) total += s.text.length + 1;
  const statementAt = new Map(context.statements.map((s) => [s.sentenceIndex, s]));
  const nameLower = context.name?.toLowerCase() ?? '';
  const longWords = new Set((context.longForm ?? '').toLowerCase().split(/[\s-]+/));
  // Counts first, in a flat array grown as keys appear: no table per token.
  let rows = new Float64Array(64 * F);
  const seenIn = new Int32Array(MAX_WORDS).fill(-1);
  let offset = 0;
  sentences.forEach((sentence, si) => {
    const role = roles[si];
    const statement = statementAt.get(si);
    let verbAt = -1;
    if (statement && statement.verbClass !== 'finding')
      verbAt = sentence.tokens.findIndex((t) => t.text === statement.verb);
    const heads = new Set<number>();
    for (const p of context.phrases[si] ?? []) heads.add(p.last);
    const tokens = sentence.tokens;
    tokens.forEach((t, ti) => {
      if (!isWordToken(t)) return;
      let k = index.get(t.key);
      if (k === undefined) {
        // More than MAX_WORDS distinct words (no abstract has): the rest are not read.
        if (keys.length >= MAX_WORDS) return;
        k = keys.length;
        index.set(t.key, k);
        keys.push(t.key);
        if (rows.length < keys.length * F) {
          const grown = new Float64Array(rows.length * 2);
          grown.set(rows);
          rows = grown;
        }
        const r = k * F;
        rows[r + COL.firstPosition] = (offset + t.start) / Math.max(1, total);
        rows[r + COL.firstSentence] = si / Math.max(1, n - 1);
        rows[r + COL.length] = Math.min(2, t.text.length / 10);
        rows[r + COL.generic] = GENERIC_STEMS.has(t.key) ? 1 : 0;
        rows[r + COL.rhetoric] = RHETORIC.has(t.lower) ? 1 : 0;
        const rank = EVERYDAY_RANK.get(t.lower);
        rows[r + COL.everyday] = rank === undefined ? 0 : 1 - rank / EVERYDAY_SIZE;
        rows[r + COL.fieldIdentifier] = FIELD_IDENTIFIERS.has(t.text) ? 1 : 0;
        rows[r + COL.negated] = context.negatedKeys.has(t.key) ? 1 : 0;
        rows[r + COL.hyphenated] = t.text.includes('-') ? 1 : 0;
        rows[r + COL.titleRate] = TITLE_RATES.get(t.key) ?? 0;
      }
      const r = k * F;
      rows[r + COL.count]! += 1; // count (log-scaled below)
      if (seenIn[k] !== si) {
        seenIn[k] = si;
        rows[r + COL.sentenceShare]! += 1;
      }
      if (role === 'contribution') rows[r + COL.inContribution] = 1;
      if (statement && statement === context.main) rows[r + COL.inMain] = 1;
      if (verbAt >= 0 && ti > verbAt && ti <= verbAt + OBJECT_SPAN) rows[r + COL.inObject] = 1;
      if (t.pos === 'NOUN') rows[r + COL.noun]! += 1;
      else if (t.pos === 'PROPN') rows[r + COL.properNoun]! += 1;
      else if (t.pos === 'ADJ') rows[r + COL.adjective]! += 1;
      else if (t.pos === 'VERB') rows[r + COL.verb]! += 1;
      if (nameLower && nameLower.includes(t.lower)) rows[r + COL.inName] = 1;
      if (longWords.has(t.lower)) rows[r + COL.inLongForm] = 1;
      if (t.text !== t.lower) {
        if (ti > 0 && TITLE_CASE_START.test(t.text)) rows[r + COL.capitalised] = 1;
        if (ACRONYM_WORD.test(t.text)) rows[r + COL.acronym] = 1;
      }
      if (si === 0) rows[r + COL.inFirstSentence] = 1;
      if (si === n - 1) rows[r + COL.inLastSentence] = 1;
      if (role === 'background') rows[r + COL.background]! += 1;
      else if (role === 'result') rows[r + COL.result]! += 1;
      if (heads.has(ti)) rows[r + COL.phraseHead] = 1;
      if (rows[r + COL.definesAcronym] === 0 && definesAcronymNear(tokens, ti))
        rows[r + COL.definesAcronym] = 1;
      if (context.nameSentence === si) rows[r + COL.nameSentence] = 1;
    });
    offset += sentence.text.length + 1;
  });
  const used = keys.length;
  for (let k = 0; k < used; k++) {
    const r = k * F;
    const count = rows[r + COL.count]!;
    rows[r + COL.bias] = 1;
    rows[r + COL.count] = Math.log2(1 + count) / 3;
    rows[r + COL.sentenceShare] = rows[r + COL.sentenceShare]! / Math.max(1, n);
    for (const j of SHARES_OF_USES) rows[r + j] = rows[r + j]! / count;
  }
  return { keys, rows: rows.subarray(0, used * F) };
}

/** An abstract's word keys and, for each, 1 when its real title says the word. */
export interface LabelledWords {
  keys: readonly string[];
  labels: ArrayLike<number>;
}

/**
 * Each word's title rate from labelled abstracts: the log of how much more often than the average
 * word a paper that uses it puts it in its title, `(inTitle + prior·p₀) / (papers + prior)` over
 * `p₀`, for words of at least {@link TITLE_RATE_MIN_PAPERS} papers (a word of one or two papers is
 * those papers', not the field's).
 */
export function titleRates(samples: readonly LabelledWords[]): Map<string, number> {
  const papers = new Map<string, number>();
  const inTitle = new Map<string, number>();
  let positives = 0;
  let words = 0;
  for (const { keys, labels } of samples)
    keys.forEach((key, k) => {
      papers.set(key, (papers.get(key) ?? 0) + 1);
      if (labels[k]) inTitle.set(key, (inTitle.get(key) ?? 0) + 1);
      positives += labels[k] ? 1 : 0;
      words += 1;
    });
  const out = new Map<string, number>();
  if (positives === 0) return out;
  const p0 = positives / words;
  for (const [key, n] of papers) {
    if (n < TITLE_RATE_MIN_PAPERS) continue;
    const rate = ((inTitle.get(key) ?? 0) + TITLE_RATE_PRIOR * p0) / (n + TITLE_RATE_PRIOR);
    out.set(key, Math.log(rate / p0));
  }
  return out;
}

/** Sets a word table's title-rate column from the given rates (the fit reads them cross-fitted). */
export function setTitleRates(table: WordTable, rateOf: ReadonlyMap<string, number>): void {
  table.keys.forEach((key, k) => (table.rows[k * F + COL.titleRate] = rateOf.get(key) ?? 0));
}

/** Whether the token stands in the few words before a bracketed acronym: "… gradient descent (SGD)". */
function definesAcronymNear(tokens: readonly Token[], at: number): boolean {
  for (let j = at + 1; j <= at + 5 && j + 2 < tokens.length; j++) {
    const t = tokens[j]!;
    if (t.text === '(') return ACRONYM_AFTER_BRACKET.test(tokens[j + 1]!.text);
    if (!isWordToken(t) && t.pos !== 'ADP') return false;
  }
  return false;
}

/** Each key's probability of being a title word, under the given weights. */
export function wordProbabilities(
  table: WordTable,
  w: ArrayLike<number> = COMMITTED,
): Map<string, number> {
  const out = new Map<string, number>();
  table.keys.forEach((key, k) => {
    let z = 0;
    for (let j = 0; j < F; j++) z += (w[j] ?? 0) * table.rows[k * F + j]!;
    out.set(key, 1 / (1 + Math.exp(-z)));
  });
  return out;
}

/** A weight record as the vector {@link wordProbabilities} reads. */
export function weightVector(w: Partial<WordWeights>): Float64Array {
  return Float64Array.from(WORD_FEATURES, (f) => w[f] ?? 0);
}
const COMMITTED = weightVector(weights as Partial<WordWeights>);

/**
 * The expected token F1 of a phrase whose content keys are `keys`: expected precision is the mean
 * probability of its words, expected recall the share of the abstract's total probability mass its
 * words carry; the two combined as an F1.
 */
export function expectedF1(
  keys: readonly string[],
  probabilities: ReadonlyMap<string, number>,
  totalMass: number,
): number {
  if (keys.length === 0 || totalMass <= 0) return 0;
  let mass = 0;
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    mass += probabilities.get(key) ?? 0;
  }
  const precision = mass / seen.size;
  const recall = Math.min(1, mass / totalMass);
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/** The sum of all words' probabilities: the expected number of title words the abstract holds. */
export function totalMass(probabilities: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const p of probabilities.values()) sum += p;
  return sum;
}
