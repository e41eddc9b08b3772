/**
 * How abstracts introduce a paper's name, one rule at a time (docs/naming.md, "Name"): each rule
 * with the syntax it reads and the look-alikes it must leave alone (field acronyms, citations,
 * other people's datasets and baselines). Abstracts are written inline for the rule they test.
 */
import { describe, expect, it } from 'vitest';
import { describePaper } from '../../src/lib/ingest/naming/describe';

const name = (text: string): string | null => describePaper(text).name;

describe('a name between commas after the object of a making verb', () => {
  it('is the name of what the authors made', () => {
    expect(
      name(
        'Solving PDEs with neural networks is hard. We present a novel graph transformer ' +
          'framework, HAMLET, designed to address the challenges of solving PDEs. HAMLET scales well.',
      ),
    ).toBe('HAMLET');
    expect(
      name(
        'Using this theory, we propose a principled approach, CaRiNG, to learn causal ' +
          'representations. Experiments show that CaRiNG identifies the causal process.',
      ),
    ).toBe('CaRiNG');
  });

  it('takes a capitalised long form with the short form it spells', () => {
    expect(
      name(
        'This paper tackles the memory hurdle of long contexts by presenting a novel approach, ' +
          'Dropping In Convolutions for Long Context Compression (LoCoCo). LoCoCo uses a fixed cache.',
      ),
    ).toBe('LoCoCo');
  });

  it('is never a list, a citation or a field acronym', () => {
    expect(
      name(
        'We introduce a benchmark suite, MNIST, CIFAR-10 and SVHN, for testing robustness. ' +
          'Results show that robustness varies across MNIST and SVHN.',
      ),
    ).toBeNull();
    expect(
      name(
        'We propose a new estimator, (Smith et al.), for sparse regression. The estimator is ' +
          'consistent under mild conditions.',
      ),
    ).toBeNull();
    expect(
      name(
        'We propose a simple approach, GNN, for molecules. The GNN is trained on QM9 and the GNN ' +
          'is accurate.',
      ),
    ).toBeNull();
  });
});

describe('a lower-case long form the authors mark as new', () => {
  it('names the whole object of a making verb', () => {
    expect(
      name(
        'EEG analysis must run in real time. This paper introduces a novel graph-based residual ' +
          'state update mechanism (REST) for real-time EEG signal analysis. REST achieves a ' +
          '9-fold speed-up.',
      ),
    ).toBe('REST');
  });

  it('names the whole object of a making verb, marked new or not', () => {
    // Real abstracts name their own method this way as often as with "novel" ("we introduce
    // data-regularised environment design (DRED)."): docs/naming.md, "Eighth pass".
    expect(
      name(
        'Clustering is hard. This paper introduces a residual state update mechanism (RSUM) ' +
          'for EEG. RSUM achieves a speed-up.',
      ),
    ).toBe('RSUM');
  });

  it('is a concept of the field when it only modifies the object, or the field shares it', () => {
    expect(
      name(
        'Privacy matters. We propose a new differential privacy (DP) mechanism for counting ' +
          'queries. The mechanism is tight.',
      ),
    ).toBeNull();
    // New, but the field shares the long form: the field's concept, not the authors' name.
    expect(
      name(
        'Diverse sampling matters. We propose a novel determinantal point process (DPP) for ' +
          'recommendation. The DPP is sampled exactly.',
      ),
    ).toBeNull();
    expect(
      name(
        'We propose a novel method for principal component analysis (PCA). Our method is fast ' +
          'and outperforms PCA baselines.',
      ),
    ).toBeNull();
  });
});

