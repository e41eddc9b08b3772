/**
 * Topic tags from the taxonomy, decided by what a paper is about rather than by which words it
 * uses (docs/tagging.md gives the rule and its reasons). Two passes over the corpus:
 *
 * 1. {@link TopicTagger.read} finds every taxonomy term in one abstract with the text core's keys
 *    (Porter stems, acronyms by case) and notes the role of each sentence it occurs in: the
 *    contribution statement, the opening, a related-work sentence or the rest.
 * 2. {@link TopicTagger.tags} weighs each mention by that role and by how specific the term is in
 *    the corpus (document frequency), keeps the topics above a calibrated threshold (at most 3, main
 *    first) and, when none is clearly signalled, picks the topic whose description, terms and
 *    confidently tagged papers the abstract is most similar to, or `other` when even that is weak.
 *
 * The few global weights live in `topic-weights.json`, fitted by `npm run fit:topics`.
 */
import type { BasePaper, Taxonomy, Topic } from '../schema';
import { spellsShortForm } from '../text/acronyms';
import { contributionVerb, findStatements, mainStatement } from '../text/statements';
import {
  analyseText,
  GENERIC_STEMS,
  isAcronymLike,
  partKey,
  RHETORIC,
  stem,
  STOP_WORDS,
  wordKey,
  type AnalysedText,
  type WordPart,
} from '../text/terms';
import fitted from './topic-weights.json';
import { hasLetter } from '../text/tokens';
import { inverseDocumentFrequency, termFrequencyWeight } from '../text/weighting';

// Built once: for Node targets esbuild (tsx, run-bundled.mjs) turns a `/\p{…}/u` literal into
// `new RegExp(…)`, which a function would build again on every call (docs/ingest.md).
const TWO_CAPITALS_OR_DIGIT = /\p{Lu}.*\p{Lu}|\p{N}/u;

/** The slug of the fallback topic: tagged only when nothing else fits, never matched by terms. */
export const FALLBACK_TOPIC = 'other';
/** A paper gets at most this many topic tags. */
export const MAX_TAGS = 3;

/** The global weights of the rule, fitted on the development set by `npm run fit:topics`. */
export interface TopicWeights {
  /** Weight of a lone ordinary word ("policy", "image") next to a phrase or an acronym (1). */
  singleWord: number;
  /** How fast a term's weight falls with the share of the corpus using it: 1 / (1 + k·share). */
  commonness: number;
  /**
   * Weight of a mention in what the main statement says the paper makes or studies: the phrase
   * after its verb ("We introduce X, **a benchmark** for…") or a self-described name's head noun.
   */
  contribution: number;
  /**
   * Weight of a mention elsewhere in the first phrase of what the main statement says the paper
   * makes ("a benchmark for evaluating **search-augmented language models**").
   */
  object: number;
  /** Weight of a mention elsewhere in the main contribution statement ("We propose…"). */
  mainStatement: number;
  /** Weight of a mention in another contribution statement. */
  statement: number;
  /** Weight of a mention in the opening sentence when it is not a statement. */
  opening: number;
  /** Weight of a mention in a related-work sentence ("Prior methods…", "et al."). */
  background: number;
  /** Weight of a mention in the paper's title or name (derived headline). */
  title: number;
  /** A topic with this score or more is clearly signalled. */
  threshold: number;
  /** Tags after the first also need this share of the first's score. */
  relative: number;
  /** The fallback's cosine similarity a topic needs to be tagged rather than `other`. */
  similarity: number;
  /** Weight of the confidently tagged papers' centroid next to the topic's own text. */
  centroid: number;
  /**
   * The learned tag rule (`npm run fit:topics`). Without it the rule above decides (threshold,
   * relative cut, similarity fallback); with it, every topic's probability decides.
   */
  model?: TagModel;
  /**
   * Each topic's learned word profile (`npm run fit:topics`): word keys (as the tagger keys words)
   * and weights, a unit vector fitted on papers a reader tagged with the topic.
   */
  profiles?: Record<string, Record<string, number>>;
  /** Each topic's share of the papers the profiles were fitted on (a reader's tags, main or not). */
  priors?: Record<string, number>;
  /**
   * A linear classifier per topic over a paper's unit TF-IDF word vector (`npm run fit:topics`:
   * L2-regularised logistic regression, one topic against the rest, its heaviest weights kept).
   */
  classifier?: TopicClassifier;
}

/** One linear classifier per topic: a bias and sparse word-key weights (docs/tagging.md). */
export interface TopicClassifier {
  bias: Record<string, number>;
  weights: Record<string, Record<string, number>>;
}

/**
 * The learned tag rule: one logistic regression shared by every topic (no weight belongs to one
 * topic), over a few features of how a paper's score and similarity for that topic compare with its
 * other topics ({@link TAG_FEATURES}). Fitted by `npm run fit:topics` on the fit half of
 * `data/dev/` and the ICML 2023 set (docs/tagging.md).
 */
export interface TagModel {
  /** One coefficient per feature, in {@link TAG_FEATURES} order. */
  coefficients: number[];
  /** Each topic's own offset to the linear score (how readily a reader gives that topic). */
  topicBias?: Record<string, number>;
  /** A topic the rule did not tag becomes the second tag when its probability reaches this. */
  cut: number;
  /** …and the third tag when it reaches this (a third tag needs more evidence than a second). */
  third: number;
  /** Tags after the first also need this share of the most probable topic's probability. */
  relative: number;
  /** A tag of the rule (after its first) whose probability is below this is dropped. */
  drop: number;
  /** The rule's first tag is dropped too when its probability is below this (0 or absent: never). */
  first?: number;
}

/** What the learned rule reads of one candidate topic of one paper, in coefficient order. */
export const TAG_FEATURES = [
  'bias',
  'log(1 + score)',
  'score / best score',
  'best score',
  'second score',
  'third score',
  'score ≥ threshold',
  'log(1 + mentions)',
  'similarity',
  'similarity / best similarity',
  'most similar',
  'log(1 + best score)',
  'a tag of the rule',
  "the rule's first tag",
  'learned similarity',
  'learned similarity / best',
  'most similar (learned)',
  'log prior share',
  'classifier probability',
  'classifier margin − best margin',
  'most likely (classifier)',
] as const;

/**
 * One candidate's features (see {@link TAG_FEATURES}): `rank` is the topic's place by score (0 =
 * best, -1 = no mention), `similarityRank` its place by similarity.
 */
