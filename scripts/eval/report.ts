/**
 * How `npm run eval` prints one development set. Every line is either an **aggregate** (a figure
 * over the whole set: a mean, a count, a precision) or an **item** line (one abstract's title, name,
 * summary, keyword or tags). A locked set (docs/naming.md, "Protocol") prints aggregates only:
 * no item line of it is ever written, whatever `--show` asks, so no one reads a locked item, its
 * derived fields or its misses one by one.
 */

export interface SetPrinter {
  /** Whether item lines of this set are printed at all. */
  readonly itemsShown: boolean;
  /** A figure over the whole set. */
  aggregate(line: string): void;
  /**
   * A line about one item, printed only for a set that is not locked and only when `shown` holds
   * (the `--show` choice; a few items are listed by default for the fit half).
   */
  item(line: string, shown?: boolean): void;
}

/** A printer for one set; `write` receives every printed line (console.log by default). */
export function setPrinter(
  locked: boolean,
  write: (line: string) => void = (line) => console.log(line),
): SetPrinter {
  return {
    itemsShown: !locked,
    aggregate: (line) => write(line),
    item: (line, shown = true) => {
      if (!locked && shown) write(line);
    },
  };
}
