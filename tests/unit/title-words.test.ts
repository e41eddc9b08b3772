/**
 * The per-word title model (title-words.ts), the `wordF1` feature and grafted candidates ("X for
 * Y"), on tiny abstracts written here: what a reader sees is a title that never starts with what
 * the abstract negates, never is the long form of its only acronym, and never glues on a phrase
 * that repeats its words.
 */
import { describe, expect, it } from 'vitest';
import { describePaper, titleCandidates } from '../../src/lib/ingest/naming/describe';
import { HEADLINE_FEATURES, keyBag, readsAsTitle } from '../../src/lib/ingest/naming/headline';
import { FIELD_PHRASE_BAGS } from '../../src/lib/ingest/naming/field-vocabulary';
import {
  expectedF1,
  setTitleRates,
  TITLE_RATE_MIN_PAPERS,
  titleRates,
  WORD_FEATURES,
  wordProbabilities,
} from '../../src/lib/ingest/naming/title-words';
import wordWeights from '../../src/lib/ingest/naming/title-words-weights.json';
import committedRates from '../../src/lib/ingest/naming/title-word-rates.json';
import { tagText } from '../../src/lib/text/nlp';
import { contentKeys, contentKeySet } from '../../src/lib/text/terms';

const ABSTRACT =
  'Offline reinforcement learning suffers from extrapolation error. Direct value function estimation is unstable when the data is narrow. We propose a return-conditioned trajectory planner that bypasses direct value function estimation entirely and plans over a learned latent space of trajectories. The latent trajectory planner outperforms strong baselines on locomotion benchmarks with sparse rewards.';

describe('the word model', () => {
  it('loads a weight for every feature', () => {
    for (const f of WORD_FEATURES)
      expect(typeof (wordWeights as Record<string, number>)[f]).toBe('number');
    expect(HEADLINE_FEATURES).toContain('wordF1');
  });

  it('gives every content word a probability in [0, 1], the made thing above the scene-setting', () => {
    const { words } = titleCandidates(tagText(ABSTRACT));
    const p = wordProbabilities(words);
    expect(p.size).toBeGreaterThan(5);
    for (const value of p.values()) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
    // "planner" is what the authors propose and repeat; "extrapolation" only sets the scene.
    expect(p.get(contentKeys('planner')[0]!)!).toBeGreaterThan(
      p.get(contentKeys('extrapolation')[0]!)!,
    );
  });

  it('expects a higher F1 of likely words than of unlikely ones', () => {
    const p = new Map([
      ['a', 0.9],
      ['b', 0.8],
      ['c', 0.1],
    ]);
    expect(expectedF1(['a', 'b'], p, 1.8)).toBeGreaterThan(expectedF1(['c'], p, 1.8));
    expect(expectedF1([], p, 1.8)).toBe(0);
  });
});

describe('title rates', () => {
  // Six papers: `bandit` is in every title that can say it, `experiment` in none, `rare` is used
  // by fewer papers than a rate needs.
  const samples = Array.from({ length: 6 }, (_, i) => ({
    keys: ['bandit', 'experiment', 'regret', ...(i < TITLE_RATE_MIN_PAPERS - 1 ? ['rare'] : [])],
    labels: [1, 0, i % 2, ...(i < TITLE_RATE_MIN_PAPERS - 1 ? [1] : [])],
  }));

  it('rates a word its papers put in their titles above one they never do', () => {
    const rates = titleRates(samples);
    expect(rates.get('bandit')!).toBeGreaterThan(0);
    expect(rates.get('experiment')!).toBeLessThan(0);
    expect(rates.get('bandit')!).toBeGreaterThan(rates.get('regret')!);
    expect(rates.get('regret')!).toBeGreaterThan(rates.get('experiment')!);
  });

  it("gives no rate to a word of too few papers: it is those papers', not the field's", () => {
    expect(titleRates(samples).has('rare')).toBe(false);
    expect(titleRates([]).size).toBe(0);
  });

  it('reads the committed rates into the word table, and others when the fit sets them', () => {
    expect(committedRates.keys.length).toBe(committedRates.values.length);
    const { words } = titleCandidates(tagText(ABSTRACT));
    const column = WORD_FEATURES.indexOf('titleRate');
    const at = (key: string) => words.rows[words.keys.indexOf(key) * WORD_FEATURES.length + column];
    const known = words.keys.find((key) => committedRates.keys.includes(key));
    expect(known).toBeDefined();
    expect(at(known!)).toBe(committedRates.values[committedRates.keys.indexOf(known!)]);
    setTitleRates(words, new Map([[known!, 2.5]]));
    expect(at(known!)).toBe(2.5);
    expect(words.keys.filter((key) => key !== known).every((key) => at(key) === 0)).toBe(true);
  });
});

