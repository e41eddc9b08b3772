/** JSON-LD for a paper page, so search engines and link previews read it as a scholarly article. */
import type { Paper } from '../schema';

/**
 * A schema.org ScholarlyArticle describing one paper. The abstract is left out: the page shows it,
 * and a second copy in every page's JSON-LD cost ~1.7 KB × 20,000 pages.
 */
export function scholarlyArticle(
  paper: Paper,
  url: string,
  topicLabels: string[],
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ScholarlyArticle',
    headline: paper.title,
    name: paper.name ?? paper.title,
    description: paper.summary,
    url,
    keywords: paper.keywords.join(', '),
    about: topicLabels,
    wordCount: paper.wordCount,
    ...(paper.authors.length > 0
      ? { author: paper.authors.map((name) => ({ '@type': 'Person', name })) }
      : {}),
    ...(paper.year === null ? {} : { datePublished: String(paper.year) }),
    isPartOf: { '@type': 'CreativeWork', name: paper.sources[0]?.header },
  };
}