export function tagFeatures(
  score: number,
  best: number,
  rank: number,
  mentions: number,
  similarity: number,
  bestSimilarity: number,
  similarityRank: number,
  threshold: number,
  ruleRank: number,
  learned: { similarity: number; best: number; rank: number } = {
    similarity: 0,
    best: 0,
    rank: -1,
  },
  prior?: number,
  classifier: { margin: number; best: number; rank: number } | null = null,
): number[] {
  return [
    1,
    Math.log1p(score),
    best > 0 ? score / best : 0,
    rank === 0 ? 1 : 0,
    rank === 1 ? 1 : 0,
    rank === 2 ? 1 : 0,
    score >= threshold ? 1 : 0,
    Math.log1p(mentions),
    similarity,
    bestSimilarity > 0 ? similarity / bestSimilarity : 0,
    similarityRank === 0 ? 1 : 0,
    Math.log1p(best),
    ruleRank >= 0 ? 1 : 0,
    ruleRank === 0 ? 1 : 0,
    learned.similarity,
    learned.best > 0 ? learned.similarity / learned.best : 0,
    learned.rank === 0 && learned.best > 0 ? 1 : 0,
    prior === undefined ? 0 : Math.log(prior + 0.01),
    classifier ? 1 / (1 + Math.exp(-classifier.margin)) : 0,
    classifier ? classifier.margin - classifier.best : 0,
    classifier?.rank === 0 ? 1 : 0,
  ];
}

/** The logistic function of a linear score. */
export function tagProbability(
  coefficients: readonly number[],
  features: readonly number[],
  offset = 0,
): number {
  let z = offset;
  for (let i = 0; i < features.length; i++) z += (coefficients[i] ?? 0) * features[i]!;
  return 1 / (1 + Math.exp(-z));
}

/**
 * Tags from the rule's tags and the candidates' probabilities: the rule's first tag stays first (it
 * reads what the paper makes), its other tags stay unless their probability is below `drop`, and
 * further topics whose probability reaches `cut` as a second tag, `third` as a third (and
 * `relative` × the best one's) are added, strongest first, up to {@link MAX_TAGS}. With no rule tag (or only `other`), the most probable
 * topic is the first tag.
 */
export function chooseTags(
  rule: readonly string[],
  candidates: readonly { slug: string; probability: number }[],
  model: Pick<TagModel, 'cut' | 'third' | 'relative' | 'drop' | 'first'>,
): string[] {
  const sorted = [...candidates].sort((a, b) => b.probability - a.probability);
  const best = sorted[0];
  if (!best) return [...rule];
  const probability = new Map(sorted.map((c) => [c.slug, c.probability]));
  const kept = rule.filter(
    (slug, index) =>
      slug !== FALLBACK_TOPIC &&
      (probability.get(slug) ?? 0) >= (index === 0 ? (model.first ?? 0) : model.drop),
  );
  const tags = kept.length > 0 ? kept : [best.slug];
  for (const c of sorted) {
    if (tags.length >= MAX_TAGS) break;
    if (tags.includes(c.slug)) continue;
    const cut = tags.length < 2 ? model.cut : model.third;
    if (c.probability < cut || c.probability < model.relative * best.probability) break;
    tags.push(c.slug);
  }
  return tags;
}

/** One paper's candidate topics for the learned rule, with their features. */
export interface TagCandidate {
  slug: string;
  features: number[];
}

/** The weights in use when none are passed. */
export const TOPIC_WEIGHTS: TopicWeights = fitted;

/** Where a sentence sits in the argument of an abstract. */
type Role =
  'contribution' | 'object' | 'mainStatement' | 'statement' | 'opening' | 'background' | 'body';

/** Fewer than this many papers make document frequencies meaningless; they are smoothed toward it. */
const PRIOR_PAPERS = 20;

/**
 * Related-work and motivation cues: a term in such a sentence is what others did or what the field
 * is, not necessarily what this paper is about.
 */
const BACKGROUND_CUE =
  /\bet al\b|\b(?:prior|previous|existing|earlier|conventional|traditional|classical|popular|current|recent|many|most|some)\s+(?:[a-z-]+\s+)?(?:works?|methods|approaches|studies|literature|techniques|models|algorithms|research|efforts|solutions)\b|\b(?:has|have)\s+(?:been|recently|long|attracted|become|shown|gained|emerged)\b|^(?:however|unlike|while|although|despite)\b/i;

/**
 * A gap the paper fills ("…remains largely unexplored", "there still lacks a benchmark"): though it
 * may open like related work ("While…"), it names what the paper is about.
 */
const GAP_CUE =
  /\b(?:remains?|remained|is|are)\s+(?:largely\s+|still\s+|relatively\s+|poorly\s+|mostly\s+)*(?:unexplored|underexplored|under-explored|unknown|understudied|under-studied|poorly understood|unaddressed|overlooked|open(?![-\w]))|\blittle is known\b|\blacks?\s+(?:a|an|any)\b|\b(?:still|there)\s+lacks?\b|\black of\b|\bno (?:prior|previous|existing) (?:work|effort|study|method|benchmark)s?\b/i;

interface TermToken {
  key: string;
  prefix: boolean;
  /** Another key the token matches: a phrase's `data` also matches `dataset`. */
  also?: string;
}

/**
 * "synthetic dataset" is "synthetic data", "training datasets" are "training data": inside a
 * phrase, after its first word, `data` also matches `dataset` (stems keep them apart).
 */
const SAME_AFTER_FIRST: ReadonlyMap<string, string> = new Map([['data', 'dataset']]);

interface CompiledTerm {
  id: number;
  tokens: TermToken[];
  /** Multi-word phrases and acronyms are specific; a lone ordinary word is not. */
  single: boolean;
  topics: number[];
}

/** A taxonomy compiled for matching: terms indexed by their first token's key. */
export interface TopicMatcher {
  topics: Topic[];
  terms: CompiledTerm[];
  byFirstKey: Map<string, CompiledTerm[]>;
  prefixed: CompiledTerm[];
  /** Index of the fallback topic, or -1. */
  fallback: number;
}

/** One hyphen-separated piece of the text, keyed like the terms. */
interface MatchPart {
  key: string;
  lower: string;
  sentence: number;
  start: number;
  end: number;
  wordStart: boolean;
  wordEnd: boolean;
  /** Only spaces or a hyphen (after a closing parenthesis) separate it from the previous part. */
  adjacent: boolean;
}

/** A term found in a sentence. */
interface Mention {
  term: number;
  sentence: number;
  start: number;
  end: number;
}

