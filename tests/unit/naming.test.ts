import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describePaper,
  MAX_SUMMARY_LENGTH,
  MAX_TITLE_LENGTH,
  titleCandidates,
} from '../../src/lib/ingest/naming/describe';
import { fitToLength } from '../../src/lib/ingest/naming/fit';
import { gerundForm } from '../../src/lib/ingest/naming/headline';
import { toSummary } from '../../src/lib/ingest/naming/summary';
import { tagText } from '../../src/lib/text/nlp';
import { splitSentences } from '../../src/lib/text/sentences';
import { contentKeySet } from '../../src/lib/text/terms';
import { expectHeadline } from '../support/headline';

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

  it('is a short form whose letters a capitalised long form with connectives spells', () => {
    const named = (object: string) =>
      describePaper(
        'Aligned corpora are scarce. To handle this problem, this paper proposes ' +
          `${object}, a two-step approach to construct multi-way aligned corpus from bilingual ` +
          'data. Experiments show that the approach improves translation quality.',
      ).name;
    expect(named('“Extract and Generate” (EAG)')).toBe('EAG');
    expect(named('Extract and Generate (EAG)')).toBe('EAG');
    // The letters do not spell the long form: no definition, so no name.
    expect(named('Extract and Generate (QZX)')).toBeNull();
    // A lower-case long form names a concept of the field, not a coinage.
    expect(named('the learning to rank (LTR) method')).toBeNull();
    // A list joined by commas, spelled by the short form.
    expect(
      describePaper(
        'We introduce the Adaptive Skills, Adaptive Partitions (ASAP) framework that learns ' +
          'skills and where to apply them. We prove that ASAP converges to a local optimum.',
      ).name,
    ).toBe('ASAP');
  });

  it('is not the name of something the authors "also" made before their main contribution', () => {
    const { name } = describePaper(
      'Numerical reasoning over knowledge bases remains unexplored. We also design a logic form ' +
        'called PyQL to represent the reasoning process. To facilitate research, we present a ' +
        'large dataset called MarkQA. Each question in MarkQA comes with a PyQL program, and ' +
        'MarkQA proves hard for current methods.',
    );
    expect(name).toBe('MarkQA');
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

  it('finds a name the authors give with "we call", "we term", "our method, X," or "we are introducing"', () => {
    const name = (text: string) => describePaper(text).name;
    expect(
      name('We propose a new way of training samplers, which we call FlowMix. FlowMix is fast.'),
    ).toBe('FlowMix');
    expect(name('We propose a router for mixtures of experts; we call it RouteNet.')).toBe(
      'RouteNet',
    );
    expect(
      name('We term our approach Sparse Routing Networks (SpaRN). SpaRN beats dense models.'),
    ).toBe('SpaRN');
    expect(
      name(
        'Sorting is slow. Our algorithm, QuickSortX, only needs two passes. QuickSortX is fast.',
      ),
    ).toBe('QuickSortX');
    expect(
      name('We are introducing TaskBench, a benchmark of chores. TaskBench is hard for agents.'),
    ).toBe('TaskBench');
    expect(
      name(
        'We propose a framework called Hierarchical Memory Tracking for Dialogue Agents ' +
          '(HiMeT). HiMeT keeps a tree of memories.',
      ),
    ).toBe('HiMeT');
  });

  it('takes a name the main statement gives by a naming word, though said once and late', () => {
    const name = (text: string) => describePaper(text).name;
    const background =
      'Samplers are slow on long chains. We consider learning them from partial traces. ' +
      'We show that the chain can be recovered from such traces. ';
    expect(
      name(
        `${background}Based on this, we propose a new way of training samplers, which we call FlowMix.`,
      ),
    ).toBe('FlowMix');
    // Named in passing, by a side statement: not the paper's name.
    expect(
      name(`${background}We propose a sampler for long chains. We also use a tool called FastLog.`),
    ).toBeNull();
    // Without a naming word, a name said once after other statements is not enough.
    expect(
      name(`${background}Based on this, we propose FlowMix, a way of training samplers.`),
    ).toBeNull();
  });

  it('does not take a word the authors call by its usual name for a name', () => {
    const name = (text: string) => describePaper(text).name;
    expect(name('We call this setting offline learning, and study it in depth.')).toBeNull();
    expect(name('Our results, though preliminary, show that pruning helps.')).toBeNull();
  });

  it('accepts a capitalised word only where the abstract introduces it as a name', () => {
    expect(
      describePaper('We propose Legato, a new end-to-end model for music recognition.').name,
    ).toBe('Legato');
    expect(
      describePaper('We propose Bayesian optimisation for tuning robot controllers.').name,
    ).toBeNull();
  });

  it('accepts what the authors name outright, or name in brackets and mention again', () => {
    // "called" makes an acronym with a lower-case long form the authors' own, not the field's.
    expect(
      describePaper(
        'Bandits are hard. We propose a new algorithm called stochastically dominant confidence ' +
          'bound (SDCB) that estimates reward distributions. SDCB achieves low regret.',
      ).name,
    ).toBe('SDCB');
    const quartz = (again: string) =>
      describePaper(
        'Optimization is key. We propose and analyze a novel primal-dual method (Quartz) which ' +
          `samples a random subset of dual variables. ${again}`,
      ).name;
    expect(quartz('Quartz converges linearly.')).toBe('Quartz');
    expect(quartz('It converges linearly.')).toBeNull();
  });

  it('finds a name set beside what the authors made, however briefly introduced', () => {
    const name = (text: string) => describePaper(text).name;
    // Between commas after "our …", said once and outside any contribution statement.
    expect(
      name(
        'Poems are hard to translate. We propose to align verses by meter. Our system, ' +
          'VerseAlign, scores each candidate line against the source meter.',
      ),
    ).toBe('VerseAlign');
    expect(
      name(
        'Scans are noisy. To read them, we present our model, OCRIX, which is pre-trained on ' +
          'synthetic pages before tuning on archives.',
      ),
    ).toBe('OCRIX');
    // "which we refer to as X".
    expect(
      name(
        'Tokenisers split compounds badly. We introduce a splitter for compounds, which we ' +
          'refer to as SplitKit, trained on data in forty languages.',
      ),
    ).toBe('SplitKit');
    // The object of the main making verb, introduced by what it is.
    expect(
      name(
        'We explore how models invent research ideas. Prior work predicts links. We present ' +
          'IdeaForge, a modeling framework that retrieves inspirations from past papers.',
      ),
    ).toBe('IdeaForge');
    // The object's head noun, then the name it goes by.
    expect(
      name(
        'Support chats need empathy. We propose a novel dialogue model HEARTS, which first ' +
          'infers the user state and then picks a strategy.',
      ),
    ).toBe('HEARTS');
  });

  it("names one kind of thing in the singular and is never a ratio, a phrase or a field's term", () => {
    const name = (text: string) => describePaper(text).name;
    expect(
      name(
        'We propose Sparse Routing Networks (SRNs), which route tokens to experts. SRNs are fast.',
      ),
    ).toBe('SRN');
    expect(
      name(
        'Online selection is hard. We present simple 1/e - selectable greedy schemes for ' +
          'partition matroids. No better ratio than 1/e is possible.',
      ),
    ).toBeNull();
    expect(
      name(
        'Group chats need empathy. We address this by proposing a novel task called Group ' +
          'Empathetic Response Ranking in this study.',
      ),
    ).toBeNull();
    // A plain word before the field's acronym is a kind of method, not a coinage ("e-SNLI" is).
    expect(name('We propose a batch-RL framework for dialogue policy learning.')).toBeNull();
    expect(name('We introduce e-SNLI, a dataset of natural language explanations.')).toBe('e-SNLI');
  });

  it('is never a model the authors only use, list or describe by kind', () => {
    const name = (text: string) => describePaper(text).name;
    expect(
      name('Dialogue is hard. We fine-tune our model, GPT-4, on medical dialogues.'),
    ).toBeNull();
    expect(name('In our experiments, ImageNet, CIFAR-10, and SVHN are used.')).toBeNull();
    expect(
      name('We propose a novel GNN, which aggregates neighbours over long ranges.'),
    ).toBeNull();
    expect(
      name('We introduce a benchmark comparing GPT-4, Claude, and Gemini on math.'),
    ).toBeNull();
    expect(
      name(
        'We propose ETAP (Ensemble Task Affinity Predictor), and compare it with our baseline, ' +
          'BERT, on GLUE.',
      ),
    ).toBe('ETAP');
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
    expect(title).toMatch(/^DroPE: .*Positional Embeddings/);
  });
});

