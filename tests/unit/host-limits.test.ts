import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exceededLimits, siteShape, type SiteShape } from '../../src/lib/build/host-limits';

const shape = (over: Partial<SiteShape> = {}): SiteShape => ({
  files: 1_000,
  bytes: 50e6,
  largestFile: { path: 'papers.json.gz', bytes: 2e6 },
  fullestFolder: { path: 'papers', entries: 900 },
  ...over,
});

describe('host limits', () => {
  const dir = mkdtempSync(join(tmpdir(), 'host-limits-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts files, bytes, the largest file, the files over a limit and the fullest folder', () => {
    mkdirSync(join(dir, 'papers/a'), { recursive: true });
    mkdirSync(join(dir, 'papers/b'), { recursive: true });
    mkdirSync(join(dir, 'papers/c'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), 'x'.repeat(10));
    writeFileSync(join(dir, 'papers/a/index.html'), 'x'.repeat(30));
    writeFileSync(join(dir, 'papers/b/index.html'), 'x'.repeat(5));
    expect(siteShape(dir)).toEqual({
      files: 3,
      bytes: 45,
      largestFile: { path: 'papers/a/index.html', bytes: 30 },
      largeFiles: [],
      fullestFolder: { path: 'papers', entries: 3 },
    });
    expect(siteShape(dir, 8).largeFiles).toEqual([
      { path: 'papers/a/index.html', bytes: 30 },
      { path: 'index.html', bytes: 10 },
    ]);
  });

  it('names nothing for a small site', () => {
    expect(exceededLimits(shape())).toEqual([]);
  });

  it('names each host whose limit a 100,000-paper site exceeds, with the figures', () => {
    const lines = exceededLimits(
      shape({
        files: 112_000,
        bytes: 1.4e9,
        largestFile: { path: 'search-index.json', bytes: 40e6 },
        fullestFolder: { path: 'papers', entries: 99_000 },
      }),
    );
    expect(lines.find((l) => l.startsWith('GitHub Pages'))).toMatch(/1400 MB of files/);
    expect(lines.find((l) => l.startsWith('Cloudflare Pages (Free)'))).toMatch(
      /112,000 files \(limit 20,000\); search-index\.json is 40 MB/,
    );
    expect(lines.find((l) => l.startsWith('Netlify'))).toMatch(/papers\/ holds 99,000 entries/);
    expect(lines.find((l) => l.startsWith('GitLab Pages'))).toMatch(/1400 MB/);
    expect(
      lines.some((l) => l.startsWith('GitLab Pages') && /files/.test(l.split(';')[1] ?? '')),
    ).toBe(false);
  });

  it('names every file over the per-file limit, not only the largest', () => {
    const lines = exceededLimits(
      shape({
        largestFile: { path: 'similar-index.json', bytes: 94e6 },
        largeFiles: [
          { path: 'similar-index.json', bytes: 94e6 },
          { path: 'papers.json.gz', bytes: 68e6 },
        ],
      }),
    );
    expect(lines.find((l) => l.startsWith('Cloudflare Pages (paid)'))).toBe(
      'Cloudflare Pages (paid): similar-index.json is 94 MB, papers.json.gz is 68 MB (limit 26 MB a file)',
    );
    expect(exceededLimits(shape({ largeFiles: [] }))).toEqual([]);
  });
});