describe('names the authors mark as theirs', () => {
  it('"Our method, called X," and "the proposed method X"', () => {
    expect(
      name(
        'Data inconsistencies are hard to localise. Our method, called DAGnosis, leverages ' +
          'structural interactions. DAGnosis unlocks the localization of inconsistencies.',
      ),
    ).toBe('DAGnosis');
    expect(
      name(
        'Instructions for black-box models are hard to write. In each optimization step of the ' +
          'proposed method InstructZero, a soft prompt is converted into an instruction. ' +
          'InstructZero outperforms auto-instruction methods.',
      ),
    ).toBe('InstructZero');
  });

  it('"our model, dubbed X," anywhere in a sentence, but not "our model, X," after a verb of use', () => {
    expect(
      name(
        'Vision tasks need many models. We fine-tune a text-to-image diffusion model on ' +
          'instructions. Experiments demonstrate that our model, dubbed VisionDrafter, performs ' +
          'competitively with task-specific models.',
      ),
    ).toBe('VisionDrafter');
    expect(
      name(
        'Vision tasks need many models. Experiments show that we fine-tune our model, ' +
          'Qwen2, well on instructions.',
      ),
    ).toBeNull();
    // "called" also names what exists: a baseline, an earlier corpus.
    expect(
      name(
        'Retrieval is hard. We propose a new index. In our experiments, our strongest baseline, ' +
          'called ColBERTv2, is outperformed by a wide margin.',
      ),
    ).toBeNull();
  });

  it('is never a model the authors only fine-tune, nor a baseline they beat', () => {
    expect(
      name(
        'Models hallucinate. We fine-tune our model, called Qwen2, on new data. Qwen2 is ' +
          'then evaluated on three benchmarks.',
      ),
    ).toBeNull();
    expect(
      name(
        'Policy optimisation is unstable. Our agent improves over PPO-Clip and outperforms ' +
          'PPO-Clip on Atari; the proposed method PPO-Clip is unchanged otherwise.',
      ),
    ).toBeNull();
    expect(
      name(
        'Agents are evaluated on ImageNet. Our method trains on ImageNet and the proposed model ' +
          'LLM is fast; the LLM is small.',
      ),
    ).toBeNull();
  });
});

describe('a name given in the sentence after the statement that introduces it', () => {
  it('repeats the head noun of what was introduced', () => {
    expect(
      name(
        'Constrained MDPs matter. In this paper, we introduce a new policy optimization ' +
          'algorithm for constrained MDPs with the average criterion. The Average-Constrained ' +
          'Policy Optimization (ACPO) algorithm is inspired by trust region methods.',
      ),
    ).toBe('ACPO');
  });

  it('is someone else’s algorithm when the head noun is not what the authors made', () => {
    expect(
      name(
        'Sampling is slow. In this paper, we introduce a new sampler for diffusion models. The ' +
          'Proximal Policy Optimization (PPO) algorithm is widely used in fine-tuning.',
      ),
    ).toBeNull();
  });
});

describe('names written with punctuation around them', () => {
  it('drops quotes and stops at an em dash', () => {
    expect(
      name(
        'Feature selection is costly. We propose a resource-efficient feature selection ' +
          'algorithm called “GradEnFS”. Our method detects informative features.',
      ),
    ).toBe('GradEnFS');
    expect(
      name(
        'We propose a novel statistical method for testing anomalies under domain adaptation, ' +
          'which we call CAD-DA—controllable AD under DA. The CAD-DA controls the error rate.',
      ),
    ).toBe('CAD-DA');
  });

  it('reads an acronym run into a capitalised word as a name, but not capitals marking letters', () => {
    expect(
      name(
        'Precision matrices are hard to estimate. In this paper, we introduce DNNLasso, a ' +
          'diagonally non-negative graphical lasso model for matrix-variate data.',
      ),
    ).toBe('DNNLasso');
    expect(
      name(
        'Knowledge graphs grow. We propose INductive embeddings for new relations. They ' +
          'outperform baselines.',
      ),
    ).toBeNull();
  });
});

