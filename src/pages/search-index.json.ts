/** The core search index the search worker fetches after first paint (never inlined in a page). */
import type { APIRoute } from 'astro';
import { papers, searchIndexOptions } from '../content';
import { getSearchIndex } from '../lib/search/build';
import { siteFile } from '../lib/build/shard';

export const GET: APIRoute = () =>
  siteFile(
    () =>
      new Response(JSON.stringify(getSearchIndex(papers, searchIndexOptions).index), {
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      }),
  );