/** What pass 1 keeps of one paper: its term mentions with their roles, and its word bag. */
interface TopicReading {
  /** Term ids per mention, the role of the sentence it is in, and whether it counts as a phrase. */
  mentions: { term: number; role: Role; phrase: boolean }[];
  /** Term ids in the title or name. */
  heading: number[];
  /** Content-word key ids and their counts, for the fallback's similarity. */
  bag: Map<number, number>;
}

/** How strongly one paper is about one topic. */
export interface TopicScore {
  slug: string;
  score: number;
  /** Number of mentions (sentences and title) behind the score. */
  mentions: number;
}

/** A term's words as keys: `Language Models` → `languag`, `model`; `quantiz*` stays a prefix. */
function compileTermTokens(term: string): TermToken[] {
  const pieces = term
    .trim()
    .split(/[\s\-\u2010\u2011]+/)
    .filter(Boolean);
  return pieces.map((piece, index) => {
    const prefix = index === pieces.length - 1 && piece.endsWith('*');
    const text = prefix ? piece.slice(0, -1) : piece;
    const key = prefix ? text.toLowerCase() : partKey(text);
    const also = index > 0 && !prefix ? SAME_AFTER_FIRST.get(key) : undefined;
    return also ? { key, prefix, also } : { key, prefix };
  });
}

/** Compiles every term of every topic; a term listed by several topics counts for each. */
export function compileTopics(taxonomy: Taxonomy): TopicMatcher {
  const matcher: TopicMatcher = {
    topics: taxonomy.topics,
    terms: [],
    byFirstKey: new Map(),
    prefixed: [],
    fallback: taxonomy.topics.findIndex((topic) => topic.slug === FALLBACK_TOPIC),
  };
  const bySignature = new Map<string, CompiledTerm>();
  taxonomy.topics.forEach((topic, index) => {
    if (index === matcher.fallback) return;
    for (const term of topic.terms) {
      const tokens = compileTermTokens(term);
      if (tokens.length === 0) continue;
      const signature = tokens.map((t) => `${t.key}${t.prefix ? '*' : ''}`).join(' ');
      const existing = bySignature.get(signature);
      if (existing) {
        if (!existing.topics.includes(index)) existing.topics.push(index);
        continue;
      }
      const single = tokens.length === 1 && !isAcronymLike(term.trim());
      const compiled: CompiledTerm = { id: matcher.terms.length, tokens, single, topics: [index] };
      matcher.terms.push(compiled);
      bySignature.set(signature, compiled);
      const first = tokens[0]!;
      if (first.prefix) matcher.prefixed.push(compiled);
      else
        matcher.byFirstKey.set(first.key, [...(matcher.byFirstKey.get(first.key) ?? []), compiled]);
    }
  });
  return matcher;
}

/**
 * True when `text[from..to)` holds only white space and hyphens, after at most one `)`: "large
 * language models (LLMs) based agents" joins across an acronym's closing parenthesis. A loop, not
 * a regular expression: it runs for every word of every abstract.
 */
function onlyJoiners(text: string, from: number, to: number): boolean {
  let i = from < to && text.charCodeAt(from) === 0x29 ? from + 1 : from;
  for (; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x20 || code === 0x2d || code === 0x2010 || code === 0x2011) continue;
    if (!/\s/.test(text[i]!)) return false;
  }
  return true;
}

/**
 * Capitals that spell out an acronym ("SEarch-Augmented Language models", "GEneration") do not make
 * a word a name: a capital run followed by lower case is keyed as the ordinary word.
 */
const ACRONYM_SPELLING = /^\p{Lu}{2,}\p{Ll}{2,}$/u;

function matchKey(part: WordPart): string {
  const { text } = part;
  // Cheap checks first: this runs for every word of every abstract.
  const last = text.charCodeAt(text.length - 1);
  const spelled =
    last >= 97 && last <= 122 && text.length > 3 && text[1] !== text[1]!.toLowerCase();
  return spelled && ACRONYM_SPELLING.test(text) ? stem(text) : part.key;
}

function toMatchParts(analysed: AnalysedText): MatchPart[] {
  const parts: MatchPart[] = [];
  let previousEnd = -1;
  for (const word of analysed.words) {
    word.parts.forEach((part, index) => {
      parts.push({
        key: matchKey(part),
        lower: part.text.toLowerCase(),
        sentence: word.sentence,
        start: part.start,
        end: part.end,
        wordStart: index === 0,
        wordEnd: index === word.parts.length - 1,
        adjacent: previousEnd < 0 || onlyJoiners(analysed.text, previousEnd, part.start),
      });
      previousEnd = part.end;
    });
  }
  return parts;
}

function tokenMatches(token: TermToken, part: MatchPart): boolean {
  if (token.prefix) return part.lower.startsWith(token.key);
  return part.key === token.key || part.key === token.also;
}

/** Length in parts of `term` matched at `start`, or 0. Phrases must span whole words. */
function matchLength(term: CompiledTerm, parts: readonly MatchPart[], start: number): number {
  const { tokens } = term;
  const first = parts[start]!;
  if (tokens.length > 1 && !first.wordStart) return 0;
  for (let offset = 0; offset < tokens.length; offset++) {
    const part = parts[start + offset];
    if (!part || part.sentence !== first.sentence) return 0;
    if (offset > 0 && !part.adjacent) return 0;
    if (!tokenMatches(tokens[offset]!, part)) return 0;
  }
  const last = parts[start + tokens.length - 1]!;
  return tokens.length > 1 && !last.wordEnd ? 0 : tokens.length;
}

const NO_TERMS: readonly CompiledTerm[] = [];

/** The longest of `terms` matched at `start`, if longer than `best` (allocates only on a match). */
function longestMatch(
  terms: readonly CompiledTerm[],
  parts: readonly MatchPart[],
  start: number,
  best: { term: CompiledTerm; length: number } | null,
): { term: CompiledTerm; length: number } | null {
  for (const term of terms) {
    const length = matchLength(term, parts, start);
    if (length > (best?.length ?? 0)) best = { term, length };
  }
  return best;
}

/** Leftmost-longest matching: overlapping shorter terms give way to the longest one. */
function findMentions(matcher: TopicMatcher, parts: readonly MatchPart[]): Mention[] {
  const mentions: Mention[] = [];
  let start = 0;
  while (start < parts.length) {
    const part = parts[start]!;
    // Terms starting with this key first, then prefixes: on a tie the first found is kept.
    const first = longestMatch(matcher.byFirstKey.get(part.key) ?? NO_TERMS, parts, start, null);
    const match = longestMatch(matcher.prefixed, parts, start, first);
    if (!match) {
      start += 1;
      continue;
    }
    mentions.push({
      term: match.term.id,
      sentence: part.sentence,
      start: part.start,
      end: parts[start + match.length - 1]!.end,
    });
    start += match.length;
  }
  return mentions;
}

