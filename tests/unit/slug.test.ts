import { describe, expect, it } from 'vitest';
import { assignSlugs, headPhrase, readablePart, slugBase } from '../../src/lib/text/slug';

describe('readablePart', () => {
  it('lowercases, strips diacritics and joins words with hyphens', () => {
    expect(readablePart('Über-Fast Ångström RL: Æsir & Straße')).toBe(
      'uber-fast-angstrom-rl-aesir-strasse',
    );
  });

  it('keeps at most six words and forty characters', () => {
    expect(readablePart('one two three four five six seven eight')).toBe(
      'one-two-three-four-five-six',
    );
    const long = readablePart(
      'Internationalisation considerations regarding multilingual tokenisers',
    );
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toBe('internationalisation-considerations');
  });

  it('never cuts between the parts of a hyphenated word', () => {
    expect(readablePart('Über-Fast cross-tokenizer-likelihood-scoring-under-pressure')).toBe(
      'uber-fast',
    );
  });

  it('cuts a single overlong word to forty characters', () => {
    expect(readablePart('x'.repeat(60))).toBe('x'.repeat(40));
  });
});

describe('headPhrase', () => {
  it('ends at the first function word after two content words', () => {
    expect(headPhrase('Probabilistic framework for cross-tokenizer likelihood scoring')).toBe(
      'Probabilistic framework',
    );
    expect(headPhrase('Learning to rank with partial labels')).toBe('Learning to rank');
    expect(headPhrase('Towards robust offline agents')).toBe('Towards robust offline agents');
  });

  it('leaves out articles and a participle clause about the head', () => {
    expect(headPhrase('Dimension of the latent manifold')).toBe('Dimension of latent manifold');
    expect(headPhrase('Stability of the algorithm implemented by the transformer')).toBe(
      'Stability of algorithm',
    );
  });

  it('keeps at most six words and never ends on a function word', () => {
    expect(headPhrase('Sparse low rank tensor graph kernel methods revisited')).toBe(
      'Sparse low rank tensor graph kernel',
    );
    expect(headPhrase('Transfer of')).toBe('Transfer');
  });
});

describe('slugBase', () => {
  it('prefers the name, falls back to the title, then to "paper"', () => {
    expect(slugBase({ id: 'a', name: 'SealQA', title: 'Search-augmented QA' })).toBe('sealqa');
    expect(slugBase({ id: 'a', name: null, title: 'Search-augmented QA' })).toBe(
      'search-augmented-qa',
    );
    expect(slugBase({ id: 'a', name: '论文', title: '中文标题' })).toBe('paper');
    // The title's head phrase, not its first words cut mid-phrase ("…-for-cross").
    expect(
      slugBase({
        id: 'a',
        name: null,
        title: 'Probabilistic framework for cross-tokenizer scoring',
      }),
    ).toBe('probabilistic-framework');
  });
});

describe('assignSlugs', () => {
  const sealqa = { id: '3f9a2c0123ab', name: 'SealQA', title: 'Anything' };

  it('ends the readable part with the first six hex digits of the id', () => {
    expect(assignSlugs([sealqa])).toEqual(['sealqa-3f9a2c']);
  });

  it('lengthens the suffix of every colliding slug until they differ', () => {
    const twin = { id: '3f9a2c0999ff', name: 'SealQA', title: 'Other' };
    const other = { id: '3f9a2c0123ab', name: 'Other', title: 'x' };
    expect(assignSlugs([sealqa, twin, other])).toEqual([
      'sealqa-3f9a2c01',
      'sealqa-3f9a2c09',
      'other-3f9a2c',
    ]);
  });

  it('resolves a forced collision the same way whatever the input order', () => {
    const items = [
      { id: 'aa11', name: 'Same', title: 't' },
      { id: 'aa22', name: 'Same', title: 't' },
      { id: 'ab33', name: 'Same', title: 't' },
    ];
    const forward = assignSlugs(items, 1);
    const backward = assignSlugs([...items].reverse(), 1).reverse();
    expect(forward).toEqual(['same-aa1', 'same-aa2', 'same-ab']);
    expect(backward).toEqual(forward);
  });

  it('does not change a slug because an unrelated record exists', () => {
    const alone = assignSlugs([sealqa]);
    const withOthers = assignSlugs([{ id: '000000000000', name: 'Z', title: 'z' }, sealqa]);
    expect(withOthers[1]).toBe(alone[0]);
  });
});
