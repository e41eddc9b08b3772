/**
 * Part-of-speech tags and noun phrases: the linguistic half of the text core. Tagging is wink-nlp's
 * (its English light model, ~0.4 ms per abstract; docs/text.md says why it was chosen over
 * compromise); everything built on it here (hyphenated compounds, noun-phrase chunks, salience) is
 * shared by titles, summaries, keywords and topics, so they all agree on what a phrase is.
 * Sentences come from the one splitter (`sentences.ts`), and each token keeps its offsets.
 */
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { splitSentences } from './sentences';
import { hasLetter } from './tokens';
import { partKey, phraseKey, STOP_WORDS } from './terms';

// Built once: for Node targets esbuild (tsx, run-bundled.mjs) turns a `/\p{…}/u` literal into
// `new RegExp(…)`, which a function would build again on every call (docs/ingest.md).
const LETTERS_THEN_S = /^\p{L}+s$/u;
const HAS_CAPITAL = /\p{Lu}/u;
const MODIFIER_OR_OTHER_NUMBER = /[\p{Lm}\p{No}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Universal part-of-speech tags, as wink-nlp assigns them. */
export type Pos =
  | 'ADJ'
  | 'ADP'
  | 'ADV'
  | 'AUX'
  | 'CCONJ'
  | 'DET'
  | 'INTJ'
  | 'NOUN'
  | 'NUM'
  | 'PART'
  | 'PRON'
  | 'PROPN'
  | 'PUNCT'
  | 'SCONJ'
  | 'SYM'
  | 'VERB'
  | 'X'
  | 'SPACE';

/**
 * One word (hyphenated compounds kept whole) with its tag and offsets in its sentence. Read-only:
 * a tagged sentence may be handed to several callers (see {@link tagSentence}).
 */
export interface Token {
  /** As written. */
  readonly text: string;
  /** Lower-cased. */
  readonly lower: string;
  /** The key two spellings share: stem for words, the singular for acronyms (`LLMs` → `LLM`). */
  readonly key: string;
  readonly pos: Pos;
  /** Holds a letter and is no function word: worked out once, asked for every phrase. */
  readonly content: boolean;
  /** Offsets in the sentence's text. */
  readonly start: number;
  readonly end: number;
}

/** A token while the tagger still repairs its tag. */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A sentence and its tagged tokens; the object and the token array are frozen. */
export interface TaggedSentence {
  readonly text: string;
  readonly tokens: readonly Token[];
}

/** A noun phrase: tokens `first..last` (inclusive) of sentence `sentence`. */
export interface Phrase {
  sentence: number;
  first: number;
  last: number;
  /** The words as written, single-spaced. */
  text: string;
}

const nlp = winkNLP(model, ['pos']);
const its = nlp.its;

/** Sentences longer than this are tagged only this far: tagging is linear, but abstracts are short. */
const MAX_SENTENCE_CHARS = 2_000;

/** Abstracts are a few thousand characters; anything past this is not read, which bounds the work. */
const MAX_ANALYSED_CHARS = 20_000;

/**
 * The sentences tagged since the last {@link tagText}, by text: the summary asks about sentences
 * of the abstract just tagged (and about the same candidate up to three times), and wink's
 * `readDoc` is the costliest step of deriving an abstract. Tagging depends on the sentence alone,
 * so an answer from here is the one tagging again would give. What is handed out is read-only
 * (frozen, its tokens by type), so no caller changes the answer the next one gets. Emptied by every `tagText` (one abstract at a
 * time) and when full, so a caller that only tags sentences cannot grow it without bound.
 */
let taggedByText = new Map<string, TaggedSentence>();
const MAX_REMEMBERED_SENTENCES = 512;

/** Tags every sentence of `text` (its first 20,000 characters). */
export function tagText(text: string): TaggedSentence[] {
  taggedByText = new Map();
  return splitSentences(sliceWhole(text, MAX_ANALYSED_CHARS)).map((sentence) => {
    const cut = sliceWhole(sentence, MAX_SENTENCE_CHARS);
    // A sentence written twice in one abstract gets an object of its own, as it always did:
    // sentences' phrases are remembered by object, with their index.
    return taggedByText.has(cut) ? tagFresh(cut) : tagSentence(cut);
  });
}

/** The first `length` UTF-16 units, without leaving half of a surrogate pair at the end. */
function sliceWhole(text: string, length: number): string {
  const cut = text.slice(0, length);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * Tags one sentence, joining hyphenated pieces (`infinite-horizon`) into one token. The answer is
 * read-only and may be shared with the next caller that asks about the same sentence.
 */
export function tagSentence(sentence: string): TaggedSentence {
  const known = taggedByText.get(sentence);
  if (known) return known;
  if (taggedByText.size >= MAX_REMEMBERED_SENTENCES) taggedByText.clear();
  const fresh = tagFresh(sentence);
  taggedByText.set(sentence, fresh);
  return fresh;
}

/** Tags one sentence without asking the memo. */
function tagFresh(sentence: string): TaggedSentence {
  const tokens = nlp.readDoc(sentence).tokens();
  const words = tokens.out() as string[];
  const tags = tokens.out(its.pos) as string[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const raw: { text: string; pos: Pos; start: number; end: number; spaced: boolean }[] = [];
  let offset = 0;
  words.forEach((word, i) => {
    const space = spaces[i] ?? '';
    offset += space.length;
    // wink is lossless, but look the word up anyway so offsets can never drift.
    const found = sentence.indexOf(word, offset);
    const start = found < 0 ? offset : found;
    raw.push({
      text: word,
      pos: (tags[i] ?? 'X') as Pos,
      start,
      end: start + word.length,
      spaced: space !== '',
    });
    offset = start + word.length;
  });
  // The array and the sentence are frozen, the tokens are read-only by type: freezing each
  // token too cost more than the memo saves (alternating rounds, docs/ingest.md).
  const repaired: readonly Token[] = Object.freeze(repairVerbs(joinHyphenated(raw, sentence)));
  return Object.freeze({ text: sentence, tokens: repaired });
}

/** Modal auxiliaries: the word after one is a verb ("we can select matrices"). */
const MODALS = new Set([
  'can',
  'could',
  'may',
  'might',
  'must',
  'shall',
  'should',
  'will',
  'would',
]);
/** A bare noun between a form of "be" and "to" is a predicate adjective: "are equivalent to". */
const FORMS_OF_BE = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being']);
/** Relative pronouns: after a noun they open a clause whose first word is its verb. */
const RELATIVES = new Set(['that', 'which', 'who']);
/** Possessives and demonstratives that open a sentence's subject: "our approach battles…". */
const SUBJECT_OPENERS = new Set(['our', 'this', 'its', 'their', 'the']);
/** What stands before a noun's modifier inside a noun phrase: "a | plug-and-play …", "latent | …". */
const PRENOMINAL: ReadonlySet<Pos> = new Set(['DET', 'ADJ', 'NUM']);
/** What a modifier modifies. */
const NOMINAL_NEXT: ReadonlySet<Pos> = new Set(['NOUN', 'PROPN', 'ADJ']);
/** Words that can open a verb's object: "augments *model* updates", "battles *the* shift". */
const OBJECT_START: ReadonlySet<Pos> = new Set(['DET', 'NOUN', 'ADJ', 'NUM', 'PRON', 'PROPN']);

/**
 * A lower-case word in `-s` that reads as a third-person verb: not `-ss` (`loss`), `-us`
 * (`corpus`), `-is` (`analysis`), `-ics` (`robotics`), `-ies`/`-ws`/`-as` (`series`, `news`, `bias`).
 */
function verbLikePlural(token: Token): boolean {
  return (
    token.pos === 'NOUN' &&
    token.text === token.lower &&
    token.lower.endsWith('s') &&
    LETTERS_THEN_S.test(token.lower) &&
    !/(?:ss|us|is|ics|ies|ws|as)$/.test(token.lower)
  );
}

/**
 * Repairs the tagging errors that turn a clause into a noun phrase, by the grammar around the word
 * rather than by word lists:
 * - a noun or adjective right after a modal is its verb ("we can select/ADJ matrices");
 * - a bare noun between a form of "be" and "to" is a predicate adjective ("are equivalent/NOUN to");
 * - a noun in `-s` followed by its object is a verb when it opens a relative clause after a noun
 *   ("a procedure that augments/NOUN model updates") or follows a sentence's opening subject ("Our
 *   approach battles/NOUN domain shift");
 * - a hyphenated compound read as a verb between an article or adjective and a noun is an
 *   adjective ("a latent plug-and-play diffusion framework");
 * - a noun in `-s` followed by a noun-phrase object is a verb after a name opening the clause
 *   ("Genie samples protein structures"), after "and" when the clause has a present-tense verb
 *   ("… and facilitates protein design"), or after a plural noun that opens its phrase ("these
 *   conditions displays interesting properties").
 * Without this, "Augments model parameter updates…" and "Equivalent to the state" were titles.
 */
function repairVerbs(tokens: Mutable<Token>[]): Mutable<Token>[] {
  for (let i = 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    const before = tokens[i - 1]!;
    if (
      (token.pos === 'NOUN' || token.pos === 'ADJ') &&
      before.pos === 'AUX' &&
      MODALS.has(before.lower) &&
      !/ly$/.test(token.lower)
    ) {
      token.pos = 'VERB';
    } else if (
      verbLikePlural(token) &&
      RELATIVES.has(before.lower) &&
      // "a procedure that augments…", "a GNN, which aggregates…".
      isNounLike(tokens[i - 2]?.text === ',' ? tokens[i - 3] : tokens[i - 2]) &&
      OBJECT_START.has(tokens[i + 1]?.pos ?? 'X')
    ) {
      token.pos = 'VERB';
    } else if (
      token.pos === 'NOUN' &&
      token.text === token.lower &&
      !token.lower.endsWith('s') &&
      before.pos === 'AUX' &&
      FORMS_OF_BE.has(before.lower) &&
      tokens[i + 1]?.lower === 'to'
    ) {
      token.pos = 'ADJ';
    } else if (
      token.pos === 'VERB' &&
      token.text.includes('-') &&
      PRENOMINAL.has(before.pos) &&
      NOMINAL_NEXT.has(tokens[i + 1]?.pos ?? 'X')
    ) {
      // "a latent plug-and-play/VERB diffusion framework": a compound between an article or an
      // adjective and a noun modifies the noun ("we pre-train models" stays a verb).
      token.pos = 'ADJ';
    } else if (
      verbLikePlural(token) &&
      OBJECT_START.has(tokens[i + 1]?.pos ?? 'X') &&
      before.pos === 'NOUN' &&
      SUBJECT_OPENERS.has(tokens[i - 2]?.lower ?? '') &&
      (i === 2 || tokens[i - 3]?.pos === 'PUNCT')
    ) {
      token.pos = 'VERB';
    } else if (verbLikePlural(token) && NOUN_OBJECT_START.has(tokens[i + 1]?.pos ?? 'X')) {
      // An object that starts like a noun phrase (not "that…", which a noun may take too).
      if (
        // "Genie samples protein structures", "In FedAvg, FAL aggregates updates": a name
        // opening the clause is its subject.
        (before.pos === 'PROPN' && (i === 1 || tokens[i - 2]?.pos === 'PUNCT')) ||
        // "… samples structures and facilitates design": a second verb in the same clause.
        (before.lower === 'and' && verbEarlierInClause(tokens, i - 1)) ||
        // "these conditions displays interesting properties", "a pair of conditions displays…": a
        // plural noun that opens its phrase modifies no noun ("a sports events dataset": "a" is
        // not its determiner, so it modifies).
        (before.pos === 'NOUN' &&
          verbLikePlural(before) &&
          ((tokens[i - 2]?.pos === 'DET' && !SINGULAR_DETERMINERS.has(tokens[i - 2]!.lower)) ||
            tokens[i - 2]?.pos === 'ADP'))
      )
        token.pos = 'VERB';
    }
  }
  return tokens;
}

/** Determiners of a singular noun: a plural after one is a modifier ("a sports events dataset"). */
const SINGULAR_DETERMINERS = new Set(['a', 'an', 'each', 'every', 'one']);

/** Words that open an object that is a noun phrase. */
const NOUN_OBJECT_START: ReadonlySet<Pos> = new Set(['DET', 'NOUN', 'ADJ', 'NUM', 'PROPN']);

function isNounLike(token: Token | undefined): token is Token {
  return token?.pos === 'NOUN' || token?.pos === 'PROPN';
}

/** A present-tense third-person verb ("samples", "improves") before `end`, back to a comma or the start. */
function verbEarlierInClause(tokens: readonly Token[], end: number): boolean {
  for (let i = end - 1; i >= 0; i--) {
    const token = tokens[i]!;
    if (token.pos === 'PUNCT') return false;
    if (token.pos === 'VERB' && token.text === token.lower && /[^s]s$/.test(token.lower))
      return true;
  }
  return false;
}

const LETTERS = /^\p{L}+$/u;

function joinHyphenated(
  raw: readonly { text: string; pos: Pos; start: number; end: number; spaced: boolean }[],
  sentence: string,
): Mutable<Token>[] {
  const tokens: Mutable<Token>[] = [];
  for (let i = 0; i < raw.length; i++) {
    const first = raw[i];
    if (!first) continue;
    let last = first;
    let j = i;
    // word-word-word or word/word with no spaces: one compound (`A/B testing`), tagged by its last piece.
    while (
      raw[j + 1]?.spaced === false &&
      raw[j + 2]?.spaced === false &&
      (raw[j + 1]?.text === '-'
        ? LETTER_OR_DIGIT.test(raw[j + 2]?.text ?? '')
        : // "A/B", "input/output", never "1/e": a slash joins words, not numbers.
          raw[j + 1]?.text === '/' &&
          LETTERS.test(raw[j]?.text ?? '') &&
          LETTERS.test(raw[j + 2]?.text ?? ''))
    ) {
      j += 2;
      last = raw[j] ?? last;
    }
    const text = sentence.slice(first.start, last.end);
    const pos = j > i && last.pos === 'VERB' && /(?:ed|en)$/.test(last.text) ? 'ADJ' : last.pos;
    tokens.push(
      makeToken(
        text,
        j > i && pos === 'PROPN' && !HAS_CAPITAL.test(text) ? 'NOUN' : pos,
        first.start,
        last.end,
      ),
    );
    i = j;
  }
  return tokens;
}

function makeToken(text: string, pos: Pos, start: number, end: number): Mutable<Token> {
  const lower = text.toLowerCase();
  const key =
    pos === 'PUNCT' || pos === 'SYM' || pos === 'NUM'
      ? lower
      : text.includes('-') || text.includes('/')
        ? text.replace(/[^-/]+/g, partKey)
        : partKey(text);
  const content = !STOP_WORDS.has(lower) && hasLetter(text);
  return { text, lower, key, pos, content, start, end };
}

/** True for a word that can end a noun phrase. */
export function isNominal(token: Token): boolean {
  if (token.pos === 'NOUN' || token.pos === 'PROPN') return !STOP_WORDS.has(token.lower);
  // A gerund closing a compound is a noun ("reinforcement learning", "RNA sequencing").
  return token.pos === 'VERB' && /ing$/.test(token.lower) && token.lower.length > 5;
}

/** Participles that name what comes after them: "a policy | called Thompson sampling". */
const NAMING_PARTICIPLES = new Set(['called', 'named', 'termed', 'dubbed', 'coined']);

/**
 * A participle after a noun that starts a clause about it rather than modifying the next noun:
 * a naming word ("a policy called Thompson sampling"), an -ing verb after a plural noun ("data
 * points having…"), or a participle followed by an -ing verb ("the method proposed leveraging
 * privileged information"). "resource constrained inference" stays one phrase.
 */
function opensClause(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i]!;
  const before = tokens[i - 1];
  if (token.pos !== 'VERB' || !isNounLike(before)) return false;
  if (NAMING_PARTICIPLES.has(token.text)) return true;
  // "data points | having complex…", "methods | relying on…": a plural noun is never the modifier
  // of an -ing head ("reinforcement learning" has a singular one).
  // A hyphenated compound is a modifier whatever its last part ("mixture-of-experts routing").
  if (/ing$/.test(token.lower) && /[^su]s$/.test(before.lower) && !before.text.includes('-'))
    return true;
  const after = tokens[i + 1];
  return /ed$/.test(token.lower) && after?.pos === 'VERB' && /ing$/.test(after.lower);
}

/** "aims to embed networks": a verb after "to" is an infinitive, not a participle in `-ed`. */
function isInfinitive(tokens: readonly Token[], i: number): boolean {
  const before = tokens[i - 1];
  return tokens[i]?.pos === 'VERB' && before?.pos === 'PART' && before.lower === 'to';
}

/** A lone letter, maybe with the sentence's full stop the tokeniser left on it: a variable. */
const VARIABLE = /^\p{L}\.?$/u;

export function isVariable(token: Token): boolean {
  return VARIABLE.test(token.text);
}

/** True for a word that can modify the head of a noun phrase. */
function isModifier(token: Token): boolean {
  if (token.pos === 'ADJ' || token.pos === 'NUM' || isNominal(token)) return true;
  // Adjectives the tagger reads as adverbs: "offline RL", "online learning" (never "-ly" words).
  if (token.pos === 'ADV') return !/ly$/.test(token.lower) && !STOP_WORDS.has(token.lower);
  // Participles used as adjectives: "learned representations", "pretrained models".
  return token.pos === 'VERB' && /(?:ed|en|ing)$/.test(token.lower) && !STOP_WORDS.has(token.lower);
}

/** Math, citations and symbols never belong in a phrase a reader sees as a title or keyword. */
function isClean(token: Token): boolean {
  return (
    /^[\p{L}\p{N}][\p{L}\p{N}\-'’.+/]*$/u.test(token.text) &&
    !MODIFIER_OR_OTHER_NUMBER.test(token.text) &&
    // A lone letter is a variable ("thresholds c"), except an article-like capital in a name.
    (token.text.length > 1 || HAS_CAPITAL.test(token.text)) &&
    token.lower !== 'et' &&
    token.lower !== 'al'
  );
}

/**
 * The base noun phrases of a sentence: maximal runs of modifiers ending in a nominal word, without a
 * leading determiner, e.g. "linear function approximation", "an infinite-horizon linear MDP" →
 * "infinite-horizon linear MDP".
 */
export function nounPhrases(sentence: TaggedSentence, sentenceIndex: number): readonly Phrase[] {
  const known = phrasesOf.get(sentence);
  if (known?.index === sentenceIndex) return known.phrases;
  const phrases = Object.freeze(chunk(sentence, sentenceIndex));
  phrasesOf.set(sentence, { index: sentenceIndex, phrases });
  return phrases;
}

/** Each tagged sentence's phrases: the title and the keyword vocabulary both read them. */
const phrasesOf = new WeakMap<TaggedSentence, { index: number; phrases: readonly Phrase[] }>();

function chunk(sentence: TaggedSentence, sentenceIndex: number): Phrase[] {
  const phrases: Phrase[] = [];
  const tokens = sentence.tokens;
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i];
    if (
      !token ||
      !isClean(token) ||
      !isModifier(token) ||
      STOP_WORDS.has(token.lower) ||
      opensClause(tokens, i) ||
      isInfinitive(tokens, i)
    ) {
      i += 1;
      continue;
    }
    let j = i;
    while (j + 1 < tokens.length) {
      const next = tokens[j + 1];
      if (!next || !isClean(next) || !isModifier(next) || STOP_WORDS.has(next.lower)) break;
      if (opensClause(tokens, j + 1)) break;
      j += 1;
    }
    // Trim back to the last nominal word: "methods robust" → "methods", and past a variable
    // ("a compact metric space S." → "compact metric space").
    let last = j;
    while (last > i && isVariable(tokens[last]!)) last -= 1;
    while (last >= i && !isNominal(tokens[last] as Token)) last -= 1;
    if (last >= i) phrases.push(phrase(sentence, sentenceIndex, i, last));
    i = j + 1;
  }
  return phrases;
}

/** A phrase over tokens `first..last` of a sentence. */
export function phrase(
  sentence: TaggedSentence,
  sentenceIndex: number,
  first: number,
  last: number,
): Phrase {
  const start = sentence.tokens[first]?.start ?? 0;
  const end = sentence.tokens[last]?.end ?? start;
  return {
    sentence: sentenceIndex,
    first,
    last,
    text: sentence.text.slice(start, end).replace(/\s+/g, ' '),
  };
}

/** Longest keyword, in words. */
const MAX_VOCABULARY_WORDS = 3;

/**
 * Every span of 1–3 words that can stand alone as a noun phrase: inside a noun phrase, ending on a
 * nominal word and starting on a noun or adjective (never a verb, a number or a stop word), as
 * {@link phraseKey}s. Keywords and related-paper reasons are drawn only from these.
 */
export function nounPhraseVocabulary(tagged: readonly TaggedSentence[]): string[] {
  const vocabulary = new Set<string>();
  // The tagger errs now and then ("produce", "web" read as nouns once): a phrase may start with a
  // word only if the abstract reads it as a noun more often than as a verb, and a single word is a
  // phrase only if it is read as a noun more often than as a verb, an adjective or an adverb.
  // Where the abstract first uses a word is where it introduces it: a word first read as a verb
  // does not start a phrase, and one first read as anything but a noun is no phrase alone.
  const readings = new Map<string, { noun: number; verb: number; adjective: number; first: Pos }>();
  for (const sentence of tagged) {
    for (const token of sentence.tokens) {
      const count = readings.get(token.lower) ?? {
        noun: 0,
        verb: 0,
        adjective: 0,
        first: token.pos,
      };
      if (token.pos === 'NOUN' || token.pos === 'PROPN') count.noun += 1;
      else if (token.pos === 'VERB') count.verb += 1;
      else if (token.pos === 'ADJ' || token.pos === 'ADV') count.adjective += 1;
      readings.set(token.lower, count);
    }
  }
  const verbal = (word: string) => {
    const count = readings.get(word);
    return (
      count !== undefined &&
      ((count.verb > 0 && count.verb >= count.noun) ||
        (count.first === 'VERB' && !/(?:ing|ed)$/.test(word)))
    );
  };
  const notNoun = (word: string) => {
    const count = readings.get(word);
    return (
      count !== undefined &&
      (count.verb + count.adjective >= count.noun ||
        count.first === 'VERB' ||
        count.first === 'ADJ' ||
        count.first === 'ADV')
    );
  };
  tagged.forEach((sentence, index) => {
    for (const np of nounPhrases(sentence, index)) {
      for (let first = np.first; first <= np.last; first++) {
        const head = sentence.tokens[first];
        if (!head || head.pos === 'VERB' || head.pos === 'NUM' || STOP_WORDS.has(head.lower))
          continue;
        if (verbal(head.lower)) continue;
        for (let last = first; last <= np.last && last - first < MAX_VOCABULARY_WORDS; last++) {
          const end = sentence.tokens[last];
          if (!end || !isNominal(end) || (last === first && notNoun(end.lower))) continue;
          vocabulary.add(phraseKey(phrase(sentence, index, first, last).text));
        }
      }
    }
  });
  return [...vocabulary];
}