/**
 * "We introduce SealQA, a challenge benchmark for ...": an appositive naming the paper's artefact.
 * Groups: the name, an optional parenthesis after it, and the description after the article.
 */
const SELF_DESCRIPTION =
  /(?<![\p{L}\p{N}-])(\p{Lu}[\p{L}\p{N}-]*)(?:\s*\(([^()]{1,80})\))?,?\s+(?:(?:is|as)\s+)?(?:a|an|the)\s+([^,.;:()]{1,120})/gu;
/** Words that end the object phrase of a contribution statement. */
const OBJECT_END =
  /\s(?:that|which|who|where|whose|to|by|than|through|while|because|so|when)\b|[;:.]/;
/** Words that end the noun phrase of a self-description: its head is the word just before. */
const PHRASE_END =
  /\s(?:that|which|who|for|to|of|with|built|designed|on|in|from|consisting|containing|featuring|where|capable|comprising|spanning|whose|based|focused|tailored|using|by|and|or|as|at|under|via|than|through|across|named|called|dubbed|enabling|providing)\b/;

/** A coined name: inner capitals or digits (`SealQA`, `MR-GPTQ`) or a capitalised word used mid-sentence. */
function isCoinedName(name: string, analysed: AnalysedText): boolean {
  if (TWO_CAPITALS_OR_DIGIT.test(name)) return true;
  return analysed.words.some(
    (word, index) => word.text === name && analysed.words[index - 1]?.sentence === word.sentence,
  );
}

/**
 * Every later sentence that names a self-described artefact ("SealQA") mentions the terms of its
 * description's head noun ("benchmark"): the name stands for what the paper made.
 */
function nameMentions(
  analysed: AnalysedText,
  mentions: Mention[],
): { extra: Mention[]; heads: Set<Mention> } {
  const extra: Mention[] = [];
  const heads = new Set<Mention>();
  analysed.sentences.forEach((sentence, index) => {
    for (const match of sentence.text.matchAll(SELF_DESCRIPTION)) {
      const [, name = '', aside = '', description = ''] = match;
      const phrase = description.split(PHRASE_END)[0]!.trimEnd();
      const head = /(\S+)$/.exec(phrase);
      if (!head) continue;
      const asideWords = aside.trim().split(/\s+/);
      const alias = asideWords.length <= 3 ? asideWords.at(-1) : undefined;
      const names = new Set(
        [name, alias ?? ''].filter((candidate) => isCoinedName(candidate, analysed)),
      );
      if (names.size === 0) continue;
      const headStart =
        sentence.start + match.index + match[0].length - description.length + head.index;
      const headEnd = headStart + head[1]!.length;
      const described = mentions.filter((m) => m.start < headEnd && m.end > headStart);
      if (described.length === 0) continue;
      for (const m of described) heads.add(m);
      const named = new Set<number>();
      for (const word of analysed.words) {
        const isName = names.has(word.text) || word.parts.some((part) => names.has(part.text));
        if (!isName || word.sentence === index || named.has(word.sentence)) continue;
        named.add(word.sentence);
        for (const m of described) extra.push({ ...m, sentence: word.sentence });
      }
    }
  });
  return { extra, heads };
}

/**
 * "LLM-powered agents … the agents then …": once a phrase term has been used, its head noun alone
 * refers back to it, so later bare heads count as (lone-word) mentions of the phrase. Generic heads
 * (`model`, `learning`, `method`) are left out: they refer to anything.
 */
function headMentions(matcher: TopicMatcher, analysed: AnalysedText, found: Mention[]): Mention[] {
  const byHead = new Map<string, Mention>();
  for (const mention of found) {
    const tokens = matcher.terms[mention.term]!.tokens;
    const last = tokens.at(-1)!;
    if (tokens.length < 2 || last.prefix || GENERIC_STEMS.has(last.key)) continue;
    if (!byHead.has(last.key)) byHead.set(last.key, mention);
  }
  if (byHead.size === 0) return [];
  const covered = (start: number) => found.some((m) => start >= m.start && start < m.end);
  const extra: Mention[] = [];
  for (const word of analysed.words) {
    if (word.parts.length > 1) continue;
    const first = byHead.get(wordKey(word));
    if (!first || word.start <= first.start || covered(word.start)) continue;
    extra.push({ term: first.term, sentence: word.sentence, start: word.start, end: word.end });
  }
  return extra;
}

/** "(MRL)" right after a term: an acronym the abstract defines for it. Group: the short form. */
const DEFINED_ACRONYM = /^\s*\(([\p{L}][\p{L}\p{N}-]{0,11})\)/u;

/**
 * "meta-reinforcement learning (MRL) … MRL learns …": an acronym the abstract defines right after a
 * phrase term, and which that phrase spells, stands for the term wherever it is used later, as a
 * phrase (an acronym is specific). An acronym that is itself a term is already matched.
 */
function acronymMentions(
  matcher: TopicMatcher,
  analysed: AnalysedText,
  parts: readonly MatchPart[],
  found: readonly Mention[],
): Mention[] {
  // Each short form's term, and where its definition "(MRL)" ends: later uses are mentions.
  const defined = new Map<string, { term: number; after: number }>();
  for (const mention of found) {
    if (matcher.terms[mention.term]!.tokens.length < 2) continue;
    const next = analysed.text.charCodeAt(
      mention.end + (analysed.text[mention.end] === ' ' ? 1 : 0),
    );
    if (next !== 40) continue; // "(": no definition follows, the common case
    const definition = DEFINED_ACRONYM.exec(analysed.text.slice(mention.end, mention.end + 16));
    const short = definition?.[1];
    if (!short || !isAcronymLike(short)) continue;
    const key = partKey(short);
    if (defined.has(key)) continue;
    if (!spellsShortForm(short, analysed.text.slice(mention.start, mention.end))) continue;
    defined.set(key, { term: mention.term, after: mention.end + definition[0].length });
  }
  if (defined.size === 0) return [];
  const covered = (start: number) => found.some((m) => start >= m.start && start < m.end);
  const extra: Mention[] = [];
  for (const part of parts) {
    const acronym = defined.get(part.key);
    if (!acronym || part.start < acronym.after || covered(part.start)) continue;
    extra.push({ term: acronym.term, sentence: part.sentence, start: part.start, end: part.end });
  }
  return extra;
}