describe('"referred to as X" and "denoted as X"', () => {
  it('name what the authors made, as "called X" does', () => {
    expect(
      name(
        'Physical systems are hard to simulate. We present a novel approach, referred to as ' +
          'FluxRecNet, which serves as a general module for simulators. It is fast.',
      ),
    ).toBe('FluxRecNet');
  });

  it('leave the quotes out of a name quoted inside a bracket', () => {
    expect(
      name(
        'Mediation analysis tests many mediators. In this paper, we develop an adaptive detection ' +
          'procedure (referred to as "AMDP") to find relevant mediators. AMDP controls the FDR.',
      ),
    ).toBe('AMDP');
  });

  it('"denoted as X" alone never lets a sentence be read for a name: it mostly names symbols', () => {
    expect(
      name(
        'Training is noisy. We show that the gradient noise, denoted as Xi, is heavy-tailed, ' +
          'and that clipping helps.',
      ),
    ).toBeNull();
  });

  it('never name what others made ("the method referred to as X in [3]" is a citation)', () => {
    expect(
      name(
        'Clustering is hard. Prior work used a method, referred to as SCRAMBLE, that we ' +
          'evaluate on new data. We fine-tune SCRAMBLE on five datasets.',
      ),
    ).toBeNull();
  });
});

describe('a short form that marks its letters in the long form', () => {
  it('is the name the long form defines ("Group-Aware transFormer (GAFormer)")', () => {
    expect(
      name(
        'Timeseries lack structure. We introduce group embeddings for tokens. We then introduce ' +
          'a novel architecture, Group-Aware transFormer (GAFormer), which uses both embeddings. ' +
          'The GAFormer outperforms existing baselines.',
      ),
    ).toBe('GAFormer');
  });
});

describe('a coined name the authors make claims about', () => {
  it('reads claims such as "offers" and "converges"', () => {
    expect(
      name(
        'Humans know things. We propose a partnership with our Collaborative and Explainable ' +
          'Bayesian Optimization (CoExBO) framework. CoExBO offers a no-harm guarantee.',
      ),
    ).toBe('CoExBO');
  });

  it('may be defined in the first sentence when the authors open with their statement', () => {
    expect(
      name(
        'This work introduces reduced models based on Continuous Low Rank Adaptation (CoLoRA) ' +
          'that adapt low-rank weights in time. Because CoLoRA approximates fields locally, ' +
          'CoLoRA is well suited for scarce data.',
      ),
    ).toBe('CoLoRA');
  });

  it('is background when the first sentence is not the authors’', () => {
    expect(
      name(
        'Continuous Low Rank Adaptation (CoLoRA) is widely used for fine-tuning. We study its ' +
          'rank. We show that CoLoRA is sensitive to initialisation.',
      ),
    ).toBeNull();
  });
});

describe('a name after a colon that ends the authors’ sentence', () => {
  it('names what the sentence described, by a capitalised long form it spells', () => {
    expect(
      name(
        'Networks carry side information. In this work, we study an extension of the block ' +
          'model that integrates edge covariates: the Vectorial Edges Covariates Stochastic Block ' +
          'Model (VEC-SBM). We show that our algorithm recovers communities under the VEC-SBM.',
      ),
    ).toBe('VEC-SBM');
  });

  it('is not what the authors evaluate on, nor a name said once', () => {
    expect(
      name(
        'Agents must plan. We evaluate our planner on one suite: the Arcade Learning Environment ' +
          '(ALE). Our planner improves scores on the ALE.',
      ),
    ).toBeNull();
    expect(
      name(
        'Networks carry side information. We study an extension of the block model: the ' +
          'Vectorial Edges Covariates Stochastic Block Model (VEC-SBM). Our algorithm is optimal.',
      ),
    ).toBeNull();
  });
});

describe('a naming word after a verb of use', () => {
  it('names what the authors use, not what they make', () => {
    expect(
      name(
        'Retrieval is slow. We use a retriever called FastRet to index documents. FastRet is ' +
          'fast, and our reader improves accuracy.',
      ),
    ).toBeNull();
    expect(
      name(
        'Benchmarks are saturated. This paper introduces a novel benchmark, termed ' +
          'MLLM-as-a-Judge, to assess judges.',
      ),
    ).toBe('MLLM-as-a-Judge');
  });
});

