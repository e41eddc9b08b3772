/**
 * Topic tags from the taxonomy: find every term of every topic in an abstract, then rank topics by
 * how much of the abstract is about them (see docs/tagging.md for the rule and its reasons).
 */
import type { BasePaper, Taxonomy, Topic } from '../schema';
import { analyseText, stripAcronymPlural, type AnalysedText } from '../text/terms';

/** The slug of the fallback topic: tagged only when nothing else fits, never matched by terms. */
export const FALLBACK_TOPIC = 'other';
/** A paper gets at most this many tags. */
export const MAX_TAGS = 4;
/** A topic must be signalled in at least this many sentences to be a tag, not a passing mention. */
export const MIN_SENTENCES = 2;
/**
 * Tags after the first must also score this share of the first's score: a few mentions in a
 * paper that is overwhelmingly about something else are a side remark.
 */
const RELATIVE_THRESHOLD = 0.2;
/** Sentences this early state what the paper is about: hits there weigh more. */
const LEAD_SENTENCES = 2;
const LEAD_WEIGHT = 1.5;
/** Bonus when the paper's title or name itself signals the topic. */
const TITLE_BONUS = 1;
/** A lone common word ("image", "policy") says less than a phrase or an acronym ("offline RL"). */
const SINGLE_WORD_WEIGHT = 0.6;

interface TermToken {
  key: string;
  caseSensitive: boolean;
  prefix: boolean;
}

interface CompiledTerm {
  tokens: TermToken[];
  weight: number;
  topics: Set<number>;
}

/** A taxonomy compiled for fast matching: terms indexed by their first token. */
export interface TopicMatcher {
  topics: Topic[];
  exact: Map<string, CompiledTerm[]>;
  lower: Map<string, CompiledTerm[]>;
  prefixed: CompiledTerm[];
}

/** How strongly one text is about one topic. */
export interface TopicScore {
  slug: string;
  score: number;
  /** Number of sentences with at least one of the topic's terms. */
  sentences: number;
  /** Number of term occurrences. */
  occurrences: number;
}

/** One hyphen-separated piece of text, keyed for matching. */
interface MatchPart {
  start: number;
  end: number;
  exact: string;
  lower: string;
  sentence: number;
  wordStart: boolean;
  wordEnd: boolean;
  /** Only spaces or a hyphen separate it from the previous part. */
  adjacent: boolean;
}

/**
 * A crude English singular: both terms and text pass through it, so it only needs to be
 * consistent, not correct ("series" → "sery" on both sides still matches).
 */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Short all-capital acronyms (`RL`, `LLM`, `V4`) match case-sensitively; words do not. */
function isCaseSensitiveToken(token: string): boolean {
  return /^[\p{Lu}\p{N}]+$/u.test(token) && /\p{Lu}/u.test(token) && token.length <= 6;
}

function compileTermTokens(term: string): TermToken[] {
  const pieces = term
    .trim()
    .split(/[\s\-\u2010\u2011]+/)
    .filter(Boolean);
  return pieces.map((piece, index) => {
    const prefix = index === pieces.length - 1 && piece.endsWith('*');
    const text = prefix ? piece.slice(0, -1) : piece;
    const caseSensitive = isCaseSensitiveToken(text);
    const key = caseSensitive ? stripAcronymPlural(text) : text.toLowerCase();
    return { key: prefix || caseSensitive ? key : singular(key), caseSensitive, prefix };
  });
}

/** Compiles every term of every topic; a term listed by several topics counts for each. */
export function compileTopics(taxonomy: Taxonomy): TopicMatcher {
  const matcher: TopicMatcher = {
    topics: taxonomy.topics,
    exact: new Map(),
    lower: new Map(),
    prefixed: [],
  };
  const bySignature = new Map<string, CompiledTerm>();
  taxonomy.topics.forEach((topic, index) => {
    if (topic.slug === FALLBACK_TOPIC) return;
    for (const term of topic.terms) {
      const tokens = compileTermTokens(term);
      if (tokens.length === 0) continue;
      const signature = tokens
        .map((t) => `${t.caseSensitive ? '=' : '~'}${t.key}${t.prefix ? '*' : ''}`)
        .join(' ');
      const existing = bySignature.get(signature);
      if (existing) {
        existing.topics.add(index);
        continue;
      }
      const single = tokens.length === 1 && !tokens[0]!.caseSensitive;
      const compiled: CompiledTerm = {
        tokens,
        weight: single ? SINGLE_WORD_WEIGHT : 1,
        topics: new Set([index]),
      };
      bySignature.set(signature, compiled);
      indexTerm(matcher, compiled);
    }
  });
  return matcher;
}

