/** The core search index the search worker fetches after first paint (never inlined in a page). */
import type { APIRoute } from 'astro';
import { papers, topics } from '../content';
import { getSearchIndex } from '../lib/search/build';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(getSearchIndex(papers, { topics }).index), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
