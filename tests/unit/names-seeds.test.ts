/**
 * The spec table: every seed abstract's name, decided by reading the abstract (not by running the
 * code), checked through the real ingest. Rules and the reasoning behind the harder calls are in
 * docs/naming.md.
 */
import { describe, expect, it } from 'vitest';
import { ingestDumps, readDumpsDir } from '../../src/lib/pipeline';
import { MAX_SUMMARY_LENGTH, MAX_TITLE_LENGTH } from '../../src/lib/ingest/naming/describe';
import { TaxonomySchema, type Paper } from '../../src/lib/schema';
import { splitSentences } from '../../src/lib/text/sentences';
import { SEED_DUMPS } from '../support/seeds';
import { expectHeadline } from '../support/headline';

const A = '000_42c2417e74d889fe.txt';
const B = '002_4a96b510ebbfc979.txt';
const C = '004_353feb405dc4a4d5.txt';

/** (dump, 1-based abstract index) → the paper's own name, or null when it names nothing of its own. */
const EXPECTED_NAMES: Record<string, Record<number, string | null>> = {
  [A]: {
    1: null, // "a novel approach based on contrastive preference learning"
    2: null, // "a latent plug-and-play diffusion framework"
    3: 'TreeBench', // introduced first; TreeVGR is the "furthermore"; OpenAI-o3 is only evaluated
    4: null, // "an efficient dataset distillation algorithm"
    5: null, // "a framework for robust UQ"; PCP is prior work, UI a secondary "furthermore" method
    6: null, // a study of orientation bias in QM9, QMugs, OMol25 (existing datasets)
    7: 'KnowledgeSmith',
    8: 'TSM-Bench',
    9: 'MnemoDyn', // "We present a … model"; the name comes with the claims that follow
    10: 'VenusX',
    11: 'SealQA', // not SEAL-0, GPT-5 or DeepSeek-R1
    12: null, // "a principled framework to analyze…"
    13: 'Lens', // introduced first; SMEC is the "furthermore"; Qwen2.5-VL etc. are evaluated
    14: 'vCache',
    15: null, // "a statistical benchmark for DPS algorithms"
    16: 'Kaleidoscope',
    17: 'MR-GPTQ', // the defined short form of Micro-Rotated-GPTQ; MXFP4/NVFP4 are studied formats
    18: null, // a position paper
    19: 'Toolathlon', // "the Tool Decathlon (dubbed as Toolathlon)"
  },
  [B]: {
    1: 'ETAP',
    2: 'M4PQA', // introduced first; ExTrActor is the "furthermore"
    3: null, // "a diagnostic test suite"; "Math Blind" describes models, it names nothing
    4: null, // "a model of controlled sequential social learning"
    5: null, // "Neyman–Pearson-informed methods" are unnamed
    6: 'MolecularIQ',
    7: 'GMsFEM-NO', // GMsFEM is the existing method it builds on
    8: 'TC-Bench', // what the abstract is about; WrongSelect is a step in building it
    9: 'JanusVLN',
    10: null, // "a controlled map-navigation testbed"
    11: 'DroPE',
    12: 'ChemMAS',
    13: null, // "a two-stage approach"
    14: 'RobustSpring', // Spring is the existing dataset it corrupts
    15: 'BAPO', // not GRPO, the baseline
    16: 'Legato',
    17: 'HEDRA',
    18: null, // "a density ratio model and empirical likelihood-based framework"
    19: null, // a finding about V4 neurons; ImageBeagle is a tool released in passing
  },
  [C]: {
    1: null, // a theory of ODR (existing method); DROPO is prior work
    2: 'DeepResearch Bench',
    3: 'DAIL',
    4: 'PPL', // "named Pose Prior Learner (PPL)"
    5: null, // "a novel operator-theoretic autoformulation framework"
    6: 'Webscale-RL',
    7: 'SelfReflect',
    8: 'MMI-DD', // introduced first; SD^2 is the method trained on it
    9: 'EHR-ChatQA', // IncreQA and AdaptQA are its two flows
    10: 'Rc-BT', // what "a novel framework" is made of; Rc-RM and Rc-DPO are the "furthermore"
    11: null, // "a computational framework"
    12: 'VisualPrompter',
    13: 'MORNAVI',
    14: 'NegToMe', // the abstract is about it; CoVAND is the dataset it is trained with
    15: null, // the finding is logprob monitoring; TinyChange is a benchmark added at the end
    16: null, // "Noisy but Valid" is a quoted description, not a coined name
    17: 'SeC', // SeCVOS is its benchmark; SAM 2 is the baseline
    18: null, // "a probabilistic framework for cross-tokenizer likelihood scoring"
    19: 'SAGA', // SAD is its metric; MGDA is the problem
  },
};

/** Names do not depend on the topics; the ingest needs a valid taxonomy all the same. */
const TAXONOMY = TaxonomySchema.parse({
  topics: [{ slug: 'any', label: 'Any', description: 'Any paper.', terms: ['learning'] }],
});

const papers = ingestDumps(readDumpsDir(SEED_DUMPS), TAXONOMY).papers;

function paperAt(file: string, index: number): Paper {
  const paper = papers.find((p) => p.sources.some((s) => s.file === file && s.paragraph === index));
  if (!paper) throw new Error(`no record for ${file} #${index}`);
  return paper;
}

const cases = Object.entries(EXPECTED_NAMES).flatMap(([file, names]) =>
  Object.entries(names).map(([index, name]) => ({ file, index: Number(index), name })),
);

/** The title without its `Name: ` prefix. */
function phraseOf(paper: Paper): string {
  return paper.name ? paper.title.slice(paper.name.length + 2) : paper.title;
}

describe('the seed abstracts', () => {
  it('are all in the table, and the table names no abstract the dumps lack', () => {
    const inDumps = papers.flatMap((p) => p.sources.map((s) => `${s.file} #${s.paragraph}`));
    expect(inDumps.sort()).toEqual(cases.map(({ file, index }) => `${file} #${index}`).sort());
  });

  it.each(cases)('$file #$index is named $name', ({ file, index, name }) => {
    expect(paperAt(file, index).name).toBe(name);
  });

  it.each(cases)(
    '$file #$index has a clean title and a whole summary (one sentence, or two when the second points back)',
    ({ file, index }) => {
      const paper = paperAt(file, index);
      const { title, summary, name } = paper;
      expect(title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
      expect(title).not.toMatch(/[$\\*]/);
      expect(title).not.toMatch(/[.,;:]$/);
      if (name !== null) expect(title.startsWith(`${name}: `)).toBe(true);
      expectHeadline(title, name, 2);
      expect(phraseOf(paper)).toMatch(/^[^\p{Ll}]/u);
      expect(summary.length).toBeLessThanOrEqual(MAX_SUMMARY_LENGTH);
      expect(summary).toMatch(/\.$/);
      // Two consecutive sentences only when the second refers to the first (summary.ts).
      const sentences = splitSentences(summary);
      expect(sentences.length).toBeGreaterThanOrEqual(1);
      expect(sentences.length).toBeLessThanOrEqual(2);
    },
  );
});
