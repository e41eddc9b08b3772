import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setPrinter } from '../../scripts/eval/report';

/** Lines a printer writes, for a set that is locked or not, with a few item lines asked for. */
function printed(locked: boolean, shown: boolean | undefined): string[] {
  const lines: string[] = [];
  const out = setPrinter(locked, (line) => lines.push(line));
  out.aggregate('titles: token F1 0.400');
  out.item('  wrong: FooNet (not in the abstract)', shown);
  out.item('  0.250  Some derived title\n        real: The real title', shown);
  out.aggregate('names: precision 1.000 (3/3)');
  return lines;
}

describe('eval printing rule (docs/naming.md, "Protocol")', () => {
  it('prints only aggregates for a locked set, whatever --show asks', () => {
    for (const shown of [true, false, undefined]) {
      const lines = printed(true, shown);
      expect(lines).toEqual(['titles: token F1 0.400', 'names: precision 1.000 (3/3)']);
      expect(lines.join('\n')).not.toMatch(/FooNet|derived title|real title/);
    }
    expect(setPrinter(true, () => {}).itemsShown).toBe(false);
  });

  it('prints item lines of a set that is not locked when they are asked for', () => {
    expect(printed(false, true)).toHaveLength(4);
    expect(printed(false, undefined)).toHaveLength(4);
    expect(printed(false, false)).toEqual([
      'titles: token F1 0.400',
      'names: precision 1.000 (3/3)',
    ]);
  });

  it('the eval script writes every line through a set printer, never console.log directly', () => {
    const source = readFileSync('scripts/eval.ts', 'utf8');
    expect(source).not.toMatch(/console\.(?:log|info|warn|error)\(/);
    expect(source).toMatch(/setPrinter\(set\.locked\)/);
  });
});
