/**
 * Issue 32: derived titles never mislead, keywords are never everyday words alone. The abstracts
 * are built here, inline: a phrase the abstract negates is never the title's head.
 */
import { describe, expect, it } from 'vitest';
import { describePaper } from '../../src/lib/ingest/naming/describe';
import { inNegationScope } from '../../src/lib/text/negation';
import { isEverydayWord } from '../../src/lib/enrich/keywords';
import { contentKeys } from '../../src/lib/text/terms';

/** The title's head phrase: its words before the first preposition, after any `Name: `. */
function head(title: string): string {
  const phrase = title.includes(': ') ? title.slice(title.indexOf(': ') + 2) : title;
  return phrase.split(/\s+(?:for|of|in|on|with|via|by|to|from|under|using|through|and)\s+/i)[0]!;
}

const NEGATED: { abstract: string; negated: string }[] = [
  {
    negated: 'direct value function estimation',
    abstract:
      'Offline reinforcement learning suffers from extrapolation error. Direct value function estimation is unstable when the data is narrow. We propose a return-conditioned trajectory planner that bypasses direct value function estimation entirely and plans over a learned latent space of trajectories. The latent trajectory planner outperforms strong baselines on locomotion benchmarks.',
  },
  {
    negated: 'hand-crafted feature engineering',
    abstract:
      'Tabular anomaly detection often relies on hand-crafted feature engineering. We introduce a contrastive anomaly scoring method for mixed-type tables that avoids hand-crafted feature engineering and learns column embeddings from the data alone. Contrastive anomaly scoring finds more anomalies than isolation forests on twenty public tables.',
  },
  {
    negated: 'pairwise preference labels',
    abstract:
      'Reward models are usually trained on pairwise preference labels collected from annotators. We present listwise reward distillation from model critiques, which learns a reward model without pairwise preference labels. Listwise reward distillation matches the accuracy of preference-trained reward models on three alignment benchmarks.',
  },
  {
    negated: 'global attention layers',
    abstract:
      'Long documents strain transformers. Unlike global attention layers, our sliding-window state-space encoder scales linearly with the length of the input. The sliding-window state-space encoder reaches the accuracy of full attention on long-document classification while using a tenth of the memory.',
  },
];

describe('negated phrases are never a title head', () => {
  for (const { abstract, negated } of NEGATED) {
    it(`"${negated}"`, () => {
      const { title } = describePaper(abstract);
      const titleHead = new Set(contentKeys(head(title)));
      const negatedKeys = contentKeys(negated);
      // Not the same phrase as the negated one (word order and inflection aside).
      expect(
        negatedKeys.length === titleHead.size && negatedKeys.every((k) => titleHead.has(k)),
        title,
      ).toBe(false);
    });
  }

  it("never heads a title with a cue's own words", () => {
    // "the shortcomings of transformer architectures" criticises them: a title headed by
    // "Shortcomings of transformer architectures" says the paper is about what it replaces.
    const { title } = describePaper(
      'Sequence models for genomics must read very long inputs. We identify the shortcomings of transformer architectures on long DNA sequences and propose a gated state-space model that reads a million bases at once. The gated state-space model improves variant effect prediction on five benchmarks.',
    );
    expect(title).not.toMatch(/(?:^|: )(?:shortcomings|transformer architectures)\b/i);
    const text = 'We avoid the shortcomings of linear probes and have no need for labels.';
    expect(inNegationScope(text, text.indexOf('shortcomings'))).toBe(true);
    expect(inNegationScope(text, text.indexOf('need for'))).toBe(true);
  });

  it('reaches only the clause of its cue, and a few words', () => {
    const text = 'Without fine-tuning, our adapter matches full training.';
    expect(inNegationScope(text, text.indexOf('fine-tuning'))).toBe(true);
    expect(inNegationScope(text, text.indexOf('our adapter'))).toBe(false);
    const far =
      'We avoid the costly and slow and brittle and often quite unstable search procedure.';
    expect(inNegationScope(far, far.indexOf('procedure'))).toBe(false);
    const plain = 'We propose a graph transformer for molecules.';
    expect(inNegationScope(plain, plain.indexOf('graph'))).toBe(false);
  });
});

describe('everyday words are never a keyword alone', () => {
  it('measures words against a general frequency list, not a list of misses', () => {
    for (const word of ['girl', 'faith', 'face', 'positive', 'judge', 'millions'])
      expect(isEverydayWord(word), word).toBe(true);
    // Technical words, names and acronyms are not everyday words.
    for (const word of ['backpropagation', 'Adam', 'BERT', 'eigendecomposition', 'GPT-4'])
      expect(isEverydayWord(word), word).toBe(false);
    // Phrases are judged as phrases.
    expect(isEverydayWord('face recognition')).toBe(false);
  });
});
