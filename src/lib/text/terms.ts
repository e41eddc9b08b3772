/**
 * Words, sentences, stems and stop words: the one tokeniser shared by topic tagging, keywords and
 * related papers, so all three agree on what a "word" and a "term" are.
 */
import { stemmer } from 'stemmer';
import { eng } from 'stopword';

/** One hyphen-separated piece of a word, e.g. `task` in `multi-task`. */
export interface WordPart {
  text: string;
  start: number;
  end: number;
}

/** A word as written, hyphenated compounds (`multi-task`, `Qwen2.5-VL-7B`) kept whole. */
export interface Word {
  /** The word as written, without a trailing possessive `'s`. */
  text: string;
  /** Character offsets of `text` in the analysed string. */
  start: number;
  end: number;
  /** 0-based index of the sentence the word belongs to. */
  sentence: number;
  /** The hyphen-separated pieces; one piece when the word has no hyphen. */
  parts: WordPart[];
}

/** A sentence and its character offsets in the analysed string. */
export interface Sentence {
  text: string;
  start: number;
  end: number;
}

/** A text split into sentences and words, the input of every term-based feature. */
export interface AnalysedText {
  text: string;
  sentences: Sentence[];
  words: Word[];
}

const englishStopWords: readonly string[] = eng;

/**
 * The `stopword` English list is deliberately tiny (108 words); these are the function words,
 * pronouns and connectives it lacks that still say nothing about a paper's subject.
 */
