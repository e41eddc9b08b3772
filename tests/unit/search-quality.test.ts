/**
 * Search quality over the seed corpus (a copy of the three seed dumps in tests/fixtures/seeds):
 * each query was written by reading the abstracts, with the paper a reader would expect. Papers are
 * identified by a phrase of their abstract, which survives changes to naming and slugs. Counts are
 * checked against the records themselves: a paper "contains" a word when one of its indexed fields
 * has the word or another form of it (same Porter stem, differing in an ending of ≤ 4 letters).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSearchIndex, textFromShards } from '../../src/lib/search/build';
import { stemmer } from 'stemmer';
import { eng as stopwords } from 'stopword';
import { SearchEngine, type SearchRequest, type SearchResults } from '../../src/lib/search/engine';
import { tokenize } from '../../src/lib/search/text';
import { ingestDumps, readDumpsDir } from '../../src/lib/pipeline';
import { loadTaxonomy } from '../../src/lib/enrich/taxonomy';
import { SEED_DUMPS } from '../support/seeds';
import type { Paper } from '../../src/lib/schema';
import { paper as inlinePaper, searcher as inlineSearcher } from './search-fixtures';

interface Case {
  query: string;
  /** A phrase only the expected paper's abstract contains. */
  phrase: string;
  /** The expected paper must rank at or above this position (1 = first). */
  within?: number;
}

const byName: Case[] = [
  { query: 'ETAP', phrase: 'Ensemble Task Affinity Predictor' },
  { query: 'SealQA', phrase: 'We introduce SealQA' },
  { query: 'Kaleidoscope', phrase: 'we propose Kaleidoscope' },
  { query: 'TreeBench', phrase: 'we propose TreeBench' },
  { query: 'KnowledgeSmith', phrase: 'proposes KnowledgeSmith' },
  { query: 'MnemoDyn', phrase: 'MnemoDyn is compute efficient' },
  { query: 'VenusX', phrase: 'This study introduces VenusX' },
  { query: 'vcache', phrase: 'This paper proposes vCache' },
  { query: 'Toolathlon', phrase: 'Tool Decathlon' },
  { query: 'JanusVLN', phrase: 'we propose JanusVLN' },
  { query: 'DroPE', phrase: 'after training (DroPE)' },
  { query: 'Legato', phrase: 'We propose Legato' },
  { query: 'HEDRA', phrase: 'Heterogeneous Event causality Disentangling' },
  { query: 'MolecularIQ', phrase: 'We introduce MolecularIQ' },
  { query: 'RobustSpring', phrase: 'we present RobustSpring' },
  { query: 'BAPO', phrase: 'Batch Adaptation Policy Optimization' },
  { query: 'ChemMAS', phrase: 'we propose ChemMAS' },
  { query: 'NegToMe', phrase: 'we propose NegToMe' },
  { query: 'DeepResearch Bench', phrase: 'we introduce DeepResearch Bench' },
  { query: 'M4PQA', phrase: 'we propose M4PQA' },
  { query: 'MR-GPTQ', phrase: 'Micro-Rotated-GPTQ' },
  { query: 'TC-Bench', phrase: 'we construct TC-Bench' },
];

const byAcronym: Case[] = [
  { query: 'VLN', phrase: 'we propose JanusVLN' },
  { query: 'MTL', phrase: 'Ensemble Task Affinity Predictor' },
  { query: 'OMR', phrase: 'We propose Legato' },
  { query: 'DPS', phrase: 'diffusion posterior sampling (DPS)' },
  { query: 'ODR', phrase: 'offline domain randomization (ODR)' },
  { query: 'EHR', phrase: 'Electronic Health Record (EHR)' },
  { query: 'TKG', phrase: 'Heterogeneous Event causality Disentangling' },
  { query: 'MCP', phrase: 'Tool Decathlon' },
  { query: 'DRMG', phrase: 'Distributionally Robust Markov Games' },
  { query: 'GDA', phrase: 'Graph domain adaptation (GDA)' },
];

