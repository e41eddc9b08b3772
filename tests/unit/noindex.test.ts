import { describe, expect, it } from 'vitest';
import { isIndexable, NOINDEX_PATHS } from '../../src/lib/build/noindex';

describe('the sitemap filter (issue 33)', () => {
  it('leaves out the noindex pages, at the root or under a base, and nothing else', () => {
    expect(NOINDEX_PATHS).toContain('/list/');
    expect(isIndexable('http://localhost:4321/list/')).toBe(false);
    expect(isIndexable('https://x.github.io/paper-explorer/list/', '/paper-explorer/')).toBe(false);
    expect(isIndexable('http://localhost:4321/')).toBe(true);
    expect(isIndexable('http://localhost:4321/tags/list/')).toBe(true);
    expect(isIndexable('http://localhost:4321/papers/x-3f9a2c/')).toBe(true);
  });
});
