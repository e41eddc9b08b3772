import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { papers, venues } from '../../content';
import { buildsPaperImages, cachedCard, cardStats, paperCard } from '../../lib/build/og-image';
import { paperPaths } from '../../lib/build/shard';
import { venueOf } from '../../lib/site/venues';

/**
 * One paper's link preview image (`og:image`), at `/og/<slug>.png`: drawn only when this build
 * draws a card per paper (OG_IMAGES, `buildsPaperImages`, which the pages' heads follow too), split
 * between the build processes as the paper pages are.
 */
export function getStaticPaths() {
  if (!buildsPaperImages(papers.length)) return [];
  return paperPaths(papers.map((paper) => ({ params: { slug: paper.slug }, props: { paper } })));
}
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

/** How many cards this process draws: the last one prints how many came from the cache. */
let left: number | undefined;

export const GET: APIRoute<Props> = async ({ props }) => {
  left ??= getStaticPaths().length;
  const venue = venueOf(props.paper.sources[0]?.header ?? '', venues).label;
  const png = await cachedCard(paperCard({ paper: props.paper, venue }));
  left -= 1;
  if (left === 0) {
    console.log(
      `link preview images: ${cardStats.drawn} drawn, ${cardStats.cached} from the cache`,
    );
  }
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
