/** One part of the split search index (`search/vocab/<n>.json`), fetched when a query needs it. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { papers, searchIndexOptions } from '../../../content';
import { getSearchIndex } from '../../../lib/search/build';
import { getSplitSearchIndex } from '../../../lib/search/split';
import { sitePaths } from '../../../lib/build/shard';

export const getStaticPaths = (() =>
  sitePaths(() =>
    getSplitSearchIndex(getSearchIndex(papers, searchIndexOptions).index).vocab.map((part, n) => ({
      params: { n: String(n) },
      props: { part },
    })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify(props.part), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
