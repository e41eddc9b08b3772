import { describe, expect, it } from 'vitest';
import {
  buildSimilarIndex,
  levelWeight,
  paperVectors,
  SimilarIndex,
  termCounts,
  weightLevel,
} from '../../src/lib/similar';

const papers = [
  {
    slug: 'vision-transformers-a1',
    title: 'Vision transformers',
    plainText:
      'We train vision transformers on image patches. The transformer attends to patches of the image and improves image classification.',
  },
  {
    slug: 'offline-rl-b2',
    title: 'Offline RL',
    plainText:
      'Offline reinforcement learning (RL) learns policies from logged data. Our RL agent avoids overestimation of value functions.',
  },
  {
    slug: 'speech-c3',
    title: 'Speech recognition',
    plainText:
      'Automatic speech recognition transcribes spoken audio. We adapt acoustic models to noisy audio recordings.',
  },
  {
    slug: 'graph-d4',
    title: 'Graph networks',
    plainText:
      'Graph neural networks pass messages between nodes of molecular graphs to predict properties.',
  },
];

/** The index as the browser gets it: through JSON. */
const index = new SimilarIndex(JSON.parse(JSON.stringify(buildSimilarIndex(papers))));

describe('SimilarIndex.similarTo', () => {
  it('ranks a paper first for its own abstract, with a similarity near 1', () => {
    for (const paper of papers) {
      const [best] = index.similarTo(paper.plainText);
      expect(best?.slug).toBe(paper.slug);
      expect(best?.title).toBe(paper.title);
      expect(best?.score).toBeGreaterThan(0.9);
    }
  });

  it('matches other forms of a word and explains the match with the words as pasted', () => {
    const [best, ...rest] = index.similarTo(
      'A Transformer for classifying images from their patches',
    );
    expect(best?.slug).toBe('vision-transformers-a1');
    expect(best?.terms).toEqual(expect.arrayContaining(['Transformer', 'images', 'patches']));
    expect(rest.every((match) => match.score < best!.score)).toBe(true);
  });

  it('matches acronyms by case: RL finds the RL paper', () => {
    const matches = index.similarTo('An RL agent with a value function');
    expect(matches[0]?.slug).toBe('offline-rl-b2');
    expect(matches[0]?.terms[0]).toBe('RL');
  });

  it('returns nothing for text that shares no term with any paper', () => {
    expect(index.similarTo('')).toEqual([]);
    expect(index.similarTo('the of and with however')).toEqual([]);
    expect(index.similarTo('zebra xylophone')).toEqual([]);
  });

  it('returns at most `limit` papers, best first', () => {
    const matches = index.similarTo('graph image audio policy networks', 2);
    expect(matches).toHaveLength(2);
    expect(matches[0]!.score).toBeGreaterThanOrEqual(matches[1]!.score);
  });

  it('scores close to the exact cosine despite the compact weights', () => {
    const { vectors } = paperVectors(papers);
    const exact = [...vectors[0]!].reduce(
      (sum, [term, w]) => sum + w * (vectors[1]!.get(term) ?? 0),
      0,
    );
    const approx =
      index.similarTo(papers[0]!.plainText).find((m) => m.slug === papers[1]!.slug)?.score ?? 0;
    expect(Math.abs(approx - exact)).toBeLessThan(0.05);
  });
});

describe('building blocks', () => {
  it('counts content words by stem, keeping the first spelling', () => {
    const counts = termCounts('Transformers and a transformer; the LLMs and an LLM.');
    expect(counts.get('transform')).toEqual({ count: 2, form: 'Transformers' });
    expect(counts.get('LLM')).toEqual({ count: 2, form: 'LLMs' });
    expect(counts.has('the')).toBe(false);
  });

  it('stores weights within 7 % of their value', () => {
    for (let w = 0.02; w <= 1; w *= 1.05) {
      expect(Math.abs(levelWeight(weightLevel(w)) - w) / w).toBeLessThan(0.07);
    }
  });

  it('refuses an index of another version instead of misreading it', () => {
    const data = { ...buildSimilarIndex(papers), version: 99 };
    expect(() => new SimilarIndex(data as never)).toThrow(/version 99/);
  });
});
