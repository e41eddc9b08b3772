/**
 * The split search index's `meta` (issue 35): what the explorer's search worker fetches first; the
 * vocabulary chunks, postings blocks and result cards a query needs follow (docs/search.md).
 */
import type { APIRoute } from 'astro';
import { papers, searchIndexOptions } from '../../content';
import { getSearchIndex } from '../../lib/search/build';
import { getSplitSearchIndex } from '../../lib/search/split';
import { siteFile } from '../../lib/build/shard';

export const GET: APIRoute = () =>
  siteFile(
    () =>
      new Response(
        JSON.stringify(getSplitSearchIndex(getSearchIndex(papers, searchIndexOptions).index).meta),
        { headers: { 'Content-Type': 'application/json; charset=utf-8' } },
      ),
  );