/** Where each sentence sits, and the span of the main statement's object phrase (offsets in the text). */
function sentenceRoles(analysed: AnalysedText): { roles: Role[]; objects: [number, number][] } {
  const texts = analysed.sentences.map((sentence) => sentence.text);
  const statements = findStatements(texts).filter((statement) => !statement.secondary);
  const main = mainStatement(statements);
  const roles: Role[] = texts.map((text, index) =>
    BACKGROUND_CUE.test(text) && !GAP_CUE.test(text)
      ? 'background'
      : index === 0
        ? 'opening'
        : 'body',
  );
  for (const statement of statements) roles[statement.sentenceIndex] = 'statement';
  const objects: [number, number][] = [];
  if (main) {
    roles[main.sentenceIndex] = 'mainStatement';
    const sentence = analysed.sentences[main.sentenceIndex]!;
    const at = sentence.text.lastIndexOf(main.object);
    if (at >= 0) {
      const start = sentence.start + at;
      objects.push([start, start + firstPhrase(main.object).length]);
      // "We cast X as Y and provide statistical guarantees": a coordinated verb's object too.
      for (const match of main.object.matchAll(COORDINATED_VERB)) {
        const info = contributionVerb(match[1]!);
        if (!info || (info.verbClass !== 'artifact' && info.verbClass !== 'finding')) continue;
        const from = match.index + match[0].length;
        objects.push([start + from, start + from + firstPhrase(main.object.slice(from)).length]);
      }
    }
  }
  return { roles, objects };
}

/** "and provide", "and then present": a second verb of the main statement. Group: the verb. */
const COORDINATED_VERB = /\band\s+(?:then\s+|also\s+|further\s+)?([a-z]+)\s+/g;

/** An object's first phrase: up to its first clause word ("a benchmark | for…"), at most 13 words. */
function firstPhrase(object: string): string {
  return object.split(OBJECT_END)[0]!.split(/\s+/).slice(0, 13).join(' ');
}

/**
 * What pass 1 needs from one abstract's text alone, so it can be read in a worker thread: its term
 * mentions with their roles, and its content-word keys with their counts (in first-seen order).
 */
export interface TopicTextReading {
  mentions: TopicReading['mentions'];
  /** The content-word keys, one per line (one string: cheap to send between threads). */
  bagKeys: string;
  bagCounts: number[];
}

/** Content-word keys of a text (its match parts, already keyed: no second stemming) and counts. */
function wordBag(parts: readonly MatchPart[]): Map<string, number> {
  const bag = new Map<string, number>();
  for (const { key, lower } of parts) {
    if (lower.length < 2 || STOP_WORDS.has(lower) || RHETORIC.has(lower)) continue;
    if (!hasLetter(lower)) continue;
    bag.set(key, (bag.get(key) ?? 0) + 1);
  }
  return bag;
}

/** Pass 1's reading of one abstract (`analysed` is its plain text through `analyseText`). */
export function readTopicText(matcher: TopicMatcher, analysed: AnalysedText): TopicTextReading {
  const parts = toMatchParts(analysed);
  const found = findMentions(matcher, parts);
  const { roles, objects } = sentenceRoles(analysed);
  const inObject = (m: Mention) => objects.some(([start, end]) => m.start >= start && m.end <= end);
  const named = nameMentions(analysed, found);
  // The object's first term is its head in "a benchmark for agents", "an RL method for robots".
  const head = found.find(
    (m) => objects[0] !== undefined && m.start >= objects[0][0] && m.end <= objects[0][1],
  );
  const mentions = [
    ...found.map((m) => ({
      term: m.term,
      role:
        m === head || named.heads.has(m)
          ? ('contribution' as const)
          : inObject(m)
            ? ('object' as const)
            : (roles[m.sentence] ?? 'body'),
      phrase: false,
    })),
    // A name standing for the artefact is as specific as a phrase, even if its head is one word.
    ...named.extra.map((m) => ({ term: m.term, role: roles[m.sentence] ?? 'body', phrase: true })),
    ...headMentions(matcher, analysed, found).map((m) => ({
      term: m.term,
      role: roles[m.sentence] ?? 'body',
      phrase: false,
    })),
    ...acronymMentions(matcher, analysed, parts, found).map((m) => ({
      term: m.term,
      role: roles[m.sentence] ?? 'body',
      phrase: true,
    })),
  ];
  const bag = wordBag(parts);
  return { mentions, bagKeys: [...bag.keys()].join('\n'), bagCounts: [...bag.values()] };
}

/** A unit vector over word-key ids, in the order its bag was read (which fixes the sums' order). */
interface SparseVector {
  ids: Int32Array;
  values: Float64Array;
}

/**
 * Columns of weights over word-key ids turned into rows: for each key, the columns where it weighs
 * something and that weight (compressed sparse rows).
 */
interface KeyColumns {
  columns: number;
  /** Key `k`'s entries are `at[k]..at[k + 1]` of `column` and `weight`. */
  at: Int32Array;
  column: Int32Array;
  weight: Float64Array;
}

function keyColumns(
  keys: number,
  columns: readonly Iterable<readonly [number, number]>[],
): KeyColumns {
  const at = new Int32Array(keys + 1);
  for (const entries of columns)
    for (const [key, value] of entries) if (value !== 0) at[key + 1]! += 1;
  for (let key = 0; key < keys; key++) at[key + 1]! += at[key]!;
  const next = at.slice(0, keys);
  const column = new Int32Array(at[keys]!);
  const weight = new Float64Array(at[keys]!);
  columns.forEach((entries, index) => {
    for (const [key, value] of entries) {
      if (value === 0) continue;
      const place = next[key]!++;
      column[place] = index;
      weight[place] = value;
    }
  });
  return { columns: columns.length, at, column, weight };
}

/**
 * `sums[c]` = the dot product of `vector` with column `c`, each summed over the vector's keys in
 * its order, as `let sum = 0; for (…) sum += value * weight` would: a key a column lacks would add
 * 0, which changes no sum (+0 plus x is x, and such a sum is never -0).
 */
function dotAll(vector: SparseVector, byKey: KeyColumns, sums: Float64Array): void {
  sums.fill(0);
  const { ids, values } = vector;
  const { at, column, weight } = byKey;
  for (let i = 0; i < ids.length; i++) {
    const key = ids[i]!;
    const value = values[i]!;
    for (let entry = at[key]!; entry < at[key + 1]!; entry++) {
      sums[column[entry]!]! += value * weight[entry]!;
    }
  }
}

/** A paper as the tagger needs it. */
export type TopicInput = Pick<BasePaper, 'plainText' | 'title' | 'name'>;

