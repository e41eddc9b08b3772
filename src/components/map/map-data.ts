/**
 * The map's files, made once per build from the layout the ingest saved (`indexes.map`): the compact
 * layout every visit fetches (`/map-layout.json`) and the shards of titles and keywords fetched for
 * the papers a reader looks at (`/map-shards/<n>.json`). Both endpoints and the page share one
 * computation (the separation pass takes ~1 s at 20,000 papers).
 */
import { familyOf, TOPIC_FAMILIES } from '../../lib/site/topic-families';
import {
  MAP_LAYOUT_VERSION,
  MAP_SHARD_SIZE,
  LAYOUT_SCALE,
  minSeparation,
  quantise,
  separatePoints,
  SHARD_KEYWORDS,
  spatialShards,
  type MapLayoutData,
  type MapShardData,
} from '../../lib/site/map-layout';
import { indexes, papers, tags } from '../../content';

export interface MapData {
  layout: MapLayoutData;
  shards: MapShardData[];
}

let made: MapData | undefined;

function make(): MapData {
  const separation = minSeparation(papers.length);
  const points = separatePoints(
    papers.map((_, i) => ({ x: indexes.map[i]?.x ?? 0.5, y: indexes.map[i]?.y ?? 0.5 })),
    separation,
  );
  const shard = spatialShards(points, MAP_SHARD_SIZE);
  const shardCount = papers.length === 0 ? 0 : Math.max(...shard) + 1;
  // Main topics in the site's tag order; papers without one get a last "no topic" entry.
  const used = new Set(papers.map((paper) => paper.tags[0] ?? ''));
  const topicTags = tags.filter((tag) => tag.group === 'topic' && used.has(tag.slug));
  const known = new Set(topicTags.map((tag) => tag.slug));
  const topics = topicTags.map((tag) => ({ slug: tag.slug, label: tag.label }));
  const unlisted = [...used].filter((slug) => slug !== '' && !known.has(slug));
  for (const slug of unlisted) topics.push({ slug, label: slug.replace(/-/g, ' ') });
  if (used.has('')) topics.push({ slug: '', label: 'No topic' });
  const topicIndex = new Map(topics.map((topic, i) => [topic.slug, i]));
  const familyIndex = new Map(TOPIC_FAMILIES.map((family, i) => [family.id, i]));
  const layout: MapLayoutData = {
    version: MAP_LAYOUT_VERSION,
    count: papers.length,
    scale: LAYOUT_SCALE,
    separation: Math.floor(separation * LAYOUT_SCALE),
    families: TOPIC_FAMILIES.map(({ id, label, shape }) => ({ id, label, shape })),
    topics: topics.map((topic) => ({
      ...topic,
      family: familyIndex.get(familyOf(topic.slug || null).id) ?? 0,
    })),
    x: points.map((p) => quantise(p.x)),
    y: points.map((p) => quantise(p.y)),
    topic: papers.map((paper) => topicIndex.get(paper.tags[0] ?? '') ?? 0),
    shard,
    shards: shardCount,
  };
  const shards: MapShardData[] = Array.from({ length: shardCount }, () => ({ papers: {} }));
  papers.forEach((paper, i) => {
    shards[shard[i]!]!.papers[i] = [
      paper.slug,
      paper.title,
      paper.keywords.slice(0, SHARD_KEYWORDS),
    ];
  });
  return { layout, shards };
}

/** The map's layout and shards, made on first use. */
export function mapData(): MapData {
  made ??= make();
  return made;
}