function indexTerm(matcher: TopicMatcher, term: CompiledTerm): void {
  const first = term.tokens[0]!;
  if (first.prefix) {
    matcher.prefixed.push(term);
    return;
  }
  const index = first.caseSensitive ? matcher.exact : matcher.lower;
  const list = index.get(first.key) ?? [];
  list.push(term);
  index.set(first.key, list);
}

function toMatchParts(analysed: AnalysedText): MatchPart[] {
  const parts: MatchPart[] = [];
  let previousEnd = -1;
  for (const word of analysed.words) {
    word.parts.forEach((part, index) => {
      const gap = previousEnd < 0 ? ' ' : analysed.text.slice(previousEnd, part.start);
      parts.push({
        start: part.start,
        end: part.end,
        exact: stripAcronymPlural(part.text),
        lower: singular(part.text.toLowerCase()),
        sentence: word.sentence,
        wordStart: index === 0,
        wordEnd: index === word.parts.length - 1,
        adjacent: /^[\s\-\u2010\u2011]*$/.test(gap),
      });
      previousEnd = part.end;
    });
  }
  return parts;
}

function tokenMatches(token: TermToken, part: MatchPart): boolean {
  if (token.caseSensitive)
    return token.prefix ? part.exact.startsWith(token.key) : part.exact === token.key;
  return token.prefix ? part.lower.startsWith(token.key) : part.lower === token.key;
}