describe('a name the sentence itself calls new, or the subject of "is proposed"', () => {
  it('names the paper’s contribution', () => {
    expect(
      name(
        'Safe exploration is hard. With a safe baseline policy, an algorithm termed as StepMix ' +
          'is proposed to balance exploitation and exploration. StepMix achieves low regret.',
      ),
    ).toBe('StepMix');
    expect(
      name(
        'Tabular data is everywhere. TabFlowX, a novel generative model for mixed-type tables, ' +
          'learns column dependencies. TabFlowX outperforms diffusion baselines.',
      ),
    ).toBe('TabFlowX');
  });

  it('keeps a longer name the making verb introduces', () => {
    expect(
      name(
        'Contrastive analysis separates factors. Here, we propose Double InfoGAN, the first GAN ' +
          'based method for contrastive analysis. Double InfoGAN yields sharp images.',
      ),
    ).toBe('Double InfoGAN');
    expect(
      name(
        'Suites are small. SuiteBenchX, the first benchmark of agent suites, covers 40 tasks. ' +
          'SuiteBenchX is hard for current agents.',
      ),
    ).toBe('SuiteBenchX');
  });

  it('is someone else’s when proposed by others before, or beaten', () => {
    expect(
      name(
        'Preference tuning is costly. GRPOx is proposed by Shao et al. for reasoning, and GRPOx ' +
          'is used widely. We study its variance.',
      ),
    ).toBeNull();
    expect(
      name(
        'Preference tuning is costly. Our method outperforms RLOOx, and RLOOx, a new baseline, ' +
          'is slower.',
      ),
    ).toBeNull();
  });
});

describe('two names joined by "and" as what the authors propose', () => {
  it('is the one the abstract says more, in the singular it uses', () => {
    expect(
      name(
        'Linear attention fails on autoregressive tasks. We propose Learned Proportions (LeaP) ' +
          'and LeaPformers. We evaluate LeaPformer on long-range tasks, where LeaPformer is fast.',
      ),
    ).toBe('LeaPformer');
  });

  it('keeps the first when the second is not said again', () => {
    expect(
      name(
        'Linear attention fails on autoregressive tasks. We propose Learned Proportions (LeaP) ' +
          'and LeaPformers. LeaP is simple.',
      ),
    ).toBe('LeaP');
  });
});

describe('a name word that starts a long form', () => {
  it('gives way to the short form the long form spells', () => {
    expect(
      name(
        'Trajectories are often incomplete. We propose the MultiScale hypergraph for Trajectory ' +
          'Imputation and Prediction (MS-TIP), a novel approach. MS-TIP imputes and predicts.',
      ),
    ).toBe('MS-TIP');
    expect(
      name(
        'Minimax problems are hard to decentralise. We propose Decentralized Recursive gradient ' +
          'descEnt Ascent Method (DREAM) for such problems. DREAM converges fast.',
      ),
    ).toBe('DREAM');
  });

  it('stays the name when the short form spells only the words after it', () => {
    expect(
      name(
        'Trajectories are often incomplete. We propose the GraphX model for Trajectory ' +
          'Imputation (TI). GraphX imputes missing points.',
      ),
    ).toBe('GraphX');
  });
});

