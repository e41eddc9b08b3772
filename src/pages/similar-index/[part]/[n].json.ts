/**
 * The parts of the split "papers like this text" index (`similar-index/terms/<n>.json`,
 * `similar-index/docs/<n>.json`), each fetched only when a pasted text needs it
 * (src/lib/enrich/similar-split.ts). None is larger than 8 KiB at the default split.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { indexes } from '../../../content';
import { partPaths, sitePaths } from '../../../lib/build/shard';
import { getSplitSimilarIndex } from '../../../lib/enrich/similar-split';

export const getStaticPaths = (() =>
  sitePaths(() => {
    const split = getSplitSimilarIndex(indexes.similar);
    return partPaths([
      ['terms', split.blocks],
      ['docs', split.docs],
    ]);
  })) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify(props.part), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
