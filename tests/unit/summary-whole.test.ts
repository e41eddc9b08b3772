import { describe, expect, it } from 'vitest';
import { slugBase } from '../../src/lib/text/slug';
import {
  chooseWholeSummary,
  hasContentNoun,
  toSummary,
  unseenPointer,
  type SummaryCandidate,
} from '../../src/lib/ingest/naming/summary';
import { describePaper } from '../../src/lib/ingest/naming/describe';
import { analyseText } from '../../src/lib/text/terms';

const ranked = (...indices: number[]): SummaryCandidate[] =>
  indices.map((index, rank) => ({ index, score: -rank / 10 }));
/** The keys of a title's words, as the chooser compares them. */
const keys = (title: string) => new Set(analyseText(title).words.map((w) => w.key));

describe('summaries chosen whole (issue 32)', () => {
  it('needs a content noun beyond the verb and counts, and something said of it', () => {
    expect(hasContentNoun('We propose two complementary and fully automated methodologies.')).toBe(
      false,
    );
    // One noun and nothing else specific: the verb and its object's head.
    expect(hasContentNoun('We propose a sampler.')).toBe(false);
    expect(hasContentNoun('We propose a sampler for protein backbones.')).toBe(true);
    expect(hasContentNoun('We study how well LLMs can negotiate with each other.')).toBe(true);
  });

  it('finds pronouns and demonstratives with nothing before them to point at', () => {
    expect(unseenPointer('It halves the cost of sampling.', new Set())).toBe('It');
    expect(unseenPointer('We show its effectiveness on proteins.', new Set())).toBe('its');
    expect(unseenPointer('We do this by pruning proposals.', new Set())).toBe('this');
    expect(unseenPointer('We use proteins; these include enzymes.', new Set())).toBe('these');
    // Within the sentence: a noun before the pronoun.
    expect(unseenPointer('We propose a sampler and show that it is exact.', new Set())).toBeNull();
  });

  it('finds "this/these/such X" whose X is not shown', () => {
    expect(unseenPointer('We halve the cost of this strategy.', new Set())).toBe('this strategy');
    expect(unseenPointer('We solve these two fundamental limitations.', new Set())).toBe(
      'these two fundamental limitations',
    );
    expect(unseenPointer('We prove that such a sampler is exact.', new Set())).toBe(
      'such a sampler',
    );
    expect(unseenPointer('We show that the aforementioned bound is tight.', new Set())).toBe(
      'the aforementioned bound',
    );
    expect(unseenPointer('We propose a sampler; this sampler is exact.', new Set())).toBeNull();
  });

  it('passes over what points at nothing: the paper, idioms, lists, ellipses, cataphora', () => {
    expect(unseenPointer('In this paper, we bound the regret.', new Set())).toBeNull();
    expect(unseenPointer('This is the first work to bound the regret.', new Set())).toBeNull();
    expect(unseenPointer('To this end, we bound the regret.', new Set())).toBeNull();
    expect(unseenPointer('We compare samplers such as Gibbs and HMC.', new Set())).toBeNull();
    expect(unseenPointer('Our errors are lower than those of prior samplers.', new Set())).toBe(
      null,
    );
    expect(unseenPointer('Despite its simplicity, our sampler is exact.', new Set())).toBeNull();
    // "the proposed method" is the authors' own; "the proposed sampler" was named before.
    expect(unseenPointer('The proposed method halves the cost.', new Set())).toBeNull();
    expect(unseenPointer('The proposed sampler halves the cost.', new Set())).toBe(
      'The proposed sampler',
    );
  });

  it('reads a dummy "it" as standing for the clause after it, not for a noun left out', () => {
    expect(
      unseenPointer('We show that it is possible to sample backbones exactly.', new Set()),
    ).toBe(null);
    expect(unseenPointer('It remains unclear whether samplers mix.', new Set())).toBeNull();
    expect(unseenPointer('It has been shown that samplers mix.', new Set())).toBeNull();
    // A thing said before: "it is used to…", "it is akin to…".
    expect(unseenPointer('It is used to sample proteins.', new Set())).toBe('It');
    expect(unseenPointer('It is akin to learning with noise.', new Set())).toBe('It');
  });

  it('takes the title as answering a pointer only when it names the thing with the same words', () => {
    const title = keys('Smooth stationary kernels');
    expect(
      unseenPointer('We show that these kernels solve pathologies of regression.', title),
    ).toBeNull();
    expect(
      unseenPointer(
        'We show that these non-positive kernels solve pathologies of regression.',
        title,
      ),
    ).toBe('these non-positive kernels');
    // "the above X" points into the text before, never at the title.
    expect(
      unseenPointer('We lift the above limitation.', keys('Limitation of early stopping')),
    ).toBe('the above limitation');
  });

  it('takes the title as showing a pointer’s noun, but not for a summary that opens with one', () => {
    const sentences = [
      'Sampling protein backbones is slow.',
      'We show that this sampler halves the cost of protein design.',
    ];
    expect(chooseWholeSummary(sentences, ranked(1, 0), 'Exact sampler')).toBe(sentences[1]);
    const opening = ['Sampling protein backbones is slow.', 'This sampler halves the cost.'];
    expect(chooseWholeSummary(opening, ranked(1, 0), 'Exact sampler')).not.toBe(opening[1]);
  });

  it('passes over a sentence that says nothing and an "also" aside', () => {
    const sentences = [
      'We propose two complementary and fully automated methodologies.',
      'We also release a library.',
      'Our sampler draws protein backbones with exact likelihoods.',
    ];
    expect(chooseWholeSummary(sentences, ranked(0, 1, 2), 'A paper')).toBe(sentences[2]);
  });

  it('passes over an "also" in the main clause after a long subject, not one in a relative clause', () => {
    const sentences = [
      'The proposed iterative protein sampler also provides calibrated uncertainty estimates.',
      'The learned backbone representations can also be used for structure retrieval.',
      'Our sampler draws protein backbones with exact likelihoods.',
    ];
    expect(chooseWholeSummary(sentences, ranked(0, 1, 2), 'A paper')).toBe(sentences[2]);
    const relative = [
      'Our sampler, which also scores side chains, draws protein backbones with exact likelihoods.',
      'Sampling is slow.',
    ];
    expect(chooseWholeSummary(relative, ranked(0, 1), 'A paper')).toBe(relative[0]);
  });

  it('shows the sentence before when it holds what the best one points at', () => {
    const sentences = [
      'Radiologists read scans with a coarse-to-fine strategy.',
      'We mimic this human strategy in a curriculum for segmentation models.',
      'Segmentation is costly.',
    ];
    expect(chooseWholeSummary(sentences, ranked(1, 2, 0), 'Curricula')).toBe(
      `${sentences[0]} ${sentences[1]}`,
    );
  });

  it('chooses another sentence when the one before does not hold the antecedent', () => {
    const sentences = [
      'Segmentation models need many labels.',
      'We mimic this human strategy in a curriculum for segmentation models.',
      'Our curriculum halves the annotation cost of medical image segmentation.',
    ];
    expect(chooseWholeSummary(sentences, ranked(1, 2, 0), 'Curricula')).toBe(sentences[2]);
  });

  it('never pairs sentences beyond the length limit', () => {
    const before = `Radiologists read ${Array.from({ length: 30 }, (_, i) => `scan ${i}`).join(', ')} with a coarse-to-fine strategy.`;
    const sentences = [
      before,
      'We mimic this human strategy in a curriculum for segmentation models.',
      'Our curriculum halves the annotation cost of medical image segmentation.',
    ];
    expect(chooseWholeSummary(sentences, ranked(1, 2, 0), 'Curricula')).toBe(sentences[2]);
  });

  it('prefers a sentence about the paper to the field’s background ranked above it', () => {
    const sentences = [
      'Drug discovery relies on learned distributions of small molecules.',
      'Our sampler draws protein backbones with exact likelihoods.',
    ];
    const candidates: SummaryCandidate[] = [
      { index: 0, score: 0, aboutThePaper: false },
      { index: 1, score: -4 },
    ];
    expect(chooseWholeSummary(sentences, candidates, 'Generative design')).toBe(sentences[1]);
  });

  it('passes over a sentence that repeats more than half of the title', () => {
    const sentences = [
      'We propose an exact sampler for protein backbones.',
      'Our sampler halves the cost of enzyme design.',
    ];
    expect(chooseWholeSummary(sentences, ranked(0, 1), 'Exact sampler for protein backbones')).toBe(
      sentences[1],
    );
  });

  it('prefers the contribution, even repeating the title’s words, to the field’s background', () => {
    const sentences = [
      'Drug discovery relies on learned distributions of small molecules.',
      'We propose an exact sampler for protein backbones that halves the cost of enzyme design.',
    ];
    const candidates: SummaryCandidate[] = [
      { index: 0, score: 0, aboutThePaper: false },
      { index: 1, score: -12 },
    ];
    expect(chooseWholeSummary(sentences, candidates, 'Exact sampler for protein backbones')).toBe(
      sentences[1],
    );
  });

  it('prefers a whole sentence that repeats the title to one pointing at a sentence left out', () => {
    const sentences = [
      'We propose an exact sampler for protein backbones with provable mixing times.',
      'Molecules are hard to sample.',
      'We extend this algorithm to enzymes with learned proposals.',
    ];
    expect(
      chooseWholeSummary(sentences, ranked(2, 1, 0), 'Exact sampler for protein backbones'),
    ).toBe(sentences[0]);
  });

  it('shows a sentence with the one before it when that one is about the paper', () => {
    const sentences = [
      'Molecules are hard to sample.',
      'We propose a torsion sampler for protein backbones.',
      'It halves the cost of enzyme design.',
    ];
    const candidates: SummaryCandidate[] = [
      { index: 2, score: 0, aboutThePaper: false },
      { index: 1, score: -1 },
      { index: 0, score: -3, aboutThePaper: false },
    ];
    expect(chooseWholeSummary(sentences, candidates, 'Torsion sampler for protein backbones')).toBe(
      `${sentences[1]} ${sentences[2]}`,
    );
  });

  it('passes over a sentence that adds fewer than two specific words to the title', () => {
    const sentences = [
      'We show that our exact sampler is better.',
      'Our sampler halves the cost of enzyme design.',
    ];
    expect(chooseWholeSummary(sentences, ranked(0, 1), 'Exact sampler')).toBe(sentences[1]);
  });

  it('never points to the code while another sentence is whole', () => {
    const sentences = [
      'Our sampler code for protein backbones is at https://example.org/sampler.',
      'Our sampler halves the cost of enzyme design.',
    ];
    expect(chooseWholeSummary(sentences, ranked(0, 1), 'Exact inference')).toBe(sentences[1]);
  });

  it('drops a leading connective, with or without a comma before the authors', () => {
    expect(toSummary('Then we prune proposals by likelihood.')).toBe(
      'We prune proposals by likelihood.',
    );
    expect(toSummary('Nevertheless, our sampler is exact.')).toBe('Our sampler is exact.');
    // A word that only looks like one stays: "Still images…".
    expect(toSummary('Still images are segmented by our model.')).toBe(
      'Still images are segmented by our model.',
    );
  });

  it('never cuts a sentence when a whole one fits', () => {
    const long = `We study ${Array.from({ length: 40 }, (_, i) => `regime ${i}`).join(', ')}.`;
    const sentences = [long, 'Our bound on the regret of bandits is tight.'];
    expect(chooseWholeSummary(sentences, ranked(0, 1), 'Bandit theory')).toBe(sentences[1]);
    // Even one that repeats the title is shown whole rather than a cut one.
    expect(chooseWholeSummary(sentences, ranked(0, 1), 'Bandits')).toBe(sentences[1]);
  });

  it('still gives a whole sentence when every sentence points back', () => {
    const sentences = ['This halves the cost of sampling.', 'It is exact for protein backbones.'];
    const summary = chooseWholeSummary(sentences, ranked(0, 1), 'Samplers');
    expect(sentences).toContain(summary);
  });

  it('keeps the whole-summary rules through describePaper', () => {
    const { summary } = describePaper(
      'Large models are costly to serve. We propose two complementary and fully automated methodologies. ' +
        'Our scheduler batches requests by predicted length and cuts latency by 40% on a public trace.',
    );
    expect(hasContentNoun(summary)).toBe(true);
    expect(summary).toMatch(/[.!?]$/);
  });
});

