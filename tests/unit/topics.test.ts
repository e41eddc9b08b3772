import { describe, expect, it } from 'vitest';
import { loadTaxonomy, parseTaxonomy } from '../../src/lib/enrich/taxonomy';
import {
  assignTopics,
  compileTopics,
  MAX_TAGS,
  TopicTagger,
  type TopicWeights,
} from '../../src/lib/enrich/topics';

const taxonomy = loadTaxonomy('tests/fixtures/taxonomy/valid.yaml');
const matcher = compileTopics(taxonomy);

/** Round weights, so each rule is tested on its own and not on whatever the last fit chose. */
const WEIGHTS: TopicWeights = {
  singleWord: 0.5,
  commonness: 2,
  contribution: 3,
  object: 1.5,
  mainStatement: 1.5,
  statement: 1.5,
  opening: 1.5,
  background: 0.3,
  title: 1,
  threshold: 2,
  relative: 0.25,
  similarity: 0.05,
  centroid: 0.5,
};
/** The same, with the similarity fallback switched off: anything unclear is `other`. */
const NO_FALLBACK: TopicWeights = { ...WEIGHTS, similarity: 1 };

const paper = (text: string, title = 'A paper') => ({ plainText: text, title, name: null });
const tags = (text: string, weights = WEIGHTS, title?: string) =>
  assignTopics(paper(text, title), matcher, undefined, weights);

/** Every topic signalled anywhere in the text (threshold 0, no fallback), strongest first. */
const signalled = (text: string) => {
  const tagger = new TopicTagger(matcher);
  tagger.read(paper(text, ''));
  return tagger.scores(WEIGHTS)[0]!.map((score) => score.slug);
};

/** Score of `slug` in a one-paper corpus. */
const scoreOf = (text: string, slug: string) => {
  const tagger = new TopicTagger(matcher);
  tagger.read(paper(text, ''));
  return tagger.scores(WEIGHTS)[0]!.find((score) => score.slug === slug)?.score ?? 0;
};

