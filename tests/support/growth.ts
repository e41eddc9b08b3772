/**
 * How a step's cost grows with its input, by CPU time (not wall-clock: other processes on a shared
 * machine slow a run down but do not add to its CPU time). A linear step on an input `factor` times
 * larger costs about `factor` times more; a quadratic one `factor²`. Tests compare that ratio with a
 * generous bound, never a time with a threshold.
 */

/** Median CPU time of `run()` over `repeats` runs, in microseconds (after one warm-up run). */
export function cpuTime(run: () => unknown, repeats = 5): number {
  run();
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    times.push(used.user + used.system);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

/** CPU time on an input `factor` times larger, divided by CPU time on the base input. */
export function growth<T>(
  make: (size: number) => T,
  run: (input: T) => unknown,
  size: number,
  factor = 8,
  repeats = 5,
): number {
  const small = make(size);
  const large = make(size * factor);
  // A floor of 1 ms keeps timer resolution from inflating the ratio of very fast steps.
  return (
    cpuTime(() => run(large), repeats) /
    Math.max(
      1000,
      cpuTime(() => run(small), repeats),
    )
  );
}
