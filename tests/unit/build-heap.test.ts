import { describe, expect, it } from 'vitest';
import { heapMegabytes } from '../../src/lib/build/heap';

describe('heap ceiling of the astro build processes', () => {
  it('keeps the old ceilings up to ~40,000 papers', () => {
    expect(heapMegabytes(1, 0.2)).toBe(2048);
    expect(heapMegabytes(2, 68, false)).toBe(1024); // 20,000 papers
    expect(heapMegabytes(3, 68, false)).toBe(1024);
    expect(heapMegabytes(2, 68)).toBe(1024);
  });

  it('grows with the records file past that', () => {
    expect(heapMegabytes(2, 344, false)).toBe(2104); // 100,000 papers: a paper process
    expect(heapMegabytes(2, 344)).toBe(3480); // and the site process, which builds the data files
    expect(heapMegabytes(2, 200)).toBeGreaterThan(heapMegabytes(2, 150));
  });
});
