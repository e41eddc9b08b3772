/**
 * Slug, title and top keywords of the papers of one part of the map (a k-d split of the layout), so
 * the map fetches only the titles of what a reader looks at, selects or taps.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { MapShardData } from '../../lib/site/map-layout';
import { sitePaths } from '../../lib/build/shard';
import { mapData } from '../../components/map/map-data';

export const getStaticPaths = (() =>
  sitePaths(() =>
    mapData().shards.map((shard, n) => ({ params: { shard: String(n) }, props: { shard } })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify((props as { shard: MapShardData }).shard), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
