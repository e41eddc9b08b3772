/**
 * Corpus-wide enrichment: topic tags, contribution types, code availability, keywords, acronyms
 * and related papers for every paper. Keywords and related papers need the whole corpus (document
 * frequencies), so this runs once over all papers after the per-abstract ingest.
 */
import { findAcronyms } from './acronyms';
import { contributionTypes, hasCode } from './contribution';
import { extractTerms, selectKeywords, TermStatistics } from './keywords';
import { findRelated, termVector } from './related';
import type { BasePaper, Paper, Taxonomy } from './schema';
import { analyseText } from './terms';
import { assignTopics, compileTopics } from './topics';

/** Adds corpus-wide metadata (tags, types, keywords, acronyms, related papers) to every paper. */
export function enrichPapers(papers: BasePaper[], taxonomy: Taxonomy): Paper[] {
  const matcher = compileTopics(taxonomy);
  const statistics = new TermStatistics();
  // One pass over the texts; the word lists are dropped as soon as each paper is read.
  const read = papers.map((paper) => {
    const analysed = analyseText(paper.plainText);
    const acronyms = findAcronyms(paper.plainText);
    const terms = extractTerms(analysed, acronyms);
    statistics.add(terms, analysed);
    return { acronyms, terms, tags: assignTopics(paper, matcher, analysed) };
  });
  const vectors = papers.map((paper, index) =>
    termVector(read[index]!.terms, paper.plainText, statistics),
  );
  const related = findRelated(
    papers.map((paper) => paper.slug),
    vectors,
  );
  return papers.map((paper, index) => {
    const { acronyms, terms, tags } = read[index]!;
    return {
      ...paper,
      tags,
      types: contributionTypes(paper.plainText),
      hasCode: hasCode(paper.plainText, paper.links),
      keywords: selectKeywords(terms, paper.plainText, statistics, {
        name: paper.name,
        title: paper.title,
      }),
      acronyms,
      related: related[index]!,
    };
  });
}