/** Length in parts of `term` matched at `start`, or 0. Phrases must span whole words. */
function matchLength(term: CompiledTerm, parts: MatchPart[], start: number): number {
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

interface TermHit {
  sentence: number;
  start: number;
  end: number;
  weight: number;
  topics: Set<number>;
}

/** The longest terms matching at `start` (several when they tie), and their length in parts. */
function longestAt(
  matcher: TopicMatcher,
  parts: MatchPart[],
  start: number,
): { length: number; terms: CompiledTerm[] } {
  const part = parts[start]!;
  let length = 0;
  let terms: CompiledTerm[] = [];
  for (const list of [
    matcher.exact.get(part.exact),
    matcher.lower.get(part.lower),
    matcher.prefixed,
  ]) {
    for (const term of list ?? []) {
      const matched = matchLength(term, parts, start);
      if (matched > length) {
        length = matched;
        terms = [term];
      } else if (matched > 0 && matched === length) {
        terms.push(term);
      }
    }
  }
  return { length, terms };
}

/** Leftmost-longest matching: overlapping shorter terms give way to the longest one. */
function findHits(matcher: TopicMatcher, parts: MatchPart[]): TermHit[] {
  const hits: TermHit[] = [];
  let start = 0;
  while (start < parts.length) {
    const { length, terms } = longestAt(matcher, parts, start);
    if (length === 0) {
      start += 1;
      continue;
    }
    const part = parts[start]!;
    hits.push({
      sentence: part.sentence,
      start: part.start,
      end: parts[start + length - 1]!.end,
      weight: Math.max(...terms.map((term) => term.weight)),
      topics: new Set(terms.flatMap((term) => [...term.topics])),
    });
    start += length;
  }
  return hits;
}

/** Indices of the topics any of whose terms occur in `text`. */
function topicsIn(matcher: TopicMatcher, text: string): Set<number> {
  const found = new Set<number>();
  for (const hit of findHits(matcher, toMatchParts(analyseText(text)))) {
    for (const topic of hit.topics) found.add(topic);
  }
  return found;
}

/**
 * "We introduce SealQA, a challenge benchmark for ...": an appositive naming the paper's artefact.
 * Groups: the name, an optional parenthesis after it, and the description after the article.
 */
const SELF_DESCRIPTION =
  /(?<![\p{L}\p{N}-])(\p{Lu}[\p{L}\p{N}-]*)(?:\s*\(([^()]{1,80})\))?,?\s+(?:(?:is|as)\s+)?(?:a|an|the)\s+([^,.;:()]{1,120})/gu;
/** Words that end the noun phrase of a self-description: its head is the word just before. */
const PHRASE_END =
  /\s(?:that|which|who|for|to|of|with|built|designed|on|in|from|consisting|containing|featuring|where|capable|comprising|spanning|whose|based|focused|tailored|using|by|and|or|as|at|under|via|than|through|across|named|called|dubbed|enabling|providing)\b/;

interface SelfDescription {
  names: string[];
  sentence: number;
  headStart: number;
  headEnd: number;
}

/** A coined name: inner capitals or digits (`SealQA`, `MR-GPTQ`) or a capitalised word used mid-sentence. */
function isCoinedName(name: string, analysed: AnalysedText): boolean {
  if (/\p{Lu}.*\p{Lu}|\p{N}/u.test(name)) return true;
  return analysed.words.some(
    (word, index) => word.text === name && analysed.words[index - 1]?.sentence === word.sentence,
  );
}

function findSelfDescriptions(analysed: AnalysedText): SelfDescription[] {
  const found: SelfDescription[] = [];
  analysed.sentences.forEach((sentence, index) => {
    for (const match of sentence.text.matchAll(SELF_DESCRIPTION)) {
      const [, name = '', aside = '', description = ''] = match;
      const phrase = description.split(PHRASE_END)[0]!.trimEnd();
      const head = /(\S+)$/.exec(phrase);
      if (!head) continue;
      const asideWords = aside.trim().split(/\s+/);
      const alias = asideWords.length <= 3 ? asideWords.at(-1) : undefined;
      const names = [name, alias ?? ''].filter((candidate) => isCoinedName(candidate, analysed));
      if (names.length === 0) continue;
      const phraseStart = sentence.start + match.index + match[0].length - description.length;
      const headStart = phraseStart + head.index;
      found.push({ names, sentence: index, headStart, headEnd: headStart + head[1]!.length });
    }
  });
  return found;
}

/**
 * Every later sentence that mentions a self-described name ("SealQA") counts as a mention of the
 * topics of the description's head noun ("benchmark"): the name stands for what the paper made.
 */
function nameHits(analysed: AnalysedText, hits: TermHit[]): TermHit[] {
  const extra: TermHit[] = [];
  for (const description of findSelfDescriptions(analysed)) {
    const headHits = hits.filter(
      (hit) => hit.start < description.headEnd && hit.end > description.headStart,
    );
    if (headHits.length === 0) continue;
    const topics = new Set(headHits.flatMap((hit) => [...hit.topics]));
    const names = new Set(description.names);
    const mentioned = new Set<number>();
    for (const word of analysed.words) {
      const named = names.has(word.text) || word.parts.some((part) => names.has(part.text));
      if (named && word.sentence !== description.sentence && !mentioned.has(word.sentence)) {
        mentioned.add(word.sentence);
        extra.push({
          sentence: word.sentence,
          start: word.start,
          end: word.end,
          weight: 1,
          topics,
        });
      }
    }
  }
  return extra;
}

/**
 * Scores every topic signalled in an abstract: each sentence mentioning the topic adds its
 * strongest term's weight (more for the opening sentences, a little more for repeats), and the
 * title or name mentioning it adds a bonus. Strongest first; ties keep taxonomy order.
 */
export function scoreTopics(
  matcher: TopicMatcher,
  analysed: AnalysedText,
  heading = '',
): TopicScore[] {
  const perTopic = new Map<number, Map<number, number[]>>();
  const termHits = findHits(matcher, toMatchParts(analysed));
  for (const hit of [...termHits, ...nameHits(analysed, termHits)]) {
    for (const topic of hit.topics) {
      const sentences = perTopic.get(topic) ?? new Map<number, number[]>();
      const weights = sentences.get(hit.sentence) ?? [];
      weights.push(hit.weight);
      sentences.set(hit.sentence, weights);
      perTopic.set(topic, sentences);
    }
  }
  const inHeading = heading ? topicsIn(matcher, heading) : new Set<number>();
  const scores: { index: number; score: TopicScore }[] = [];
  for (const [index, sentences] of perTopic) {
    let score = inHeading.has(index) ? TITLE_BONUS : 0;
    let occurrences = 0;
    for (const [sentence, weights] of sentences) {
      const lead = sentence < LEAD_SENTENCES ? LEAD_WEIGHT : 1;
      score += lead * (Math.max(...weights) + 0.25 * Math.log(weights.length));
      occurrences += weights.length;
    }
    const slug = matcher.topics[index]!.slug;
    scores.push({ index, score: { slug, score, sentences: sentences.size, occurrences } });
  }
  scores.sort((a, b) => b.score.score - a.score.score || a.index - b.index);
  return scores.map((entry) => entry.score);
}

/**
 * The paper's 1–4 topic slugs, strongest first. A topic needs terms in two sentences or more and
 * a score near the best one's; when none qualifies the best-scoring signalled topic is used, and
 * when nothing is signalled at all, the `other` topic (if the taxonomy has one).
 */
export function assignTopics(
  paper: Pick<BasePaper, 'plainText' | 'title' | 'name'>,
  matcher: TopicMatcher,
  analysed: AnalysedText = analyseText(paper.plainText),
): string[] {
  const heading = [paper.name ?? '', paper.title].join('. ');
  const scores = scoreTopics(matcher, analysed, heading);
  const qualified = scores.filter((topic) => topic.sentences >= MIN_SENTENCES);
  const top = qualified[0];
  if (top) {
    return qualified
      .filter((topic) => topic.score >= RELATIVE_THRESHOLD * top.score)
      .slice(0, MAX_TAGS)
      .map((topic) => topic.slug);
  }
  if (scores[0]) return [scores[0].slug];
  return matcher.topics.some((topic) => topic.slug === FALLBACK_TOPIC) ? [FALLBACK_TOPIC] : [];
}
