/** The topic map's points, fetched by /map/ after the page shows (src/components/map/map-data.ts). */
import type { APIRoute } from 'astro';
import { siteFile } from '../lib/build/shard';
import { mapData } from '../components/map/map-data';

export const GET: APIRoute = () =>
  siteFile(
    () =>
      new Response(JSON.stringify(mapData().layout), {
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      }),
  );
