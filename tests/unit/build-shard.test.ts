import { describe, expect, it } from 'vitest';
import { paperPaths, paperUrls, parseShard } from '../../src/lib/build/shard';

describe('paperPaths: the paper pages each astro process renders', () => {
  const pages = Array.from({ length: 1001 }, (_, index) => `paper-${index}`);

  it('gives one process every page', () => {
    expect(paperPaths(pages, { index: 0, count: 1 })).toEqual(pages);
  });

  it.each([2, 3, 5, 8])(
    'renders every page exactly once, in order, across %i processes',
    (count) => {
      const shares = Array.from({ length: count }, (_, index) =>
        paperPaths(pages, { index, count }),
      );
      expect(shares.flat()).toEqual(pages);
    },
  );

  it('leaves the site process a small share with two processes, none with more', () => {
    const site = paperPaths(pages, { index: 0, count: 2 }).length;
    expect(site).toBeGreaterThan(0);
    expect(site).toBeLessThan(pages.length / 4);
    expect(paperPaths(pages, { index: 0, count: 3 })).toEqual([]);
  });

  it('splits what the site process leaves evenly between the paper processes', () => {
    const sizes = [1, 2, 3].map((index) => paperPaths(pages, { index, count: 4 }).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });
});

describe('parseShard', () => {
  it('reads index/count, and the whole site when unset', () => {
    expect(parseShard('1/2')).toEqual({ index: 1, count: 2 });
    expect(parseShard(undefined)).toEqual({ index: 0, count: 1 });
    expect(parseShard('')).toEqual({ index: 0, count: 1 });
  });

  it.each(['2/2', '1', 'a/b', '0/0', '-1/2', '1/2/3'])('refuses %j', (value) => {
    expect(() => parseShard(value)).toThrow(/BUILD_SHARD=.*index\/count|expected <index>\/<count>/);
  });
});

describe('paperUrls: the paper pages the sitemap lists for the other processes', () => {
  it.each(['/pe/', '/pe', 'pe', 'pe/'])('spells the base %j as Astro does', (base) => {
    expect(paperUrls(['a-1f2e3d'], 'https://example.org', base)).toEqual([
      'https://example.org/pe/papers/a-1f2e3d/',
    ]);
  });

  it('puts pages at the root without a base, whatever path the site URL has', () => {
    expect(paperUrls(['a'], 'https://example.org/sub/', '/')).toEqual([
      'https://example.org/papers/a/',
    ]);
    expect(paperUrls(['a'], 'http://localhost:4321', '')).toEqual([
      'http://localhost:4321/papers/a/',
    ]);
  });
});
