import { describe, expect, it } from 'vitest';
import { loadTaxonomy } from '../../src/lib/enrich/taxonomy';
import { familyOf, SHAPES, TOPIC_FAMILIES } from '../../src/lib/site/topic-families';

describe('topic families', () => {
  it('put every topic of the taxonomy in one of at most ten families, each with its own shape', () => {
    const topics = loadTaxonomy('content/taxonomy.yaml').topics.map((t) => t.slug);
    const listed = TOPIC_FAMILIES.flatMap((family) => family.topics);
    expect([...listed].sort()).toEqual([...topics].sort());
    expect(TOPIC_FAMILIES.length).toBeLessThanOrEqual(10);
    const shapes = TOPIC_FAMILIES.map((family) => family.shape);
    expect(new Set(shapes).size).toBe(shapes.length);
    for (const shape of shapes) expect(SHAPES).toContain(shape);
  });

  it('puts unknown topics and papers without a topic in the general family', () => {
    expect(familyOf('not-a-topic').id).toBe('general');
    expect(familyOf(null).id).toBe('general');
    expect(familyOf('reinforcement-learning').id).toBe('decisions');
  });
});
