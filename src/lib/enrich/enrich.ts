/**
 * Corpus-wide enrichment: topic tags, contribution types, code availability, keywords, acronyms
 * and related papers for every paper. Keywords and related papers need the whole corpus (document
 * frequencies), so this runs once over all papers after the per-abstract ingest.
 */
import { findAcronyms } from '../text/acronyms';
import { contributionTypes, hasCode } from './contribution';
import {
  extractTerms,
  lowerCaseKeys,
  packTerms,
  selectKeywords,
  TermStatistics,
  unpackTerms,
  type PackedTerms,
} from './keywords';
import { findRelated, termVector } from './related';
import { MAX_TERMS_PER_PAPER, mapAndSimilarVectors, type UnitVector } from './similar';
import type {
  Acronym,
  BasePaper,
  ContributionType,
  Link,
  Paper,
  RelatedPaper,
  Taxonomy,
} from '../schema';
import { stepClock, type ProgressListener } from '../progress';
import { analyseText } from '../text/terms';
import { nounPhraseVocabulary, tagText } from '../text/nlp';
import { findStatements, mainStatement } from '../text/statements';
import {
  FALLBACK_TOPIC,
  MAX_TAGS,
  readTopicText,
  TopicTagger,
  type TopicMatcher,
  type TopicTextReading,
} from './topics';

/** Milliseconds spent in each step, filled in when asked for (scripts/bench-enrich.ts). */
export interface EnrichTimings {
  read?: number;
  related?: number;
  finish?: number;
}

interface PaperReading {
  acronyms: Acronym[];
  terms: PackedTerms;
  tags: string[];
  /** The main contribution statement's sentence: its phrases may be keywords though said once. */
  statement: string | undefined;
  types: ContributionType[];
  hasCode: boolean;
}

/**
 * Everything enrichment needs from one abstract's text alone, before any corpus-wide count: what
 * the ingest's worker threads compute next to the derived fields, so that only the corpus-wide
 * steps run on one thread. Plain data (structured-clone friendly): the terms are packed, their ids
 * are given when the paper is counted.
 */
export interface TextReading {
  acronyms: Acronym[];
  /** Term keys, one per line, in the order of `terms`' arrays (one string: cheap to send). */
  termKeys: string;
  /** The terms, packed; `ids` is empty until counted. */
  terms: PackedTerms;
  /** Keys of the words written in lower case, one per line. */
  lowerCaseKeys: string;
  topics: TopicTextReading;
  statement: string | undefined;
  types: ContributionType[];
  hasCode: boolean;
}

const lines = (text: string): string[] => (text === '' ? [] : text.split('\n'));

/**
 * Reads one abstract's plain text for enrichment (see {@link TextReading}); `phrases` are its noun
 * phrases, which keywords and related-paper reasons are drawn from.
 */
export function readPaperText(
  plainText: string,
  links: readonly Link[],
  matcher: TopicMatcher,
  phrases: ReadonlySet<string>,
): TextReading {
  const analysed = analyseText(plainText);
  const acronyms = findAcronyms(plainText);
  const terms = extractTerms(analysed, acronyms, phrases);
  return {
    acronyms,
    termKeys: terms.map((term) => term.key).join('\n'),
    terms: packTerms(terms, new Int32Array(0), acronyms),
    lowerCaseKeys: [...lowerCaseKeys(analysed)].join('\n'),
    topics: readTopicText(matcher, analysed),
    statement: mainStatementSentence(analysed.sentences.map((sentence) => sentence.text)),
    types: contributionTypes(plainText),
    hasCode: hasCode(plainText, links),
  };
}

/** What enrichment is told besides the papers. */
export interface EnrichOptions {
  /** Readings already made (by the ingest's workers), by paper id, taken out as they are used; the rest are read here. */
  readings?: Map<string, TextReading>;
  /** Filled in with the milliseconds per step, when given. */
  timings?: EnrichTimings;
  /** Told how far each step is and how long it took. */
  progress?: ProgressListener;
  /**
   * Given every paper's vectors as soon as the corpus is counted, before related papers and
   * keywords: the map's and the similar-text index's, so the ingest can lay out the map meanwhile.
   */
  vectors?: (vectors: PaperVectors) => void;
}

/** Every paper's unit TF-IDF vectors (similar.ts), in the order of the papers enriched. */
export interface PaperVectors {
  /** Terms at least two papers share: what the map compares. */
  map: UnitVector[];
  /** Every term, one paper's own included: what a pasted text is compared with. */
  similar: UnitVector[];
  /** In how many papers a term key occurs. */
  documentFrequency: (term: string) => number;
}

/** Papers between two progress reports. */
const PROGRESS_EVERY = 500;

