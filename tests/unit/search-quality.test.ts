/**
 * Search quality over the seed corpus: each query was written by reading the abstracts in
 * tests/fixtures/seeds (a copy of the seed dumps), with the paper a reader would expect. Papers are identified by a phrase of their
 * abstract, which survives changes to naming and slugs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSearchIndex, textFromShards } from '../../src/lib/search/build';
import { SearchEngine } from '../../src/lib/search/engine';
import { ingestDumps, readDumpsDir } from '../../src/lib/pipeline';
import { loadTaxonomy } from '../../src/lib/enrich/taxonomy';
import { SEED_DUMPS } from '../support/seeds';
import type { Paper } from '../../src/lib/schema';

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

beforeAll(() => {
  papers = ingestDumps(readDumpsDir(SEED_DUMPS), loadTaxonomy('content/taxonomy.yaml')).papers;
  const built = buildSearchIndex(papers);
  const engine = new SearchEngine(JSON.parse(JSON.stringify(built.index)));
  const textOf = textFromShards(built);
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
