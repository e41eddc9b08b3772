/**
 * A large site is built by several `astro build` processes at once (two by default on two cores or
 * more; scripts/build-site.ts): Astro renders pages on one thread, and at 20,000 papers the paper pages
 * alone take half the build. The first process (the site shard) renders every other page and a share
 * of the paper pages; the others (paper shards) split the rest of the paper pages. Every process
 * bundles the same code, so their pages link the same assets, and build-site.ts merges their folders
 * into one site, the same bytes as one process builds (tests/integration/site-build.test.ts).
 */
import { readFileSync } from 'node:fs';
import { indexesFileFor, papersFileFrom } from '../schema';

/** Which part of the site this process renders: shard `index` of `count` (`BUILD_SHARD=index/count`). */
export interface BuildShard {
  index: number;
  count: number;
}

/** The environment variable build-site.ts sets for each process. */
export const SHARD_VARIABLE = 'BUILD_SHARD';

/** `"1/2"` → shard 1 of 2; unset → the whole site in one process. */
export function parseShard(value: string | undefined): BuildShard {
  if (value === undefined || value === '') return { index: 0, count: 1 };
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index >= count) {
    throw new Error(`${SHARD_VARIABLE}=${value}: expected <index>/<count> with index < count`);
  }
  return { index, count };
}

/** This process's shard. */
export const currentShard: BuildShard = parseShard(process.env[SHARD_VARIABLE]);

/** True in the process that renders the site's pages besides the paper pages (the only one, unsharded). */
export const rendersSitePages: boolean = currentShard.index === 0;

/** A site route's paths: all of them in the site shard; none in a paper shard, which never lists them. */
export function sitePaths<T>(list: () => T[]): T[] {
  return rendersSitePages ? list() : [];
}

/**
 * The static paths of a split index's parts (`search/postings/3.json`…): for each URL folder, one
 * path per part of its list, the part itself as the page's prop.
 */
export function partPaths(parts: readonly (readonly [string, readonly unknown[]])[]): {
  params: { part: string; n: string };
  props: { part: unknown };
}[] {
  return parts.flatMap(([folder, list]) =>
    list.map((part, n) => ({ params: { part: folder, n: String(n) }, props: { part } })),
  );
}

/**
 * A site file's response in the site shard; elsewhere an empty one, never written to the merged
 * site (the site shard's copy wins), which spares a paper shard building the search index again.
 */
export function siteFile(make: () => Response): Response {
  return rendersSitePages ? make() : new Response(null);
}

/**
 * The time the site pages take to render against the paper pages' (at 20,000 papers, two processes
 * at once: ~29.5 s against ~50 s on 12-01, docs/build.md): what decides the site shard's share of
 * the paper pages, so that both processes finish together.
 */
const SITE_PAGES_RATIO = 0.6;

/**
 * The paper pages `shard` renders, a contiguous share of them: all of them unsharded; else the site
 * shard takes what lets it finish with the others (a fifth with two processes, none with more) and
 * the paper shards split the rest evenly.
 */
export function paperPaths<T>(paths: readonly T[], shard: BuildShard = currentShard): T[] {
  if (shard.count === 1) return [...paths];
  const siteShare = Math.max(0, (1 + SITE_PAGES_RATIO) / shard.count - SITE_PAGES_RATIO);
  const siteEnd = Math.floor(siteShare * paths.length);
  if (shard.index === 0) return paths.slice(0, siteEnd);
  const shares = shard.count - 1;
  const rest = paths.length - siteEnd;
  const from = siteEnd + Math.floor(((shard.index - 1) * rest) / shares);
  const to = siteEnd + Math.floor((shard.index * rest) / shares);
  return paths.slice(from, to);
}

/**
 * Every paper page's URL when several processes build the site (none for one process), for the
 * site shard's sitemap, which lists each URL once: read from the slugs the ingest saved beside the
 * records, a few MB where the records are ~100 MB.
 */
export function paperUrlsWhenSharded(site: string, base: string): string[] {
  if (currentShard.count === 1) return [];
  const file = indexesFileFor(papersFileFrom(process.env));
  const { similar } = JSON.parse(readFileSync(file, 'utf8')) as { similar: { slugs: string[] } };
  return paperUrls(similar.slugs, site, base);
}

/** The paper pages' URLs as the sitemap writes them, for the deploy's SITE_URL and BASE_PATH. */
export function paperUrls(slugs: readonly string[], site: string, base: string): string[] {
  // As Astro spells the base: one leading and one trailing slash ("pe" and "/pe" are "/pe/").
  const trimmed = base.replace(/^\/+|\/+$/g, '');
  const root = new URL(trimmed === '' ? '/' : `/${trimmed}/`, site);
  return slugs.map((slug) => new URL(`papers/${slug}/`, root).href);
}
