/**
 * Counts as readers see them, "12,345": in the browser scripts and in the ingest's messages (one
 * way, so no message mixes "20000" and "20,000"). Not `toLocaleString('en')`: its first call sets
 * up the browser's number formatting, ~86 ms of main thread on a slow phone, paid by the
 * reading-list badge before a shared search link's first result (docs/search.md).
 */
export function formatCount(n: number): string {
  const digits = String(Math.trunc(Math.abs(n)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${grouped}` : grouped;
}