describe('a paper whose dump gives its title (issue 32)', () => {
  const abstract =
    'Large language models often state facts that are false. We propose FactGuard, a verifier ' +
    'that checks each generated claim against retrieved evidence. FactGuard removes 40% of the ' +
    'false claims on three question answering benchmarks.';

  it('keeps the given title and still finds the name and a whole summary', () => {
    const derived = describePaper(abstract);
    const given = describePaper(abstract, {
      givenTitle: 'FactGuard: Checking Claims Against Evidence',
    });
    expect(given.title).toBe('FactGuard: Checking Claims Against Evidence');
    expect(given.name).toBe(derived.name);
    expect(given.name).toBe('FactGuard');
    expect(abstract).toContain(given.summary);
    expect(given.summary).toMatch(/[.!?]$/);
  });

  it('gives no name the given title does not say (nor a slug from it)', () => {
    // A name the abstract reads but the title leaves out is a thing the paper uses, not its name.
    const given = describePaper(abstract, { givenTitle: 'Checking Claims Against Evidence' });
    expect(given.name).toBeNull();
    const hall =
      'We study multiclass learnability through the lens of regularization. We show that the Hall ' +
      'complexity of a class characterises its optimal error rate, and give a learner that ' +
      'attains it for every class of finite Hall complexity.';
    const titled = describePaper(hall, {
      givenTitle: 'Regularization and Optimal Multiclass Learning',
    });
    expect(titled.name).toBeNull();
    expect(slugBase({ id: 'b3a3fe', ...titled })).toBe('regularization-and-optimal-multiclass');
  });
});