describe('titles with the word model', () => {
  it('never heads the title with the negated phrase', () => {
    const { title } = describePaper(ABSTRACT);
    expect(title.toLowerCase().startsWith('direct value function estimation')).toBe(false);
  });

  it('grafts share no content word with the phrase they join', () => {
    const { candidates } = titleCandidates(tagText(ABSTRACT));
    const grafted = candidates.filter((c) => c.features.grafted === 1);
    for (const c of grafted) {
      const keys = c.keys ?? [];
      expect(new Set(keys).size, c.text).toBe(keys.length);
      expect(c.text).toMatch(/ (?:for|via|with|in|on|under|through|from|across|beyond) /);
    }
  });

  it('never makes the long form of the only acronym a whole title', () => {
    const abstract =
      'Stochastic gradient descent (SGD) trains most neural networks. We study the implicit bias of SGD with large learning rates on overparameterised linear models. We prove that SGD converges to flat minima at a rate that depends on the batch size, and we confirm the rate on image classification.';
    const { title } = describePaper(abstract);
    expect(contentKeys(title).sort()).not.toEqual(
      contentKeys('stochastic gradient descent').sort(),
    );
  });

  it('reads an "A: B" title only when each part names a thing', () => {
    expect(readsAsTitle('Efficient and scalable: Sparse attention for long documents')).toBe(false);
    expect(readsAsTitle('Sparse attention: Efficient long-document classification')).toBe(true);
  });
});

describe('titles on hostile text', () => {
  // A first sentence with no phrase to choose becomes the title as written, and summaries are
  // sentences as written: a right-to-left
  // override in it reversed whatever a card shows after the title, and a lone surrogate half or a
  // control character reached papers.json (a .jsonl abstract may hold "\u202e", "\ud800", "\u0007").
  it('never carry a control, a bidi control or half a surrogate pair in the title or summary', () => {
    const unprintable =
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufeff\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;
    for (const text of [
      '我们提出了一种\u202e用于分子性质预测的图神经网络\ud800模型。本文的方法优于现有的方法。',
      'Lone \ud800 surrogate \u0007 bell 12 34.',
      '\u202ewe \udc00 propose \u2066 it \u0000.',
    ]) {
      const { title, summary } = describePaper(text);
      expect(title, JSON.stringify(title)).not.toMatch(unprintable);
      expect(summary, JSON.stringify(summary)).not.toMatch(unprintable);
      expect(title.length).toBeGreaterThan(0);
      expect(summary.length).toBeGreaterThan(0);
    }
    expect(describePaper('Lone \ud800 surrogate \u0007 bell 12 34.').title).toBe(
      'Lone surrogate bell 12 34',
    );
  });
});

describe('a field name alone is never a candidate title', () => {
  it('checks the text each candidate would show, however it was made', () => {
    const abstracts = [
      // "for evaluating Large Language Models (LLMs)": cleaning drops the gerund and the aside.
      'We introduce CodeFIM, a new benchmark for evaluating Large Language Models (LLMs) on ' +
        'the code infilling task. CodeFIM holds many examples from several languages. CodeFIM ' +
        'thus serves as a platform for research on code LLMs.',
      'Graph neural networks are widely used. We study how graph neural networks generalise to ' +
        'larger graphs and propose a size-aware pooling rule for graph neural networks.',
      'Federated learning trains across clients. We propose a client weighting scheme for ' +
        'federated learning that adapts to drift, and analyse federated learning under noise.',
    ];
    for (const text of abstracts) {
      const { candidates } = titleCandidates(tagText(text));
      expect(candidates.length).toBeGreaterThan(0);
      for (const c of candidates)
        expect(FIELD_PHRASE_BAGS.has(keyBag([...contentKeySet(c.text)])), c.text).toBe(false);
    }
  });
});