const EXTRA_FUNCTION_WORDS = [
  ...['its', 'it', 'itself', 'themselves', 'ourselves', 'us', 'she', 'hers', 'whom', 'whose'],
  ...['not', 'no', 'nor', 'so', 'just', 'own', 'will', 'shall', 'may', 'does', 'doing', 'done'],
  ...['few', 'further', 'again', 'once', 'off', 'down', 'against', 'above', 'below', 'during'],
  ...['until', 'why', 'when', 'every', 'either', 'neither', 'whereas', 'although', 'though'],
  ...['unless', 'among', 'amongst', 'beyond', 'along', 'around', 'per', 'via', 'vs', 'versus'],
  ...['etc', 'cannot', 'hence', 'therefore', 'thereby', 'wherein', 'whereby', 'thus', 'however'],
  ...['yet', 'whether', 'within', 'without', 'across', 'upon', 'toward', 'towards', 'often'],
  ...['even', 'less', 'least', 'almost', 'already', 'always', 'instead', 'rather', 'else'],
  ...['using', 'used', 'use', 'uses', 'based', 'given', 'including', 'include', 'includes'],
  ...['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'first'],
  ...['second', 'third', 'finally', 'furthermore', 'moreover', 'additionally', 'specifically'],
  ...['notably', 'particularly', 'particular', 'respectively', 'overall', 'e', 'g', 'ie', 'eg'],
  ...['i', 'ii', 'iii', 'iv', 'let', 'whose', 'whilst', 'throughout', 'beside', 'besides'],
  ...['onto', 'either', 'enough', 'several', 'due', 'able', 'need', 'needs', 'needed'],
  ...['there', 'here', 'about', 'into', 'then', 'than', 'both', 'thereof', 'whereof'],
];

/** Lower-case function words that never carry meaning on their own: they break key phrases. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  ...englishStopWords,
  ...EXTRA_FUNCTION_WORDS,
]);

/**
 * Research-writing rhetoric: verbs, adverbs and adjectives found in almost every abstract whatever
 * its subject ("we propose a novel method that significantly outperforms..."). They break key
 * phrases like stop words do, so "novel framework" is never a keyword.
 */
const RHETORIC_WORDS = [
  ...['propose', 'proposed', 'proposes', 'proposing', 'introduce', 'introduced', 'introduces'],
  ...['present', 'presents', 'presented', 'demonstrate', 'demonstrates', 'demonstrated', 'show'],
  ...['shows', 'showed', 'shown', 'novel', 'new', 'paper', 'state-of-the-art', 'sota', 'extensive'],
  ...['extensively', 'significant', 'significantly', 'substantial', 'substantially', 'existing'],
  ...['outperform', 'outperforms', 'outperforming', 'outperformed', 'achieve', 'achieves'],
  ...['achieved', 'achieving', 'effective', 'effectively', 'superior', 'remarkable', 'crucial'],
  ...['critical', 'key', 'important', 'various', 'diverse', 'different', 'recent', 'recently'],
  ...['comprehensive', 'promising', 'strong', 'simple', 'unique', 'current', 'currently'],
  ...['typically', 'usually', 'commonly', 'widely', 'largely', 'highly', 'increasingly'],
  ...['consistently', 'improve', 'improves', 'improved', 'improving', 'enable', 'enables'],
  ...['enabling', 'enabled', 'leverage', 'leverages', 'leveraging', 'provide', 'provides'],
  ...['providing', 'provided', 'offer', 'offers', 'offering', 'allow', 'allows', 'allowing'],
  ...['require', 'requires', 'required', 'requiring', 'remain', 'remains', 'remained', 'lead'],
  ...['leads', 'leading', 'yield', 'yields', 'yielding', 'reveal', 'reveals', 'revealing'],
  ...['suggest', 'suggests', 'suggesting', 'find', 'finds', 'found', 'observe', 'observed'],
  ...['make', 'makes', 'making', 'made', 'well-known', 'real-world', 'large-scale', 'wide'],
  ...['high-quality', 'fine-grained', 'open-source', 'end-to-end', 'so-called', 'non-trivial'],
  ...['up-to-date', 'first-class', 'state-of-art', 'best', 'better', 'good', 'great', 'many'],
  ...['much', 'more', 'most', 'other', 'others', 'such', 'like', 'furthermore', 'thereby'],
  ...['whereas', 'aim', 'aims', 'aiming', 'address', 'addresses', 'addressing', 'tackle'],
  ...['tackles', 'explore', 'explores', 'exploring', 'investigate', 'investigates', 'conduct'],
  ...['conducted', 'consider', 'considers', 'considered', 'obtain', 'obtained', 'perform'],
  ...['performs', 'performed', 'performing', 'develop', 'develops', 'developed', 'design'],
  ...['designed', 'designing', 'build', 'builds', 'built', 'create', 'creates', 'created'],
  ...['called', 'named', 'dubbed', 'termed', 'known', 'able', 'capable', 'fail', 'fails'],
  ...['struggle', 'struggles', 'hold', 'holds', 'exhibit', 'exhibits', 'seek', 'seeks'],
  ...['ensure', 'ensures', 'ensuring', 'support', 'supports', 'validate', 'validated'],
  ...['confirm', 'confirms', 'establish', 'establishes', 'highlight', 'highlights', 'release'],
  ...['released', 'available', 'publicly', 'despite', 'fundamental', 'fundamentally'],
  ...['respective', 'specific', 'general', 'overall', 'potential', 'possible', 'whole'],
  ...['little', 'limited', 'prior', 'previous', 'previously', 'future', 'standard', 'common'],
  ...['popular', 'several', 'numerous', 'multiple', 'single', 'certain', 'additional'],
  ...['relevant', 'related', 'corresponding', 'main', 'major', 'minor', 'initial', 'final'],
  ...['efficiently', 'accurately', 'robustly', 'directly', 'jointly', 'explicitly', 'simply'],
  ...[
    'clearly',
    'easily',
    'readily',
    'naturally',
    'inherently',
    'simultaneously',
    'best-performing',
  ],
  ...['top-performing', 'well-trained', 'far', 'beyond', 'nearly', 'approximately', 'roughly'],
  ...['write', 'writes', 'face', 'faces', 'aware', 'similar', 'advanced', 'growing', 'promise'],
  ...['collect', 'collecting', 'adapt', 'adapts', 'pay', 'emerge', 'emerges', 'emerging'],
  ...['enhance', 'enhances', 'enhancing', 'enhanced', 'capture', 'captures', 'capturing'],
  ...['appear', 'appears', 'vary', 'varies', 'varying', 'increase', 'increases', 'increasing'],
  ...['decrease', 'decreases', 'decreasing', 'invest', 'investing', 'interpret', 'interpreting'],
  ...['optimizing', 'derive', 'derives', 'derived', 'latter', 'former', 'represent', 'represents'],
  ...['steer', 'steers', 'assess', 'assesses', 'assessing', 'evaluate', 'evaluates', 'evaluated'],
  ...[
    'evaluating',
    'careful',
    'claim',
    'claims',
    'claiming',
    'argue',
    'argues',
    'apply',
    'applies',
  ],
  ...['applied', 'applying', 'bridge', 'bridging', 'reduce', 'reduces', 'reducing', 'reduced'],
  ...['handle', 'handles', 'handling', 'explain', 'explains', 'identify', 'identifies'],
  ...['identifying', 'identified', 'determine', 'determines', 'possess', 'possesses', 'learn'],
  ...['learns', 'learned', 'learnt', 'train', 'trains', 'trained', 'serve', 'serves', 'rely'],
  ...['relies', 'relied', 'focus', 'focuses', 'focused', 'exploit', 'exploits', 'integrate'],
  ...['integrates', 'integrating', 'compare', 'compared', 'comparing', 'contain', 'contains'],
  ...['achieves', 'reach', 'reaches', 'remain', 'becomes', 'become', 'bypass', 'bypasses'],
  ...['extend', 'extends', 'extending', 'combine', 'combines', 'combining', 'combined'],
  ...['concrete', 'downstream', 'original', 'difficult', 'easy', 'hard', 'poor', 'poorly'],
  ...['cast', 'casting', 'reframe', 'reframes', 'refine', 'refines', 'refining', 'separate'],
  ...['separates', 'separating', 'containing', 'revisit', 'revisits', 'revisiting', 'analyze'],
  ...['analyzes', 'analyzed', 'analyse', 'analyses', 'analysed', 'indeed', 'harness', 'harnesses'],
  ...['exist', 'exists', 'facilitate', 'facilitates', 'manner', 'covering', 'construct'],
  ...['constructs', 'constructed'],
];

/**
 * Nouns and adjectives every abstract uses whatever its subject ("results", "method", "optimal").
 * They may sit inside a key phrase ("task affinity", "reward model", "computational chemistry")
 * but are never a keyword alone, and a phrase made only of them ("model performance", "empirical
 * results") is not one either.
 */
const GENERIC_WORDS = [
  ...['method', 'approach', 'result', 'performance', 'framework', 'model', 'task', 'data'],
  ...['dataset', 'work', 'study', 'experiment', 'baseline', 'analysis', 'evaluation', 'problem'],
  ...['challenge', 'setting', 'technique', 'paradigm', 'algorithm', 'system', 'improvement'],
  ...['accuracy', 'gain', 'effectiveness', 'efficiency', 'capability', 'ability', 'quality'],
  ...['training', 'learning', 'application', 'domain', 'research', 'information', 'process'],
  ...['set', 'number', 'level', 'type', 'range', 'way', 'order', 'scale', 'size', 'time'],
  ...['insight', 'finding', 'evidence', 'contribution', 'limitation', 'advantage', 'issue'],
  ...['goal', 'need', 'field', 'area', 'community', 'researcher', 'practice', 'scenario'],
  ...['component', 'module', 'stage', 'step', 'case', 'example', 'instance', 'form', 'part'],
  ...['aspect', 'factor', 'property', 'feature', 'structure', 'mechanism', 'strategy', 'idea'],
  ...['solution', 'output', 'input', 'trade-off', 'tradeoff', 'direction', 'pathway', 'path'],
  ...['gap', 'lack', 'cost', 'error', 'rate', 'score', 'metric', 'measure', 'benchmark', 'test'],
  ...['state', 'art', 'sota', 'use', 'user', 'human', 'world', 'real', 'end', 'terms', 'term'],
  ...['variety', 'class', 'category', 'group', 'amount', 'fact', 'point', 'top', 'value'],
  ...['implementation', 'code', 'tool', 'resource', 'version', 'variant', 'family', 'suite'],
  ...['objective', 'loss', 'parameter', 'weight', 'representation', 'network', 'neural', 'deep'],
  ...['machine', 'artificial', 'intelligence', 'ai', 'prediction', 'generation', 'inference'],
  ...['understanding', 'reasoning', 'question', 'answer', 'signal', 'behavior', 'behaviour'],
  ...['condition', 'constraint', 'assumption', 'guarantee', 'theory', 'trajectory', 'pair'],
  ...['empirical', 'experimental', 'computational', 'optimal', 'semantic', 'visual', 'spatial'],
  ...['high-level', 'low-level', 'multi-level', 'small', 'complex', 'robust', 'efficient'],
  ...['accurate', 'reliable', 'scalable', 'unified', 'principled', 'structural', 'dynamic'],
  ...['static', 'local', 'global', 'consistent', 'valid', 'realistic', 'practical', 'scientific'],
  ...['systematic', 'automatic', 'automated', 'interactive', 'fast', 'noisy', 'frontier'],
  ...['outcome', 'update', 'estimate', 'distribution', 'environment', 'knowledge', 'context'],
  ...['sequence', 'length', 'sample', 'example', 'change', 'request', 'response', 'summary'],
  ...['date', 'lens', 'basis', 'property', 'resource', 'collection', 'diagnostic', 'hybrid'],
  ...['large', 'larger', 'new', 'wide', 'broad', 'strong'],
];

/** Research rhetoric and everyday verbs: never a keyword and never part of a key phrase. */
export const RHETORIC: ReadonlySet<string> = new Set(RHETORIC_WORDS);

/** Stems of generic research nouns: never a keyword alone, allowed inside key phrases. */
export const GENERIC_STEMS: ReadonlySet<string> = new Set(
  GENERIC_WORDS.map((word) => stemmer(word)),
);

// A word: letters and digits, decimals kept inside (`Qwen2.5`), hyphenated compounds kept whole.
// An en dash joins names as a hyphen does ("Neyman–Pearson"); spaced dashes never join.
const WORD_PATTERN =
  /[\p{L}\p{N}]+(?:\.\p{N}+)*(?:[-\u2010\u2011\u2013][\p{L}\p{N}]+(?:\.\p{N}+)*)*(?:['\u2019]s\b)?/gu;
const HYPHENS = /[-\u2010\u2011\u2013]/;
const POSSESSIVE = /['\u2019]s$/;

/**
 * Sentence ends: `.`/`!`/`?` followed by space and an upper-case letter, digit or opening
 * quote/bracket, or glued to a capitalised word ("science.With": a lost space in the dumps).
 * Hand-written because Intl.Segmenter took ~1.5 ms per abstract here (30 s at 20,000 papers)
 * while this regex is ~400 times faster and handles "e.g., x" and "i.i.d. data" the same way
 * (the next word is lower-case).
 */
const SENTENCE_BREAK =
  /(?<=[.!?]["\u201d')\]]?)\s+(?=["\u201c([]?[\p{Lu}\p{N}])|(?<=\p{Ll}{2}[.!?])(?=\p{Lu}\p{Ll})/gu;
/** Abbreviations whose full stop is followed by a capital without ending the sentence. */
const NON_FINAL_ABBREVIATION =
  /\b(?:e\.g|i\.e|et al|vs|cf|Fig|Eq|Sec|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Dr|Mr|Ms|No)\.$/i;

/** Splits a text into sentences with their offsets. */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  for (const match of text.matchAll(SENTENCE_BREAK)) {
    const end = match.index;
    if (NON_FINAL_ABBREVIATION.test(text.slice(Math.max(start, end - 8), end))) continue;
    pushSentence(sentences, text, start, end);
    start = end + match[0].length;
  }
  pushSentence(sentences, text, start, text.length);
  return sentences;
}

function pushSentence(sentences: Sentence[], text: string, start: number, end: number): void {
  const slice = text.slice(start, end);
  const trimmed = slice.trim();
  if (trimmed === '') return;
  const offset = start + slice.indexOf(trimmed);
  sentences.push({ text: trimmed, start: offset, end: offset + trimmed.length });
}

/** URLs are addresses, not words: `github`, `com` and `anonymous` say nothing about a paper. */
const URL = /\b(?:https?:\/\/|www\.)\S+/gi;

/** Splits a text into sentences and words; every word knows its sentence. URLs hold no words. */
export function analyseText(text: string): AnalysedText {
  const sentences = splitSentences(text);
  const words: Word[] = [];
  sentences.forEach((sentence, index) => {
    const withoutUrls = sentence.text.replace(URL, (url) => ' '.repeat(url.length));
    for (const match of withoutUrls.matchAll(WORD_PATTERN)) {
      const raw = match[0].replace(POSSESSIVE, '');
      const start = sentence.start + match.index;
      words.push({
        text: raw,
        start,
        end: start + raw.length,
        sentence: index,
        parts: splitParts(raw, start),
      });
    }
  });
  return { text, sentences, words };
}

function splitParts(word: string, offset: number): WordPart[] {
  const parts: WordPart[] = [];
  let start = 0;
  for (const piece of word.split(HYPHENS)) {
    parts.push({ text: piece, start: offset + start, end: offset + start + piece.length });
    start += piece.length + 1;
  }
  return parts;
}

/**
 * Acronyms and names with inner capitals (`LLM`, `scRNA`, `TreeBench`) are matched and keyed by
 * their case, so `RL` never merges with an ordinary word.
 */
export function isAcronymLike(part: string): boolean {
  // A character loop, not a /\p{Lu}/g match: this runs for every word of every abstract.
  let capitals = 0;
  for (const char of part) {
    if (char !== char.toLowerCase() && ++capitals === 2) return true;
  }
  return false;
}

/** `LLMs` → `LLM`, `DRAs` → `DRA`: the plural `s` of an all-capitals acronym. */
export function stripAcronymPlural(part: string): string {
  if (!part.endsWith('s')) return part;
  return /^[\p{Lu}\p{N}]*\p{Lu}[\p{Lu}\p{N}]*s$/u.test(part) ? part.slice(0, -1) : part;
}

const stemCache = new Map<string, string>();

/** Porter stem of a lower-cased word (memoised: a corpus repeats a small vocabulary). */
export function stem(word: string): string {
  const lower = word.toLowerCase();
  let stemmed = stemCache.get(lower);
  if (stemmed === undefined) {
    stemmed = stemmer(lower);
    stemCache.set(lower, stemmed);
  }
  return stemmed;
}

/** The key two spellings of one term share: acronyms by case without plural, words by stem. */
export function partKey(part: string): string {
  return isAcronymLike(part) ? stripAcronymPlural(part) : stem(part);
}

/** The key of a whole (possibly hyphenated) word: `multi-task` → `multi-task`, `LLMs` → `LLM`. */
export function wordKey(word: Word): string {
  return word.parts.length === 1
    ? partKey(word.text)
    : word.parts.map((part) => partKey(part.text)).join('-');
}

/** True for function words, single letters and numbers (`7B`, `60K`, `2025`): never a term. */
export function isStopWord(word: Word): boolean {
  const first = word.text.charCodeAt(0);
  if ((first >= 48 && first <= 57) || (first > 127 && /^\p{N}/u.test(word.text))) return true;
  if (word.parts.length === 1 && word.text.length < 2) return true;
  return STOP_WORDS.has(word.text.toLowerCase());
}

/** True for research rhetoric ("novel", "outperforms", "state-of-the-art"). */
export function isRhetoric(word: Word): boolean {
  return RHETORIC.has(word.text.toLowerCase());
}

/** True for generic research nouns ("method", "results", "tasks"). */
export function isGenericWord(word: Word): boolean {
  return word.parts.length === 1 && !isAcronymLike(word.text) && GENERIC_STEMS.has(stem(word.text));
}

/** True when a word can carry a paper's subject: not a stop word and not rhetoric. */
export function isContentWord(word: Word): boolean {
  return !isStopWord(word) && !isRhetoric(word);
}

/**
 * The stems of a text's content words, hyphenated words split into their parts and case ignored:
 * how two texts are compared for "saying the same thing" (summary against title, eval metrics).
 */
export function contentKeys(text: string): string[] {
  return analyseText(text)
    .words.flatMap((word) => word.parts.map((part) => part.text.toLowerCase()))
    .filter((part) => /\p{L}/u.test(part) && !STOP_WORDS.has(part))
    .map(stem);
}

/** {@link contentKeys} as a set. */
export function contentKeySet(text: string): Set<string> {
  return new Set(contentKeys(text));
}
