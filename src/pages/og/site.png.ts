import type { APIRoute } from 'astro';
import { papers, venues } from '../../content';
import { cachedCard, siteCard } from '../../lib/build/og-image';
import { rendersSitePages } from '../../lib/build/shard';

/**
 * The site-wide link preview image, at `/og/site.png`: every page but a paper's names it, and the
 * paper pages too when the build draws no card per paper (`ogImageFor`). Drawn by the site shard.
 */
export const GET: APIRoute = async () => {
  if (!rendersSitePages) return new Response(null);
  const png = await cachedCard(
    siteCard(
      venues.map((venue) => venue.label),
      papers.length,
    ),
  );
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