const byTopic: Case[] = [
  { query: 'dataset distillation', phrase: 'the goal of dataset distillation' },
  { query: 'conformal prediction', phrase: 'We build on conformal prediction' },
  { query: 'semantic cache', phrase: 'This paper proposes vCache' },
  { query: 'federated learning', phrase: 'Federated learning (FL) is increasingly adopted' },
  { query: 'optical music recognition', phrase: 'We propose Legato' },
  { query: 'deepfake detection', phrase: 'realistic deepfakes' },
  { query: 'selective classification', phrase: 'Selective classification enhances' },
  { query: 'video object segmentation', phrase: 'We propose Segment Concept (SeC)' },
  { query: 'synaptic plasticity', phrase: 'Synaptic plasticity is a fundamental' },
  { query: 'queueing problems', phrase: 'Autoformulation is an emerging field' },
  { query: 'single-cell RNA sequencing', phrase: 'Single-cell RNA sequencing (scRNA-seq)' },
  { query: 'temporal knowledge graph', phrase: 'Heterogeneous Event causality Disentangling' },
  { query: 'pose estimation', phrase: 'Pose Prior Learner (PPL)' },
  { query: 'meta-reinforcement learning', phrase: 'meta-reinforcement learning (MRL)' },
  { query: 'protein representation learning', phrase: 'This study introduces VenusX' },
  { query: 'graph domain adaptation', phrase: 'Graph domain adaptation (GDA)' },
];

const byDeepWord: Case[] = [
  { query: 'macaque', phrase: 'anti-preferred stimuli' },
  { query: 'Hadamard', phrase: 'Micro-Rotated-GPTQ' },
  { query: 'Jaccard', phrase: 'we construct TC-Bench' },
  { query: 'logprobs', phrase: 'LLM log probabilities (logprobs)' },
  { query: 'BigQuery', phrase: 'Tool Decathlon' },
  { query: 'Wikipedia', phrase: 'machine-generated text (MGT)' },
  { query: 'levy', phrase: 'discretized Lévy processes' },
  { query: 'Neyman-Pearson', phrase: 'Selective classification enhances' },
  { query: 'Kullback-Leibler', phrase: 'Distributionally Robust Markov Games' },
  { query: 'Bradley-Terry', phrase: 'Rc-BT' },
  { query: 'Richards equation', phrase: 'We propose GMsFEM-NO' },
  { query: 'MuJoCo', phrase: 'meta-reinforcement learning (MRL)' },
  { query: 'QM9', phrase: 'molecular poses in the popular datasets' },
  { query: 'Bellman loss', phrase: 'the goal of dataset distillation' },
  { query: 'cherry-picking', phrase: 'controlled sequential social learning' },
];

const byTypo: Case[] = [
  { query: 'kaleidoscpe', phrase: 'we propose Kaleidoscope' },
  { query: 'difusion posterior', phrase: 'diffusion posterior sampling (DPS)' },
  { query: 'reinforcment lerning from human feedbak', phrase: 'Human Feedback (RLHF)' },
  { query: 'quantizaton', phrase: 'Micro-Rotated-GPTQ' },
  { query: 'federated lerning', phrase: 'Federated learning (FL) is increasingly adopted' },
  { query: 'synaptc plasticty', phrase: 'Synaptic plasticity is a fundamental' },
  { query: 'optcal flow', phrase: 'we present RobustSpring' },
  { query: 'neurosceince', phrase: 'anti-preferred stimuli' },
  { query: 'deepfak', phrase: 'realistic deepfakes' },
  { query: 'conformel predicton', phrase: 'We build on conformal prediction' },
];

