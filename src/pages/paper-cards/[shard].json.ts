import type { APIRoute, GetStaticPaths } from 'astro';
import {
  cardShardCount,
  cardShardOf,
  type PaperCardShard,
  type StoredPaperCard,
} from '../../lib/site/reading-list';
import type { Paper } from '../../lib/schema';
import { getTagSlugs } from '../../lib/site/tags';
import { sitePaths } from '../../lib/build/shard';
import { papers, tagsBySlug, venueOfPaper } from '../../content';

// The reading list's view of each paper (title, summary, tags, authors, venue, year, and what its
// BibTeX and RIS exports need), split by a hash of the slug so the list page fetches only the
// shards of the papers it holds, not the whole corpus. Fields a paper lacks are left out, and the
// publication details a volume's papers share (booktitle, editors…) are stored once per shard.
const shardCount = cardShardCount(papers.length);

export const getStaticPaths = (() => sitePaths(cardShards)) satisfies GetStaticPaths;

/** One paper's card, its shared publication details replaced by an index into `publications`. */
function storedCard(paper: Paper, publication: (shared: string) => number): StoredPaperCard {
  const { pages, ...shared } = paper.publication;
  const hasShared = Object.keys(shared).length > 0;
  const hasLinks = Object.keys(paper.paperLinks).length > 0;
  const key = paper.sources.find((source) => source.key)?.key;
  const venue = venueOfPaper(paper).label;
  return {
    id: paper.id,
    title: paper.title,
    ...(paper.titleSource === 'derived' ? { derived: true as const } : {}),
    ...(paper.titleTex ? { titleTex: paper.titleTex } : {}),
    summary: paper.summary,
    tags: getTagSlugs(paper).flatMap((slug) => {
      const tag = tagsBySlug.get(slug);
      return tag ? [[slug, tag.label] as [string, string]] : [];
    }),
    ...(paper.authors.length > 0 ? { authors: paper.authors } : {}),
    ...(venue ? { venue } : {}),
    ...(paper.year === null ? {} : { year: paper.year }),
    ...(hasLinks ? { links: paper.paperLinks } : {}),
    ...(hasShared ? { pub: publication(JSON.stringify(shared)) } : {}),
    ...(pages ? { pages } : {}),
    ...(key ? { key } : {}),
  };
}

/** The reading list's paper cards, a file per shard of slugs. */
function cardShards() {
  const shards = Array.from({ length: shardCount }, () => ({
    shard: { publications: [], cards: {} } as PaperCardShard,
    index: new Map<string, number>(),
  }));
  for (const paper of papers) {
    const { shard, index } = shards[cardShardOf(paper.slug, shardCount)]!;
    shard.cards[paper.slug] = storedCard(paper, (shared) => {
      let at = index.get(shared);
      if (at === undefined) {
        at =
          shard.publications.push(JSON.parse(shared) as PaperCardShard['publications'][number]) - 1;
        index.set(shared, at);
      }
      return at;
    });
  }
  return shards.map(({ shard }, n) => ({ params: { shard: String(n) }, props: { cards: shard } }));
}

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify((props as { cards: PaperCardShard }).cards), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