/**
 * Tags a corpus: {@link read} every paper (in order), then ask for {@link tags}. Reading keeps only
 * term mentions and a word bag per paper, so 20,000 papers fit easily.
 */
export class TopicTagger {
  readonly matcher: TopicMatcher;
  private readonly readings: TopicReading[] = [];
  /** Papers containing each term (at least once). */
  private readonly termFrequency: number[];
  /** Word-key ids for the similarity fallback, and the papers containing each. */
  private readonly keyIds = new Map<string, number>();
  private keyFrequency: number[] = [];
  /**
   * Each paper's unit word vector and each topic's own-text vector, worked out once the corpus is
   * read: pass 2 asks for them several times (rule profiles, fallback, candidates), and every
   * `candidatesAndRule` of a fit asks again. Dropped when another paper is added.
   */
  private vectors: { papers: SparseVector[]; own: Map<number, number>[] } | null = null;

  constructor(taxonomyOrMatcher: Taxonomy | TopicMatcher) {
    this.matcher =
      'byFirstKey' in taxonomyOrMatcher ? taxonomyOrMatcher : compileTopics(taxonomyOrMatcher);
    this.termFrequency = this.matcher.terms.map(() => 0);
  }

  /** Pass 1 over one paper; `analysed` is its plain text through `analyseText`. */
  read(paper: TopicInput, analysed: AnalysedText = analyseText(paper.plainText)): void {
    this.add(paper, readTopicText(this.matcher, analysed));
  }

  /**
   * Pass 1 over one paper whose text was already read by {@link readTopicText} (in a worker
   * thread): counts its terms and word keys. Papers must be added in corpus order.
   */
  add(paper: Pick<TopicInput, 'title' | 'name'>, text: TopicTextReading): void {
    const headingText = [paper.name ?? '', paper.title].filter(Boolean).join('. ');
    const heading = headingText
      ? findMentions(this.matcher, toMatchParts(analyseText(headingText))).map((m) => m.term)
      : [];
    for (const term of new Set([...text.mentions.map((m) => m.term), ...heading])) {
      this.termFrequency[term]! += 1;
    }
    const bag = new Map<number, number>();
    const keys = text.bagKeys === '' ? [] : text.bagKeys.split('\n');
    keys.forEach((key, index) => {
      let id = this.keyIds.get(key);
      if (id === undefined) {
        id = this.keyIds.size;
        this.keyIds.set(key, id);
        this.keyFrequency.push(0);
      }
      bag.set(id, text.bagCounts[index]!);
      this.keyFrequency[id]! += 1;
    });
    this.readings.push({ mentions: text.mentions, heading, bag });
    this.vectors = null;
  }

  /** Every paper's unit vector and every topic's own-text vector, made on first use. */
  private corpusVectors(): { papers: SparseVector[]; own: Map<number, number>[] } {
    this.vectors ??= {
      papers: this.readings.map((reading) => this.unitSparse(reading.bag)),
      own: this.matcher.topics.map((topic) =>
        this.unitVector(
          this.bagOf(
            toMatchParts(analyseText([topic.label, topic.description, ...topic.terms].join('. '))),
          ),
        ),
      ),
    };
    return this.vectors;
  }

  /** The bag of a text by key ids; keys no paper has are left out. */
  private bagOf(parts: readonly MatchPart[]): Map<number, number> {
    const bag = new Map<number, number>();
    for (const [key, count] of wordBag(parts)) {
      const id = this.keyIds.get(key);
      if (id !== undefined) bag.set(id, count);
    }
    return bag;
  }

  /** Every read paper's topic scores, strongest first (ties keep taxonomy order). */
  scores(weights: TopicWeights = TOPIC_WEIGHTS): TopicScore[][] {
    const papers = this.readings.length + PRIOR_PAPERS;
    const specificity = this.matcher.terms.map(
      (_, id) => 1 / (1 + (weights.commonness * this.termFrequency[id]!) / papers),
    );
    // A lone word is weak evidence, except as the head of what the paper makes ("a benchmark").
    const termWeight = (term: number, lone: boolean) =>
      (lone && this.matcher.terms[term]!.single ? weights.singleWord : 1) * specificity[term]!;
    const roleWeight: Record<Role, number> = {
      contribution: weights.contribution,
      object: weights.object,
      mainStatement: weights.mainStatement,
      statement: weights.statement,
      opening: weights.opening,
      background: weights.background,
      body: 1,
    };
    return this.readings.map((reading) => {
      const perTopic = new Map<number, { score: number; mentions: number }>();
      const add = (term: number, lone: boolean, weight: number) => {
        for (const topic of this.matcher.terms[term]!.topics) {
          const entry = perTopic.get(topic) ?? { score: 0, mentions: 0 };
          entry.score += weight * termWeight(term, lone);
          entry.mentions += 1;
          perTopic.set(topic, entry);
        }
      };
      for (const { term, role, phrase } of reading.mentions) {
        add(term, !phrase && role !== 'contribution', roleWeight[role]);
      }
      for (const term of new Set(reading.heading)) add(term, true, weights.title);
      return [...perTopic]
        .sort((a, b) => b[1].score - a[1].score || a[0] - b[0])
        .map(([topic, entry]) => ({ slug: this.matcher.topics[topic]!.slug, ...entry }));
    });
  }

  /** Pass 2: every read paper's topic slugs, main topic first, in reading order. */
  tags(weights: TopicWeights = TOPIC_WEIGHTS): string[][] {
    const { model } = weights;
    if (!model) return this.ruleTags(weights, this.scores(weights));
    const tags: string[][] = [];
    // Each paper's candidates are weighed as they are made, not kept for the whole corpus.
    this.eachCandidates(weights, (paper, rule, candidates) => {
      tags[paper] =
        candidates === null
          ? rule
          : chooseTags(
              rule,
              candidates.map((c) => ({
                slug: c.slug,
                probability: tagProbability(
                  model.coefficients,
                  c.features,
                  model.topicBias?.[c.slug] ?? 0,
                ),
              })),
              model,
            );
    });
    return tags;
  }

  /**
   * Every read paper's candidate topics with the learned rule's features (every topic but `other`),
   * or null for a paper with no signal at all (no term, no similarity to any topic).
   */
  candidates(weights: TopicWeights = TOPIC_WEIGHTS): (TagCandidate[] | null)[] {
    return this.candidatesAndRule(weights).candidates;
  }

