import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describePaper, MAX_SUMMARY_LENGTH, MAX_TITLE_LENGTH } from '../../src/lib/ingest/naming/describe';
import { fitToLength } from '../../src/lib/ingest/naming/fit';
import { splitSentences } from '../../src/lib/text/sentences';

const DANGLING_END = /\s(?:the|of|and|with|for|to|a|an|in|on|by|via|that|which)$/i;

function expectValidIdentity(text: string): void {
  const { name, title, summary } = describePaper(text);
  expect(title.length).toBeGreaterThan(0);
  expect(title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
  expect(summary.length).toBeGreaterThan(0);
  if (name !== null) expect(name.length).toBeGreaterThan(0);
}

describe('sentence splitting', () => {
  it('does not end a sentence at e.g., i.e., et al., vs., decimals, Fig. or a month', () => {
    const text =
      'Models (e.g., GPT-4) and tasks, i.e., QA, matter. Smith et al. showed that A vs. B ' +
      'differs by 3.5 points in Fig. 2 of the report. Half were published after Jan. 2025 and ' +
      'later. Last one.';
    expect(splitSentences(text)).toEqual([
      'Models (e.g., GPT-4) and tasks, i.e., QA, matter.',
      'Smith et al. showed that A vs. B differs by 3.5 points in Fig. 2 of the report.',
      'Half were published after Jan. 2025 and later.',
      'Last one.',
    ]);
  });

  it('splits where a dump lost the space after a full stop, but not inside a URL', () => {
    expect(
      splitSentences('It accelerates science.With LLMs, we see more. See github.com/Org.'),
    ).toEqual(['It accelerates science.', 'With LLMs, we see more.', 'See github.com/Org.']);
  });

  it('returns nothing for text without words', () => {
    expect(splitSentences('   ')).toEqual([]);
  });
});

describe('the paper name', () => {
  it('is the contribution the abstract introduces, not the baseline it beats', () => {
    const { name } = describePaper(
      'Off-policy training wastes experience. In this paper, we introduce Batch Adaptation Policy ' +
        'Optimization (BAPO), an off-policy RLVR framework. BAPO achieves an average 12.5% ' +
        'improvement over GRPO across mathematics tasks. GRPO remains a strong baseline.',
    );
    expect(name).toBe('BAPO');
  });

  it('is never a model the abstract only mentions or evaluates', () => {
    expect(
      describePaper(
        'Models like OpenAI-o3 pioneer visual grounded reasoning. However, no benchmark exists to ' +
          'evaluate these capabilities. To bridge this gap, we propose a diagnostic benchmark of ' +
          'visual questions. OpenAI-o3 scores only 54.87 on it.',
      ).name,
    ).toBeNull();
    expect(
      describePaper(
        'Reasoning is hard. We evaluate GPT-4o and Claude-3 on twelve reasoning tasks. We find ' +
          'that GPT-4o outperforms Claude-3 on most tasks, and GPT-4o achieves 80% accuracy.',
      ).name,
    ).toBeNull();
  });

  it('keeps the benchmark over the models it evaluates', () => {
    const { name } = describePaper(
      'We introduce SealQA, a challenge benchmark for search-augmented language models. On ' +
        'SEAL-0, GPT-5 with tools achieves only 43.2% accuracy. GPT-5 also plateaus.',
    );
    expect(name).toBe('SealQA');
  });

  it('prefers the defined short form, however it is written', () => {
    const name = (text: string) => describePaper(text).name;
    expect(
      name(
        'We propose ETAP (Ensemble Task Affinity Predictor), a scalable framework for grouping.',
      ),
    ).toBe('ETAP');
    expect(name('We introduce Micro-Rotated-GPTQ (MR-GPTQ), a variant of GPTQ for FP4.')).toBe(
      'MR-GPTQ',
    );
    expect(
      name('We introduce the Tool Decathlon (dubbed as Toolathlon), a benchmark for agents.'),
    ).toBe('Toolathlon');
    expect(
      name('We propose a novel method, named Pose Prior Learner (PPL), to learn a pose prior.'),
    ).toBe('PPL');
    expect(
      name(
        'We propose a Heterogeneous Event causality Disentangling Representation learning ' +
          'Approach (HEDRA) for TKG reasoning.',
      ),
    ).toBe('HEDRA');
  });

  it('accepts a capitalised word only where the abstract introduces it as a name', () => {
    expect(
      describePaper('We propose Legato, a new end-to-end model for music recognition.').name,
    ).toBe('Legato');
    expect(
      describePaper('We propose Bayesian optimisation for tuning robot controllers.').name,
    ).toBeNull();
  });

  it('is null when the abstract names nothing of its own', () => {
    const { name } = describePaper(
      'Offline RL faces key limitations. To address these challenges, we introduce a novel ' +
        'approach based on contrastive preference learning. Our Method trains policies by ' +
        'contrasting demonstrations. In this work, our method outperforms existing baselines.',
    );
    expect(name).toBeNull();
    expect(
      describePaper('We study named entity recognition (NER) in clinical notes.').name,
    ).toBeNull();
  });

  it('skips a tool named once in passing after the main finding', () => {
    const { name } = describePaper(
      'Neurons prefer some stimuli. However, we find two-tailed response distributions in V4 ' +
        'neurons. To encourage future experiments, we release a tool called ImageBeagle to hunt ' +
        'for stimuli.',
    );
    expect(name).toBeNull();
  });

  it('picks the named artifact the abstract keeps coming back to', () => {
    const { name } = describePaper(
      'Detectors fail on edited text. In this work, we show that detectors struggle on real ' +
        'editing tasks. We introduce TSM-Bench, a multilingual benchmark for detectors. Our ' +
        'findings hold across languages. TSM-Bench therefore provides a foundation.',
    );
    expect(name).toBe('TSM-Bench');
  });

  it('picks the first of several introduced contributions, not the one added "furthermore"', () => {
    const { name } = describePaper(
      'QA over papers lacks a benchmark. In this work, we propose M4PQA, a human-annotated paper ' +
        'QA dataset. Furthermore, we propose ExTrActor, an automated framework for instruction ' +
        'data synthesis. ExTrActor improves small models, and ExTrActor is cheap. Models ' +
        'underperform on M4PQA.',
    );
    expect(name).toBe('M4PQA');
  });

  it('finds a name the authors define in passing and then make claims about', () => {
    const { name, title } = describePaper(
      'Extending context is costly. In this work, we break this bottleneck by Dropping the ' +
        'Positional Embeddings of LMs after training (DroPE). Empirically, DroPE yields seamless ' +
        'zero-shot context extension.',
    );
    expect(name).toBe('DroPE');
    expect(title).toBe('DroPE: Dropping the Positional Embeddings of LMs after training');
  });
});

describe('the title', () => {
  it('is "Name: description" with the abstract\'s own description of the named thing', () => {
    const { title } = describePaper(
      'Task grouping is costly. In this paper, we propose ETAP (Ensemble Task Affinity Predictor), ' +
        'a scalable framework that integrates principled and data-driven estimators to predict ' +
        'MTL performance gains.',
    );
    expect(title).toBe(
      'ETAP: A scalable framework that integrates principled and data-driven estimators',
    );
  });

  it("without a name, describes what was made, not the abstract's first words", () => {
    const text =
      'Single-cell RNA sequencing enables the study of cellular heterogeneity. Clustering remains ' +
      'hard. We introduce a latent plug-and-play diffusion framework that separates the ' +
      'observation and denoising space. It works well.';
    const { name, title } = describePaper(text);
    expect(name).toBeNull();
    expect(title).toBe(
      'A latent plug-and-play diffusion framework that separates the observation and denoising space',
    );
  });

  it('turns "we show that X" into X and "we revisit X" into "Revisiting X"', () => {
    expect(
      describePaper(
        'Datasets are biased. We demonstrate that molecular poses in the popular datasets are ' +
          'indeed biased.',
      ).title,
    ).toBe('Molecular poses in the popular datasets are indeed biased');
    expect(
      describePaper(
        'Selective classification abstains. In this work, we revisit the design of optimal ' +
          'selection functions through the lens of the Neyman–Pearson lemma.',
      ).title,
    ).toBe(
      'Revisiting the design of optimal selection functions through the lens of the Neyman–Pearson lemma',
    );
  });

  it('is cut at a word boundary to 100 characters, with no dangling word or open bracket', () => {
    const { title } = describePaper(
      'Background sentence here. We propose a remarkably long-winded and extraordinarily detailed ' +
        'framework (which has an aside of considerable length inside brackets) for the careful ' +
        'evaluation of the many and varied properties of the things in question.',
    );
    expect(title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(title).not.toMatch(DANGLING_END);
    expect(title.split('(').length).toBe(title.split(')').length);
    expect(title).not.toMatch(/[.,;:]$/);
    expect(
      title.startsWith('A remarkably long-winded and extraordinarily detailed framework'),
    ).toBe(true);
  });

  it('keeps quotes paired', () => {
    const { title } = describePaper(
      'Judges are noisy. We introduce a "Noisy but Valid" hypothesis testing framework to address this.',
    );
    expect(title).toBe('A "Noisy but Valid" hypothesis testing framework');
  });

  it('is in sentence case and keeps the capitals of acronyms and names as written', () => {
    const { title } = describePaper(
      'Caches are static. This paper proposes a verified semantic cache for LLM inference on GPUs.',
    );
    expect(title).toBe('A verified semantic cache for LLM inference on GPUs');
    expect(
      describePaper('Caches are static. This paper proposes vCache, the first verified cache.')
        .title,
    ).toBe('vCache: The first verified cache');
  });

  it('shows no LaTeX or Markdown marker that slipped through the plain text, nor a final period', () => {
    const { title } = describePaper(
      'Intro. We propose a method with $O(1)$ cost and *fast* updates.',
    );
    expect(title).toBe('A method with O(1) cost and fast updates');
  });

  it('drops lists, URLs and "e.g." asides, and never repeats a word twice in a row', () => {
    const { title } = describePaper(
      'Intro. We contribute Lens, a benchmark of reasoning with with 3.4K images (e.g., photos): ' +
        '(1) perception, (2) reasoning, at https://example.org/lens.',
    );
    expect(title).toBe('Lens: A benchmark of reasoning with 3.4K images');
  });
});

describe('fitToLength', () => {
  it('prefers a clause boundary, then a preposition, over any word boundary', () => {
    const text =
      'a framework for robust uncertainty quantification in situations where labeled training data are corrupted';
    expect(fitToLength(text, 100)).toBe(
      'a framework for robust uncertainty quantification in situations',
    );
    expect(fitToLength('alpha beta gamma delta epsilon', 17)).toBe('alpha beta gamma');
  });

  it('cuts an unbreakable word without splitting a surrogate pair', () => {
    expect(fitToLength('😀'.repeat(60), 101)).toBe('😀'.repeat(50));
  });
});

describe('the summary', () => {
  it('is the contribution sentence, without its lead-in, ending with a period', () => {
    const { summary } = describePaper(
      'Agents are everywhere. However, benchmarks are narrow. To address this gap, we introduce ' +
        'Toolathlon, a benchmark for language agents! It is hard.',
    );
    expect(summary).toBe('We introduce Toolathlon, a benchmark for language agents.');
  });

  it('is one sentence of at most 300 characters, cut at a clause boundary when long', () => {
    const long =
      'We propose TreeBench, a diagnostic benchmark built on three principles: ' +
      Array.from(
        { length: 12 },
        (_, i) => `(${i + 1}) a principle about visual things number ${i + 1}`,
      ).join(', ') +
      '.';
    const { summary } = describePaper(`Background. ${long}`);
    expect(summary).toBe('We propose TreeBench, a diagnostic benchmark built on three principles.');
    expect(summary.length).toBeLessThanOrEqual(MAX_SUMMARY_LENGTH);
    expect(splitSentences(summary)).toHaveLength(1);
  });
});

describe('untrusted input', () => {
  it.each([
    ['empty', ''],
    ['blank', '   \n\t '],
    ['one word', 'word'],
    ['no sentence punctuation', 'we propose a thing that does stuff '.repeat(50)],
    ['emoji', '🎉 😀 ✨ we propose 🚀'],
    ['right-to-left', 'نقترح طريقة جديدة لتعلم الآلة. هذا نص عربي'],
    ['brackets only', '((((((((( ))))'],
    ['quotes only', '""""" “““'],
  ])('returns a valid identity for %s text', (_label, text) => {
    expectValidIdentity(text);
  });

  it('finishes on a 200 KB input', () => {
    const big = `${'We propose X-Net (XN), a model '.repeat(4000)}${'a'.repeat(100_000)}`;
    expect(big.length).toBeGreaterThan(200_000);
    expectValidIdentity(big);
    expectValidIdentity('word '.repeat(40_000));
    expectValidIdentity(`We introduce ${'Ab'.repeat(100_000)}`);
  });

  it('never throws and always returns a valid identity for arbitrary strings', () => {
    const words = fc.constantFrom(
      'we',
      'propose',
      'introduce',
      'X-Net',
      '(XN)',
      'a',
      'the',
      'model,',
      'that',
      'shows',
      'e.g.',
      'vs.',
      '3.5',
      'Fig.',
      '“',
      '”',
      '"',
      '(',
      ')',
      '.',
      'called',
      'LLMs',
      'SealQA',
    );
    const sentenceLike = fc.array(words, { maxLength: 60 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme' }), sentenceLike), (text) => {
        expectValidIdentity(text);
      }),
      { numRuns: 300 },
    );
  });
});