describe('term matching', () => {
  it('matches acronyms on word boundaries only: RL is not in URL or RLHF', () => {
    expect(signalled('See the URL. We use RLHF.')).toEqual([]);
    expect(signalled('We use RL.')).toEqual(['reinforcement-learning']);
    expect(signalled('An RL-based agent.')).toEqual(['reinforcement-learning']);
  });

  it('matches short acronyms by case, with a plural s', () => {
    expect(signalled('Two LLMs disagree.')).toEqual(['large-language-models']);
    expect(signalled('the rl and llm folders')).toEqual([]);
  });

  it('matches words by their stem whatever their case and number', () => {
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

  it('reads capitals that spell out an acronym as the ordinary word', () => {
    // "SEarch-Augmented LAnguage Models (SEALM)": the capitals mark the acronym's letters.
    expect(signalled('We test SEarch-Augmented LAnguage Models.')).toEqual([
      'large-language-models',
    ]);
    // A name with inner capitals still keeps its case: "LLaMA" is not "llama".
    expect(signalled('We test LLaMA.')).toEqual([]);
  });

  it('joins a phrase across an acronym’s closing parenthesis', () => {
    const agents = compileTopics(
      parseTaxonomy(
        [
          'topics:',
          '  - { slug: agents, label: Agents, description: A., terms: [LLM-based agent] }',
          '  - { slug: models, label: Models, description: M., terms: [large language model, LLM] }',
        ].join('\n'),
        'inline.yaml',
      ),
    );
    const tagger = new TopicTagger(agents);
    tagger.read(paper('Large language models (LLMs) based agents act.', ''));
    expect(tagger.scores(WEIGHTS)[0]!.map((score) => score.slug)).toEqual(['agents', 'models']);
  });

  it('never matches the fallback topic’s terms', () => {
    expect(signalled('Machine learning is everywhere. Machine learning is fun.')).toEqual([]);
  });
});

describe('where a term occurs', () => {
  it('weighs a term in the contribution statement above the same term in related work', () => {
    const inStatement = 'Robots are useful. We propose an offline RL method for robots.';
    const inRelatedWork = 'Prior methods use offline RL for robots. We study robots.';
    expect(scoreOf(inStatement, 'reinforcement-learning')).toBeGreaterThan(
      5 * scoreOf(inRelatedWork, 'reinforcement-learning'),
    );
    expect(tags(inStatement, NO_FALLBACK)).toEqual(['reinforcement-learning']);
    expect(tags(inRelatedWork, NO_FALLBACK)).toEqual(['other']);
  });

  it('tags what the abstract is about, not a passing mention', () => {
    const text =
      'Offline reinforcement learning trains agents from logged data. ' +
      'We propose a new offline RL algorithm. ' +
      'Unlike large language models, it needs no text.';
    expect(tags(text)).toEqual(['reinforcement-learning']);
  });

  it('counts the title and later mentions of a self-described name', () => {
    const text =
      'We introduce FooBench, a benchmark for quantization. FooBench has ten tasks. FooBench is hard.';
    const bench = compileTopics(
      parseTaxonomy(
        [
          'topics:',
          '  - { slug: benchmarks, label: Benchmarks, description: B., terms: [benchmark] }',
          '  - { slug: quantization, label: Quantization, description: Q., terms: ["quantiz*"] }',
        ].join('\n'),
        'inline.yaml',
      ),
    );
    const tagger = new TopicTagger(bench);
    tagger.read(paper(text, 'FooBench'));
    const [first] = tagger.scores(WEIGHTS)[0]!;
    expect(first).toMatchObject({ slug: 'benchmarks', mentions: 3 });
  });

  it('counts a phrase term’s head noun, used alone later, as a mention of the phrase', () => {
    const agents = compileTopics(
      parseTaxonomy(
        [
          'topics:',
          '  - { slug: agents, label: Agents, description: A., terms: [LLM agent] }',
          '  - { slug: models, label: Models, description: M., terms: [language model] }',
        ].join('\n'),
        'inline.yaml',
      ),
    );
    const mentions = (text: string, slug: string) => {
      const tagger = new TopicTagger(agents);
      tagger.read(paper(text, ''));
      return tagger.scores(WEIGHTS)[0]!.find((score) => score.slug === slug)?.mentions ?? 0;
    };
    const text = 'LLM agents act. The agents plan. Agents call tools. A language model is a model.';
    expect(mentions(text, 'agents')).toBe(3);
    // "agents" before any LLM agent refers to nothing yet; "model" is generic and never counts.
    expect(mentions('Agents act. LLM agents plan.', 'agents')).toBe(1);
    expect(mentions(text, 'models')).toBe(1);
  });
});

describe('what an abstract says about its own subject', () => {
  const mentionsOf = (text: string, slug: string, weights = WEIGHTS) => {
    const tagger = new TopicTagger(matcher);
    tagger.read(paper(text, ''));
    return tagger.scores(weights)[0]!.find((score) => score.slug === slug)?.mentions ?? 0;
  };

  it('counts later uses of an acronym the abstract defines for a phrase term', () => {
    const meta = compileTopics(
      parseTaxonomy(
        'topics:\n  - { slug: meta, label: Meta, description: M., terms: [meta-reinforcement learning] }\n',
        'inline.yaml',
      ),
    );
    const tagger = new TopicTagger(meta);
    tagger.read(paper('We study meta-reinforcement learning (MRL). MRL adapts. We test MRL.', ''));
    expect(tagger.scores(WEIGHTS)[0]![0]).toMatchObject({ slug: 'meta', mentions: 3 });
  });

  it('does not count an acronym the phrase does not spell: it names something longer', () => {
    // PLM is a "pretrained language model", more than the term "language model".
    const text = 'We study pretrained language models (PLMs). PLMs are big. PLMs are slow.';
    expect(mentionsOf(text, 'large-language-models')).toBe(1);
  });

  it('does not take a gap the paper fills for related work', () => {
    const gap =
      'While robots are common, offline RL for robots remains largely unexplored. We study robots.';
    const related = 'While robots are common, prior works use offline RL. We study robots.';
    expect(scoreOf(gap, 'reinforcement-learning')).toBeGreaterThan(
      scoreOf(related, 'reinforcement-learning'),
    );
    // "are open-source" says nothing is missing: still related work.
    expect(
      scoreOf(
        'Unlike us, offline RL models are open-source. We study robots.',
        'reinforcement-learning',
      ),
    ).toBe(
      scoreOf(
        'Unlike us, offline RL models are closed. We study robots.',
        'reinforcement-learning',
      ),
    );
  });

  it('weighs what the main statement says the paper makes above the rest of that sentence', () => {
    const weights = { ...WEIGHTS, object: 2, mainStatement: 0.5 };
    const score = (text: string) => {
      const tagger = new TopicTagger(matcher);
      tagger.read(paper(text, ''));
      return tagger.scores(weights)[0]!.find((s) => s.slug === 'large-language-models')!.score;
    };
    const inObject = score('We propose an RL planner for large language models, which is fast.');
    const after = score('We propose an RL planner, which is fast on large language models.');
    expect(inObject).toBeCloseTo(4 * after);
    // A second verb of the same statement names a second thing the paper makes.
    const coordinated = score(
      'We propose an RL planner, which is fast, and present large language models.',
    );
    expect(coordinated).toBeCloseTo(inObject);
  });
});

describe('how specific a term is', () => {
  it('weighs a term most papers of the corpus use less than a rare one', () => {
    const tagger = new TopicTagger(matcher);
    for (let i = 0; i < 40; i++) {
      tagger.read(paper(`Paper ${i} compares with a large language model. It is fast.`));
    }
    tagger.read(paper('Reinforcement learning is hard. A large language model is big.'));
    const [scores] = tagger.scores(WEIGHTS).slice(-1);
    const rl = scores!.find((s) => s.slug === 'reinforcement-learning')!.score;
    const llm = scores!.find((s) => s.slug === 'large-language-models')!.score;
    expect(rl).toBeGreaterThan(1.5 * llm);
  });

  it('weighs a lone word less than a phrase or an acronym', () => {
    const words = compileTopics(
      parseTaxonomy(
        'topics:\n  - { slug: graphs, label: Graphs, description: G., terms: [graph, GNN] }\n',
        'inline.yaml',
      ),
    );
    const score = (text: string) => {
      const tagger = new TopicTagger(words);
      tagger.read(paper(text, ''));
      return tagger.scores(WEIGHTS)[0]![0]!.score;
    };
    expect(score('It is a graph.')).toBeCloseTo(score('It is a GNN.') * WEIGHTS.singleWord);
  });
});

describe('which topics become tags', () => {
  it('puts the main topic first: contribution and title outweigh body mentions', () => {
    const text =
      'We propose a new offline RL algorithm. ' +
      'It runs on a large language model. The large language model is frozen. ' +
      'A large language model is cheap.';
    expect(tags(text, WEIGHTS, 'Offline RL')).toEqual([
      'reinforcement-learning',
      'large-language-models',
    ]);
  });

  it(`gives at most ${MAX_TAGS} tags`, () => {
    const many = loadTaxonomy('content/taxonomy.yaml');
    const text =
      'We propose reinforcement learning with graph neural networks for protein molecules in images. ' +
      'Reinforcement learning, graph neural networks, proteins, molecules and image segmentation. ' +
      'Reinforcement learning on graph neural networks of molecules in images of proteins.';
    expect(assignTopics(paper(text), many, undefined, WEIGHTS)).toHaveLength(MAX_TAGS);
  });

  it('falls back to the topic whose description the abstract resembles', () => {
    // No term of any topic; the words of the RL topic's description ("learn from reward").
    const text = 'Agents learn from reward. Reward comes late, so the agents learn slowly.';
    expect(signalled(text)).toEqual([]);
    expect(tags(text)).toEqual(['reinforcement-learning']);
    expect(tags(text, NO_FALLBACK)).toEqual(['other']);
  });

  it('falls back to the topic of confidently tagged papers that share its words', () => {
    const tagger = new TopicTagger(matcher);
    for (let i = 0; i < 5; i++) {
      tagger.read(
        paper(
          `We propose offline RL method ${i} for gridworld mazes. Offline RL solves gridworld.`,
        ),
      );
    }
    tagger.read(paper('We solve gridworld mazes quickly. Gridworld mazes are small.'));
    expect(tagger.tags(WEIGHTS).at(-1)).toEqual(['reinforcement-learning']);
  });

  it('uses `other` only when even the closest topic is not similar', () => {
    expect(tags('We study sorting. It is quick.')).toEqual(['other']);
  });

  it('tags nothing when nothing fits and the taxonomy has no fallback topic', () => {
    const withoutOther = compileTopics(
      parseTaxonomy(
        'topics:\n  - slug: graphs\n    label: Graphs\n    description: Graphs.\n    terms: [graph]\n',
        'inline.yaml',
      ),
    );
    expect(assignTopics(paper('We study sorting.'), withoutOther, undefined, WEIGHTS)).toEqual([]);
  });
});

describe('editing the taxonomy', () => {
  it('changes the tags on the next run', () => {
    const text = 'We prune graph neural networks. Pruned graph neural networks are fast.';
    const before = parseTaxonomy(
      'topics:\n  - { slug: other, label: Other, description: O., terms: [x] }\n',
      'before.yaml',
    );
    const after = parseTaxonomy(
      'topics:\n  - { slug: graphs, label: Graphs, description: G., terms: [graph neural network] }\n' +
        '  - { slug: other, label: Other, description: O., terms: [x] }\n',
      'after.yaml',
    );
    expect(assignTopics(paper(text), before, undefined, WEIGHTS)).toEqual(['other']);
    expect(assignTopics(paper(text), after, undefined, WEIGHTS)).toEqual(['graphs']);
  });
});