const byWords: Case[] = [
  { query: 'negation vision-language models', phrase: 'we propose NegToMe' },
  { query: 'evaluating LLM forecasters', phrase: 'evaluating LLM forecasters' },
  { query: 'test case generation benchmark', phrase: 'we construct TC-Bench' },
  { query: 'social learning planner', phrase: 'controlled sequential social learning' },
  { query: 'prompt engineering text-to-image', phrase: 'VisualPrompter' },
  { query: 'hypothesis testing LLM judge', phrase: 'Noisy but Valid' },
  { query: 'cross tokenizer distillation', phrase: 'cross-tokenizer likelihood scoring' },
  {
    query: 'adversarial imitation learning reward',
    phrase: 'Adversarial Imitation Learning (AIL)',
  },
  { query: 'deep research agents', phrase: 'we introduce DeepResearch Bench' },
  { query: 'diagram perception', phrase: 'Math Blind' },
  { query: 'chemical reaction conditions', phrase: 'we propose ChemMAS' },
  { query: 'compressibility adversarial robustness', phrase: 'structured compressibility' },
  { query: 'sim-to-real domain randomization', phrase: 'offline domain randomization (ODR)' },
  { query: 'scientific paper question answering', phrase: 'we propose M4PQA' },
  { query: 'summarize uncertainty distribution over answers', phrase: 'SelfReflect metric' },
  { query: 'contrastive preference learning offline', phrase: 'contrastive preference learning' },
  { query: 'multi task grouping', phrase: 'Ensemble Task Affinity Predictor' },
  { query: 'monitoring LLM APIs', phrase: 'LLM log probabilities (logprobs)' },
  { query: 'compositional generalization', phrase: 'compositional generalization (CG)' },
  { query: 'RL data pipeline pretraining', phrase: 'Webscale-RL', within: 3 },
];

const cases = [...byName, ...byAcronym, ...byTopic, ...byDeepWord, ...byTypo, ...byWords];

let papers: Paper[] = [];
let rankOf: (query: string, phrase: string) => number;
let search: (request: SearchRequest | string) => SearchResults;

beforeAll(() => {
  papers = ingestDumps(readDumpsDir(SEED_DUMPS), loadTaxonomy('content/taxonomy.yaml')).papers;
  const built = buildSearchIndex(papers);
  const engine = new SearchEngine(JSON.parse(JSON.stringify(built.index)));
  const textOf = textFromShards(built);
  search = (request) =>
    engine.search(typeof request === 'string' ? { query: request, limit: 100 } : request, textOf);
  rankOf = (query, phrase) => {
    const expected = papers.filter(
      (p) => p.plainText.includes(phrase) || p.abstract.includes(phrase),
    );
    expect(expected, `exactly one abstract contains "${phrase}"`).toHaveLength(1);
    const hits = engine.search({ query, limit: 10 }, textOf).hits;
    return hits.findIndex((h) => h.slug === expected[0]?.slug) + 1;
  };
});

describe('search quality on the seed corpus', () => {
  it('answers a query no abstract contains with no result, so a rank means a match', () => {
    expect(rankOf('zzqxjv', 'Webscale-RL')).toBe(0);
  });

  it.each(cases)('"$query" finds the paper with "$phrase"', ({ query, phrase, within = 1 }) => {
    const rank = rankOf(query, phrase);
    expect(rank, `rank of the expected paper (0: not in the top 10)`).toBeGreaterThan(0);
    expect(rank).toBeLessThanOrEqual(within);
  });
});

// ---- what the counts and notices say, checked against the records ----

/** The folded words of the fields the index holds for a paper (tag labels aside). */
function indexedWords(paper: Paper): Set<string> {
  const fields = [
    paper.plainText,
    paper.name ?? '',
    paper.title,
    ...paper.keywords,
    ...paper.acronyms.flatMap((a) => [a.short, a.long]),
    ...paper.tags,
  ];
  return new Set(fields.flatMap((field) => tokenize(field).map((t) => t.term)));
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  return i;
}

/** True when the paper has the word or another form of it (the rule of docs/search.md). */
function contains(paper: Paper, word: string): boolean {
  const words = indexedWords(paper);
  if (words.has(word)) return true;
  const stem = stemmer(word);
  return [...words].some(
    (w) => stemmer(w) === stem && Math.max(w.length, word.length) - commonPrefix(w, word) <= 4,
  );
}

/** The words a query requires: stopwords are ignored. */
const foldedWords = (query: string) =>
  tokenize(query)
    .map((t) => t.term)
    .filter((term) => !stopwords.includes(term));
