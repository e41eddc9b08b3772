/**
 * Expected topics of the seed abstracts, decided by reading each abstract before running the
 * tagger. `primary`: the first tag must be one of these. `expected`: all must be among the tags.
 * `absurd`: tags a researcher would reject, typically a topic mentioned in passing.
 * An application domain (chemistry, health) may lead when the abstract is mostly about it.
 */
import { describe, expect, it } from 'vitest';
import { loadTaxonomy } from '../../src/lib/enrich/taxonomy';
import { assignTopics, compileTopics } from '../../src/lib/enrich/topics';
import { loadSeedPapers, seedContaining } from '../fixtures/taxonomy/seed-papers';

interface Expectation {
  fragment: string;
  primary: string[];
  expected: string[];
  absurd: string[];
}

const RL = 'reinforcement-learning';
const LLM = 'large-language-models';
const CV = 'computer-vision';
const VL = 'vision-language';
const BENCH = 'benchmarks-datasets';

const TABLE: Expectation[] = [
  {
    fragment: 'contrastive preference learning',
    primary: [RL],
    expected: [RL],
    absurd: [LLM, CV, 'alignment'],
  },
  {
    fragment: 'Single-cell RNA sequencing',
    primary: ['biology-health', 'generative-models'],
    expected: ['biology-health', 'generative-models'],
    absurd: [RL, LLM, CV],
  },
  { fragment: 'TreeBench', primary: [VL], expected: [VL, BENCH], absurd: ['graph-learning', RL] },
  {
    fragment: 'dataset distillation',
    primary: ['data-centric', 'learning-theory'],
    expected: ['data-centric', 'learning-theory', RL],
    absurd: [LLM, CV],
  },
  {
    fragment: 'uncertain imputation',
    primary: ['uncertainty-statistics'],
    expected: ['uncertainty-statistics'],
    absurd: [LLM, RL, 'privacy-security'],
  },
  {
    fragment: 'QM9, QMugs',
    primary: ['chemistry-molecules'],
    expected: ['chemistry-molecules'],
    absurd: [LLM, CV, RL],
  },
  { fragment: 'KnowledgeSmith', primary: [LLM], expected: [LLM], absurd: ['graph-learning', CV] },
  {
    fragment: 'TSM-Bench',
    primary: [BENCH, 'privacy-security', 'natural-language-processing'],
    expected: [BENCH, 'natural-language-processing'],
    absurd: [CV, RL],
  },
  {
    fragment: 'MnemoDyn',
    primary: ['neuroscience'],
    expected: ['neuroscience'],
    absurd: [LLM, 'natural-language-processing'],
  },
  {
    fragment: 'VenusX',
    primary: ['biology-health', BENCH],
    expected: ['biology-health', BENCH],
    absurd: [LLM, CV],
  },
  {
    fragment: 'SealQA',
    primary: [BENCH, 'retrieval-search'],
    expected: [BENCH, 'retrieval-search'],
    absurd: [CV, 'graph-learning'],
  },
  {
    fragment: 'structured compressibility',
    primary: ['robustness-safety'],
    expected: ['robustness-safety'],
    absurd: [LLM, CV],
  },
  {
    fragment: 'we contribute Lens',
    primary: [VL, BENCH],
    expected: [VL, BENCH],
    absurd: [RL, 'graph-learning'],
  },
  {
    fragment: 'vCache',
    primary: ['efficiency-systems'],
    expected: ['efficiency-systems'],
    absurd: [CV, RL],
  },
  {
    fragment: 'diffusion posterior sampling (DPS)',
    primary: ['generative-models', BENCH],
    expected: ['generative-models', BENCH],
    absurd: [LLM, RL],
  },
  { fragment: 'Kaleidoscope', primary: [VL, BENCH], expected: [VL, BENCH], absurd: [RL, LLM] },
  {
    fragment: 'MXFP4',
    primary: ['efficiency-systems'],
    expected: ['efficiency-systems'],
    absurd: [CV, RL],
  },
  { fragment: 'LLM forecasters', primary: [LLM], expected: [LLM], absurd: [CV, RL] },
  {
    fragment: 'Toolathlon',
    primary: ['agents', BENCH],
    expected: ['agents', BENCH],
    absurd: [RL, CV],
  },
  {
    fragment: 'Ensemble Task Affinity Predictor',
    primary: ['multitask-meta-continual'],
    expected: ['multitask-meta-continual'],
    absurd: [LLM, CV, RL],
  },
  { fragment: 'M4PQA', primary: ['agents', BENCH], expected: ['agents', BENCH], absurd: [CV, RL] },
  { fragment: 'Math Blind', primary: [VL], expected: [VL], absurd: ['graph-learning', RL] },
  {
    fragment: 'sequential social learning',
    primary: ['multi-agent-game-theory'],
    expected: ['multi-agent-game-theory'],
    absurd: [CV, 'biology-health'],
  },
  {
    fragment: 'Neyman–Pearson lemma',
    primary: ['uncertainty-statistics'],
    expected: ['uncertainty-statistics', 'distribution-shift'],
    absurd: [RL, LLM],
  },
  {
    fragment: 'MolecularIQ',
    primary: ['chemistry-molecules', BENCH],
    expected: ['chemistry-molecules', BENCH],
    absurd: [CV, RL],
  },
  {
    fragment: 'GMsFEM-NO',
    primary: ['physics-pdes'],
    expected: ['physics-pdes'],
    absurd: [LLM, CV, 'generative-models'],
  },
  {
    fragment: 'WrongSelect',
    primary: ['code-generation', BENCH],
    expected: ['code-generation', BENCH],
    absurd: [RL, CV],
  },
  {
    fragment: 'JanusVLN',
    primary: [VL, 'robotics'],
    expected: [VL, 'robotics'],
    absurd: [RL, 'generative-models'],
  },
  {
    fragment: 'map of Paris',
    primary: ['distribution-shift'],
    expected: ['distribution-shift'],
    absurd: [CV, 'biology-health', RL],
  },
  { fragment: 'DroPE', primary: [LLM], expected: [LLM, 'architectures'], absurd: [CV, RL] },
  {
    fragment: 'ChemMAS',
    primary: ['chemistry-molecules'],
    expected: ['chemistry-molecules', 'agents'],
    absurd: [CV, RL, 'retrieval-search'],
  },
  {
    fragment: 'meta-reinforcement learning (MRL)',
    primary: [RL, 'multitask-meta-continual'],
    expected: [RL, 'multitask-meta-continual'],
    absurd: [LLM, CV],
  },
  {
    fragment: 'RobustSpring',
    primary: [CV, 'robustness-safety', BENCH],
    expected: [CV, 'robustness-safety', BENCH],
    absurd: [LLM, RL],
  },
  {
    fragment: 'Batch Adaptation Policy Optimization',
    primary: [RL],
    expected: [RL, LLM],
    absurd: [CV],
  },
  { fragment: 'Legato', primary: [CV, 'audio-speech'], expected: [CV], absurd: [LLM, RL] },
  {
    fragment: 'HEDRA',
    primary: ['graph-learning', 'causality'],
    expected: ['graph-learning', 'causality'],
    absurd: [CV, LLM],
  },
  {
    fragment: 'Federated learning (FL)',
    primary: ['federated-learning'],
    expected: ['federated-learning'],
    absurd: [CV, RL],
  },
  {
    fragment: 'anti-preferred',
    primary: ['neuroscience'],
    expected: ['neuroscience'],
    absurd: [LLM, RL, 'graph-learning'],
  },
  {
    fragment: 'offline domain randomization',
    primary: [RL, 'learning-theory'],
    expected: [RL, 'learning-theory'],
    absurd: [LLM, CV],
  },
  {
    fragment: 'DeepResearch Bench',
    primary: ['agents', BENCH],
    expected: ['agents', BENCH],
    absurd: [CV, RL],
  },
  { fragment: 'Adversarial Imitation Learning', primary: [RL], expected: [RL], absurd: [CV, LLM] },
  { fragment: 'Pose Prior Learner', primary: [CV], expected: [CV], absurd: [LLM, RL] },
  {
    fragment: 'Autoformulation',
    primary: [LLM, 'optimization'],
    expected: ['optimization'],
    absurd: [CV],
  },
  { fragment: 'Webscale-RL', primary: [RL, 'data-centric'], expected: [RL, LLM], absurd: [CV] },
  {
    fragment: 'SelfReflect',
    primary: [LLM, 'uncertainty-statistics'],
    expected: [LLM, 'uncertainty-statistics'],
    absurd: [CV, RL],
  },
  {
    fragment: 'MMI-DD',
    primary: ['privacy-security', CV, BENCH],
    expected: [CV, 'privacy-security'],
    absurd: [RL, LLM],
  },
  {
    fragment: 'EHR-ChatQA',
    primary: ['agents', BENCH, 'biology-health'],
    expected: ['agents', BENCH],
    absurd: [CV, RL],
  },
  { fragment: 'length bias', primary: ['alignment'], expected: ['alignment', LLM], absurd: [CV] },
  {
    fragment: 'Synaptic plasticity',
    primary: ['neuroscience'],
    expected: ['neuroscience'],
    absurd: [LLM, RL],
  },
  {
    fragment: 'VisualPrompter',
    primary: ['generative-models', VL],
    expected: ['generative-models'],
    absurd: [RL, LLM],
  },
  {
    fragment: 'MORNAVI',
    primary: ['multi-agent-game-theory', RL, 'robustness-safety'],
    expected: ['multi-agent-game-theory'],
    absurd: [CV, LLM],
  },
  { fragment: 'NegToMe', primary: [VL], expected: [VL], absurd: [RL, LLM] },
  { fragment: 'TinyChange', primary: [LLM], expected: [LLM], absurd: [CV, RL] },
  {
    fragment: 'Noisy but Valid',
    primary: ['uncertainty-statistics', LLM],
    expected: ['uncertainty-statistics', LLM],
    absurd: [CV, RL],
  },
  { fragment: 'Segment Concept (SeC)', primary: [CV, VL], expected: [CV, VL], absurd: [RL, LLM] },
  {
    fragment: 'cross-tokenizer likelihood scoring',
    primary: [LLM],
    expected: [LLM],
    absurd: [CV, RL],
  },
  {
    fragment: 'Multi-view Graph Domain Adaptation',
    primary: ['graph-learning'],
    expected: ['graph-learning', 'distribution-shift'],
    absurd: [CV, LLM],
  },
];

const matcher = compileTopics(loadTaxonomy('content/taxonomy.yaml'));
const papers = loadSeedPapers();

describe('topic tags of the seed abstracts', () => {
  it('covers every seed abstract, each once', () => {
    expect(TABLE).toHaveLength(papers.length);
    const found = new Set(TABLE.map((row) => seedContaining(papers, row.fragment).id));
    expect(found.size).toBe(papers.length);
  });

  it.each(TABLE)(
    'tags "$fragment" as a reader would',
    ({ fragment, primary, expected, absurd }) => {
      const tags = assignTopics(seedContaining(papers, fragment), matcher);
      expect(tags.length).toBeGreaterThanOrEqual(1);
      expect(tags.length).toBeLessThanOrEqual(4);
      expect(primary).toContain(tags[0]);
      expect(tags).toEqual(expect.arrayContaining(expected));
      expect(tags.filter((tag) => absurd.includes(tag))).toEqual([]);
    },
  );
});
