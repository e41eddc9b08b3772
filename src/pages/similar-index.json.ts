/** The vectors `/similar/` scores pasted text against; fetched when first needed, never inlined. */
import type { APIRoute } from 'astro';
import { indexes } from '../content';
import { siteFile } from '../lib/build/shard';

// Made by the ingest (pipeline.ts) from the terms it counted; the build only writes it out.
export const GET: APIRoute = () =>
  siteFile(
    () =>
      new Response(JSON.stringify(indexes.similar), {
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      }),
  );