  /** The rule's tags of every paper and the learned rule's candidates (see {@link candidates}). */
  candidatesAndRule(weights: TopicWeights = TOPIC_WEIGHTS): {
    rule: string[][];
    candidates: (TagCandidate[] | null)[];
  } {
    const candidates: (TagCandidate[] | null)[] = [];
    const rule = this.eachCandidates(weights, (paper, _, made) => (candidates[paper] = made));
    return { rule, candidates };
  }

  /**
   * Hands each read paper's rule tags and candidates (see {@link candidates}) to `visit`, in
   * reading order; returns the rule's tags of every paper.
   */
  private eachCandidates(
    weights: TopicWeights,
    visit: (paper: number, rule: string[], candidates: TagCandidate[] | null) => void,
  ): string[][] {
    const scores = this.scores(weights);
    const rule = this.ruleTags(weights, scores);
    const profiles = this.topicProfiles(rule, weights);
    const topics = this.matcher.topics;
    const learnedProfiles = this.learnedProfiles(weights);
    const classifier = this.classifierWeights(weights);
    // Every dot product of a paper (35 profiles, 35 learned ones, 35 classifiers) in one pass over
    // its vector: each key's nonzero weights in every column, summed in the vector's order as one
    // dot product at a time would (a zero weight adds nothing), so the sums are the same.
    const columns: Iterable<readonly [number, number]>[] = [
      ...profiles,
      ...(learnedProfiles ?? []).map((profile) => profile ?? []),
      ...(classifier ?? []).map((c) => c?.weights ?? []),
    ];
    const byKey = keyColumns(this.keyIds.size, columns);
    const sums = new Float64Array(columns.length);
    // Views of `sums`, read before the next paper's sums are made: similarity to each topic's
    // profile, to its learned profile (0 for a topic without: an empty column).
    const similarity = sums.subarray(0, topics.length);
    const learned = learnedProfiles ? sums.subarray(topics.length, 2 * topics.length) : null;
    const marginSums = sums.subarray(columns.length - (classifier?.length ?? 0));
    const margins = classifier ? new Float64Array(topics.length) : null;
    const ranked = this.rankings();
    const learnedRanking = this.rankings();
    const marginRanking = this.rankings();
    const { papers: vectors } = this.corpusVectors();
    // Every topic but the fallback, in taxonomy order: the candidates' order.
    const candidateTopics = topics.flatMap((_, index) =>
      index === this.matcher.fallback ? [] : [index],
    );
    this.readings.forEach((_, paper) => {
      dotAll(vectors[paper]!, byKey, sums);
      if (learned) this.rankTopics(learned, learnedRanking);
      const learnedBest = learned?.[learnedRanking.order[0] ?? 0] ?? 0;
      if (classifier && margins) {
        classifier.forEach(
          (c, topic) => (margins[topic] = c ? c.bias + marginSums[topic]! : -Infinity),
        );
        this.rankTopics(margins, marginRanking);
      }
      const bestMargin = margins?.[marginRanking.order[0] ?? 0] ?? 0;
      const byScore = new Map(scores[paper]!.map((s, rank) => [s.slug, { ...s, rank }]));
      const best = scores[paper]![0]?.score ?? 0;
      this.rankTopics(similarity, ranked);
      const bestSimilarity = similarity[ranked.order[0] ?? 0] ?? 0;
      if (best <= 0 && bestSimilarity < weights.similarity) {
        visit(paper, rule[paper]!, null);
        return;
      }
      const made = candidateTopics.map((index) => {
        const slug = topics[index]!.slug;
        const s = byScore.get(slug);
        return {
          slug,
          features: tagFeatures(
            s?.score ?? 0,
            best,
            s?.rank ?? -1,
            s?.mentions ?? 0,
            similarity[index]!,
            bestSimilarity,
            ranked.rank[index]!,
            weights.threshold,
            rule[paper]!.indexOf(slug),
            learned
              ? {
                  similarity: learned[index]!,
                  best: learnedBest,
                  rank: learnedRanking.rank[index]!,
                }
              : undefined,
            weights.priors ? (weights.priors[slug] ?? 0) : undefined,
            margins && Number.isFinite(margins[index])
              ? {
                  margin: margins[index]!,
                  best: bestMargin,
                  rank: marginRanking.rank[index]!,
                }
              : null,
          ),
        };
      });
      visit(paper, rule[paper]!, made);
    });
    return rule;
  }

  /** Room for one ranking of the topics ({@link rankTopics}), reused from paper to paper. */
  private rankings(): { order: number[]; rank: Int32Array } {
    return { order: [], rank: new Int32Array(this.matcher.topics.length) };
  }

  /**
   * Topic indexes by `values`, highest first (ties in taxonomy order, the fallback left out), and
   * each topic's place in that order (-1 for the fallback): one sort, no search per topic. Written
   * into `ranking`.
   */
  private rankTopics(
    values: ArrayLike<number>,
    ranking: { order: number[]; rank: Int32Array },
  ): void {
    // Insertion in taxonomy order (35 topics, three rankings a paper): a topic goes before those
    // it beats, as the comparator `values[b] - values[a] || a - b` sorts them (`-Infinity` twice
    // gives NaN there, so index order; no value is NaN).
    const { order, rank } = ranking;
    order.length = 0;
    for (let index = 0; index < this.matcher.topics.length; index++) {
      if (index === this.matcher.fallback) continue;
      let at = order.length;
      while (at > 0 && (values[order[at - 1]!]! - values[index]! || index - order[at - 1]!) < 0) {
        order[at] = order[at - 1]!;
        at--;
      }
      order[at] = index;
    }
    rank.fill(-1);
    order.forEach((index, place) => (rank[index] = place));
  }

  /** The learned profiles as word-key ids and weights of this corpus (null for a topic without). */
  private learnedProfiles(weights: TopicWeights): ([number, number][] | null)[] | null {
    const { profiles } = weights;
    if (!profiles) return null;
    return this.matcher.topics.map((topic) => {
      const profile = profiles[topic.slug];
      return profile ? this.byKeyId(profile) : null;
    });
  }

  /** Each topic's classifier as a bias and its weights by this corpus's word-key ids (or null). */
  private classifierWeights(
    weights: TopicWeights,
  ): ({ bias: number; weights: [number, number][] } | null)[] | null {
    const { classifier } = weights;
    if (!classifier) return null;
    return this.matcher.topics.map((topic) => {
      const bias = classifier.bias[topic.slug];
      if (bias === undefined) return null;
      return { bias, weights: this.byKeyId(classifier.weights[topic.slug] ?? {}) };
    });
  }

