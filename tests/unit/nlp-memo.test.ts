import { describe, expect, it } from 'vitest';
import { nounPhrases, tagSentence, tagText, type Token } from '../../src/lib/text/nlp';

// tagSentence remembers the sentences tagged since the last tagText (the summary asks about the
// abstract's sentences again): a remembered answer must be the one tagging afresh gives, and no
// caller may change what the next caller gets.
const SENTENCE = 'We propose a sparse mixture-of-experts router that balances load across devices.';
const OTHER = 'Experiments on four benchmarks show that the router halves the training time.';

/** Plain copies, so that equality compares the tags, not the objects. */
const plain = (tokens: readonly Token[]) => tokens.map((token) => ({ ...token }));

describe('tagSentence memo', () => {
  it('gives the same tags as a fresh tagging, inside and outside an abstract', () => {
    tagText(OTHER); // empties the memo: SENTENCE is tagged afresh below
    const fresh = plain(tagSentence(SENTENCE).tokens);
    const [inAbstract] = tagText(`${SENTENCE} ${OTHER}`);
    expect(inAbstract!.text).toBe(SENTENCE);
    expect(plain(inAbstract!.tokens)).toEqual(fresh);
    // Asked again within the same abstract: the remembered answer, equal to the fresh one.
    const again = tagSentence(SENTENCE);
    expect(again).toBe(inAbstract);
    expect(plain(again.tokens)).toEqual(fresh);
    // A later abstract starts a new memo and tags the sentence again, to the same tags.
    tagText(OTHER);
    const later = tagSentence(SENTENCE);
    expect(later).not.toBe(inAbstract);
    expect(plain(later.tokens)).toEqual(fresh);
  });

  it('cannot be changed by a caller', () => {
    const tagged = tagSentence(SENTENCE);
    const before = plain(tagged.tokens);
    expect(() => (tagged.tokens as Token[]).pop()).toThrow(TypeError);
    expect(() => (tagged.tokens as Token[]).sort()).toThrow(TypeError);
    expect(() => ((tagged as { text: string }).text = 'Something else.')).toThrow(TypeError);
    expect(() => ((tagged as unknown as { tokens: Token[] }).tokens = [])).toThrow(TypeError);
    expect(plain(tagSentence(SENTENCE).tokens)).toEqual(before);
  });

  it('keeps a sentence written twice in one abstract as two sentences with their own phrases', () => {
    const [first, second] = tagText(`${SENTENCE} ${SENTENCE}`);
    expect(first).not.toBe(second);
    expect(plain(second!.tokens)).toEqual(plain(first!.tokens));
    expect(nounPhrases(first!, 0).every((phrase) => phrase.sentence === 0)).toBe(true);
    expect(nounPhrases(second!, 1).every((phrase) => phrase.sentence === 1)).toBe(true);
  });
});

/** Compile-time only (never called): a token's fields are read-only for every caller. */
export function tokensAreReadOnly(token: Token): void {
  // @ts-expect-error a tagged token is shared by every caller that asks about its sentence
  token.pos = 'X';
}
