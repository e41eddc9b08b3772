/** Listens to a long ingest: how far the current step is, then how long it took. */
export interface ProgressListener {
  /** `done` of `total` items of `step` are finished. */
  update(step: string, done: number, total: number): void;
  /** `step` took `milliseconds`. */
  stepDone(step: string, milliseconds: number): void;
}

/** Calls `progress.stepDone` with the time since the previous call (or since it was made). */
export function stepClock(progress?: ProgressListener): (step: string | null) => void {
  let last = performance.now();
  return (step) => {
    const now = performance.now();
    if (step !== null) progress?.stepDone(step, now - last);
    last = now;
  };
}
