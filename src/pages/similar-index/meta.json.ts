/**
 * The split "papers like this text" index's `meta.json` (issue 35): what `/similar/` fetches when
 * the reader starts; the term blocks and document shards a text needs follow
 * (src/lib/enrich/similar-split.ts). Made by the ingest (pipeline.ts); the build only splits it.
 */
import type { APIRoute } from 'astro';
import { indexes } from '../../content';
import { siteFile } from '../../lib/build/shard';
import { getSplitSimilarIndex } from '../../lib/enrich/similar-split';

export const GET: APIRoute = () =>
  siteFile(
    () =>
      new Response(JSON.stringify(getSplitSimilarIndex(indexes.similar).meta), {
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      }),
  );
