// PLACEHOLDER owned by the naming helper: replaced by the real name/title/summary derivation.

/** What a reader recognises a paper by, derived from its plain-text abstract. */
export interface PaperIdentity {
  name: string | null;
  title: string;
  summary: string;
}

/** Derives the paper's own name (or null), a readable title and a one-sentence summary. */
export function describePaper(plainText: string): PaperIdentity {
  const first = plainText.split(/(?<=[.!?])\s+/)[0] ?? plainText;
  return { name: null, title: first.slice(0, 100), summary: first };
}
