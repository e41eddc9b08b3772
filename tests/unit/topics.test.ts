import { describe, expect, it } from 'vitest';
import { loadTaxonomy, parseTaxonomy } from '../../src/lib/enrich/taxonomy';
import { analyseText } from '../../src/lib/text/terms';
import { assignTopics, compileTopics, scoreTopics, singular } from '../../src/lib/enrich/topics';

const matcher = compileTopics(loadTaxonomy('tests/fixtures/taxonomy/valid.yaml'));

/** Topic slugs whose terms occur in the text, strongest first. */
const signalled = (text: string) =>
  scoreTopics(matcher, analyseText(text)).map((topic) => topic.slug);
const tags = (text: string, title = '') =>
  assignTopics({ plainText: text, title: title || text.slice(0, 40), name: null }, matcher);

describe('term matching', () => {
  it('matches acronyms on word boundaries only: RL is not in URL or RLHF', () => {
    expect(signalled('See the URL. We use RLHF.')).toEqual([]);
    expect(signalled('We use RL.')).toEqual(['reinforcement-learning']);
    expect(signalled('An RL-based agent.')).toEqual(['reinforcement-learning']);
  });

  it('matches short acronyms case-sensitively, with a plural s', () => {
    expect(signalled('Two LLMs disagree.')).toEqual(['large-language-models']);
    expect(signalled('the rl and llm folders')).toEqual([]);
  });

  it('matches words whatever their case and number', () => {
    expect(signalled('Large Language Models are popular.')).toEqual(['large-language-models']);
    expect(signalled('A reinforcement-learning agent.')).toEqual(['reinforcement-learning']);
  });

  it('lets the longest term win where terms overlap', () => {
    expect(signalled('Vision-language models see images.')).toEqual(['vision-language']);
  });

  it('matches a hyphen as a space and a trailing * as any ending', () => {
    expect(signalled('A multi task setup.')).toEqual(['quantization']);
    expect(signalled('We quantize weights; quantized weights are small.')).toEqual([
      'quantization',
    ]);
  });

  it('singularises consistently, even where English does not', () => {
    expect(singular('policies')).toBe('policy');
    expect(singular('processes')).toBe('process');
    expect(singular('analysis')).toBe('analysis');
  });

  it('never matches the fallback topic’s terms', () => {
    expect(signalled('Machine learning is everywhere. Machine learning is fun.')).toEqual([]);
  });
});

describe('ranking', () => {
  const rlPaper =
    'Offline reinforcement learning (RL) trains policies from static data. ' +
    'We propose a new offline RL method. ' +
    'Unlike large language models, it needs no text. ' +
    'Our RL agent beats baselines on RL benchmarks.';

  it('tags what the abstract is about, not a passing mention in one sentence', () => {
    expect(tags(rlPaper)).toEqual(['reinforcement-learning']);
  });

  it('ranks the topic in more sentences first', () => {
    const both = `${rlPaper} We also quantize the LLM. A quantized LLM is faster.`;
    expect(tags(both)).toEqual(['reinforcement-learning', 'large-language-models', 'quantization']);
  });

  it('falls back to the only signalled topic, then to the fallback topic', () => {
    expect(tags('A single mention of LLM here. Then nothing else.')).toEqual([
      'large-language-models',
    ]);
    expect(tags('We study sorting. It is quick.')).toEqual(['other']);
  });

  it('tags nothing when no topic is signalled and the taxonomy has no fallback', () => {
    const withoutOther = compileTopics(
      parseTaxonomy(
        'topics:\n  - slug: graphs\n    label: Graphs\n    description: Graphs.\n    terms: [graph]\n',
        'inline.yaml',
      ),
    );
    const paper = { plainText: 'We study sorting.', title: 'Sorting', name: null };
    expect(assignTopics(paper, withoutOther)).toEqual([]);
  });

  it('gives at most four tags', () => {
    const many = loadTaxonomy('content/taxonomy.yaml');
    const text =
      'Reinforcement learning and LLMs for graphs and images. ' +
      'Reinforcement learning, LLMs, graph neural networks, images, proteins and molecules. ' +
      'Reinforcement learning with LLMs on graphs of molecules in images of proteins.';
    const paper = { plainText: text, title: 'Everything', name: null };
    expect(assignTopics(paper, compileTopics(many))).toHaveLength(4);
  });

  it('counts later mentions of a self-described name as mentions of what it is', () => {
    const text =
      'We introduce FooBench, a benchmark for quantization. FooBench has 10 tasks. ' +
      'FooBench is hard. Quantization helps a large language model.';
    const benchmarkTaxonomy = compileTopics(
      parseTaxonomy(
        [
          'topics:',
          '  - { slug: benchmarks, label: Benchmarks, description: B., terms: [benchmark] }',
          '  - { slug: quantization, label: Quantization, description: Q., terms: ["quantiz*"] }',
        ].join('\n'),
        'inline.yaml',
      ),
    );
    const scores = scoreTopics(benchmarkTaxonomy, analyseText(text));
    expect(scores[0]).toMatchObject({ slug: 'benchmarks', sentences: 3 });
  });
});

describe('editing the taxonomy', () => {
  it('changes the tags on the next run', () => {
    const text = 'We prune graph neural networks. Pruned graph neural networks are fast.';
    const paper = { plainText: text, title: 'Pruning GNNs', name: null };
    const before = parseTaxonomy(
      'topics:\n  - { slug: other, label: Other, description: O., terms: [x] }\n',
      'before.yaml',
    );
    const after = parseTaxonomy(
      'topics:\n  - { slug: graphs, label: Graphs, description: G., terms: [graph neural network] }\n' +
        '  - { slug: other, label: Other, description: O., terms: [x] }\n',
      'after.yaml',
    );
    expect(assignTopics(paper, compileTopics(before))).toEqual(['other']);
    expect(assignTopics(paper, compileTopics(after))).toEqual(['graphs']);
  });
});
