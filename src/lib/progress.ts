/** Listens to a long ingest: how far the current step is, then how long it took. */
export interface ProgressListener {
  /** `done` of `total` items of `step` are finished. */
  update(step: string, done: number, total: number): void;
  /** `step` took `milliseconds`. */
  stepDone(step: string, milliseconds: number): void;
}

/**
 * A clock for consecutive steps: each call returns the milliseconds since the previous call (or
 * since the clock was made) and tells `progress` that `step` took them (`null`: not a step).
 */
export function stepClock(progress?: ProgressListener): (step: string | null) => number {
  let last = performance.now();
  return (step) => {
    const now = performance.now();
    const elapsed = now - last;
    if (step !== null) progress?.stepDone(step, elapsed);
    last = now;
    return elapsed;
  };
}
