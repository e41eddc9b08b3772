/** Text shards of the search index: slug, title, name and text of a run of papers, for snippets. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { papers, searchIndexOptions } from '../../content';
import { getSearchIndex } from '../../lib/search/build';
import { sitePaths } from '../../lib/build/shard';

export const getStaticPaths = (() =>
  sitePaths(() =>
    getSearchIndex(papers, searchIndexOptions).shards.map((shard) => ({
      params: { shard: String(shard.shard) },
      props: { shard },
    })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify(props.shard), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