/** Adds corpus-wide metadata (tags, types, keywords, acronyms, related papers) to every paper. */
export function enrichPapers(
  papers: BasePaper[],
  taxonomy: Taxonomy,
  { readings: given, timings = {}, progress, vectors }: EnrichOptions = {},
): Paper[] {
  const clock = stepClock(progress);
  const statistics = new TermStatistics();
  const topics = new TopicTagger(taxonomy);
  const readings = papers.map((paper, index) => {
    if (index % PROGRESS_EVERY === 0) progress?.update('count terms', index, papers.length);
    const made = given?.get(paper.id);
    // Taken out once counted: 20,000 readings are a few hundred megabytes.
    given?.delete(paper.id);
    const text =
      made ?? readPaperText(paper.plainText, paper.links, topics.matcher, phrasesOf(paper));
    return countReading(paper, text, topics, statistics);
  });
  timings.read = clock('count terms');
  // First the vectors, which need only the term counts: the map can be laid out meanwhile.
  if (vectors) {
    vectors(paperVectorsOf(papers, readings, statistics));
    clock('vectors');
  }
  // Topics need the whole corpus read (term frequencies, confidently tagged papers).
  topics.tags().forEach((tags, index) => (readings[index]!.tags = tags));
  timings.read += clock('topics');
  progress?.update('related papers', 0, papers.length);
  const related = relatePapers(papers, readings, statistics);
  timings.related = clock('related papers');
  const enriched = papers.map((paper, index) => {
    if (index % PROGRESS_EVERY === 0) progress?.update('keywords', index, papers.length);
    return finishPaper(paper, readings[index]!, related[index]!, statistics);
  });
  timings.finish = clock('keywords');
  return enriched;
}

/**
 * Counts one paper's reading into the corpus-wide statistics (document frequencies, topic terms);
 * its terms stay packed until the frequencies are complete.
 */
function countReading(
  paper: BasePaper,
  text: TextReading,
  topics: TopicTagger,
  statistics: TermStatistics,
): PaperReading {
  const ids = statistics.addKeys(lines(text.termKeys), lines(text.lowerCaseKeys));
  topics.add(paper, text.topics);
  return {
    acronyms: text.acronyms,
    terms: { ...text.terms, ids },
    tags: [],
    statement: text.statement,
    types: text.types,
    hasCode: text.hasCode,
  };
}

function paperVectorsOf(
  papers: readonly BasePaper[],
  readings: readonly PaperReading[],
  statistics: TermStatistics,
): PaperVectors {
  const map: UnitVector[] = [];
  const similar: UnitVector[] = [];
  papers.forEach((paper, index) => {
    const { terms, acronyms } = readings[index]!;
    const unpacked = unpackTerms(terms, statistics, acronyms);
    const vectors = mapAndSimilarVectors(
      unpacked,
      paper.plainText,
      statistics,
      MAX_TERMS_PER_PAPER,
    );
    map.push(vectors.map);
    similar.push(vectors.similar);
  });
  return { map, similar, documentFrequency: (term) => statistics.documentFrequency(term) };
}

function relatePapers(
  papers: readonly BasePaper[],
  readings: readonly PaperReading[],
  statistics: TermStatistics,
): RelatedPaper[][] {
  const vectors = papers.map((paper, index) => {
    const { terms, acronyms } = readings[index]!;
    return termVector(terms, acronyms, paper.plainText, statistics);
  });
  return findRelated(
    papers.map((paper) => paper.slug),
    vectors,
  );
}

/** The sentence of the abstract's main contribution statement ("we propose…"), if any. */
export function mainStatementSentence(sentences: readonly string[]): string | undefined {
  const main = mainStatement(findStatements(sentences));
  return main ? sentences[main.sentenceIndex] : undefined;
}

/** The paper's noun phrases, from the ingest's tagging pass, else tagged now. */
export function phrasesOf(paper: Pick<BasePaper, 'plainText' | 'phrases'>): Set<string> {
  return new Set(paper.phrases ?? nounPhraseVocabulary(tagText(paper.plainText)));
}

/** The topic of papers whose contribution is a benchmark or a dataset, whatever their field. */
const BENCHMARK_TOPIC = 'benchmarks-datasets';

/**
 * A paper whose main contribution is a benchmark or a dataset (its first contribution type) is
 * also about benchmarks and datasets: a further topic, in place of the third when there are three.
 */
export function withContributionTopic(
  tags: string[],
  types: ContributionType[],
): { tags: string[]; types: ContributionType[] } {
  const main = types[0];
  if ((main !== 'benchmark' && main !== 'dataset') || tags.includes(BENCHMARK_TOPIC))
    return { tags, types };
  if (tags[0] === FALLBACK_TOPIC) return { tags, types };
  // What the paper makes outranks its weakest field: the benchmark topic takes the last place.
  return { tags: [...tags.slice(0, MAX_TAGS - 1), BENCHMARK_TOPIC], types };
}

function finishPaper(
  paper: BasePaper,
  { acronyms, terms, tags, statement, types, hasCode }: PaperReading,
  related: RelatedPaper[],
  statistics: TermStatistics,
): Paper {
  return {
    ...paper,
    ...withContributionTopic(tags, types),
    hasCode,
    keywords: selectKeywords(
      unpackTerms(terms, statistics, acronyms),
      paper.plainText,
      statistics,
      {
        name: paper.name,
        title: paper.title,
        statement,
      },
    ),
    acronyms,
    related,
  };
}
