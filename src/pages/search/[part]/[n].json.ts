/**
 * The parts of the split search index (`search/vocab/<n>.json`, `search/postings/<n>.json`,
 * `search/cards/<n>.json`), each fetched only when a query needs it (src/lib/search/split.ts).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { papers, searchIndexOptions } from '../../../content';
import { getSearchIndex } from '../../../lib/search/build';
import { getSplitSearchIndex } from '../../../lib/search/split';
import { partPaths, sitePaths } from '../../../lib/build/shard';

export const getStaticPaths = (() =>
  sitePaths(() => {
    const split = getSplitSearchIndex(getSearchIndex(papers, searchIndexOptions).index);
    return partPaths([
      ['vocab', split.vocab],
      ['postings', split.blocks],
      ['cards', split.cards],
    ]);
  })) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify(props.part), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
