import { describe, expect, it } from 'vitest';
import { findAcronyms } from '../../src/lib/text/acronyms';

describe('findAcronyms', () => {
  it('pairs a parenthesised short form with the long form before it', () => {
    expect(
      findAcronyms('Vision-and-Language Navigation (VLN) requires an agent to navigate.'),
    ).toEqual([{ short: 'VLN', long: 'Vision-and-Language Navigation' }]);
  });

  it('takes only as many words as the letters need', () => {
    expect(findAcronyms('A fundamental problem in multi-task learning (MTL) is grouping.')).toEqual(
      [{ short: 'MTL', long: 'multi-task learning' }],
    );
  });

  it('drops the plural s of the short form and keeps the long form as written', () => {
    expect(findAcronyms('Deep Research Agents (DRAs) are emerging.')).toEqual([
      { short: 'DRA', long: 'Deep Research Agents' },
    ]);
  });

  it('matches letters inside words, and lowers a capital that only starts the sentence', () => {
    expect(
      findAcronyms('Single-cell RNA sequencing (scRNA-seq) enables the study of cells.'),
    ).toEqual([{ short: 'scRNA-seq', long: 'single-cell RNA sequencing' }]);
    expect(findAcronyms('Large language models (LLMs) are everywhere.')).toEqual([
      { short: 'LLM', long: 'large language models' },
    ]);
    expect(findAcronyms('We model Markov decision processes (MDPs).')).toEqual([
      { short: 'MDP', long: 'Markov decision processes' },
    ]);
  });

  it('reads a name followed by its expansion in parentheses', () => {
    expect(
      findAcronyms('We propose ETAP (Ensemble Task Affinity Predictor), a framework.'),
    ).toEqual([{ short: 'ETAP', long: 'Ensemble Task Affinity Predictor' }]);
  });

  it('ignores asides and expansions whose words do not start with its letters', () => {
    expect(findAcronyms('In latent spaces (e.g., obtained through PCA), cells overlap.')).toEqual(
      [],
    );
    expect(
      findAcronyms(
        'We break it by Dropping the Positional Embeddings of LMs after training (DroPE).',
      ),
    ).toEqual([]);
    expect(findAcronyms('SEAL-0 (main) and results (see Table 1) differ.')).toEqual([]);
  });

  it('lists each acronym once, in order of first definition', () => {
    const text =
      'Reinforcement learning (RL) is hard. Offline RL (ORL) is harder. ' +
      'Again, reinforcement learning (RL) is hard.';
    expect(findAcronyms(text).map((acronym) => acronym.short)).toEqual(['RL', 'ORL']);
  });
});
