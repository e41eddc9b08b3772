/**
 * Titles as headlines: every noun phrase of the abstract (with up to two prepositional attachments,
 * "X for Y with Z") and every gerund phrase ("Detecting X in Y") is a candidate; each is scored by a
 * few features (how central its words are to the abstract, whether it is what the main contribution
 * statement makes, its length, how generic it is), with weights fit on a development set by
 * `npm run fit:titles` (scripts/fit-titles.ts → headline-weights.json). Candidates are whole phrases,
 * so a title is never a fragment: it starts with a content word and ends on a noun.
 */
import { negationScopes } from '../../text/negation';
import {
  isNominal,
  isVariable,
  nounPhrases,
  phrase,
  tagSentence,
  type Phrase,
  type TaggedSentence,
  type Token,
} from '../../text/nlp';
import {
  contentKeySet,
  GENERIC_STEMS,
  RHETORIC,
  STOP_WORDS,
  stripAcronymPlural,
} from '../../text/terms';
import { isCapitalisedWord } from './identifiers';
import { expectedF1, totalMass, wordProbabilities, wordTable, type WordTable } from './title-words';
import type { SentenceRole, Statement } from '../../text/statements';
import weights from './headline-weights.json';

// Built once: for Node targets esbuild (tsx, run-bundled.mjs) turns a `/\p{…}/u` literal into
// `new RegExp(…)`, which a function would build again on every call (docs/ingest.md).
const HAS_LETTER = /\p{L}/u;
const BRACKETED_CAPITAL = /^\(\p{Lu}/u;
const LOWER_CASE_START = /^\p{Ll}+(?:\s|$)/u;
const LOWER_CASE_WORD = /^\p{Ll}+$/u;

/** The feature names, in the order of the weight vector. */
export const HEADLINE_FEATURES = [
  'centrality',
  'coverage',
  'statementWeight',
  'objectOfStatement',
  'earliness',
  'lengthFit',
  'generic',
  'definesAcronym',
  'attachments',
  'nameSentence',
  'contentWords',
  'headFrequency',
  'peakFrequency',
  'genericHead',
  'mainOverlap',
  'resultSentence',
  'backgroundSentence',
  'clause',
  'titleLength',
  'combined',
  'wordF1',
  'grafted',
] as const;
export type HeadlineFeature = (typeof HEADLINE_FEATURES)[number];
export type HeadlineWeights = Record<HeadlineFeature, number>;

/** Headline length in words, the name prefix included. */
export const MIN_TITLE_WORDS = 4;
export const MAX_TITLE_WORDS = 14;
/** Headline length in characters: a phrase that would be cut to fit is no candidate. */
export const MAX_TITLE_LENGTH = 100;
/** Prepositions a title phrase may attach ("graph generation *with* diffusion models"). */
const ATTACHING = new Set([
  'of',
  'for',
  'in',
  'on',
  'with',
  'via',
  'under',
  'from',
  'through',
  'over',
  'across',
  'between',
  'without',
  'beyond',
  'against',
  'by',
  'to',
  'into',
  'using',
  'towards',
  'toward',
  'at',
  'among',
]);
const MAX_ATTACHMENTS = 2;

/** A candidate headline and its features. */
export interface Candidate {
  text: string;
  sentence: number;
  /** Its content keys, when known: combined titles pair phrases that share none. */
  keys?: readonly string[];
  features: Record<HeadlineFeature, number>;
}

/** What the scorer needs to know about the abstract. */
export interface HeadlineContext {
  sentences: readonly TaggedSentence[];
  statements: readonly Statement[];
  main: Statement | null;
  /** The paper's name, to be kept out of the phrase that follows "Name: ". */
  name: string | null;
  /** The sentence that introduces the name, if any. */
  nameSentence: number | null;
  /**
   * Phrases that name a field, not a paper, as bags of content keys ({@link keyBag}): the
   * taxonomy's labels and the acronym expansions several papers of the corpus define, when the
   * caller has them. A candidate that is one of them whole is never a title.
   */
  fieldPhrases?: ReadonlySet<string>;
  /** Each sentence's role (text/statements.ts `sentenceRoles`): background, contribution, result. */
  roles?: readonly SentenceRole[];
  /** What the name stands for, when the abstract spells it out (a word feature, title-words.ts). */
  longForm?: string | null;
}

/**
 * A phrase's content keys as one comparable string, whatever their order: `a b c`. A hyphenated
 * word's key (`metropoli-adjust`) counts as its parts, as `contentKeySet` gives them.
 */
export function keyBag(keys: readonly string[]): string {
  // One array, sorted in place, repeats skipped as they meet: no set, spread or per-key arrays
  // (called for every candidate span; no gain beyond the noise measured, docs/ingest.md).
  const parts: string[] = [];
  for (const key of keys) {
    if (!key.includes('-')) parts.push(key);
    else for (const part of key.split('-')) if (part !== '') parts.push(part);
  }
  if (parts.length < 2) return parts[0] ?? '';
  parts.sort();
  // Repeats dropped in place, then one join: a flat string, where `+=` built a chain of
  // concatenations that the set lookups (isFieldBag) had to flatten again.
  let kept = 1;
  for (let i = 1; i < parts.length; i++)
    if (parts[i] !== parts[kept - 1]) parts[kept++] = parts[i]!;
  parts.length = kept;
  return parts.join(' ');
}

/** The {@link keyBag} of a text's content words: how a phrase is compared with the field's. */
export function textBag(text: string): string {
  return keyBag([...contentKeySet(text)]);
}

/**
 * The bags of the expansions this abstract defines in lower case (`differential privacy (DP)`,
 * `reinforcement learning (RL)`) or with a plural short form (`Multimodal Large Language Models
 * (MLLMs)`): concepts of the field, the name rule's reading too (docs/naming.md), so never a
 * whole title. An acronym the paper's name contains (`DDM` of `SinDDM`) is left out.
 */
function lowerCaseExpansions(sentences: readonly TaggedSentence[], name: string | null): string[] {
  const bags: string[] = [];
  for (const sentence of sentences) {
    const tokens = sentence.tokens;
    tokens.forEach((token, i) => {
      if (token.text !== '(' || tokens[i + 2]?.text !== ')') return;
      const short = tokens[i + 1]!.text;
      if (
        !WHOLE_ASIDE_ACRONYM.test(short) ||
        short.length < 2 ||
        // The name's own letters: "SinDDM: Denoising diffusion models" says what the name is made of.
        (name !== null && name.includes(stripAcronymPlural(short)))
      )
        return;
      const letters = stripAcronymPlural(short).replace(/[^\p{Lu}]/gu, '').length;
      const words = tokens.slice(Math.max(0, i - letters), i);
      // A plural acronym names a class of things ("Multimodal Large Language Models (MLLMs)"),
      // however capitalised: the field's, not one paper's.
      const plural = stripAcronymPlural(short) !== short;
      if (
        words.length < 2 ||
        words.some((w) => (!plural && w.text !== w.lower) || !HAS_LETTER.test(w.text))
      )
        return;
      if (words.map((w) => w.lower.charAt(0).toUpperCase()).join('') !== stripAcronymPlural(short))
        return;
      bags.push(keyBag(contentKeys(words)));
    });
  }
  return bags.filter((bag) => bag.includes(' '));
}

/**
 * A head phrase's key as a title shows it: content words without the rhetoric a title drops
 * ("existing robust AGRs" is "robust AGRs", see cleanPhrase), so a negated phrase is known
 * however it is introduced.
 */
function headKey(tokens: readonly Token[]): string {
  return contentKeys(tokens.filter((t) => !RHETORIC.has(t.lower))).join(' ');
}

/** Whether a token's key counts among a phrase's content keys: a content word, no determiner. */
function hasContentKey(t: Token): boolean {
  return t.content && t.pos !== 'DET';
}

/** Content-word keys of a token range. */
function contentKeys(tokens: readonly Token[]): string[] {
  const keys: string[] = [];
  // By index: a tagged sentence's tokens are a frozen array (the tagger's memo, nlp.ts), and V8
  // (Node 20) has no fast path for one in for…of, slice, filter, forEach or some (5–18× slower).
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (hasContentKey(t)) keys.push(t.key);
  }
  return keys;
}

