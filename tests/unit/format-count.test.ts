import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/lib/format';

describe('formatCount', () => {
  it('groups thousands with commas, as English counts are written', () => {
    for (const n of [0, 7, 999, 1000, 12345, 100000, 1234567, -4200]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en'));
    }
  });
});
