/**
 * The smallest and largest of some numbers, by one loop: `Math.min(...values)` passes every value
 * as an argument, and past ~100,000 of them (a map's points) the call overflows the stack.
 */
export function extent(values: readonly number[]): [min: number, max: number] {
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return [min, max];
}
