import { describe, expect, it } from 'vitest';
import { loadTaxonomy, parseTaxonomy } from '../../src/lib/enrich/taxonomy';
import { assignTopics } from '../../src/lib/enrich/topics';

const FIXTURES = 'tests/fixtures/taxonomy';

/** The `path:line: reason` message loading a fixture fails with. */
function errorOf(name: string): string {
  try {
    loadTaxonomy(`${FIXTURES}/${name}.yaml`);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${name}.yaml loaded without error`);
}

describe('loadTaxonomy', () => {
  it('reads a valid file into topics, in file order', () => {
    const taxonomy = loadTaxonomy(`${FIXTURES}/valid.yaml`);
    expect(taxonomy.topics.map((topic) => topic.slug)).toEqual([
      'reinforcement-learning',
      'large-language-models',
      'vision-language',
      'quantization',
      'other',
    ]);
    expect(taxonomy.topics[0]!.terms).toContain('RL');
  });

  it('points at the line of broken YAML', () => {
    // Inline: a broken file would break the formatter's check of the fixtures folder.
    const broken = [
      'topics:',
      '  - slug: reinforcement-learning',
      '    label: Reinforcement learning',
      '    description: Agents that learn from reward.',
      '    terms: [reinforcement learning, RL',
      '  - slug: other',
      '    label: Other',
    ].join('\n');
    expect(() => parseTaxonomy(broken, 'content/taxonomy.yaml')).toThrow(
      /^content\/taxonomy\.yaml:6: Flow sequence/,
    );
  });

  it('points at the topic that lacks a field, and names the field', () => {
    expect(errorOf('missing-field')).toBe(
      `${FIXTURES}/missing-field.yaml:8: field "topics.1.description": missing`,
    );
  });

  it('points at the second use of a duplicate slug', () => {
    expect(errorOf('duplicate-slug')).toBe(
      `${FIXTURES}/duplicate-slug.yaml:12: duplicate slug "graphs" (topic 1 already uses it)`,
    );
  });

  it('points at a slug that is not lower-case words joined by hyphens', () => {
    expect(errorOf('bad-slug')).toBe(
      `${FIXTURES}/bad-slug.yaml:7: field "topics.1.slug": a slug is lower-case letters and digits joined by single hyphens`,
    );
  });

  it('points at a topic without terms and at a key given twice', () => {
    expect(errorOf('empty-terms')).toMatch(
      /^tests\/fixtures\/taxonomy\/empty-terms\.yaml:5: field "topics\.0\.terms": /,
    );
    expect(errorOf('duplicate-key')).toMatch(/^tests\/fixtures\/taxonomy\/duplicate-key\.yaml:4: /);
  });

  it('names the file it was given, even for text parsed in memory', () => {
    expect(() => parseTaxonomy('topics: []\n', 'my/taxonomy.yaml')).toThrow(
      /^my\/taxonomy\.yaml:1: field "topics": /,
    );
    expect(() => parseTaxonomy('', 'empty.yaml')).toThrow(/^empty\.yaml:1: /);
  });
});

describe('content/taxonomy.yaml', () => {
  const taxonomy = loadTaxonomy('content/taxonomy.yaml');
  const slugs = taxonomy.topics.map((topic) => topic.slug);

  it('lists 25 to 40 topics with unique slugs', () => {
    expect(slugs.length).toBeGreaterThanOrEqual(25);
    expect(slugs.length).toBeLessThanOrEqual(40);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('covers the areas of machine learning readers browse by, and a fallback topic', () => {
    expect(slugs).toEqual(
      expect.arrayContaining([
        'reinforcement-learning',
        'large-language-models',
        'computer-vision',
        'vision-language',
        'generative-models',
        'graph-learning',
        'agents',
        'benchmarks-datasets',
        'learning-theory',
        'optimization',
        'uncertainty-statistics',
        'robustness-safety',
        'privacy-security',
        'fairness',
        'efficiency-systems',
        'neuroscience',
        'biology-health',
        'chemistry-molecules',
        'physics-pdes',
        'robotics',
        'audio-speech',
        'federated-learning',
        'time-series',
        'interpretability',
        'other',
      ]),
    );
  });

  it('never uses the type- prefix the contribution-type tags use', () => {
    expect(slugs.filter((slug) => slug.startsWith('type-'))).toEqual([]);
  });

  /** The shipped tags of one abstract, read as a corpus of one. */
  const tagsOf = (plainText: string) =>
    assignTopics({ plainText, title: 'A paper', name: null }, taxonomy);

  it('names the brain-imaging methods as neuroscience: “imaging” is not computer vision’s “image”', () => {
    const tags = tagsOf(
      'We model resting-state functional magnetic resonance imaging (fMRI) recordings with a ' +
        'state-space model. On three public fMRI cohorts, the model predicts held-out scans.',
    );
    expect(tags[0]).toBe('neuroscience');
    expect(tags).not.toContain('computer-vision');
  });

  it('reads recognising text or symbols in scanned pages as computer vision', () => {
    expect(
      tagsOf(
        'We propose an end-to-end model for handwritten text recognition on scanned pages. ' +
          'The model outperforms optical character recognition pipelines on two archives.',
      )[0],
    ).toBe('computer-vision');
  });

  it('reads deepfake detection as computer vision as well as security', () => {
    const tags = tagsOf(
      'We introduce a deepfake detection method that spots manipulated faces in images and ' +
        'videos. Our detector learns the artefacts deepfake generators leave. On four deepfake ' +
        'benchmarks it generalises to unseen forgery methods.',
    );
    expect(tags).toEqual(expect.arrayContaining(['computer-vision', 'privacy-security']));
  });
});
