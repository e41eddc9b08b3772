import { describe, expect, it } from 'vitest';
import { loadTaxonomy } from '../../src/lib/enrich/taxonomy';
import { projectVectors } from '../../src/lib/enrich/projection';
import { buildSimilarIndex, paperVectors } from '../../src/lib/enrich/similar';
import { ingestDumps, readDumpsDir } from '../../src/lib/pipeline';
import { indexesFileFor, SiteIndexesSchema } from '../../src/lib/schema';
import { SEED_DUMPS } from '../support/seeds';

// The ingest makes the map layout and the similar-text index from the terms it has counted, so the
// build need not read every abstract again: they must be what reading the records afresh gives.
const taxonomy = loadTaxonomy('content/taxonomy.yaml');
const result = ingestDumps(readDumpsDir(SEED_DUMPS), taxonomy, { indexes: true });

describe('the indexes the ingest saves beside the records', () => {
  it('are made only when asked for', () => {
    expect(ingestDumps(readDumpsDir(SEED_DUMPS), taxonomy).indexes).toBeUndefined();
    expect(result.indexes).toBeDefined();
  });

  it('hold the similar-text index the records give, paper for paper', () => {
    expect(result.indexes!.similar).toEqual(buildSimilarIndex(result.papers));
    expect(result.indexes!.similar.slugs).toEqual(result.papers.map((paper) => paper.slug));
  });

  it('hold the map layout the records give, one point in the unit square per paper', () => {
    const map = result.indexes!.map;
    expect(map).toEqual(projectVectors(paperVectors(result.papers).vectors));
    expect(map).toHaveLength(result.papers.length);
    expect(SiteIndexesSchema.safeParse(result.indexes).success).toBe(true);
  });

  it('are saved as x.indexes.json beside x.json', () => {
    expect(indexesFileFor('src/generated/papers.json')).toBe('src/generated/papers.indexes.json');
    expect(indexesFileFor('/tmp/site.papers.json')).toBe('/tmp/site.papers.indexes.json');
    expect(indexesFileFor('records')).toBe('records.indexes.json');
  });
});