const containsAll = (paper: Paper, query: string) =>
  foldedWords(query).every((word) => contains(paper, word));

/** Multi-word queries; each ends in a space, as when the reader has finished typing. */
const allWords = [
  'benchmark for video ',
  'reinforcement learning language models ',
  'evaluation benchmark dataset ',
  'large language models ',
  'offline reinforcement learning ',
  'diffusion models ',
  'vision language models ',
  'policy optimization ',
  'reward model ',
  'knowledge graph ',
  'uncertainty estimation ',
  'domain adaptation ',
  'question answering ',
  'human feedback ',
  'adversarial robustness ',
  'training data distribution ',
  'neural network training ',
  'graph neural ',
  'reasoning benchmark ',
  'text generation ',
  'state of the art results ',
  'agents tools ',
];

const typos: { query: string; correction: string }[] = [
  { query: 'reinforcment learning', correction: 'reinforcement' },
  { query: 'quantizaton', correction: 'quantization' },
  { query: 'segmentaton video', correction: 'segmentation' },
  { query: 'difusion models ', correction: 'diffusion' },
  { query: 'federated lerning ', correction: 'learning' },
  { query: 'synaptc plasticity ', correction: 'synaptic' },
  { query: 'optcal flow ', correction: 'optical' },
  { query: 'neurosceince ', correction: 'neuroscience' },
  { query: 'conformel prediction ', correction: 'conformal' },
  { query: 'kaleidoscpe ', correction: 'kaleidoscope' },
  { query: 'benchmrak ', correction: 'benchmark' },
];

describe('counts mean every word', () => {
  it('has at least 20 multi-word queries, each matching some paper', () => {
    expect(allWords.length).toBeGreaterThanOrEqual(20);
    for (const query of allWords) {
      expect(papers.filter((p) => containsAll(p, query)).length, query).toBeGreaterThan(0);
    }
  });

  it.each(allWords)('"%s": the count is the papers containing all its words', (query) => {
    const results = search(query);
    const expected = papers.filter((p) => containsAll(p, query));
    expect(results.total).toBe(expected.length);
    const some = papers.filter(
      (p) => !containsAll(p, query) && foldedWords(query).some((w) => contains(p, w)),
    );
    expect(results.partial).toBeLessThanOrEqual(some.length);
    const first = results.hits.slice(0, results.total);
    expect(first.every((hit) => hit.complete)).toBe(true);
    expect(first.map((hit) => hit.slug).sort()).toEqual(expected.map((p) => p.slug).sort());
    expect(results.hits.slice(results.total).every((hit) => !hit.complete)).toBe(true);
  });
});

describe('corrections are named', () => {
  it.each(typos)('"$query" says it searched for "$correction"', ({ query, correction }) => {
    const results = search(query);
    expect(results.corrections.map((c) => c.to)).toContain(correction);
    expect(results.total).toBeGreaterThan(0);
    const fixed = foldedWords(query).map(
      (w) => results.corrections.find((c) => c.from === w)?.to ?? w,
    );
    expect(results.total).toBe(papers.filter((p) => containsAll(p, fixed.join(' '))).length);
  });

  it('does not correct words that are in the vocabulary', () => {
    for (const query of allWords) expect(search(query).corrections, query).toEqual([]);
  });
});

