/** JSON-LD for a paper page, so search engines and link previews read it as a scholarly article. */
import type { Paper } from '../schema';

/** A schema.org ScholarlyArticle describing one paper. */
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
    abstract: paper.plainText,
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
