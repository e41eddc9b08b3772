/** JSON-LD for a paper page, so search engines and link previews read it as a scholarly article. */
import type { Paper } from '../schema';

/**
 * A schema.org ScholarlyArticle describing one paper. What the page already says in plain HTML
 * (the abstract, the summary in its meta description, the keywords list) is not repeated here: a
 * second copy in every page's JSON-LD cost ~2 KB × 20,000 pages.
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
    url,
    about: topicLabels,
    wordCount: paper.wordCount,
    ...(paper.authors.length > 0
      ? { author: paper.authors.map((name) => ({ '@type': 'Person', name })) }
      : {}),
    ...(paper.year === null ? {} : { datePublished: String(paper.year) }),
    isPartOf: { '@type': 'CreativeWork', name: paper.sources[0]?.header },
  };
}
