// PLACEHOLDER owned by the issue-3 helper: replaced by the real tagging/keywords/related pipeline.
import type { BasePaper, Paper, Taxonomy } from './schema';

/** Adds corpus-wide metadata (tags, types, keywords, acronyms, related papers) to every paper. */
export function enrichPapers(papers: BasePaper[], _taxonomy: Taxonomy): Paper[] {
  return papers.map((p) => ({
    ...p,
    tags: [],
    types: [],
    hasCode: false,
    keywords: [],
    acronyms: [],
    related: [],
  }));
}