describe('exact tokens, phrases and exclusions', () => {
  it('finds only the paper with an exact token, not its look-alikes (GPTQ)', () => {
    const results = search('GPTQ');
    expect(results.total).toBe(1);
    expect(results.partial).toBe(0);
    expect(results.hits[0]?.name).toBe('MR-GPTQ');
  });

  it.each(['SealQA', 'Toolathlon', 'Legato'])('finds exactly one paper for "%s"', (query) => {
    expect(search(query).total).toBe(1);
  });

  const phraseIn = (paper: Paper, phrase: string) => {
    const words = tokenize(phrase).map((t) => t.term);
    return [paper.title, paper.name ?? '', paper.plainText].some((field) => {
      const terms = tokenize(field)
        .filter((t) => !t.compound)
        .map((t) => t.term);
      return terms.some((_, i) => words.every((w, j) => terms[i + j] === w));
    });
  };

  it.each(['large language models', 'reinforcement learning', 'neural networks', 'test time'])(
    'counts "%s" in quotes as the papers with those words in a row',
    (phrase) => {
      const results = search(`"${phrase}"`);
      const expected = papers.filter((p) => phraseIn(p, phrase));
      expect(expected.length).toBeGreaterThan(0);
      expect(results.total).toBe(expected.length);
      expect(results.total).toBeLessThanOrEqual(search(`${phrase} `).total);
      const complete = results.hits.filter((h) => h.complete).map((h) => h.slug);
      expect(complete.sort()).toEqual(expected.map((p) => p.slug).sort());
    },
  );

  it.each([
    ['benchmark', 'video'],
    ['language models', 'reinforcement'],
    ['learning', 'graph'],
  ])('"%s -%s" leaves out every paper with the excluded word', (query, excluded) => {
    const results = search(`${query} -${excluded}`);
    const expected = papers.filter((p) => containsAll(p, query) && !contains(p, excluded));
    expect(results.total).toBe(expected.length);
    expect(results.total).toBeLessThan(search(`${query} `).total);
    const slugsOf = new Set(expected.map((p) => p.slug));
    expect(results.hits.slice(0, results.total).every((h) => slugsOf.has(h.slug))).toBe(true);
  });
});

/**
 * Typos as people make them (issues 33 and 35): swapped neighbours are one edit, and among equally
 * close words the one more papers use is meant. The corpus is small and inline, with the words a
 * typo could be taken for (`modules` and `modes` for `modles`, `grasp` for `grpah`).
 */
describe('typos as people make them', () => {
  const make = (text: string, title: string) => inlinePaper(text, { title, titleSource: 'given' });
  const corpus = [
    make(
      'Differential privacy for federated training with private aggregation.',
      'Private Federated Training',
    ),
    make(
      'Privileged information and privacy budgets in deployed systems.',
      'Privacy Budgets in Practice',
    ),
    make(
      'Message passing over a graph of molecules; graphs with millions of nodes.',
      'Scalable Graph Networks',
    ),
    make('Robots grasp objects from clutter with tactile feedback.', 'Learning to Grasp'),
    make(
      'Large language models and vision models trained jointly; models scale.',
      'Joint Vision Language Models',
    ),
    make(
      'Diffusion models for audio, compared with other generative models.',
      'Audio Diffusion Models',
    ),
    make('A library of reusable modules for robot control.', 'Reusable Control Modules'),
    make('Failure modes of optimisers on sharp minima.', 'Failure Modes of Optimisers'),
    make('A transformer with linear attention for long documents.', 'Linear Transformer'),
    make('Inputs are transformed by a learned warping before classification.', 'Learned Warping'),
    make(
      'Reinforcement learning from human feedback with reward models.',
      'Reinforcement Learning from Feedback',
    ),
    make('Reinforced concrete cracks detected from drone images.', 'Concrete Crack Detection'),
  ];
  const search = inlineSearcher(corpus);

  it.each([
    ['privcay', 'privacy'],
    ['grpah', 'graph'],
    ['modles', 'models'],
    ['tranformer', 'transformer'],
    ['reinforcment', 'reinforcement'],
    ['privcay budgets', 'privacy'],
    ['grpah networks ', 'graph'],
    ['diffusion modles ', 'models'],
    ['linear tranformer ', 'transformer'],
    ['reinforcment learning ', 'reinforcement'],
  ])('"%s" is read as "%s"', (query, intended) => {
    const results = search(query);
    expect(results.corrections.map((c) => c.to)).toContain(intended);
    expect(results.total).toBeGreaterThan(0);
    const first = corpus.find((p) => p.slug === results.hits[0]?.slug)!;
    expect(`${first.title} ${first.plainText}`.toLowerCase()).toContain(intended);
  });
});