describe('the coined identifier the evidence points to, when no pattern introduces a name', () => {
  it('is the one the authors make, repeat and define', () => {
    // "a universal and efficient … method, Best Window Selection (BWS)": no pattern reads it.
    expect(
      name(
        'Data subset selection is hard across ratios. We introduce a universal and efficient ' +
          'data subset selection method, Best Window Selection (BWS), by proposing a method to ' +
          'choose the best window subset. Our results show the superior performance of BWS.',
      ),
    ).toBe('BWS');
    expect(
      name(
        'Semi-supervised learning under imbalance is hard. In this study, we propose a novel ' +
          'approach, introducing a highly adaptable framework, designated as SimPro, which ' +
          'does not rely on assumptions. Remarkably, the SimPro framework is simple.',
      ),
    ).toBe('SimPro');
  });

  it('is never the field the authors work in, a list, or a baseline', () => {
    expect(
      name(
        'We introduce two algorithms for computing tight guarantees on the robustness of ' +
          'Bayesian Neural Networks (BNNs). Computing guarantees for BNNs is hard. Our ' +
          'algorithms search the space of BNNs for safe weights.',
      ),
    ).toBeNull();
    expect(
      name(
        'We propose a new regret minimization algorithm for sparse linear Markov decision ' +
          'processes (SMDP). The only known algorithm for SMDP needs an oracle. Our algorithm ' +
          'does not.',
      ),
    ).toBeNull();
    expect(
      name(
        'Policy optimisation is unstable. We propose a new clipping rule for policy gradients. ' +
          'Our rule is stable and outperforms PPO, and PPO needs more samples.',
      ),
    ).toBeNull();
  });

  it('is not a name said once, after the finding', () => {
    expect(
      name(
        'Model APIs change silently. We show that log probabilities can be used to monitor ' +
          'them. We introduce the TinyChange benchmark as a way to measure sensitivity.',
      ),
    ).toBeNull();
  });

  it('is the made-up name of the code when nothing else is named', () => {
    expect(
      name(
        'Transformers are costly to serve. We outline a simple scheme to quantize ' +
          'Transformer-based models to two bits. The code is available at ' +
          'https://github.com/vsingh-group/FrameQuant',
      ),
    ).toBe('FrameQuant');
    expect(
      name(
        'Language models are uncertain. We outline a simple probe of their uncertainty. The ' +
          'code is available at https://github.com/KempnerInstitute/llm_uncertainty',
      ),
    ).toBeNull();
  });
});

describe('a name the authors introduce as "us"', () => {
  it('"This motivates us to introduce X"', () => {
    expect(
      name(
        'Graph neural networks fail on signals. This motivates us to introduce the BLIS-Net ' +
          '(Bi-Lipschitz Scattering Net), a novel GNN. Our network captures both local and ' +
          'global structure, and BLIS-Net achieves superior performance.',
      ),
    ).toBe('BLIS-Net');
  });

  it('is not what someone else lets us use', () => {
    expect(
      name(
        'Graph neural networks fail on signals. This allows us to use the GNNExplainer tool. ' +
          'We show that GNNExplainer is slow.',
      ),
    ).toBeNull();
  });
});

describe('a name between commas, then the long form it abbreviates', () => {
  it('"a novel algorithm, SPEED (Structured …), that…", even with a TeX control space', () => {
    for (const space of [' ', '\\ ']) {
      expect(
        name(
          'Noise variances are unknown. We then introduce a novel algorithm, SPEED' +
            space +
            '(Structured Policy Evaluation Experimental Design), that tracks the oracle design. ' +
            'Finally, we evaluate SPEED on policy evaluation tasks.',
        ),
      ).toBe('SPEED');
    }
  });

  it('not when the bracket says something else', () => {
    expect(
      name(
        'Noise variances are unknown. We then introduce a novel algorithm, TRACK (see the ' +
          'appendix), that tracks the oracle design.',
      ),
    ).toBeNull();
  });
});

describe('a baseline is said as a whole word', () => {
  it('"algorithms like TENG-Euler" does not make TENG a baseline', () => {
    expect(
      name(
        'PDE solvers lack accuracy. In this paper, we introduce the Time-Evolving Natural ' +
          'Gradient (TENG), generalizing time-dependent variational principles. Our development ' +
          'includes algorithms like TENG-Euler. TENG achieves machine precision.',
      ),
    ).toBe('TENG');
  });

  it('"a widely used model" is no verb of use by the authors', () => {
    expect(
      name(
        'Networks carry side information. In this work, we study an extension of the Stochastic ' +
          'Block Model (SBM), a widely used model, with edge covariates: the Vectorial Edges ' +
          'Covariates Stochastic Block Model (VEC-SBM). We prove that VEC-SBM is identifiable.',
      ),
    ).toBe('VEC-SBM');
  });
});

describe('what the authors build on', () => {
  it('"We demonstrate our framework with X, a state-of-the-art…" is not their name', () => {
    expect(
      name(
        'We leverage convex optimization to develop a learning framework for neural-symbolic ' +
          'systems. We demonstrate our framework with NeuPSL, a state-of-the-art NeSy ' +
          'architecture. We propose a smooth formulation of NeuPSL inference, faster than the ' +
          'best NeuPSL inference method.',
      ),
    ).toBeNull();
  });
});

