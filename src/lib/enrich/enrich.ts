/**
 * Corpus-wide enrichment: topic tags, contribution types, code availability, keywords, acronyms
 * and related papers for every paper. Keywords and related papers need the whole corpus (document
 * frequencies), so this runs once over all papers after the per-abstract ingest.
 */
import { findAcronyms } from '../text/acronyms';
import { contributionTypes, hasCode } from './contribution';
import {
  extractTerms,
  packTerms,
  selectKeywords,
  TermStatistics,
  unpackTerms,
  type PackedTerms,
} from './keywords';
import { findRelated, termVector } from './related';
import type {
  Acronym,
  BasePaper,
  ContributionType,
  Paper,
  RelatedPaper,
  Taxonomy,
} from '../schema';
import { analyseText } from '../text/terms';
import { nounPhraseVocabulary, tagText } from '../text/nlp';
import { findStatements, mainStatement } from '../text/statements';
import { FALLBACK_TOPIC, MAX_TAGS, TopicTagger } from './topics';

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
}

/** Adds corpus-wide metadata (tags, types, keywords, acronyms, related papers) to every paper. */
export function enrichPapers(
  papers: BasePaper[],
  taxonomy: Taxonomy,
  timings: EnrichTimings = {},
): Paper[] {
  const clock = stopwatch();
  const statistics = new TermStatistics();
  const topics = new TopicTagger(taxonomy);
  const readings = readPapers(papers, topics, statistics);
  // Topics need the whole corpus read (term frequencies, confidently tagged papers).
  topics.tags().forEach((tags, index) => (readings[index]!.tags = tags));
  timings.read = clock();
  const related = relatePapers(papers, readings, statistics);
  timings.related = clock();
  const enriched = papers.map((paper, index) =>
    finishPaper(paper, readings[index]!, related[index]!, statistics),
  );
  timings.finish = clock();
  return enriched;
}

function stopwatch(): () => number {
  let last = performance.now();
  return () => {
    const now = performance.now();
    const elapsed = now - last;
    last = now;
    return elapsed;
  };
}

/**
 * One pass over the texts, counting document frequencies: each paper's word list is dropped as
 * soon as it is read, and its terms are kept packed until the frequencies are complete.
 */
function readPapers(
  papers: readonly BasePaper[],
  topics: TopicTagger,
  statistics: TermStatistics,
): PaperReading[] {
  return papers.map((paper) => {
    const analysed = analyseText(paper.plainText);
    const acronyms = findAcronyms(paper.plainText);
    const terms = extractTerms(analysed, acronyms);
    const ids = statistics.add(terms, analysed);
    topics.read(paper, analysed);
    return {
      acronyms,
      terms: packTerms(terms, ids, acronyms),
      tags: [],
      statement: mainStatementSentence(analysed.sentences.map((sentence) => sentence.text)),
    };
  });
}

function relatePapers(
  papers: readonly BasePaper[],
  readings: readonly PaperReading[],
  statistics: TermStatistics,
): RelatedPaper[][] {
  const vectors = papers.map((paper, index) => {
    const { terms, acronyms } = readings[index]!;
    return termVector(terms, acronyms, paper.plainText, statistics, phrasesOf(paper));
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
 * also about benchmarks and datasets, as a further topic when there is room for one.
 */
function withContributionTopic(
  tags: string[],
  types: ContributionType[],
): { tags: string[]; types: ContributionType[] } {
  const main = types[0];
  if ((main !== 'benchmark' && main !== 'dataset') || tags.includes(BENCHMARK_TOPIC))
    return { tags, types };
  if (tags.length >= MAX_TAGS || tags[0] === FALLBACK_TOPIC) return { tags, types };
  return { tags: [...tags, BENCHMARK_TOPIC], types };
}

function finishPaper(
  paper: BasePaper,
  { acronyms, terms, tags, statement }: PaperReading,
  related: RelatedPaper[],
  statistics: TermStatistics,
): Paper {
  return {
    ...paper,
    ...withContributionTopic(tags, contributionTypes(paper.plainText)),
    hasCode: hasCode(paper.plainText, paper.links),
    keywords: selectKeywords(
      unpackTerms(terms, statistics, acronyms),
      paper.plainText,
      statistics,
      {
        name: paper.name,
        title: paper.title,
        phrases: phrasesOf(paper),
        statement,
      },
    ),
    acronyms,
    related,
  };
}
