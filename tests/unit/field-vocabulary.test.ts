/**
 * Issue 32: titles and names never reduce to a field's shared vocabulary, and evaluation details
 * are not title material. Abstracts are built inline; the static table is read as shipped.
 */
import { describe, expect, it } from 'vitest';
import { describePaper } from '../../src/lib/ingest/naming/describe';
import {
  FIELD_PHRASE_BAGS,
  isFieldIdentifier,
  SHARED_IDENTIFIERS,
} from '../../src/lib/ingest/naming/field-vocabulary';
import { keyBag } from '../../src/lib/ingest/naming/headline';
import { sentenceRoles } from '../../src/lib/text/statements';
import { contentKeySet } from '../../src/lib/text/terms';

const bag = (text: string) => keyBag([...contentKeySet(text)]);

describe('field vocabulary (static table, docs/naming.md "Field vocabulary")', () => {
  it('holds the field acronyms many abstracts share and their long forms', () => {
    for (const acronym of ['LLM', 'RL', 'GNN']) expect(SHARED_IDENTIFIERS.has(acronym)).toBe(true);
    expect(FIELD_PHRASE_BAGS.has(bag('large language models'))).toBe(true);
    expect(FIELD_PHRASE_BAGS.has(bag('reinforcement learning'))).toBe(true);
  });

  it('reads a name of shared identifiers and plain words as the field, a coined part as a name', () => {
    const shared = new Set(['LLM', 'RL', 'GPTQ']);
    expect(isFieldIdentifier('LLM', shared)).toBe(true);
    expect(isFieldIdentifier('LLMs', shared)).toBe(true);
    expect(isFieldIdentifier('LLM-powered', shared)).toBe(true);
    expect(isFieldIdentifier('batch-RL', shared)).toBe(true);
    expect(isFieldIdentifier('Webscale-RL', shared)).toBe(false);
    expect(isFieldIdentifier('MR-GPTQ', shared)).toBe(false);
    expect(isFieldIdentifier('vCache', shared)).toBe(false);
    expect(isFieldIdentifier('LLM-RL', shared)).toBe(false);
  });

  it('never makes a generic acronym the name, whatever the abstract says of it', () => {
    const { name } = describePaper(
      'We propose LLM, a large language model for contract review. LLM reads contracts. LLM beats lawyers on clause extraction.',
    );
    expect(name).toBeNull();
  });

  it('never titles a paper by a field phrase alone, with or without a name', () => {
    const { title } = describePaper(
      'Large language models (LLMs) are widely deployed. We propose a clause-level retrieval index for contract review with large language models. The clause-level retrieval index halves review time on three contract corpora.',
    );
    expect(bag(title)).not.toBe(bag('large language models'));
    const named = describePaper(
      'Multimodal Large Language Models (MLLMs) read images and text. We contribute Prism, a benchmark of chart question answering for MLLMs. Prism holds ten thousand charts from public reports.',
    );
    const description = named.title.replace(/^[^:]+: /, '');
    expect(bag(description)).not.toBe(bag('multimodal large language models'));
  });
});

describe('sentence roles', () => {
  it('tells background, contribution and result sentences apart by their structure', () => {
    const sentences = [
      'Molecular machine learning is a burgeoning field.',
      'We propose a pose-invariant molecular encoder.',
      'Experiments on three benchmarks show that the encoder improves accuracy.',
      'We evaluate clustering accuracy on synthetic data across noise levels.',
    ];
    expect(sentenceRoles(sentences)).toEqual(['background', 'contribution', 'result', 'result']);
  });

  it('keeps an evaluation detail out of the title', () => {
    const { title } = describePaper(
      'Clustering mixed-type data is hard. We introduce a latent diffusion framework for clustering mixed-type tables. We evaluate clustering accuracy on synthetic data across varied noise levels.',
    );
    expect(title.toLowerCase()).not.toContain('noise levels');
  });
});