describe('what a gerund after the making verb acts on', () => {
  it('"we then propose augmenting E2M1 with…" does not make E2M1 the authors\'', () => {
    expect(
      name(
        'Low-precision formats cost accuracy. We then propose augmenting E2M1 with supernormal ' +
          'support. We discover a Pareto curve of INT4 and E2M1, and E2M1 with support is ' +
          'accurate.',
      ),
    ).toBeNull();
  });
});

describe('names the eighth pass reads (docs/naming.md, "Eighth pass")', () => {
  it('never keeps the bracket of the aside a name was given in', () => {
    expect(
      name(
        'Backdoors hide in models. This paper proposes a simple detector at the input level ' +
          '(dubbed QX-FIRE) as a filter for poisoned images. QX-FIRE is fast.',
      ),
    ).toBe('QX-FIRE');
  });

  it('reads a short form glued to the last word of its long form', () => {
    expect(
      name(
        'Detectors are large. We introduce our distillation method called Skewed Teacher ' +
          'Transfer(STT). The core idea behind STT is simple.',
      ),
    ).toBe('STT');
  });

  it('takes a name of two capitals and a word when the authors say what it is', () => {
    expect(
      name(
        'Songs are hard for machines. We present MOsaic, an instruction-tuned model for song ' +
          'understanding. We detail how its data was made.',
      ),
    ).toBe('MOsaic');
  });

  it('reads a plain long form whose short form spells all of it, after a comma or "called"', () => {
    expect(
      name(
        'Graphs carry structure. We propose a new framework, edge weighted message network ' +
          '(EWMN). EWMN uses the structure of the graph.',
      ),
    ).toBe('EWMN');
    expect(
      name(
        'Fusion is costly. We propose a novel model called cross- and self-gated network ' +
          '(CSGNet), which fuses two streams. CSGNet is small.',
      ),
    ).toBe('CSGNet');
    // Not when the letters do not spell it.
    expect(
      name(
        'Fusion is costly. We propose a new framework, gated fusion network (ZQX). It is small.',
      ),
    ).toBeNull();
  });

  it('takes a name between commas after a one-word object, or closing the sentence', () => {
    expect(
      name(
        'Fair representations matter. We introduce a method, KT-Fair-B, to learn them with ' +
          'two-sample tests. It is simple.',
      ),
    ).toBe('KT-Fair-B');
    expect(
      name(
        'Segmentation on phones is slow. We propose a fast anchor-free segmentation approach ' +
          'SwiftCut. It runs in real time.',
      ),
    ).toBe('SwiftCut');
  });

  it('takes the one coined name introduced by what it is, though no statement leads to it', () => {
    expect(
      name(
        'Video models are costly. To resolve this, we exploit redundancy among patches and ' +
          'propose PEAKVID, a surprisingly efficient approach that drops uninformative tokens. ' +
          'Experiments confirm large savings.',
      ),
    ).toBe('PEAKVID');
    expect(
      name(
        'Small models matter on devices. Using deep and thin architectures, we propose a ' +
          'strong baseline network denoted as PocketLM, which improves accuracy.',
      ),
    ).toBe('PocketLM');
  });
});

describe('names said before the authors speak', () => {
  it('never name a field acronym the opening sentence defined in the plural', () => {
    expect(
      name(
        'Decentralized partially observable Markov decision processes (Dec-POMDPs) formalize ' +
          'control of agent teams. In this paper, we show that this approach can be adapted to ' +
          'cases where only a simulator of the Dec-POMDP is available. The Dec-POMDP is solved faster.',
      ),
    ).toBeNull();
  });
});

describe('a name given by a naming word', () => {
  it('wins over an acronym spelled out inside the object it names', () => {
    expect(
      name(
        'Agents that follow text instructions are hard to build. This work introduces an ' +
          'instruction-tuned Video Pretraining (VPT) model for Minecraft called STEVE-1, trained ' +
          'in two steps. STEVE-1 adapts the pretrained VPT model to commands. STEVE-1 sets a new bar.',
      ),
    ).toBe('STEVE-1');
  });
});
