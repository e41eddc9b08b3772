import type { APIRoute, GetStaticPaths } from 'astro';
import { cardShardCount, cardShardOf, type PaperCardShard } from '../../lib/site/reading-list';
import { getTagSlugs } from '../../lib/site/tags';
import { sitePaths } from '../../lib/build/shard';
import { papers, tagsBySlug } from '../../content';

// The reading list's view of each paper (summary and tags), split by a hash of the slug so the list
// page fetches only the shards of the papers it holds, not the whole corpus.
const shardCount = cardShardCount(papers.length);

export const getStaticPaths = (() => sitePaths(cardShards)) satisfies GetStaticPaths;

/** The reading list's paper cards, a file per shard of slugs. */
function cardShards() {
  const shards: PaperCardShard[] = Array.from({ length: shardCount }, () => ({}));
  for (const paper of papers) {
    shards[cardShardOf(paper.slug, shardCount)]![paper.slug] = {
      summary: paper.summary,
      tags: getTagSlugs(paper).flatMap((slug) => {
        const tag = tagsBySlug.get(slug);
        return tag ? [[slug, tag.label] as [string, string]] : [];
      }),
    };
  }
  return shards.map((cards, shard) => ({ params: { shard: String(shard) }, props: { cards } }));
}

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify((props as { cards: PaperCardShard }).cards), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