  /** Weights by word key → by the ids of the keys this corpus has (the others weigh nothing here). */
  private byKeyId(weights: Record<string, number>): [number, number][] {
    const entries: [number, number][] = [];
    for (const [key, value] of Object.entries(weights)) {
      const id = this.keyIds.get(key);
      if (id !== undefined) entries.push([id, value]);
    }
    return entries;
  }

  /** Every read paper's word bag as a unit TF-IDF vector keyed by word key (for fitting profiles). */
  wordVectors(): Map<string, number>[] {
    const keys = [...this.keyIds.keys()];
    return this.corpusVectors().papers.map(({ ids, values }) => {
      const vector = new Map<string, number>();
      ids.forEach((id, at) => vector.set(keys[id]!, values[at]!));
      return vector;
    });
  }

  /** The hand-set rule: topics above the threshold and the relative cut, else the fallback. */
  private ruleTags(weights: TopicWeights, scores: TopicScore[][]): string[][] {
    const tags = scores.map((paperScores) => {
      const top = paperScores[0];
      if (!top || top.score < weights.threshold) return [];
      return paperScores
        .filter((s) => s.score >= weights.threshold && s.score >= weights.relative * top.score)
        .slice(0, MAX_TAGS)
        .map((s) => s.slug);
    });
    const unsure = tags.flatMap((paperTags, index) => (paperTags.length === 0 ? [index] : []));
    if (unsure.length === 0) return tags;
    const profiles = this.topicProfiles(tags, weights);
    const byKey = keyColumns(this.keyIds.size, profiles);
    for (const index of unsure) {
      tags[index] = this.closestTopic(index, byKey, scores[index]!, weights);
    }
    return tags;
  }

  /** TF-IDF weight of a key in a bag. */
  private idf(key: number): number {
    return inverseDocumentFrequency(this.readings.length, this.keyFrequency[key] ?? 0);
  }

  private unitVector(bag: Map<number, number>): Map<number, number> {
    const vector = new Map<number, number>();
    let norm = 0;
    for (const [key, count] of bag) {
      const value = termFrequencyWeight(count) * this.idf(key);
      if (value <= 0) continue;
      vector.set(key, value);
      norm += value * value;
    }
    norm = Math.sqrt(norm);
    for (const [key, value] of vector) vector.set(key, value / norm);
    return vector;
  }

  /** {@link unitVector} as two arrays, in the same order and with the same values. */
  private unitSparse(bag: Map<number, number>): SparseVector {
    const ids = new Int32Array(bag.size);
    const values = new Float64Array(bag.size);
    let size = 0;
    let norm = 0;
    for (const [key, count] of bag) {
      const value = termFrequencyWeight(count) * this.idf(key);
      if (value <= 0) continue;
      ids[size] = key;
      values[size] = value;
      norm += value * value;
      size++;
    }
    norm = Math.sqrt(norm);
    for (let at = 0; at < size; at++) values[at] = values[at]! / norm;
    return { ids: ids.subarray(0, size), values: values.subarray(0, size) };
  }

  /**
   * Each topic's profile: its label, description and terms, plus the centroid of the papers it was
   * confidently tagged on (as their main topic), so the taxonomy's wording need not be exhaustive.
   */
  private topicProfiles(tags: string[][], weights: TopicWeights): Map<number, number>[] {
    const slugIndex = new Map(this.matcher.topics.map((topic, index) => [topic.slug, index]));
    const members = this.matcher.topics.map((): number[] => []);
    tags.forEach((paperTags, paper) => {
      const main = paperTags[0] === undefined ? undefined : slugIndex.get(paperTags[0]);
      if (main !== undefined) members[main]!.push(paper);
    });
    const vectors = this.corpusVectors();
    // One topic's sums at a time in an array over all keys, and the keys in the order first met.
    const sums = new Float64Array(this.keyIds.size);
    const met = new Uint8Array(this.keyIds.size);
    return this.matcher.topics.map((_, index) => {
      // A copy: the topic's own vector is kept for the next call.
      const profile = new Map(vectors.own[index]!);
      if (members[index]!.length > 0) {
        const order: number[] = [];
        for (const paper of members[index]!) {
          const { ids, values } = vectors.papers[paper]!;
          for (let at = 0; at < ids.length; at++) {
            const key = ids[at]!;
            if (met[key] === 0) {
              met[key] = 1;
              order.push(key);
            }
            sums[key]! += values[at]!;
          }
        }
        const centroidSums = new Map<number, number>();
        for (const key of order) {
          centroidSums.set(key, sums[key]!);
          sums[key] = 0;
          met[key] = 0;
        }
        const centroid = this.unitVector(centroidSums);
        for (const [key, value] of centroid) {
          profile.set(key, (profile.get(key) ?? 0) + weights.centroid * value);
        }
      }
      let norm = 0;
      for (const value of profile.values()) norm += value * value;
      norm = Math.sqrt(norm);
      for (const [key, value] of profile) profile.set(key, value / norm);
      return profile;
    });
  }

  /**
   * The fallback: the topic most similar to the abstract, a weak signal (a term or two below the
   * threshold) multiplying its similarity by 1 + score; `other` when no topic is similar enough.
   */
  private closestTopic(
    paper: number,
    profiles: KeyColumns,
    scores: readonly TopicScore[],
    weights: TopicWeights,
  ): string[] {
    const signal = new Map(scores.map((s) => [s.slug, s.score]));
    const similarities = new Float64Array(this.matcher.topics.length);
    dotAll(this.corpusVectors().papers[paper]!, profiles, similarities);
    let best = -1;
    let bestSimilarity = 0;
    similarities.forEach((dot, topic) => {
      if (topic === this.matcher.fallback) return;
      const similarity = dot * (1 + (signal.get(this.matcher.topics[topic]!.slug) ?? 0));
      if (similarity > bestSimilarity) {
        best = topic;
        bestSimilarity = similarity;
      }
    });
    if (best >= 0 && bestSimilarity >= weights.similarity) return [this.matcher.topics[best]!.slug];
    return this.matcher.fallback >= 0 ? [FALLBACK_TOPIC] : [];
  }
}

/**
 * One paper's topic slugs, main first, as if it were the whole corpus (no document frequencies to
 * learn from): for tests and single abstracts. A corpus goes through {@link TopicTagger}.
 */
export function assignTopics(
  paper: TopicInput,
  taxonomyOrMatcher: Taxonomy | TopicMatcher,
  analysed?: AnalysedText,
  weights: TopicWeights = TOPIC_WEIGHTS,
): string[] {
  const tagger = new TopicTagger(taxonomyOrMatcher);
  tagger.read(paper, analysed);
  return tagger.tags(weights)[0]!;
}
