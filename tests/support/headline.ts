/** The reader-visible rules every derived title keeps: never a fragment, never a sentence. */
import { expect } from 'vitest';

/** Words a headline may not start with: conjunctions, prepositions, pronouns, first person. */
const FRAGMENT_START =
  /^(?:and|or|but|so|yet|in|on|at|to|for|with|from|by|of|as|into|we|our|us|i|it|its|this|that|these|those|they|which|who|there|here|how|while|although|because|if|when|then)\b/i;
/** Words a headline may not end on. */
const FRAGMENT_END =
  /\b(?:the|a|an|of|and|or|with|for|to|in|on|by|via|that|which|is|are|be|we|our|it|its|this|these|their)$/i;

/** `Name: phrase` (or the phrase alone), `minWords`–14 words, no fragment, no first person. */
export function expectHeadline(title: string, name: string | null = null, minWords = 4): void {
  const phrase = name ? title.slice(name.length + 2) : title;
  if (name) expect(title.startsWith(`${name}: `)).toBe(true);
  const words = title.split(/\s+/);
  expect(words.length).toBeGreaterThanOrEqual(minWords);
  expect(words.length).toBeLessThanOrEqual(14);
  expect(phrase).not.toMatch(FRAGMENT_START);
  expect(phrase).not.toMatch(FRAGMENT_END);
  expect(phrase).not.toMatch(/\b(?:we|our|us)\b/i);
  expect(title).not.toMatch(/[.,;:(]$/);
}