/**
 * `tokens.slice(first, last + 1)`, copied by index: the same tokens in a plain array, where
 * slicing the frozen array of a tagged sentence took ~15 times as long (see contentKeys).
 */
function tokenRange(tokens: readonly Token[], first: number, last: number): Token[] {
  const range: Token[] = [];
  for (let i = Math.max(0, first); i <= last && i < tokens.length; i++) range.push(tokens[i]!);
  return range;
}

/** How many sentences each content key occurs in: the abstract's own sense of what matters. */
function sentenceFrequencies(sentences: readonly TaggedSentence[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const sentence of sentences) {
    for (const key of new Set(contentKeys(sentence.tokens)))
      counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** True when some content word of the tokens is not general research vocabulary. */
function hasSpecificWord(tokens: readonly Token[]): boolean {
  return tokens.some((t) => hasContentKey(t) && !isGeneric(t));
}

/** A base phrase whose head is generic and whose other content words are all adjectives. */
function isFrame(tokens: readonly Token[]): boolean {
  const head = tokens.at(-1);
  if (!head || !isGeneric(head)) return false;
  // Adjectives and participles ("the burgeoning field", "an emerging area") only.
  return tokens
    .slice(0, -1)
    .every(
      (t) =>
        t.pos === 'DET' || t.pos === 'ADJ' || (t.pos === 'VERB' && /(?:ing|ed)$/.test(t.lower)),
    );
}

function isGeneric(token: Token): boolean {
  return RHETORIC.has(token.lower) || GENERIC_STEMS.has(token.key);
}

/** Extends a base phrase right by "prep (det) phrase" up to MAX_ATTACHMENTS times, and by "and phrase". */
function extensions(
  sentence: TaggedSentence,
  base: Phrase,
  startsAt: ReadonlyMap<number, Phrase>,
): { last: number; attachments: number }[] {
  let last = throughPossessive(sentence, startsAt, base.last);
  const out: { last: number; attachments: number }[] = [{ last, attachments: 0 }];
  // "Gaussian process (GP) models": an acronym defined inside a noun group does not end it; the
  // title reads "Gaussian process models" (the aside is dropped from the text, see withoutAsides).
  const continued = acronymAside(sentence.tokens, last) ? startsAt.get(last + 4) : undefined;
  if (continued) {
    last = continued.last;
    out.push({ last, attachments: 0 });
  }
  for (let n = 1; n <= MAX_ATTACHMENTS; n++) {
    const link = sentence.tokens[last + 1];
    if (!link) break;
    const joins =
      (link.pos === 'ADP' || link.lower === 'using' || link.lower === 'to') &&
      ATTACHING.has(link.lower);
    const coordinates = link.lower === 'and' && n === 1;
    // "an approach based on X", "a model conditioned on Y": a participle and its preposition.
    const preposition = sentence.tokens[last + 2];
    const participle =
      link.pos === 'VERB' &&
      /ed$/.test(link.lower) &&
      preposition !== undefined &&
      ATTACHING.has(preposition.lower);
    if (!joins && !coordinates && !participle) break;
    let at = last + (participle ? 3 : 2);
    const det = sentence.tokens[at];
    if (det && /^(?:a|an|the)$/i.test(det.text) && !coordinates) at += 1;
    const next = startsAt.get(at);
    if (!next) break;
    // "interatomic potentials and complete interatomic potentials": a conjunct that repeats the
    // other's words adds nothing a title would say.
    if (coordinates && repeats(sentence.tokens, base, next)) break;
    last = throughPossessive(sentence, startsAt, next.last);
    out.push({ last, attachments: n });
  }
  return out;
}

/** Whether one phrase's content words are all among the other's. */
function repeats(tokens: readonly Token[], a: Phrase, b: Phrase): boolean {
  const x = new Set(contentKeys(tokenRange(tokens, a.first, a.last)));
  const y = new Set(contentKeys(tokenRange(tokens, b.first, b.last)));
  return isSubset(x, y) || isSubset(y, x);
}

function isSubset(small: ReadonlySet<string>, large: ReadonlySet<string>): boolean {
  for (const key of small) if (!large.has(key)) return false;
  return true;
}

/**
 * Where a phrase ends once a named owner joins it to the phrase it owns: "Dasgupta | 's cost
 * function", "Stein | 's method".
 */
function throughPossessive(
  sentence: TaggedSentence,
  startsAt: ReadonlyMap<number, Phrase>,
  phraseLast: number,
): number {
  const owner = sentence.tokens[phraseLast];
  const mark = sentence.tokens[phraseLast + 1];
  if (owner?.pos !== 'PROPN' || !mark || !POSSESSIVE_MARK.test(mark.text)) return phraseLast;
  if (!isCapitalisedWord(owner.text)) return phraseLast;
  return startsAt.get(phraseLast + 2)?.last ?? phraseLast;
}

/** The possessive mark as the tagger splits it off: `'s`, `’s`, or a lone apostrophe. */
const POSSESSIVE_MARK = /^['’]s?$/;

/** A number on its own (`18`, `3.5`), not part of a name (`GPT-4`, `2D`). */
const BARE_NUMBER = /^\d+(?:[.,]\d+)*$/;

/** An acronym as an aside defines it: capitals, digits and hyphens, maybe a plural `s` (`GP`, `GNNs`). */
const ASIDE_ACRONYM = String.raw`\p{Lu}[\p{Lu}\p{N}-]*s?`;
const WHOLE_ASIDE_ACRONYM = new RegExp(`^${ASIDE_ACRONYM}$`, 'u');
const ACRONYM_ASIDE = new RegExp(String.raw` \(${ASIDE_ACRONYM}\)(?= )`, 'gu');

/** Tokens `last + 1 … last + 3` are "( ACRONYM )", e.g. the `(GP)` of "Gaussian process (GP) models". */
function acronymAside(tokens: readonly Token[], last: number): boolean {
  const acronym = tokens[last + 2];
  return (
    tokens[last + 1]?.text === '(' &&
    tokens[last + 3]?.text === ')' &&
    acronym !== undefined &&
    WHOLE_ASIDE_ACRONYM.test(acronym.text) &&
    acronym.text.length >= 2
  );
}

/**
 * The content keys of the span `first`…`last` of `tokens` but for the acronyms of the asides
 * inside it ("process (GP) models" → process, model; both brackets inside the span), read in place
 * rather than from a sliced and filtered copy: read for every extension of every base phrase.
 */
function spanKeysWithoutAsides(tokens: readonly Token[], first: number, last: number): string[] {
  const keys: string[] = [];
  for (let at = first; at <= last; at++) {
    const t = tokens[at]!;
    if (!hasContentKey(t)) continue;
    if (at > first && at < last && acronymAside(tokens, at - 2)) continue;
    keys.push(t.key);
  }
  return keys;
}

/** A phrase's text without the acronym asides it runs across: "process (GP) models" → "process models". */
function withoutAsides(text: string): string {
  return text.includes('(') ? text.replace(ACRONYM_ASIDE, '') : text;
}

/** Every candidate headline of the abstract, with its features. */
export function headlineCandidates(context: HeadlineContext): Candidate[] {
  return scoredCandidates(context).candidates;
}

/** How many keys a bag (`keyBag`) holds. */
const bagSize = (bag: string): number => (bag === '' ? 0 : bag.split(' ').length);
/** How many space-separated words a text has. */
function wordCount(text: string): number {
  let n = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 32) n += 1;
  return n;
}
/** The most keys a bag of each set holds, counted once per set (the field vocabulary's is shared). */
const MAX_BAG_SIZE = new WeakMap<ReadonlySet<string>, number>();
function maxBagSize(bags: ReadonlySet<string>): number {
  let most = MAX_BAG_SIZE.get(bags);
  if (most === undefined) {
    most = 0;
    for (const bag of bags) most = Math.max(most, bagSize(bag));
    MAX_BAG_SIZE.set(bags, most);
  }
  return most;
}

/**
 * Every candidate headline with its features, and the abstract's word table (title-words.ts), which
 * `fit:titles` refits the word model on.
 */
export function scoredCandidates(context: HeadlineContext): {
  candidates: Candidate[];
  words: WordTable;
  /** The word runs the abstract negates ({@link addNegatedRuns}), for {@link bestHeadline}. */
  negated: ReadonlySet<string>;
} {
  const { sentences } = context;
  const frequencies = sentenceFrequencies(sentences);
  const maxFrequency = Math.max(1, ...frequencies.values());
  const mainSentence = context.main ? sentences[context.main.sentenceIndex] : undefined;
  const mainKeys = new Set(mainSentence ? contentKeys(mainSentence.tokens) : []);
  const statementOf = new Map(context.statements.map((s) => [s.sentenceIndex, s]));
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  // The field's phrases and this abstract's lower-case expansions, read in place: the field
  // vocabulary is shared by every abstract, never copied per abstract.
  const fieldPhrases = context.fieldPhrases ?? new Set<string>();
  // Plain copies of the tagged sentences, made once for the readers that walk every token: a
  // tagged sentence's tokens are the tagger's frozen memo, which V8 (Node 20) iterates and slices
  // several times slower (contentKeys).
  const plain = sentences.map((sentence) => ({
    text: sentence.text,
    tokens: [...sentence.tokens],
  }));
  const expansions = new Set(lowerCaseExpansions(plain, context.name));
  const isFieldBag = (bag: string) => fieldPhrases.has(bag) || expansions.has(bag);
  const phrasesBySentence = sentences.map((sentence, index) => nounPhrases(sentence, index));
  // Each base phrase's tokens, sliced once: the negation pass and every test below read them.
  const tokensBySentence = phrasesBySentence.map((bases, index) =>
    bases.map((base) => tokenRange(sentences[index]!.tokens, base.first, base.last)),
  );
  // What the contribution statements say (all sentences but the results' when there is none).
  const roles = context.roles ?? [];
  const hasContribution = roles.includes('contribution');
  const contributionKeys = new Set<string>();
  sentences.forEach((sentence, index) => {
    const role = roles[index];
    if (hasContribution ? role === 'contribution' : role !== 'result')
      for (const key of contentKeys(sentence.tokens)) contributionKeys.add(key);
  });
  // A head phrase the abstract negates anywhere ("bypasses direct value function estimation")
  // is what the paper is not: never a title's head (text/negation.ts).
  const negated = new Set<string>();
  const negatedKeys = new Set<string>();
  // The base phrases in a negation's scope, read once (grafts ask again).
  const inScope = new Set<Phrase>();
  // Every run of words a negation's scope starts (the same scopes), for the title's own head.
  const runs = new Set<string>();
  sentences.forEach((sentence, index) => {
    // The sentence's clauses and cues are read once, not once per phrase.
    const inClauseScope = negationScopes(sentence.text);
    addNegatedRuns(plain[index]!.tokens, inClauseScope, runs);
    const baseTokens = tokensBySentence[index]!;
    phrasesBySentence[index]!.forEach((base, b) => {
      if (!inClauseScope(sentence.tokens[base.first]!.start)) return;
      inScope.add(base);
      negated.add(headKey(baseTokens[b]!));
      for (const key of contentKeys(baseTokens[b]!)) negatedKeys.add(key);
    });
  });
  // Which words the title is likely to say (title-words.ts): the candidates' `wordF1`.
  const words = wordTable({
    sentences: plain,
    statements: context.statements,
    main: context.main,
    roles,
    name: context.name,
    nameSentence: context.nameSentence,
    longForm: context.longForm ?? null,
    phrases: phrasesBySentence,
    negatedKeys,
  });
  const probabilities = wordProbabilities(words);
  const mass = totalMass(probabilities);
  const wordF1 = (keys: readonly string[]) => expectedF1(keys, probabilities, mass);
  const shared: SharedFeatures = {
    frequencies,
    maxFrequency,
    mainKeys,
    contributionKeys,
    negated,
    wordF1,
  };
  // Prepositional phrases a phrase from another sentence may take on ("X for Y", "X via Y").
  const grafts: Graft[] = [];
  sentences.forEach((sentence, index) => {
    // After a name, the description says what the named thing is: context and prior work
    // ("existing methods rarely explain the recommended conditions") only set the scene for it.
    if (context.name && hasContribution && roles[index] === 'background') return;
    const bases = phrasesBySentence[index]!;
    const baseTokens = tokensBySentence[index]!;
    const startsAt = new Map(bases.map((p) => [p.first, p]));
    const statement = statementOf.get(index);
    const objectStart = statement ? objectTokenIndex(sentence, statement) : -1;
    for (const base of bases) {
      if (inScope.has(base)) continue;
      const graft = graftOf(sentence, index, base, negated, context.name);
      if (graft) grafts.push(graft);
    }
    // Every base phrase starts a candidate; the chunker keeps an -ing word before a noun inside
    // it, so gerund phrases ("detecting adversarial directions in deep RL") are among them.
    for (let b = 0; b < bases.length; b++) {
      const base = bases[b]!;
      const headTokens = baseTokens[b]!;
      // "Challenge in RL", "Methods in …", "Terms of wall-clock time": a head phrase of generic
      // words only says nothing about the paper, whatever follows it.
      if (!hasSpecificWord(headTokens)) continue;
      // "Burgeoning field of …", "an important problem in …": in an opening sentence, a frame of
      // adjectives around a generic head sets the scene for the topic its attachment names.
      const frame = context.roles?.[index] === 'background' && isFrame(headTokens);
      if (negated.has(headKey(headTokens))) continue;
      for (const ext of extensions(sentence, base, startsAt)) {
        if (frame && ext.attachments > 0) continue;
        // Cheap tests first: most spans fail one, and their tokens are never sliced nor their
        // text built.
        const keys = spanKeysWithoutAsides(sentence.tokens, base.first, ext.last);
        if (keys.length < 2) continue;
        // A field's name alone ("Differential privacy") says what area, not what paper.
        if (isFieldBag(keyBag(keys))) continue;
        const tokens =
          ext.last === base.last ? headTokens : tokenRange(sentence.tokens, base.first, ext.last);
        const after = sentence.tokens[ext.last + 1];
        if (
          continuesPast(tokens, after, sentence.tokens[ext.last + 2]) ||
          cutsNounGroup(sentence.tokens, ext.last) ||
          gluedToNeighbour(sentence, base.first, ext.last)
        )
          continue;
        if (context.name && tokens.some((t) => stripAcronymPlural(t.text) === context.name))
          continue;
        // "QRA on 18 different systems": a count belongs to the results, never to a title.
        if (tokens.some((t) => BARE_NUMBER.test(t.text))) continue;
        const text = cleanPhrase(withoutAsides(phrase(sentence, index, base.first, ext.last).text));
        // A name of several words ("Direct Preference Process") is no description of itself.
        if (context.name?.includes(' ') && text.includes(context.name)) continue;
        const seenKey = text.toLowerCase();
        if (seen.has(seenKey)) continue;
        seen.add(seenKey);
        const byKeys = keyFeatures(keys, shared);
        const objectOfStatement =
          objectStart >= 0 && base.first >= objectStart && base.first <= objectStart + 3 ? 1 : 0;
        candidates.push({
          text,
          sentence: index,
          keys,
          features: {
            centrality: byKeys.centrality,
            coverage: byKeys.coverage,
            statementWeight: statement ? statement.weight / 5 : 0,
            objectOfStatement: objectOfStatement * (statement === context.main ? 1 : 0.5),
            earliness: 1 - index / Math.max(1, sentences.length),
            lengthFit: byKeys.lengthFit,
            generic: tokens.filter(isGeneric).length / tokens.length,
            definesAcronym:
              after?.text === '(' ||
              BRACKETED_CAPITAL.test(
                sentence.text.slice(after?.start ?? 0, (after?.start ?? 0) + 2),
              )
                ? 1
                : 0,
            attachments: ext.attachments / MAX_ATTACHMENTS,
            nameSentence: context.nameSentence === index ? 1 : 0,
            contentWords: byKeys.contentWords,
            headFrequency:
              (frequencies.get(
                base.last === ext.last
                  ? (tokens.at(-1)?.key ?? '')
                  : (sentence.tokens[base.last]?.key ?? ''),
              ) ?? 0) / maxFrequency,
            genericHead: isGeneric(sentence.tokens[base.last] as Token) ? 1 : 0,
            peakFrequency: Math.max(...keys.map((k) => frequencies.get(k) ?? 0)) / maxFrequency,
            mainOverlap: byKeys.mainOverlap,
            // A result sentence's phrase, by the share of its words no contribution statement
            // says: all of them, and it is an evaluation's own detail, not what the paper is.
            resultSentence:
              context.roles?.[index] === 'result'
                ? keys.filter((k) => !contributionKeys.has(k)).length / keys.length
                : 0,
            backgroundSentence: context.roles?.[index] === 'background' ? 1 : 0,
            clause: 0,
            titleLength: titleLengthFit(text, context.name),
            combined: 0,
            wordF1: byKeys.wordF1,
            grafted: 0,
          },
        });
      }
    }
  });
  sentences.forEach((sentence, index) => {
    const statement = statementOf.get(index);
    if (!statement || roles[index] === 'result') return;
    for (const clause of clauseCandidates(sentence, statement, context)) {
      // What the abstract bypasses or criticises is never a title's head, here as for phrases.
      if (shared.negated.has(headKey(clause.headTokens))) continue;
      const seenKey = clause.text.toLowerCase();
      if (seen.has(seenKey)) continue;
      seen.add(seenKey);
      candidates.push(clauseCandidate(clause, index, statement, context, shared));
    }
  });
  const phrases = candidates.slice();
  if (!context.name) candidates.push(...combinedCandidates(candidates, wordF1));
  candidates.push(...graftedCandidates(phrases, grafts, context.name, shared));
  // The long form of the paper's only acronym names its subject, the way a field's name does:
  // never a whole title ("Stochastic Gradient Descent" for an abstract about SGD alone).
  const sole = soleAcronymExpansion(plain);
  const soleWords = new Set(sole?.split(' ') ?? []);
  const isSole = (keys: readonly string[]) =>
    keys.every((k) => k.split('-').every((part) => part === '' || soleWords.has(part))) &&
    keyBag(keys) === sole;
  // A field's name alone ("Large Language Models") is never a title, whatever made it: read from
  // the text the title would show, which cleaning may have made shorter than the span its keys
  // came from ("Evaluating Large Language Models" → "Large Language Models"). Only texts short
  // enough to be one are read again: reading every candidate cost ~10 % of deriving.
  let maxFieldKeys = maxBagSize(fieldPhrases);
  for (const bag of expansions) maxFieldKeys = Math.max(maxFieldKeys, bagSize(bag));
  const isField = (c: Candidate) =>
    wordCount(c.text) <= 2 * maxFieldKeys && isFieldBag(textBag(c.text));
  const kept = candidates.filter((c) => !(sole && isSole(c.keys ?? [])) && !isField(c));
  return { candidates: kept, words, negated: runs };
}

/** How many content words of a title's head are compared with the negated runs. */
const MAX_RUN_WORDS = 6;

/**
 * Adds to `runs` the content keys of every run of up to {@link MAX_RUN_WORDS} content words that
 * starts in a negation's scope ("without degrading *discrimination accuracy*"), joined by spaces.
 * A title whose head is one of them says what the paper is not, whatever phrase the chunker made of
 * the words around it (the base-phrase check above compares whole phrases only).
 */
function addNegatedRuns(
  tokens: readonly Token[],
  inScope: (offset: number) => boolean,
  runs: Set<string>,
): void {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!hasContentKey(token) || !inScope(token.start)) continue;
    let run = '';
    let words = 0;
    for (let j = i; j < tokens.length && words < MAX_RUN_WORDS; j++) {
      const next = tokens[j]!;
      if (next.pos === 'PUNCT') break;
      if (!hasContentKey(next)) continue;
      run = words === 0 ? next.key : `${run} ${next.key}`;
      words += 1;
      runs.add(run);
    }
  }
}

