import { describe, expect, it } from 'vitest';
import { formatSeconds, ProgressPrinter } from '../../src/lib/build/progress-printer';

/** A stream that keeps what was written, and a clock the test moves. */
function setup(isTTY: boolean) {
  const written: string[] = [];
  let time = 0;
  const printer = new ProgressPrinter(
    { write: (text: string) => written.push(text), isTTY },
    { every: 5_000, refresh: 200, now: () => time },
  );
  return { written, printer, advance: (ms: number) => (time += ms) };
}

describe('ingest progress', () => {
  it('prints a line every few seconds off a terminal: done/total, rate, time left', () => {
    const { written, printer, advance } = setup(false);
    printer.update('derive', 0, 20_000);
    advance(1_000);
    printer.update('derive', 1_000, 20_000);
    expect(written).toEqual([]);
    advance(4_000);
    printer.update('derive', 5_000, 20_000);
    expect(written).toEqual(['derive: 5,000/20,000 papers (25%), 1,000/s, about 15 s left\n']);
    advance(1_000);
    printer.update('derive', 6_000, 20_000);
    expect(written).toHaveLength(1);
  });

  it('rewrites one line on a terminal and clears it when the step ends', () => {
    const { written, printer, advance } = setup(true);
    printer.update('derive', 0, 100);
    advance(250);
    printer.update('derive', 50, 100);
    advance(250);
    printer.update('derive', 75, 100);
    printer.stepDone('derive', 600);
    expect(written).toHaveLength(3);
    expect(written[0]).toBe('\r\x1b[Kderive: 50/100 papers (50%), 200/s, about 0.3 s left');
    expect(written[1]?.startsWith('\r\x1b[Kderive: 75/100')).toBe(true);
    expect(written[2]).toBe('\r\x1b[K');
  });

  it('prints nothing for a step shorter than the interval, and sums the steps at the end', () => {
    const { written, printer, advance } = setup(false);
    printer.update('derive', 0, 57);
    advance(300);
    printer.update('derive', 57, 57);
    printer.stepDone('derive', 1_300);
    printer.stepDone('related papers', 65_000);
    expect(written).toEqual([]);
    expect(printer.summary()).toBe(
      'steps: derive 1.3 s, related papers 1 min 5 s, total 1 min 6 s',
    );
  });

  it('writes durations the way people read them', () => {
    expect([400, 9_940, 12_400, 60_000, 125_000].map(formatSeconds)).toEqual([
      '0.4 s',
      '9.9 s',
      '12 s',
      '1 min 0 s',
      '2 min 5 s',
    ]);
  });
});
