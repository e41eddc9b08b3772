/**
 * Tags are what a reader browses by: the taxonomy's topics and the contribution types.
 * Both share the `/tags/<slug>/` namespace, so type slugs carry a `type-` prefix that no topic uses.
 */
import type { ContributionType, Paper, Topic } from '../schema';

/** One browsable tag with the papers that carry it. */
export interface Tag {
  slug: string;
  label: string;
  description: string;
  group: 'topic' | 'type';
  count: number;
}

/** Readers' names and descriptions of the contribution types. */
export const CONTRIBUTION_TYPES: Record<ContributionType, { label: string; description: string }> =
  {
    method: {
      label: 'New method',
      description: 'Proposes a new method, model, framework or algorithm.',
    },
    benchmark: {
      label: 'Benchmark',
      description: 'Introduces a benchmark or an evaluation suite.',
    },
    dataset: { label: 'Dataset', description: 'Releases a new dataset or corpus.' },
    theory: { label: 'Theory', description: 'Proves results: bounds, guarantees, convergence.' },
    empirical: {
      label: 'Empirical study',
      description: 'Studies or analyses existing methods empirically.',
    },
    position: { label: 'Position', description: 'Argues a position or offers a perspective.' },
  };

/** The tag slug of a contribution type. */
export const typeTagSlug = (type: ContributionType): string => `type-${type}`;

/** Every tag slug a paper carries: its topics, then its contribution types. */
export function getTagSlugs(paper: Paper): string[] {
  return [...paper.tags, ...paper.types.map(typeTagSlug)];
}

/** All tags that at least one paper carries, topics in taxonomy order, then types. */
export function getUniqueTags(papers: readonly Paper[], topics: readonly Topic[]): Tag[] {
  const counts = new Map<string, number>();
  for (const paper of papers) {
    for (const slug of getTagSlugs(paper)) counts.set(slug, (counts.get(slug) ?? 0) + 1);
  }
  const topicTags: Tag[] = topics.map((topic) => ({
    slug: topic.slug,
    label: topic.label,
    description: topic.description,
    group: 'topic',
    count: counts.get(topic.slug) ?? 0,
  }));
  const typeTags: Tag[] = Object.entries(CONTRIBUTION_TYPES).map(([type, info]) => ({
    slug: typeTagSlug(type as ContributionType),
    label: info.label,
    description: info.description,
    group: 'type',
    count: counts.get(typeTagSlug(type as ContributionType)) ?? 0,
  }));
  return [...topicTags, ...typeTags].filter((tag) => tag.count > 0);
}

/** The papers that carry a tag, in corpus order. */
export function getPapersByTag(papers: readonly Paper[], slug: string): Paper[] {
  return papers.filter((paper) => getTagSlugs(paper).includes(slug));
}
