/** The vectors `/similar/` scores pasted text against; fetched when first needed, never inlined. */
import type { APIRoute } from 'astro';
import { papers } from '../content';
import { buildSimilarIndex } from '../lib/enrich/similar';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(buildSimilarIndex(papers)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
