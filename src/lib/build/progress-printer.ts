/**
 * Prints a long ingest's progress: on a terminal one line rewritten in place, elsewhere (CI logs, a
 * file) a line every few seconds, so a 30-second ingest never looks hung. Each line says the step,
 * items done of the total, the rate and the time left; {@link ProgressPrinter.summary} gives every
 * step's time at the end.
 */
import type { ProgressListener } from '../progress';

/** Where progress goes: a stream, or anything with `write` (tests). */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ProgressPrinterOptions {
  /** Milliseconds between two lines when the stream is not a terminal. */
  every?: number;
  /** Milliseconds between two rewrites of the terminal line. */
  refresh?: number;
  /** The clock, in milliseconds (tests pass their own). */
  now?: () => number;
}

const numbers = new Intl.NumberFormat('en-US');

/** `1.2 s`, `45 s`, `2 min 5 s`. */
export function formatSeconds(milliseconds: number): string {
  const seconds = milliseconds / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

export class ProgressPrinter implements ProgressListener {
  private readonly every: number;
  private readonly refresh: number;
  private readonly now: () => number;
  private readonly steps: [string, number][] = [];
  private step = '';
  private stepStart = 0;
  private lastLine = 0;
  private lineShown = false;

  constructor(
    private readonly out: ProgressStream,
    { every = 5_000, refresh = 200, now = () => performance.now() }: ProgressPrinterOptions = {},
  ) {
    this.every = every;
    this.refresh = refresh;
    this.now = now;
  }

  update(step: string, done: number, total: number): void {
    const now = this.now();
    if (step !== this.step) {
      this.step = step;
      this.stepStart = now;
      // A new step waits a full interval before its first line, so short steps print nothing.
      this.lastLine = now;
      return;
    }
    const wait = this.out.isTTY ? this.refresh : this.every;
    if (now - this.lastLine < wait) return;
    this.lastLine = now;
    const line = this.describe(step, done, total, now - this.stepStart);
    if (this.out.isTTY) {
      this.out.write(`\r\x1b[K${line}`);
      this.lineShown = true;
    } else {
      this.out.write(`${line}\n`);
    }
  }

  stepDone(step: string, milliseconds: number): void {
    this.steps.push([step, milliseconds]);
    this.step = '';
    if (this.lineShown) {
      this.out.write('\r\x1b[K');
      this.lineShown = false;
    }
  }

  /** `steps: read dumps 1.2 s, derive 21 s, …, total 38 s`. */
  summary(): string {
    const total = this.steps.reduce((sum, [, ms]) => sum + ms, 0);
    const parts = this.steps.map(([step, ms]) => `${step} ${formatSeconds(ms)}`);
    return `steps: ${[...parts, `total ${formatSeconds(total)}`].join(', ')}`;
  }

  private describe(step: string, done: number, total: number, elapsed: number): string {
    const share = total > 0 ? Math.floor((done / total) * 100) : 100;
    const rate = elapsed > 0 ? (done * 1000) / elapsed : 0;
    const left = rate > 0 ? ((total - done) / rate) * 1000 : Infinity;
    return (
      `${step}: ${numbers.format(done)}/${numbers.format(total)} papers (${share}%), ` +
      `${numbers.format(Math.round(rate))}/s, ` +
      `${Number.isFinite(left) ? `about ${formatSeconds(left)} left` : 'time left unknown'}`
    );
  }
}