/** Parts of speech that end a title's head: "X *for* Y", "X *and* Y", "X *to* Y". */
const HEAD_END: ReadonlySet<string> = new Set(['ADP', 'CCONJ', 'SCONJ', 'PART']);

/**
 * Whether a title's head (each part's words before its first preposition or conjunction, as the
 * title reads alone) is a run of words the abstract negates ({@link addNegatedRuns}).
 */
export function headIsNegated(text: string, negated: ReadonlySet<string>): boolean {
  if (negated.size === 0) return false;
  return text.split(': ').some((part) => {
    const keys: string[] = [];
    for (const token of tagSentence(part).tokens) {
      if (HEAD_END.has(token.pos) || token.pos === 'PUNCT') break;
      if (hasContentKey(token)) keys.push(token.key);
    }
    return keys.length > 0 && negated.has(keys.join(' '));
  });
}

/** A prepositional phrase of the abstract, to be grafted onto a phrase of another sentence. */
interface Graft {
  preposition: string;
  text: string;
  keys: string[];
  sentence: number;
}

/**
 * Prepositions a grafted phrase may start with: purpose, means and setting ("X for Y", "X via Y",
 * "X with Y", "X under Y"). "of", "using", "by" and "towards" read as two phrases stuck together;
 * "in" and "from" place a phrase in whatever the other sentence talks about ("a verified semantic
 * cache in unexpected error rates"): left out for that, at 0.005 / 0.007 of held-out venue F1.
 */