describe('the title', () => {
  const candidates = (text: string) => titleCandidates(tagText(text)).candidates.map((c) => c.text);

  it('says what the paper makes in an "A: B" title, though its phrase is three words', () => {
    // Too short to stand alone as a title, long enough to be one half of a pair.
    const text =
      'We study sparse reward exploration in robotic manipulation. We propose contrastive state ' +
      'embeddings. Contrastive state embeddings improve sample efficiency on robotic ' +
      'manipulation benchmarks.';
    expect(candidates(text)).toContainEqual(
      expect.stringMatching(/^[^:]+: Contrastive state embeddings$/),
    );
    expect(describePaper(text).title).toMatch(/contrastive state embeddings/i);
  });

  it('is never headed by words the abstract negates inside a longer phrase', () => {
    // "bypasses direct value function estimation": the title may not be headed by "Value
    // function estimation", though the negated phrase the chunker read is longer.
    const cases = [
      [
        'Our approach bypasses direct value function estimation. We propose value function ' +
          'estimation for sparse reward tasks via learned successor features. Value function ' +
          'estimation for sparse reward tasks improves sample efficiency on hard exploration ' +
          'benchmarks.',
        /^value function estimation/i,
      ],
      [
        'We avoid costly exact kernel ridge regression. We introduce kernel ridge regression ' +
          'with random features for large scale spatial data. Kernel ridge regression with ' +
          'random features scales to millions of points.',
        /^kernel ridge regression/i,
      ],
    ] as const;
    for (const [text, head] of cases) {
      const { title } = describePaper(text);
      expect(title).not.toMatch(head);
      expect(title.split(' ').length).toBeGreaterThanOrEqual(3);
    }
  });

  it('is never a phrase cut inside a noun group the tagger split', () => {
    // Before "or scale-invariant kernels", "(n) cost", "the observed data distribution".
    expect(
      candidates(
        'We give a spectral characterization of shift-invariant or scale-invariant kernels.',
      ),
    ).not.toContainEqual(expect.stringMatching(/shift-invariant$/));
    expect(
      candidates(
        'We prove the existence of a sampling algorithm achieving O(n) cost in high dimensions.',
      ),
    ).not.toContainEqual(expect.stringMatching(/ O$/));
    expect(
      candidates('We analyse a penalty formulation of perturbing the observed data distribution.'),
    ).not.toContainEqual(expect.stringMatching(/perturbing$/));
    // One head shared by two modifiers ("source and target languages"); a variable at the end.
    const aligned = candidates(
      'We align word vectors between source and target languages with few pairs.',
    );
    expect(aligned).not.toContainEqual(expect.stringMatching(/source$/));
    expect(aligned).toContain('source and target languages');
    const bounded = candidates(
      'We bound the regret of learners over distributions on a compact metric space S.',
    );
    expect(bounded).not.toContainEqual(expect.stringMatching(/ S\.?$/));
    expect(bounded).toContainEqual(expect.stringMatching(/compact metric space$/));
  });

  it('never starts or ends inside a word written together with its neighbour', () => {
    // "A/B testing" is one word; "Stein's" owns what follows it.
    const found = candidates(
      'We study online A/B testing for second-price auction markets. We bound the error of ' +
        "kernel two-sample tests with respect to Stein's discrepancy measure.",
    );
    expect(found).toContain('online A/B testing for second-price auction markets');
    expect(found).not.toContainEqual(expect.stringMatching(/^B testing/));
    // An opening quote is no glue: "'semantic drift'" starts a phrase.
    expect(candidates("We study 'semantic drift' in long chat conversations.")).toContainEqual(
      expect.stringMatching(/^semantic drift/),
    );
    expect(found).not.toContainEqual(expect.stringMatching(/Stein$/));
    expect(found).toContainEqual(expect.stringMatching(/Stein's discrepancy measure$/));
  });

  it('names a named paper by what its name stands for', () => {
    const title = (text: string) => describePaper(text).title;
    expect(
      title(
        'Multi-task learning needs task groups. We propose ETAP (Ensemble Task Affinity ' +
          'Predictor), a scalable framework that predicts task affinities. ETAP improves MTL.',
      ),
    ).toBe('ETAP: Ensemble Task Affinity Predictor');
    // The noun after the brackets is what the paper made of the kind the long form names.
    expect(
      title(
        'Retrieval misses implicit facts. We propose a Hint-Guided Decoding (HGD) framework ' +
          'that writes hints before answers. HGD improves accuracy on reasoning questions.',
      ),
    ).toBe('HGD: Hint-Guided Decoding framework');
    // Capitals that only spell the name are undone; a long form that is no noun phrase is no title.
    expect(
      title(
        'Knowledge graphs grow. We propose an INductive knowledge GRAph eMbedding method (InGram) ' +
          'that embeds new relations. InGram outperforms baselines.',
      ),
    ).toBe('InGram: Inductive knowledge Graph embedding method');
    expect(
      title(
        'Translation needs data. This paper proposes “Extract and Generate” (EAG), a two-step ' +
          'approach to construct a multi-way aligned corpus. EAG helps.',
      ),
    ).not.toMatch(/Generate$/);
  });

  it('may be a phrase that a relative clause goes on to describe', () => {
    // "a … framework that separates…": the relative clause does not leave the phrase unfinished,
    // as "the assumption that the data…" does.
    const found = candidates(
      'We introduce a latent plug-and-play diffusion framework that separates the observation ' +
        'and denoising space. We rest on the assumption that the data are independent.',
    );
    expect(found).toContain('latent plug-and-play diffusion framework');
    expect(found).not.toContainEqual(expect.stringMatching(/assumption$/));
  });

  it('is never a clause the tagger read as a noun phrase', () => {
    const title = (text: string) => describePaper(text).title;
    // "that augments", "can select", "approach battles", "are equivalent to": verbs and a predicate
    // adjective that the tagger reads as nouns, each of which once led a title.
    expect(
      title(
        'Neural networks are vulnerable to adversarial examples. We provide a training procedure ' +
          'that augments model parameter updates with worst-case perturbations of training data.',
      ),
    ).not.toMatch(/^Augments/);
    expect(
      title(
        'Random features approximate kernels. For the angular kernel, we show that we can select ' +
          'matrices yielding guaranteed improved performance in accuracy.',
      ),
    ).not.toMatch(/^Select/);
    expect(
      title(
        'Labels are scarce in new domains. Our approach battles domain shift with a domain ' +
          'adversarial loss and generalizes the embedding to novel tasks.',
      ),
    ).not.toMatch(/battles/i);
    // A name opening a clause is its subject ("Quill drafts…"), and "and" joins a second verb.
    const clause = candidates(
      'Quill drafts molecule graphs from text and ranks candidate molecules by a learned score.',
    );
    expect(clause).not.toContainEqual(expect.stringMatching(/drafts|ranks/));
    expect(clause).toContain('molecule graphs from text');
    // A plural noun modifies no noun: "these conditions displays…" has a verb.
    const displays = candidates(
      'The loss under these conditions displays useful geometrical properties.',
    );
    expect(displays).not.toContainEqual(expect.stringMatching(/displays/));
    expect(displays).toContain('useful geometrical properties');
    // …but a plural noun inside a phrase is a modifier: "a sports events dataset".
    expect(candidates('We release a sports events dataset for commentary generation.')).toContain(
      'sports events dataset for commentary generation',
    );
    expect(
      candidates(
        'We show that the parameter updates obtained by these algorithms are equivalent to the ' +
          'state update equations in the iterative Kalman filters.',
      ),
    ).not.toContainEqual(expect.stringMatching(/^equivalent/i));
  });

  it('never starts with an infinitive whose spelling looks like a participle', () => {
    const found = candidates(
      'Graph embedding aims to embed attributed graphs into low dimensional spaces. ' +
        'Speech models need to shed redundant frames.',
    );
    expect(found).not.toContainEqual(expect.stringMatching(/^(?:embed|shed)\b/i));
    expect(found).toContainEqual(expect.stringMatching(/^attributed graphs/));
  });

  it('holds no bare count, which belongs to the results', () => {
    expect(
      candidates(
        'Reproducibility is hard to quantify. We apply the assessment to 18 different system ' +
          'combinations and 3.5 million test sentences from machine translation benchmarks.',
      ),
    ).not.toContainEqual(expect.stringMatching(/\b(?:18|3\.5)\b/));
  });

  it('runs across an acronym defined inside a noun group, leaving the acronym out', () => {
    const { title } = describePaper(
      'We present two new methods for inference in Gaussian process (GP) models with general ' +
        'nonlinear likelihoods. Inference is based on a variational framework where a Gaussian ' +
        'posterior is assumed. The GP models apply to non-differentiable likelihoods.',
    );
    expectHeadline(title);
    expect(title).toMatch(/Gaussian process models/i);
    expect(title).not.toContain('(GP)');
  });

  it('is "Name: what it is" when the paper names its contribution', () => {
    const { name, title } = describePaper(
      'Task grouping is costly for multi-task learning. In this paper, we propose ETAP (Ensemble ' +
        'Task Affinity Predictor), a scalable framework that integrates principled and data-driven ' +
        'estimators to predict multi-task learning performance gains. ETAP improves task grouping.',
    );
    expect(name).toBe('ETAP');
    expectHeadline(title, name);
    expect(title.toLowerCase()).toMatch(/task|multi-task|estimator|framework/);
  });

  it("without a name, is a noun phrase about what was made, not the abstract's first words", () => {
    const text =
      'Single-cell RNA sequencing enables the study of cellular heterogeneity. Clustering remains ' +
      'hard. We introduce a latent plug-and-play diffusion framework that separates the ' +
      'observation and denoising space. The diffusion framework improves clustering accuracy.';
    const { name, title } = describePaper(text);
    expect(name).toBeNull();
    expectHeadline(title);
    expect(title).not.toMatch(/^Single-cell RNA sequencing enables/);
    expect(title.toLowerCase()).toMatch(/diffusion|denoising/);
  });

  it.each([
    'In particular, we are interested in the statistical behavior of stochastic gradient descent. ' +
      'It is possible to characterise the behavior of stochastic gradient descent with heavy tails.',
    'Meta-learning is popular. And discuss meta-learners that perform well on few-shot ' +
      'classification benchmarks. We show that meta-learners overfit the meta-training tasks.',
    'Training is unstable. To address these issues, we increase the batch size of the ' +
      'contrastive learning objective and show that larger batches stabilise contrastive training.',
    'Regret bounds are loose. In this paper, we define a new quantity R, called the problem ' +
      'complexity, and prove that the minimax regret of online learning with feedback graphs is ' +
      'proportional to it.',
    'We should be careful about such conclusions as evaluating LLM forecasters is hard. We identify ' +
      'temporal leakage in forecasting benchmarks for language model forecasters.',
  ])('is never a fragment or a sentence (%#)', (text) => {
    // A short abstract may offer no 4-word phrase: then a clean shorter noun phrase.
    expectHeadline(describePaper(text).title, null, 2);
  });

  it('keeps the capitals of acronyms and names as written and drops markup', () => {
    const { title } = describePaper(
      'Caches are static. This paper proposes a verified semantic cache for LLM inference on GPUs ' +
        'with $O(1)$ lookup cost and *fast* updates. The semantic cache reduces LLM inference cost.',
    );
    expectHeadline(title);
    expect(title).toMatch(/LLM|GPUs/);
    expect(title).not.toMatch(/[$*_\\]/);
  });

  it('leaves out rhetoric ("novel", "new") that real titles do not use', () => {
    const { title } = describePaper(
      'Graph coarsening loses features. We introduce a novel optimization-based framework for ' +
        'featured graph coarsening with similarity guarantees. Graph coarsening with features ' +
        'preserves spectral similarity.',
    );
    expectHeadline(title);
    expect(title).not.toMatch(/^(?:A |An )?(?:novel|new)\b/i);
  });

  describe('clause titles (the contribution clause compressed)', () => {
    const clauses = (text: string) =>
      titleCandidates(tagText(text))
        .candidates.filter((c) => c.features.clause === 1)
        .map((c) => c.text);

    it('turns "X that learns Y" into "X for learning Y", past two attachments', () => {
      const found = clauses(
        'Batch sizes are fixed. We propose a Probabilistic Numerics framework that adaptively ' +
          'changes batch sizes in active learning of Gaussian processes.',
      );
      expect(found).toContain(
        'Probabilistic Numerics framework for changing batch sizes in active learning of Gaussian processes',
      );
      for (const text of found) expectHeadline(capitalise(text));
    });

    it('drops a head of generic words: "a simple method that learns Y" gives "Learning Y"', () => {
      const found = clauses(
        'Time series are noisy. We propose a simple method that learns sparse graph structure ' +
          'from noisy time series data of brain recordings.',
      );
      expect(found).toContain(
        'learning sparse graph structure from noisy time series data of brain recordings',
      );
      expect(found).not.toContainEqual(expect.stringMatching(/^(?:simple )?method/));
    });

    it('is never headed by a phrase the abstract negates', () => {
      const found = clauses(
        'Unlike direct policy gradient estimation, we avoid variance. We study direct policy ' +
          'gradient estimation with learned baselines in continuous control tasks.',
      );
      expect(found).not.toContainEqual(expect.stringMatching(/^direct policy gradient/));
    });

    it('turns "we propose to learn Y" into "Learning Y"', () => {
      expect(
        clauses(
          'Rewards are hard to write. We propose to learn reward functions from pairwise human ' +
            'preference comparisons in robotic manipulation.',
        ),
      ).toContain(
        'learning reward functions from pairwise human preference comparisons in robotic manipulation',
      );
    });

    it('reads on past "of" attachments: "we study the convergence of X under Y in Z"', () => {
      expect(
        clauses(
          'We study the convergence of stochastic gradient descent under heavy-tailed noise in ' +
            'overparameterized neural networks.',
        ),
      ).toContain(
        'convergence of stochastic gradient descent under heavy-tailed noise in overparameterized neural networks',
      );
    });

    it('never reads a finding, nor past a comma, "which", a naming word or another clause', () => {
      expect(
        clauses('We show that gradient descent on deep linear networks converges to flat minima.'),
      ).toEqual([]);
      const found = clauses(
        'We propose a structured attention layer for long genomic sequences, which reduces memory ' +
          'use. We introduce a sampling technique called Stratified Token Dropping for protein ' +
          'language models.',
      );
      expect(found).not.toContainEqual(expect.stringMatching(/reduc|which|called|Dropping/));
      expect(found).not.toContainEqual(expect.stringMatching(/\buse$/));
      expect(
        clauses(
          'We develop a principled framework to analyze how different forms of structured ' +
            'compressibility in deep networks affect robustness.',
        ),
      ).toEqual([]);
    });
  });

  describe('combined titles ("A: B" from two sentences)', () => {
    const abstract =
      'Protein structure prediction remains costly for large complexes. We propose a sparse ' +
      'equivariant transformer with linear attention. Sparse equivariant transformers cut the ' +
      'memory of protein complex prediction by half on benchmark complexes.';

    it('pairs two of the best phrases that share no word and come from different sentences', () => {
      const { candidates } = titleCandidates(tagText(abstract));
      const combined = candidates.filter((c) => c.features.combined === 1);
      expect(combined.length).toBeGreaterThan(0);
      for (const c of combined) {
        const [a = '', b = ''] = c.text.split(': ');
        const shared = [...contentKeySet(a)].filter((k) => contentKeySet(b).has(k));
        expect(shared).toEqual([]);
        expect(b.charAt(0)).toBe(b.charAt(0).toUpperCase());
        expectHeadline(capitalise(c.text));
      }
    });

    it('is never built for a named paper: "Name: phrase" already has its colon', () => {
      const { candidates } = titleCandidates(
        tagText(
          'Protein structure prediction remains costly. We propose SpETra, a sparse equivariant ' +
            'transformer with linear attention. SpETra halves the memory of complex prediction.',
        ),
      );
      expect(candidates.filter((c) => c.features.combined === 1)).toEqual([]);
    });
  });

  it('gives the -ing form of a present-tense or base verb, and nothing for other forms', () => {
    expect(
      ['learns', 'learn', 'applies', 'maps', 'uses', 'fixes', 'ties', 'see'].map(gerundForm),
    ).toEqual([
      'learning',
      'learning',
      'applying',
      'mapping',
      'using',
      'fixing',
      'tying',
      'seeing',
    ]);
    expect(gerundForm('learned')).toBeNull();
    expect(gerundForm('Learns')).toBeNull();
  });
});

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

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
  it('adds what the title lacks: the result or how it works, never the title again', () => {
    const { title, summary } = describePaper(
      'Agents are everywhere. However, benchmarks for language agents are narrow. To address this ' +
        'gap, we introduce Toolathlon, a benchmark for language agents across 32 software ' +
        'applications. The best model solves only 38.6% of the tasks, and agents fail at long ' +
        'horizons.',
    );
    expect(title.startsWith('Toolathlon: ')).toBe(true);
    const titleKeys = contentKeySet(title);
    const summaryKeys = contentKeySet(summary);
    const repeated = [...titleKeys].filter((key) => summaryKeys.has(key)).length;
    expect(repeated / titleKeys.size).toBeLessThanOrEqual(0.5);
    expect(summary).toMatch(/\.$/);
  });

  it('is one sentence of at most 300 characters, cut at a clause boundary when long', () => {
    const long =
      'The benchmark scores models on ' +
      Array.from({ length: 12 }, (_, i) => `(${i + 1}) visual skill number ${i + 1}`).join(', ') +
      ', and more.';
    const { summary } = describePaper(
      `Benchmarks are saturated. We propose TreeBench, a diagnostic benchmark for visual grounding. ${long}`,
    );
    expect(summary.length).toBeLessThanOrEqual(MAX_SUMMARY_LENGTH);
    expect(splitSentences(summary)).toHaveLength(1);
    expect(summary).toMatch(/\.$/);
  });

  it.each([
    [
      'We adapt the cubic-regularized Newton method [Nesterov and Polyak].',
      'We adapt the cubic-regularized Newton method.',
    ],
    [
      'Our agents act in LIGHT (Urbanek et al. 2019), a text adventure game.',
      'Our agents act in LIGHT, a text adventure game.',
    ],
    [
      'We extend transformers [3, 4–6] to graphs (Smith, 2020; Jones and Lee 2021).',
      'We extend transformers to graphs.',
    ],
  ])(
    'leaves out citations, which point into papers a reader does not have: %s',
    (sentence, summary) => {
      expect(toSummary(sentence)).toBe(summary);
    },
  );

  it('is about this paper, not the field, and does not point back at a sentence it leaves out', () => {
    const { summary } = describePaper(
      'Graph neural networks have achieved state-of-the-art results on many node classification ' +
        'benchmarks. We propose SpecProp, a spectral propagation rule for heterophilous graphs. ' +
        'This rule reweights edges by their spectral signature. On six heterophilous benchmarks, ' +
        'SpecProp reduces classification error by 12% over message passing baselines.',
    );
    expect(summary).toMatch(/^On six heterophilous benchmarks, SpecProp reduces/);
  });

  it('is never a pointer to the code', () => {
    const { summary } = describePaper(
      'Sampling from diffusion models is slow. We propose LoopDiff, a sampler that reuses ' +
        'denoiser features across sampling steps. LoopDiff reuses the denoiser features of ' +
        'earlier steps for sampling. We release our code and trained weights at ' +
        'https://example.org/loopdiff.',
    );
    expect(summary).not.toMatch(/https?:/);
  });

  it('adds specific words, not a bare claim', () => {
    const { summary } = describePaper(
      'Sampling from diffusion models is slow. We propose LoopDiff, a sampler that reuses ' +
        'denoiser features across steps. We show that LoopDiff outperforms prior work. LoopDiff ' +
        'cuts network evaluations by 50% on ImageNet at equal FID.',
    );
    expect(summary).not.toBe('We show that LoopDiff outperforms prior work.');
  });

  it('drops a connective that ties it to a sentence left out', () => {
    expect(toSummary('However, our sampler halves the number of evaluations.')).toBe(
      'Our sampler halves the number of evaluations.',
    );
    expect(toSummary('In particular, we bound the regret by O(√T).')).toBe(
      'We bound the regret by O(√T).',
    );
  });

  it('keeps brackets that are no citation: [CLS], (ResNet 50), [Section 3]', () => {
    const sentence = 'We pool the [CLS] token of (ResNet 50) features as in [Section 3].';
    expect(toSummary(sentence)).toBe(sentence);
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

describe('a named paper is described by its contribution, not by the scene', () => {
  // Opening context and prior work only set the scene for what the abstract names.
  it.each([
    [
      'FoldScribe',
      'Protein function annotation assigns biological roles to newly sequenced proteins. ' +
        'Despite their success, existing methods rarely explain the predicted enzyme commission labels.',
      'In this work, we propose FoldScribe, a retrieval-free graph model that grounds each annotation in structural motifs.',
      'FoldScribe improves annotation accuracy by 12% on two benchmarks.',
    ],
    [
      'SolvAgent',
      'Chemical reaction recommendation selects proper reaction condition parameters for chemical reactions. ' +
        'Despite their success, existing methods rarely explain the rationale behind the recommended solvent and catalyst choices.',
      'In this work, we propose SolvAgent, a multi-agent system that reframes condition prediction as an evidence-based reasoning task.',
      'SolvAgent achieves 20% gains over domain-specific baselines.',
    ],
  ])('%s', (name, scene, contribution, result) => {
    const paper = describePaper(`${scene} ${contribution} ${result}`);
    expect(paper.name).toBe(name);
    expect(paper.title.startsWith(`${name}: `)).toBe(true);
    const description = paper.title.slice(name.length + 2).toLowerCase();
    for (const word of description.split(/\s+/)) expect(contribution.toLowerCase()).toContain(word);
  });
});
