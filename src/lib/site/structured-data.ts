/** JSON-LD for a paper page, so search engines and link previews read it as a scholarly article. */
import type { Paper } from '../schema';
import { externalLinks } from './citation';

/** What the JSON-LD reads of a paper. */
export type StructuredPaper = Pick<
  Paper,
  'title' | 'name' | 'authors' | 'year' | 'wordCount' | 'paperLinks' | 'publication'
>;

/**
 * What the paper is part of: the proceedings (a Book, with its editors, volume and publisher), the
 * journal's issue within its volume within the journal (schema.org's PublicationIssue ›
 * PublicationVolume › Periodical, each only when known), or else the venue as readers know it.
 */
function partOf(paper: StructuredPaper, venue: string): Record<string, unknown> {
  const { publication } = paper;
  const publisher = publication.publisher
    ? { publisher: { '@type': 'Organization', name: publication.publisher } }
    : {};
  const editors =
    publication.editors && publication.editors.length > 0
      ? { editor: publication.editors.map((name) => ({ '@type': 'Person', name })) }
      : {};
  if (publication.kind === 'article') {
    // volumeNumber and issueNumber belong to PublicationVolume and PublicationIssue, not Periodical
    // (https://schema.org/PublicationVolume, https://schema.org/PublicationIssue).
    let part: Record<string, unknown> = {
      '@type': 'Periodical',
      name: publication.journal ?? venue,
      ...publisher,
    };
    if (publication.volume) {
      part = { '@type': 'PublicationVolume', volumeNumber: publication.volume, isPartOf: part };
    }
    if (publication.number) {
      part = { '@type': 'PublicationIssue', issueNumber: publication.number, isPartOf: part };
    }
    return part;
  }
  if (publication.booktitle) {
    return {
      '@type': 'Book',
      name: publication.booktitle,
      alternateName: venue,
      ...(publication.volume ? { volumeNumber: publication.volume } : {}),
      ...editors,
      ...publisher,
    };
  }
  return { '@type': 'CreativeWork', name: venue };
}

/**
 * A schema.org ScholarlyArticle describing one paper: `url` is its page here, `sameAs` its official
 * pages (DOI, OpenReview, arXiv, PDF, the proceedings' page). What the page already says in plain
 * HTML (the abstract, the summary in its meta description, the keywords list) is not repeated here:
 * a second copy in every page's JSON-LD cost ~2 KB × 20,000 pages.
 */
export function scholarlyArticle(
  paper: StructuredPaper,
  url: string,
  topicLabels: string[],
  venue: string,
): Record<string, unknown> {
  const pages = paper.publication.pages;
  const official = externalLinks(paper).map((link) => link.url);
  return {
    '@context': 'https://schema.org',
    '@type': 'ScholarlyArticle',
    headline: paper.title,
    name: paper.name ?? paper.title,
    url,
    ...(official.length > 0 ? { sameAs: official } : {}),
    ...(paper.paperLinks.doi ? { identifier: `https://doi.org/${paper.paperLinks.doi}` } : {}),
    about: topicLabels,
    wordCount: paper.wordCount,
    ...(paper.authors.length > 0
      ? { author: paper.authors.map((name) => ({ '@type': 'Person', name })) }
      : {}),
    ...(paper.year === null ? {} : { datePublished: String(paper.year) }),
    ...(pages
      ? {
          pageStart: pages.first,
          ...(pages.last ? { pageEnd: pages.last } : {}),
          pagination: pages.last ? `${pages.first}-${pages.last}` : pages.first,
        }
      : {}),
    isPartOf: partOf(paper, venue),
  };
}