const GRAFT_PREPOSITIONS = new Set([
  'for',
  'via',
  'with',
  'on',
  'under',
  'through',
  'across',
  'beyond',
]);

/** The base phrase as a graft, when a grafting preposition (and maybe an article) comes before it. */
function graftOf(
  sentence: TaggedSentence,
  index: number,
  base: Phrase,
  negated: ReadonlySet<string>,
  name: string | null,
): Graft | null {
  const tokens = sentence.tokens;
  let at = base.first - 1;
  if (at >= 0 && /^(?:a|an|the)$/i.test(tokens[at]!.text)) at -= 1;
  const prep = tokens[at];
  if (!prep || prep.pos !== 'ADP' || !GRAFT_PREPOSITIONS.has(prep.lower)) return null;
  const span = tokenRange(tokens, base.first, base.last);
  const keys = contentKeys(span);
  if (keys.length === 0 || !hasSpecificWord(span)) return null;
  if (negated.has(headKey(span))) return null;
  if (span.some((t) => BARE_NUMBER.test(t.text) || (!isClean(t) && t.pos !== 'DET'))) return null;
  if (name && span.some((t) => stripAcronymPlural(t.text) === name)) return null;
  if (
    continuesPast(span, tokens[base.last + 1], tokens[base.last + 2]) ||
    cutsNounGroup(tokens, base.last) ||
    gluedToNeighbour(sentence, base.first, base.last) ||
    acronymAside(tokens, base.last)
  )
    return null;
  const text = cleanPhrase(phrase(sentence, index, base.first, base.last).text);
  return { preposition: prep.lower, text, keys, sentence: index };
}

