import { describe, expect, it } from 'vitest';
import { findAcronyms } from '../../src/lib/text/acronyms';
import { phrasesOf } from '../../src/lib/enrich/enrich';
import {
  extractTerms,
  packTerms,
  TermStatistics,
  type PackedTerms,
} from '../../src/lib/enrich/keywords';
import {
  findRelated,
  MIN_RELATED_SCORE,
  termVector,
  type RelatedOptions,
} from '../../src/lib/enrich/related';
import type { Acronym, RelatedPaper } from '../../src/lib/schema';
import { analyseText } from '../../src/lib/text/terms';
import { loadSeedPapers, seedContaining } from '../fixtures/taxonomy/seed-papers';

interface Doc {
  slug: string;
  text: string;
}

/** Related papers of a small corpus, computed as the ingest does. */
function relate(docs: readonly Doc[], options?: RelatedOptions): Map<string, RelatedPaper[]> {
  const statistics = new TermStatistics();
  const read: { packed: PackedTerms; acronyms: Acronym[] }[] = docs.map((doc) => {
    const analysed = analyseText(doc.text);
    const acronyms = findAcronyms(doc.text);
    const terms = extractTerms(analysed, acronyms, phrasesOf({ plainText: doc.text }));
    return { packed: packTerms(terms, statistics.add(terms, analysed), acronyms), acronyms };
  });
  const vectors = docs.map((doc, index) =>
    termVector(read[index]!.packed, read[index]!.acronyms, doc.text, statistics),
  );
  const related = findRelated(
    docs.map((doc) => doc.slug),
    vectors,
    options,
  );
  return new Map(docs.map((doc, index) => [doc.slug, related[index]!]));
}

const seeds = loadSeedPapers().map((paper) => ({ slug: paper.slug, text: paper.plainText }));
const exact = relate(seeds);
const indexed = relate(seeds, { exhaustiveUpTo: 0 });

describe('findRelated on the seed abstracts', () => {
  it('lists at most five other papers, most similar first, none below the relevance threshold', () => {
    for (const [slug, related] of exact) {
      expect(related.length).toBeLessThanOrEqual(5);
      expect(related.map((paper) => paper.slug)).not.toContain(slug);
      const scores = related.map((paper) => paper.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      for (const paper of related) {
        expect(paper.score).toBeGreaterThanOrEqual(MIN_RELATED_SCORE);
        expect(paper.score).toBeLessThanOrEqual(1);
        expect(paper.terms.length).toBeGreaterThanOrEqual(1);
        expect(paper.terms.length).toBeLessThanOrEqual(5);
      }
    }
  });

  it('gives a pair the same score from both sides', () => {
    let mutual = 0;
    for (const [slug, related] of exact) {
      for (const paper of related) {
        const back = exact.get(paper.slug)!.find((other) => other.slug === slug);
        if (!back) continue;
        mutual += 1;
        expect(back.score).toBe(paper.score);
      }
    }
    expect(mutual).toBeGreaterThan(20);
  });

  it('relates papers about the same thing, explained by the terms they share', () => {
    const slugOf = (fragment: string) => seedContaining(loadSeedPapers(), fragment).slug;
    const offlineRl = exact.get(slugOf('contrastive preference learning'))!;
    expect(offlineRl.map((paper) => paper.slug)).toEqual(
      expect.arrayContaining([
        slugOf('dataset distillation'),
        slugOf('offline domain randomization'),
      ]),
    );
    expect(offlineRl[0]!.terms).toContain('RL');
    const molecules = exact.get(slugOf('QM9, QMugs'))!;
    expect(molecules[0]!.slug).toBe(slugOf('MolecularIQ'));
  });

  it('shows no related paper rather than one that shares only everyday words, verbs or "et al"', () => {
    const related = relate([
      { slug: 'a', text: 'We propose a cache for prompts. Smith et al. show that prompts vary.' },
      {
        slug: 'b',
        text: 'We propose a protein folding model. Jones et al. show that prompts help.',
      },
      { slug: 'c', text: 'Protein folding models predict protein structures from sequences.' },
    ]);
    expect(related.get('a')).toEqual([]);
    expect(related.get('b')!.map((paper) => paper.slug)).toEqual(['c']);
    expect(related.get('b')![0]!.terms.join(' ')).not.toMatch(/et al|propose|show/);
  });

  it('gives each paper the same related papers and scores whatever order the corpus is in', () => {
    // The shared terms shown may differ where terms tie in weight (term ids follow reading order);
    // the pipeline reads dumps in a fixed order, so its output is
    // byte-stable all the same (enrich.test.ts).
    const ranked = (lists: Map<string, RelatedPaper[]> | undefined, slug: string) =>
      (lists?.get(slug) ?? []).map(({ slug: other, score }) => ({ other, score }));
    const reversed = relate([...seeds].reverse());
    for (const slug of exact.keys()) {
      expect({ slug, related: ranked(reversed, slug) }).toEqual({
        slug,
        related: ranked(exact, slug),
      });
    }
  });

  it('finds through the inverted index the closest paper the exhaustive search finds', () => {
    let same = 0;
    for (const [slug, related] of exact) {
      const viaIndex = indexed.get(slug)!;
      expect(viaIndex.map((paper) => paper.slug)).not.toContain(slug);
      if (viaIndex[0]?.slug === related[0]?.slug) same += 1;
      // Whatever the index proposes is scored exactly, so it agrees where both list a paper.
      for (const paper of viaIndex) {
        const inExact = related.find((other) => other.slug === paper.slug);
        if (inExact) expect(paper.score).toBe(inExact.score);
      }
    }
    expect(same / exact.size).toBeGreaterThan(0.9);
  });
});

describe('findRelated on a synthetic corpus', () => {
  const topics = [
    'graph neural networks message passing node classification',
    'protein folding structure prediction amino acids',
    'speech recognition acoustic models spoken audio',
  ];
  const docs: Doc[] = topics.flatMap((topic, group) =>
    Array.from({ length: 12 }, (_, index) => ({
      slug: `g${group}-p${String(index).padStart(2, '0')}`,
      text: `We study ${topic}. Our ${topic
        .split(' ')
        .slice(index % 3)
        .join(' ')} results. Variant ${index}.`,
    })),
  );

  it('keeps every related paper within its own subject, through the index too', () => {
    for (const related of [relate(docs), relate(docs, { exhaustiveUpTo: 0 })]) {
      for (const [slug, list] of related) {
        expect(list).toHaveLength(5);
        for (const paper of list) expect(paper.slug.slice(0, 2)).toBe(slug.slice(0, 2));
      }
    }
  });

  it('breaks ties by slug', () => {
    const twins = [
      { slug: 'b-twin', text: 'Quantum error correction codes. Quantum error correction codes.' },
      { slug: 'a-twin', text: 'Quantum error correction codes. Quantum error correction codes.' },
      { slug: 'query', text: 'Quantum error correction codes are studied here.' },
      { slug: 'unrelated', text: 'Speech recognition with acoustic models.' },
    ];
    const related = relate(twins).get('query')!;
    expect(related.map((paper) => paper.slug)).toEqual(['a-twin', 'b-twin']);
    expect(related[0]!.score).toBe(related[1]!.score);
  });
});