/** How many of the best single phrases take a graft. */
const GRAFTED_FROM = 4;

/**
 * "X for Y", "X via Y": the best phrases (by the committed weights) that a statement says the paper
 * makes, with a prepositional phrase from another sentence that shares no content word with them.
 * Real titles say what the paper makes and what for; one phrase of the abstract rarely says both.
 */
function graftedCandidates(
  phrases: readonly Candidate[],
  grafts: readonly Graft[],
  name: string | null,
  shared: SharedFeatures,
): Candidate[] {
  if (grafts.length === 0) return [];
  const w = weights as HeadlineWeights;
  const best = headlinePool(
    // Only what a statement says the paper makes takes a purpose or a means ("X for Y"): a
    // problem or a prior method the abstract describes would read as the paper's subject.
    phrases.filter((c) => c.features.clause === 0 && c.features.objectOfStatement > 0),
    name,
  )
    .map((c) => ({ c, score: scoreCandidate(c, w) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, GRAFTED_FROM);
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const { c } of best) {
    const own = new Set(c.keys ?? []);
    for (const g of grafts) {
      if (g.sentence === c.sentence || g.keys.some((k) => own.has(k))) continue;
      const text = `${c.text} ${g.preposition} ${g.text}`;
      if (seen.has(text)) continue;
      seen.add(text);
      const candidate: Candidate = {
        text,
        sentence: c.sentence,
        keys: [...own, ...g.keys],
        features: { ...c.features },
      };
      if (!fits(candidate, name)) continue;
      const f = candidate.features;
      const byKeys = keyFeatures(candidate.keys!, shared);
      f.centrality = byKeys.centrality;
      f.coverage = byKeys.coverage;
      f.contentWords = byKeys.contentWords;
      f.lengthFit = byKeys.lengthFit;
      f.mainOverlap = byKeys.mainOverlap;
      f.wordF1 = byKeys.wordF1;
      f.titleLength = titleLengthFit(text, name);
      f.attachments = Math.min(1, f.attachments + 1 / MAX_ATTACHMENTS);
      f.grafted = 1;
      out.push(candidate);
    }
  }
  return out;
}

/**
 * The key bag of the long form of the abstract's only acronym, when it uses exactly one and defines
 * it (`… gradient descent (SGD)`), else null.
 */
function soleAcronymExpansion(sentences: readonly TaggedSentence[]): string | null {
  const used = new Set<string>();
  let bag: string | null = null;
  for (const sentence of sentences) {
    const tokens = sentence.tokens;
    tokens.forEach((token, i) => {
      if (!USED_ACRONYM.test(token.text)) return;
      const short = stripAcronymPlural(token.text);
      used.add(short);
      if (tokens[i - 1]?.text !== '(' || tokens[i + 1]?.text !== ')') return;
      const letters = short.replace(NOT_CAPITAL, '').length;
      const words = tokens.slice(Math.max(0, i - 1 - letters), i - 1);
      if (words.length < 2 || !words.every((w) => HAS_LETTER.test(w.text))) return;
      if (words.map((w) => w.text.charAt(0).toUpperCase()).join('') !== short) return;
      bag = keyBag(contentKeys(words));
    });
    if (used.size > 1) return null;
  }
  return used.size === 1 ? bag : null;
}
/** An acronym as used: two or more capitals, maybe digits, hyphens and a plural `s` (`SGD`, `GNNs`). */
const USED_ACRONYM = /^\p{Lu}[\p{Lu}\p{N}-]*\p{Lu}[\p{N}]*s?$/u;
const NOT_CAPITAL = /[^\p{Lu}]/gu;

/** How many of the best single phrases are paired into "A: B" titles. */
const COMBINED_FROM = 6;
/**
 * Words each part of an "A: B" title has at least. Three, though a title alone needs four: the
 * pair makes six or more, and "Fitting Random Utility Models: Approximate separation oracle" is
 * made of parts too short to stand alone (held-out venue title F1 +0.02–0.03, docs/naming.md
 * "Ninth pass").
 */
const MIN_PART_WORDS = 3;

/**
 * Two phrases as one title, "A: B" (docs/naming.md, "Combined titles"): the best single phrases by
 * the committed weights, paired when they share no content word and come from different sentences,
 * so the title says both what the paper makes and what for. Real titles run longer than one phrase.
 */
function combinedCandidates(
  candidates: readonly Candidate[],
  wordF1: (keys: readonly string[]) => number,
): Candidate[] {
  const w = weights as HeadlineWeights;
  const singles = headlinePool(candidates, null, MIN_PART_WORDS)
    .map((c) => ({ c, score: scoreCandidate(c, w) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, COMBINED_FROM)
    .map(({ c }) => ({ c, keys: new Set(c.keys ?? contentKeySet(c.text)) }));
  const out: Candidate[] = [];
  for (const a of singles) {
    for (const b of singles) {
      if (a === b || a.c.sentence === b.c.sentence) continue;
      if ([...b.keys].some((k) => a.keys.has(k))) continue;
      const text = `${a.c.text}: ${capitaliseFirstWord(b.c.text)}`;
      if (titleWords(text, null) > MAX_TITLE_WORDS || text.length > MAX_TITLE_LENGTH) continue;
      const features = {} as Record<HeadlineFeature, number>;
      for (const f of HEADLINE_FEATURES) features[f] = (a.c.features[f] + b.c.features[f]) / 2;
      const keys = a.keys.size + b.keys.size;
      features.coverage = a.c.features.coverage + b.c.features.coverage;
      features.contentWords = keys / 10;
      features.lengthFit = -Math.abs(keys - 5) / 5;
      features.titleLength = titleLengthFit(text, null);
      features.combined = 1;
      const joined = [...a.keys, ...b.keys];
      features.wordF1 = wordF1(joined);
      features.grafted = 0;
      out.push({ text, sentence: a.c.sentence, keys: joined, features });
    }
  }
  return out;
}

/** "contrastive learning" → "Contrastive learning" after a colon; acronyms stay as written. */
function capitaliseFirstWord(text: string): string {
  return LOWER_CASE_START.test(text) ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** Real titles run about 8–9 words: how far a title with this phrase is from that. */
function titleLengthFit(text: string, name: string | null): number {
  return -Math.abs(titleWords(text, name) - TYPICAL_TITLE_WORDS) / TYPICAL_TITLE_WORDS;
}
const TYPICAL_TITLE_WORDS = 9;

/** What every candidate's features read from the whole abstract. */
interface SharedFeatures {
  frequencies: ReadonlyMap<string, number>;
  maxFrequency: number;
  mainKeys: ReadonlySet<string>;
  contributionKeys: ReadonlySet<string>;
  negated: ReadonlySet<string>;
  /** The expected token F1 of a phrase's words (title-words.ts). */
  wordF1: (keys: readonly string[]) => number;
}

/** A contribution clause compressed to a title: its words and the tokens they came from. */
interface Clause {
  text: string;
  tokens: Token[];
  /** The phrase the clause opens with (its head is checked against the negated phrases). */
  headTokens: Token[];
}

function clauseCandidate(
  clause: Clause,
  index: number,
  statement: Statement,
  context: HeadlineContext,
  shared: SharedFeatures,
): Candidate {
  const { frequencies, maxFrequency, contributionKeys } = shared;
  const keys = contentKeys(clause.tokens);
  const head = clause.headTokens.at(-1);
  const byKeys = keyFeatures(keys, shared);
  return {
    text: clause.text,
    sentence: index,
    keys,
    features: {
      centrality: byKeys.centrality,
      coverage: byKeys.coverage,
      statementWeight: statement.weight / 5,
      objectOfStatement: statement === context.main ? 1 : 0.5,
      earliness: 1 - index / Math.max(1, context.sentences.length),
      lengthFit: byKeys.lengthFit,
      generic: clause.tokens.filter(isGeneric).length / clause.tokens.length,
      definesAcronym: 0,
      attachments: 1,
      nameSentence: context.nameSentence === index ? 1 : 0,
      contentWords: byKeys.contentWords,
      headFrequency: head ? (frequencies.get(head.key) ?? 0) / maxFrequency : 0,
      genericHead: head && isGeneric(head) ? 1 : 0,
      peakFrequency: Math.max(...keys.map((k) => frequencies.get(k) ?? 0)) / maxFrequency,
      mainOverlap: byKeys.mainOverlap,
      resultSentence:
        context.roles?.[index] === 'result'
          ? keys.filter((k) => !contributionKeys.has(k)).length / keys.length
          : 0,
      backgroundSentence: 0,
      clause: 1,
      titleLength: titleLengthFit(clause.text, context.name),
      combined: 0,
      wordF1: byKeys.wordF1,
      grafted: 0,
    },
  };
}

/**
 * The features that depend only on a candidate's content words: how central and how many they are,
 * how many the main statement says (what it says is what a title says), and their expected F1.
 */
function keyFeatures(
  keys: readonly string[],
  shared: SharedFeatures,
): Pick<
  Record<HeadlineFeature, number>,
  'centrality' | 'coverage' | 'contentWords' | 'lengthFit' | 'mainOverlap' | 'wordF1'
> {
  const frequency = (k: string) => shared.frequencies.get(k) ?? 0;
  return {
    centrality:
      keys.reduce((sum, k) => sum + frequency(k), 0) / (keys.length * shared.maxFrequency),
    coverage: keys.reduce((sum, k) => sum + Math.log2(1 + frequency(k)), 0) / 8,
    contentWords: keys.length / 10,
    lengthFit: -Math.abs(keys.length - 5) / 5,
    mainOverlap: keys.filter((k) => shared.mainKeys.has(k)).length / keys.length,
    wordF1: shared.wordF1(keys),
  };
}

/** Words that end a clause a title is made of: another clause or an aside starts there. */
const CLAUSE_STOP = new Set([
  'which',
  'where',
  'while',
  'whereas',
  'whose',
  'when',
  'such',
  'thereby',
  'thus',
  'hence',
  'including',
  'namely',
  'i.e.',
  'e.g.',
]);

/** Participles that name what follows ("a technique called LinC"): the name is no title word. */
const NAMING = new Set(['called', 'named', 'termed', 'dubbed', 'coined']);

/** Longest clause read, in tokens. */
const MAX_CLAUSE_TOKENS = 24;

/**
 * The contribution clause compressed to titles (docs/naming.md, "Clause titles"): the statement's
 * object read on past the two attachments a noun phrase may take, with its subject, verb and
 * determiners dropped and the verbs of a purpose or relative clause turned into -ing forms:
 * "we propose a method that learns A from B" → "Method for learning A from B", "we propose to
 * learn A from B" → "Learning A from B", "we study the convergence of X under Y in Z" →
 * "Convergence of X under Y in Z". Each point where the clause could end on a noun gives one.
 */
function clauseCandidates(
  sentence: TaggedSentence,
  statement: Statement,
  context: HeadlineContext,
): Clause[] {
  const tokens = sentence.tokens;
  let at = objectTokenIndex(sentence, statement);
  if (at < 0) return [];
  // "propose and analyze X": the object follows the second verb.
  if (/^(?:and|or)$/.test(tokens[at]?.lower ?? '') && tokens[at + 1]?.pos === 'VERB') at += 2;
  const words: string[] = [];
  const kept: Token[] = [];
  const out: Clause[] = [];
  let headTokens: Token[] = [];
  let headWords = 0;
  let verbs = 0;
  // "we propose to learn A": the infinitive is the title's gerund.
  if (tokens[at]?.lower === 'to' && tokens[at + 1]?.pos === 'VERB') {
    const gerund = gerundForm(tokens[at + 1]!.lower);
    if (!gerund) return [];
    words.push(gerund);
    kept.push(tokens[at + 1]!);
    at += 2;
    verbs += 1;
  } else if (statement.verbClass === 'finding') return [];
  for (let i = at; i < tokens.length && i < at + MAX_CLAUSE_TOKENS; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    if (words.length === 0 && (token.pos === 'DET' || RHETORIC.has(token.lower))) continue;
    if (/^(?:that|to)$/.test(token.lower) && kept.length > 0) {
      // "a method that (adaptively) learns…", "a method to learn…": the purpose, "for learning…".
      const verbAt = next?.pos === 'ADV' && /ly$/.test(next.lower) ? i + 2 : i + 1;
      const verb = tokens[verbAt];
      const gerund = verb?.pos === 'VERB' ? gerundForm(verb.lower) : null;
      if (gerund && verbs < 2 && isNominal(kept.at(-1)!)) {
        words.push('for', gerund);
        kept.push(verb!);
        verbs += 1;
        i = verbAt;
        continue;
      }
      if (token.lower === 'that') break;
    }
    if (
      CLAUSE_STOP.has(token.lower) ||
      NAMING.has(token.lower) ||
      token.pos === 'AUX' ||
      token.pos === 'PRON' ||
      token.pos === 'PUNCT' ||
      token.pos === 'SCONJ' ||
      // "we analyze how…", "we ask whether…": a function adverb opens a clause of its own.
      (token.pos === 'ADV' && STOP_WORDS.has(token.lower))
    )
      break;
    if (token.pos === 'VERB') {
      // "by leveraging X", "X using Y" stay; another verb starts a clause of its own, except a
      // word the tagger read as a verb that opens its verb's object ("learn reward/VERB functions").
      const ing = /ing$/.test(token.lower) || /(?:ed|en)$/.test(token.lower);
      const modifier = tokens[i - 1]?.pos === 'VERB' && isModifierOf(next);
      if (!modifier && (!ing || verbs >= 2)) break;
    }
    if (token.pos === 'CCONJ' && next?.pos === 'VERB') break;
    if (!isClean(token) && token.pos !== 'CCONJ' && token.pos !== 'ADP' && token.pos !== 'DET')
      break;
    if (token.pos === 'DET' && !/^(?:a|an|the)$/.test(token.lower)) break;
    if (token.pos !== 'DET') {
      words.push(token.text);
      kept.push(token);
    }
    if (headTokens.length === 0 && isNominal(token) && !isModifierOf(next)) {
      headTokens = [...kept];
      headWords = words.length;
    }
    if (!isNominal(token) || isModifierOf(next) || isVariable(token)) continue;
    if (continuesPast(kept, next, tokens[i + 2])) continue;
    // "multitask online learning in (a) setting | where…": the generic noun waits for its clause.
    if (isGeneric(token) && next && (CLAUSE_STOP.has(next.lower) || next.lower === 'that'))
      continue;
    if (cutsNounGroup(tokens, i) || gluedToNeighbour(sentence, at, i)) continue;
    const keys = contentKeys(kept);
    if (keys.length < 3 || words.length + (context.name ? 1 : 0) > MAX_TITLE_WORDS) continue;
    if (kept.some((t) => BARE_NUMBER.test(t.text))) continue;
    if (context.name && kept.some((t) => stripAcronymPlural(t.text) === context.name)) continue;
    // "the problem of identifying X", "a method for learning Y": a head of generic words only says
    // nothing a title says (noun-phrase candidates skip such heads too); the title is what follows.
    const bare = !hasSpecificWord(headTokens) && /^(?:of|for)$/.test(words[headWords] ?? '');
    const shown = bare ? words.slice(headWords + 1) : words;
    const shownTokens = bare ? kept.slice(headTokens.length) : kept;
    if (contentKeys(shownTokens).length < 3) continue;
    const head = bare ? leadingPhrase(shownTokens) : headTokens;
    out.push({ text: cleanPhrase(shown.join(' ')), tokens: [...shownTokens], headTokens: head });
  }
  // Only clauses longer than a noun phrase with its attachments: those are candidates already.
  return out.filter((c) => c.text.split(' ').length >= 5);
}

/** The tokens up to the first noun that ends its group: the phrase a title is headed by. */
function leadingPhrase(tokens: readonly Token[]): Token[] {
  const end = tokens.findIndex((t, i) => isNominal(t) && !isModifierOf(tokens[i + 1]));
  return tokens.slice(0, end < 0 ? tokens.length : end + 1);
}

/** Whether the token would still modify a following noun ("graph | neural networks"). */
function isModifierOf(next: Token | undefined): boolean {
  return next !== undefined && (next.pos === 'NOUN' || next.pos === 'PROPN') && isClean(next);
}

/** A title-safe word: letters or digits, no math or brackets. */
function isClean(token: Token): boolean {
  return isCleanWord(token.text) && !isVariable(token);
}

/** Letters or digits, then also `-`, `'`, `’`, `+` and `/`. */
const CLEAN_WORD = /^[\p{L}\p{N}][\p{L}\p{N}\-'’+/]*$/u;

/**
 * {@link CLEAN_WORD}'s test, ASCII read by character code (most words are plain ASCII; the Unicode
 * pattern is only run on a word with another character): same answer for every text.
 */
export function isCleanWord(text: string): boolean {
  if (text === '') return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return CLEAN_WORD.test(text);
    const alphanumeric =
      (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
    // Past the first character, `-`, `'`, `+` and `/` too; any other ASCII character fails the
    // pattern wherever it stands, whatever follows.
    if (!alphanumeric && (i === 0 || (c !== 0x2d && c !== 0x27 && c !== 0x2b && c !== 0x2f)))
      return false;
  }
  return true;
}

/**
 * The -ing form of a verb as written ("learns", "learn", "applies", "maps"), or null when the word
 * is no plain present-tense or base form ("learned", "learning" as a verb).
 */
export function gerundForm(verb: string): string | null {
  if (!LOWER_CASE_WORD.test(verb) || /(?:ed|ing)$/.test(verb)) return null;
  let base = verb;
  if (/[^aeiou]ies$/.test(base)) base = `${base.slice(0, -3)}y`;
  else if (/(?:ss|sh|ch|x|z)es$/.test(base)) base = base.slice(0, -2);
  else if (/[^su]s$/.test(base)) base = base.slice(0, -1);
  if (base.endsWith('ie')) return `${base.slice(0, -2)}ying`;
  if (base.endsWith('e') && !/(?:ee|ye|oe)$/.test(base)) return `${base.slice(0, -1)}ing`;
  // One-syllable consonant-vowel-consonant: "map" → "mapping", "fit" → "fitting".
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(base)) return `${base}${base.at(-1)}ing`;
  return `${base}ing`;
}

/**
 * A phrase whose last noun still takes its complement is cut mid-phrase: "the use" before "of X",
 * "a focus" before "on X", "the assumption" before "that…".
 */
function continuesPast(
  tokens: readonly Token[],
  after: Token | undefined,
  next: Token | undefined,
): boolean {
  if (!after) return false;
  if (after.lower === 'of') return true;
  // "a diffusion framework | that separates…": a relative clause says more about a whole phrase;
  // only "that" before a clause of its own ("the assumption that the data…") completes the noun.
  if (after.lower === 'that' && (next?.pos === 'VERB' || next?.pos === 'AUX')) return false;
  const last = tokens.at(-1);
  const generic = last !== undefined && isGeneric(last);
  const articled = tokens.at(-2)?.pos === 'DET';
  return (generic || articled) && (after.pos === 'ADP' || after.lower === 'that');
}

/**
 * A phrase that stops inside a longer noun group the tagger split: "equations in the iterative"
 * before "extended and unscented Kalman filters", "characterization of translation-invariant"
 * before "or rotation-invariant kernels", "formulation of perturbing" before "the … distribution",
 * "algorithm achieving O" before "(ε⁻²d)". The title would read as cut off.
 */
function cutsNounGroup(tokens: readonly Token[], last: number): boolean {
  const end = tokens[last];
  const after = tokens[last + 1];
  const next = tokens[last + 2];
  if (!end) return false;
  // A lone letter is a variable or the start of a formula, never the end of a title (the tagger
  // keeps a sentence's full stop on it: "a compact metric space S.").
  if (isVariable(end)) return true;
  if (!after) return false;
  // The next word still modifies what follows: "iterative | extended and unscented … filters".
  const modifier = after.pos === 'ADJ' || (after.pos === 'VERB' && /(?:ed|en)$/.test(after.lower));
  if (modifier && next && (next.pos === 'CCONJ' || next.pos === 'NOUN' || next.pos === 'PROPN'))
    return true;
  // Two modifiers of one head: "translation-invariant | or rotation-invariant kernels" (the tagger
  // reads hyphenated compound adjectives as nouns, so the hyphen is what says "modifier"), and
  // "between source | and target languages" (a singular noun, then a plural head).
  const head = tokens[last + 3];
  if (after.pos === 'CCONJ' && next && (next.pos === 'ADJ' || next.pos === 'NOUN') && head) {
    const hyphenated =
      (head.pos === 'NOUN' || head.pos === 'PROPN') && /-/.test(end.text + next.text);
    const sharedPlural =
      end.pos === 'NOUN' &&
      !/s$/.test(end.lower) &&
      (after.lower === 'and' || after.lower === 'or') &&
      head.pos === 'NOUN' &&
      /[^su]s$/.test(head.lower);
    if (hyphenated || sharedPlural) return true;
  }
  // "perturbing | the underlying data": an -ing word the tagger read as a noun takes an object.
  return /ing$/.test(end.lower) && after.pos === 'DET';
}

/**
 * A span written together with the word before or after it is part of a longer expression: "B
 * testing" of "A/B testing", "Dasgupta" of "Dasgupta's cost", "N" of "N/A". The title would start or
 * end inside it.
 */
function gluedToNeighbour(sentence: TaggedSentence, first: number, last: number): boolean {
  const start = sentence.tokens[first]?.start ?? 0;
  const end = sentence.tokens[last]?.end ?? sentence.text.length;
  // Only the characters at the edges are read: slicing the rest cost 10% of the title's time.
  return (
    GLUED_BEFORE.test(sentence.text.slice(Math.max(0, start - 2), start)) ||
    GLUED_AFTER.test(sentence.text.slice(end, end + 2))
  );
}
/**
 * A word character or a slash right before a span, or an apostrophe or full stop that follows one
 * (`Dasgupta's`, `github.com`); an opening quote is no glue ("we study 'semantic drift'").
 */
const GLUED_BEFORE = /(?:[\p{L}\p{N}/]|[\p{L}\p{N}]['’.–])$/u;
/** A joining mark (slash, apostrophe, hyphen) or word character right after a span. */
const GLUED_AFTER = /^(?:[\p{L}\p{N}/]|['’\-–]\p{L})/u;

/** Where the statement's object starts: the first token after its verb. */
function objectTokenIndex(sentence: TaggedSentence, statement: Statement): number {
  const verbIndex = sentence.tokens.findIndex((t) => t.text === statement.verb);
  return verbIndex < 0 ? -1 : verbIndex + 1;
}

/** Drops rhetoric at the start ("novel", "new", "simple"), which real titles leave out. */
function cleanPhrase(text: string): string {
  const words = text.split(' ');
  const droppable = (word: string) =>
    RHETORIC.has(word.toLowerCase()) || STOP_WORDS.has(word.toLowerCase());
  while (words.length > 2 && droppable(words[0] ?? '')) words.shift();
  return words.join(' ');
}

export function scoreCandidate(
  candidate: Candidate,
  w: HeadlineWeights = weights as HeadlineWeights,
): number {
  let score = 0;
  for (const feature of HEADLINE_FEATURES) score += (w[feature] ?? 0) * candidate.features[feature];
  return score;
}

/** The number of words a title would have with this phrase. */
export function titleWords(text: string, name: string | null): number {
  return text.split(/\s+/).length + (name ? 1 : 0);
}

/**
 * A result sentence's phrase none of whose words a contribution statement says is an evaluation
 * detail ("clustering accuracy on synthetic data across varied noise levels"): never in the pool.
 */
const MAX_RESULT_DETAIL = 0.99;

/** Whether a phrase makes a title of the right length, whole: never cut to fit. */
function fits(candidate: Candidate, name: string | null, least = MIN_TITLE_WORDS): boolean {
  const words = titleWords(candidate.text, name);
  const length = candidate.text.length + (name ? name.length + 2 : 0);
  return words >= least && words <= MAX_TITLE_WORDS && length <= MAX_TITLE_LENGTH;
}

/**
 * The candidates a headline is chosen among: those that make a 4–14-word title, else every one. A
 * named paper's phrases are not limited to the sentence that introduces the name: the scorer's
 * `nameSentence` feature weighs that (limiting them cost 0.008 F1 in 2-fold cross-validation).
 */
export function headlinePool(
  candidates: readonly Candidate[],
  name: string | null,
  least = MIN_TITLE_WORDS,
): Candidate[] {
  const fitting = candidates.filter((c) => fits(c, name, least));
  const pool = fitting.length > 0 ? fitting : [...candidates];
  // An evaluation's details ("accuracy on synthetic data across noise levels") say how the paper
  // was tested, not what it is: a report of results is title material only when nothing else is.
  const notResults = pool.filter((c) => c.features.resultSentence <= MAX_RESULT_DETAIL);
  return notResults.length > 0 ? notResults : pool;
}

/**
 * The best-scoring candidate of the {@link headlinePool}, or null when there is none. A candidate
 * whose head the abstract negates (`negated`, from {@link scoredCandidates}) is never chosen.
 */
export function bestHeadline(
  candidates: readonly Candidate[],
  name: string | null,
  w: HeadlineWeights = weights as HeadlineWeights,
  negated: ReadonlySet<string> = NOTHING_NEGATED,
): Candidate | null {
  let best: Candidate | null = null;
  let bestScore = -Infinity;
  const pool = headlinePool(candidates, name);
  for (const candidate of pool) {
    const score = scoreCandidate(candidate, w);
    if (score > bestScore) [best, bestScore] = [candidate, score];
  }
  if (!best) return null;
  const allowed = (c: Candidate) => !headIsNegated(c.text, negated);
  if (readsAsTitle(best.text) && allowed(best)) return best;
  const ranked = pool
    .map((c) => ({ c, score: scoreCandidate(c, w) }))
    .sort((a, b) => b.score - a.score)
    .map(({ c }) => c);
  // Read alone, the phrase may tag differently than in its sentence ("… and model" ends on a
  // verb): the best of those that still read as a headline, if any does; else the best allowed.
  return (
    ranked.slice(1, REREAD_LIMIT).find((c) => readsAsTitle(c.text) && allowed(c)) ??
    (allowed(best) ? best : (ranked.find(allowed) ?? null))
  );
}

const NOTHING_NEGATED: ReadonlySet<string> = new Set();

/** How many of the next-best candidates are re-read when the best does not read as a title. */
const REREAD_LIMIT = 8;

/** Parts of speech a headline never starts with, read alone. */
const TITLE_BAD_START: ReadonlySet<string> = new Set([
  'CCONJ',
  'SCONJ',
  'ADP',
  'PRON',
  'PART',
  'AUX',
]);
/** Parts of speech a headline never ends on: a function word, or a modifier without its noun. */
const TITLE_BAD_END: ReadonlySet<string> = new Set([
  'DET',
  'ADP',
  'CCONJ',
  'SCONJ',
  'PART',
  'PRON',
  'AUX',
  'ADJ',
  'VERB',
]);

/**
 * Whether a phrase, tagged on its own as a reader meets it, starts on a content word and ends on a
 * noun (an -ing noun too: "… for graph learning"). Each part of an "A: B" title is read alone.
 */
export function readsAsTitle(text: string): boolean {
  return text.split(': ').every((part) => {
    const tokens = tagSentence(part).tokens.filter((t) => t.pos !== 'PUNCT');
    const first = tokens[0];
    const last = tokens.at(-1);
    if (!first || !last || TITLE_BAD_START.has(first.pos)) return false;
    // Each part names something: "Efficient and scalable: …" says of nothing what it is.
    if (!tokens.some((t) => t.pos === 'NOUN' || t.pos === 'PROPN')) return false;
    return !TITLE_BAD_END.has(last.pos) || (last.pos === 'VERB' && /ing$/.test(last.lower));
  });
}
