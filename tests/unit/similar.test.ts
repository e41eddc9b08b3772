import { describe, expect, it } from 'vitest';
import { findAcronyms } from '../../src/lib/text/acronyms';
import { analyseText } from '../../src/lib/text/terms';
import { extractTerms } from '../../src/lib/enrich/keywords';
import {
  buildSimilarIndex,
  levelWeight,
  mapAndSimilarVectors,
  paperVectors,
  SimilarIndex,
  weightLevel,
  type SimilarIndexData,
} from '../../src/lib/enrich/similar';
import {
  jsonBytes,
  POSTINGS_SEPARATOR,
  similarIndexFiles,
  splitSimilarIndex,
  type SimilarDocShardData,
  type SimilarMetaData,
  type SimilarTermBlockData,
  type SimilarSplitOptions,
} from '../../src/lib/enrich/similar-split';
import { frontDecode } from '../../src/lib/search/frontcode';
import { decodeVlq, encodeVlq } from '../../src/lib/search/vlq';

/** Two papers per subject, so subjects share terms (a term only one paper has is never shared). */
const texts: [string, string][] = [
  [
    'vision-transformers-a1',
    'We train vision transformers on image patches. The vision transformer attends to image patches and improves image classification.',
  ],
  [
    'patch-pruning-a2',
    'Pruning image patches speeds up vision transformers. Fewer patches keep image classification accurate.',
  ],
  [
    'offline-rl-b1',
    'Offline reinforcement learning (RL) learns policies from logged data. Our RL agent avoids overestimation of value functions.',
  ],
  [
    'rl-value-b2',
    'Value functions in offline RL overestimate unseen actions. We regularise the value function of the RL policy.',
  ],
  [
    'speech-c1',
    'Automatic speech recognition transcribes spoken audio. We adapt acoustic models to noisy audio recordings.',
  ],
  [
    'speech-c2',
    'Noisy audio hurts speech recognition. Acoustic models trained on clean audio fail on noisy recordings.',
  ],
  [
    'graphs-d1',
    'Graph neural networks pass messages between nodes of molecular graphs to predict molecular properties. Molecular graphs have nodes and edges. The networks learn from the messages.',
  ],
  [
    'graphs-d2',
    'Message passing on molecular graphs: graph neural networks predict properties of molecules from their nodes. Nodes exchange messages. Properties follow from the graphs.',
  ],
];
const papers = texts.map(([slug, plainText]) => ({
  slug,
  title: `Title of ${slug}`,
  plainText,
  acronyms: findAcronyms(plainText),
}));

/** Every file of the split index as the browser gets it: through JSON, by path. */
function splitFiles(data: SimilarIndexData, options?: SimilarSplitOptions): Map<string, unknown> {
  const files = similarIndexFiles(splitSimilarIndex(data, options));
  return new Map(files.map(([name, file]) => [name, JSON.parse(JSON.stringify(file)) as unknown]));
}

/** The split index with every file loaded, as a browser that fetched them all would hold it. */
function loadedIndex(data: SimilarIndexData, options?: SimilarSplitOptions): SimilarIndex {
  const files = splitFiles(data, options);
  const index = new SimilarIndex(files.get('meta.json') as SimilarMetaData);
  for (const [name, file] of files) {
    if (name.startsWith('terms/')) index.addBlock(file as SimilarTermBlockData);
    if (name.startsWith('docs/')) index.addDocs(file as SimilarDocShardData);
  }
  return index;
}

/** The index as the browser gets it: split into small files (several of each kind), through JSON. */
const index = loadedIndex(buildSimilarIndex(papers), { targetBytes: 700 });

describe('SimilarIndex.similarTo', () => {
  it('ranks a paper and the other paper on its subject first for its abstract', () => {
    papers.forEach((paper, i) => {
      const twin = papers[i % 2 === 0 ? i + 1 : i - 1]!;
      const top = index.similarTo(paper.plainText).slice(0, 2);
      expect(top.map((m) => m.slug).sort()).toEqual([paper.slug, twin.slug].sort());
      expect(top.find((m) => m.slug === paper.slug)?.title).toBe(paper.title);
    });
  });

  it('matches other forms of a word and explains the match with the terms as written in the text', () => {
    const [best, ...rest] = index.similarTo(
      'A vision transformer for classifying images from their image patches',
    );
    expect(best?.slug).toMatch(/^(vision-transformers-a1|patch-pruning-a2)$/);
    expect(best?.terms).toEqual(expect.arrayContaining(['image patches']));
    expect(best?.terms.join(' ')).toMatch(/vision transformer/);
    expect(rest.every((match) => match.score <= best!.score)).toBe(true);
  });

  it('matches acronyms by case: RL finds the RL papers', () => {
    const matches = index.similarTo('An RL agent with a value function');
    expect(
      matches
        .slice(0, 2)
        .map((m) => m.slug)
        .sort(),
    ).toEqual(['offline-rl-b1', 'rl-value-b2']);
    expect(matches[0]?.terms).toContain('RL');
  });

  it('finds the one paper with a rare word in a short pasted phrase, whatever its form', () => {
    const corpus = [
      ...papers,
      {
        slug: 'quantization-e1',
        title: 'Title of quantization-e1',
        plainText:
          'We study post-training quantization of large language models to FP4. Quantization keeps accuracy. Rotations help.',
        acronyms: [],
      },
    ];
    const matches = SimilarIndex.fromData(buildSimilarIndex(corpus)).similarTo(
      'quantizing large language models to 4 bits',
    );
    expect(matches[0]?.slug).toBe('quantization-e1');
    expect(matches[0]?.terms.join(' ')).toMatch(/quantiz/i);
  });

  it('returns nothing for text that shares no term with any paper', () => {
    expect(index.similarTo('')).toEqual([]);
    expect(index.similarTo('the of and with however')).toEqual([]);
    expect(index.similarTo('zebra xylophone')).toEqual([]);
  });

  it('gives the same results after warming up as before', () => {
    const fresh = loadedIndex(buildSimilarIndex(papers));
    const before = fresh.similarTo(papers[2]!.plainText);
    fresh.warmUp();
    expect(fresh.similarTo(papers[2]!.plainText)).toEqual(before);
  });

  it('returns at most `limit` papers, best first', () => {
    const matches = index.similarTo('graph neural networks, noisy audio and image patches', 2);
    expect(matches).toHaveLength(2);
    expect(matches[0]!.score).toBeGreaterThanOrEqual(matches[1]!.score);
  });

  it('scores close to the exact cosine of the related-papers vectors despite the compact weights', () => {
    const { vectors } = paperVectors(papers);
    const exact = [...vectors[6]!].reduce(
      (sum, [term, w]) => sum + w * (vectors[7]!.get(term) ?? 0),
      0,
    );
    expect(exact).toBeGreaterThan(0.2);
    const approx =
      index.similarTo(papers[6]!.plainText).find((m) => m.slug === 'graphs-d2')?.score ?? 0;
    expect(Math.abs(approx - exact)).toBeLessThan(0.1);
  });
});

describe('building blocks', () => {
  it('stores weights within 7 % of their value', () => {
    for (let w = 0.02; w <= 1; w *= 1.05) {
      expect(Math.abs(levelWeight(weightLevel(w)) - w) / w).toBeLessThan(0.07);
    }
  });

  it('gives every paper a unit vector of at most the kept number of terms', () => {
    const { vectors } = paperVectors(papers, 3);
    for (const vector of vectors) {
      expect(vector.size).toBeLessThanOrEqual(3);
      const norm = Math.hypot(...vector.values());
      expect(norm).toBeLessThanOrEqual(1 + 1e-9);
    }
  });

  it('makes the map and similar-text vectors from one weighing, as two weighings would', () => {
    const forMap = paperVectors(papers, 3, 2);
    const forSimilar = paperVectors(papers, 3, 1);
    papers.forEach((paper, i) => {
      const terms = extractTerms(analyseText(paper.plainText), paper.acronyms);
      const both = mapAndSimilarVectors(terms, paper.plainText, forMap.statistics, 3);
      expect([...both.map]).toEqual([...forMap.vectors[i]!]);
      expect([...both.similar]).toEqual([...forSimilar.vectors[i]!]);
    });
    // The two differ where a paper's heaviest term is its own: the map leaves it out.
    expect(
      papers.some(
        (_, i) =>
          forMap.vectors[i]!.size !== forSimilar.vectors[i]!.size ||
          [...forMap.vectors[i]!.keys()].join() !== [...forSimilar.vectors[i]!.keys()].join(),
      ),
    ).toBe(true);
  });

  it('refuses an index of another version instead of misreading it', () => {
    const data = { ...buildSimilarIndex(papers), version: 99 };
    expect(() => SimilarIndex.fromData(data as never)).toThrow(/version 99/);
    const meta = splitSimilarIndex(buildSimilarIndex(papers)).meta;
    expect(() => new SimilarIndex({ ...meta, version: 99 } as never)).toThrow(/version 99/);
  });
});

/** Each term's document frequency and VLQ postings, read back from the split files. */
function termsOfFiles(files: Map<string, unknown>): Map<string, { df: number; postings: string }> {
  const terms = new Map<string, { df: number; postings: string }>();
  const blocks = [...files]
    .filter(([name]) => name.startsWith('terms/'))
    .map(([, file]) => file as SimilarTermBlockData)
    .sort((a, b) => a.block - b.block);
  for (const block of blocks) {
    const df = decodeVlq(block.df);
    const lists = block.postings.split(POSTINGS_SEPARATOR);
    frontDecode(block.terms).forEach((term, i) => {
      const seen = terms.get(term);
      terms.set(term, { df: df[i]!, postings: (seen?.postings ?? '') + lists[i]! });
    });
  }
  return terms;
}

describe('the split index files (issue 35: no file over a per-file host limit)', () => {
  const data = buildSimilarIndex(papers);
  const whole = SimilarIndex.fromData(data, { targetBytes: 1e9 });
  /** One paper in every doc and one term in all of them, so its postings need several blocks. */
  const wide: SimilarIndexData = {
    ...data,
    slugs: Array.from({ length: 300 }, (_, d) => `paper-${d}`),
    titles: Array.from(
      { length: 300 },
      (_, d) => `Paper number ${d}, on ${d % 2 ? 'graphs' : 'speech'}`,
    ),
    terms: ['graph', 'speech', 'network'],
    df: encodeVlq([150, 150, 300]),
    postings: [
      encodeVlq(Array.from({ length: 150 }, () => [1, 20]).flat()),
      encodeVlq(Array.from({ length: 150 }, (_, i) => [i === 0 ? 0 : 1, 25]).flat()),
      encodeVlq(Array.from({ length: 300 }, (_, d) => [0, d % 32]).flat()),
    ],
  };

  it.each([300, 500, 900, 4096])('never writes a file over a cap of %i bytes', (cap) => {
    for (const input of [data, wide]) {
      const files = splitFiles(input, { maxFileBytes: cap });
      for (const [name, file] of files) {
        expect({ name, bytes: jsonBytes(file) <= cap }).toEqual({ name, bytes: true });
      }
      // Every term, its document frequency and its whole postings list are in the files.
      const terms = termsOfFiles(files);
      const df = decodeVlq(input.df);
      expect(terms.size).toBe(input.terms.length);
      input.terms.forEach((term, i) => {
        expect(terms.get(term)).toEqual({ df: df[i], postings: input.postings[i] });
      });
      const docs = [...files]
        .filter(([name]) => name.startsWith('docs/'))
        .map(([, file]) => file as SimilarDocShardData)
        .sort((a, b) => a.shard - b.shard);
      expect(docs.flatMap((shard) => shard.slugs)).toEqual(input.slugs);
      expect(docs.flatMap((shard) => shard.titles)).toEqual(input.titles);
    }
  });

  it('continues a postings list too long for one block in the next blocks, and still scores it', () => {
    const split = splitSimilarIndex(wide, { maxFileBytes: 300 });
    const first = frontDecode(split.meta.blockFirst);
    expect(first.filter((term) => term === 'network').length).toBeGreaterThan(2);
    const small = SimilarIndex.fromData(wide, { maxFileBytes: 300 });
    const big = SimilarIndex.fromData(wide, { targetBytes: 1e9 });
    for (const text of ['graph networks', 'speech network', 'network', 'graph speech']) {
      expect(small.similarTo(text, 20)).toEqual(big.similarTo(text, 20));
    }
  });

  it('refuses a cap no split can keep to rather than write a larger file', () => {
    expect(() => splitSimilarIndex(data, { maxFileBytes: 80 })).toThrow(/fills a block|limit/);
  });

  it('gives the whole index results, fetching only the blocks of the terms of the text', async () => {
    const files = splitFiles(data, { targetBytes: 250 });
    const meta = files.get('meta.json') as SimilarMetaData;
    expect(meta.blockCount).toBeGreaterThan(4);
    expect(meta.docShardCount).toBeGreaterThan(1);
    for (const text of [
      ...papers.map((paper) => paper.plainText),
      'An RL agent with a value function',
      'graph neural networks, noisy audio and image patches',
      'zebra xylophone',
      '',
    ]) {
      const fetched: string[] = [];
      const get = (name: string) => {
        fetched.push(name);
        return Promise.resolve(files.get(name));
      };
      const lazy = new SimilarIndex(meta);
      const matches = await lazy.lookUp(text, 10, {
        block: (n) => get(`terms/${n}.json`) as Promise<SimilarTermBlockData>,
        docs: (n) => get(`docs/${n}.json`) as Promise<SimilarDocShardData>,
      });
      expect(matches).toEqual(whole.similarTo(text));
      expect(new Set(fetched).size).toBe(fetched.length);
      expect(fetched.filter((name) => name.startsWith('terms/')).length).toBeLessThan(
        meta.blockCount,
      );
      // A second lookup of the same text fetches nothing more.
      fetched.length = 0;
      await lazy.lookUp(text, 10, {
        block: (n) => get(`terms/${n}.json`) as Promise<SimilarTermBlockData>,
        docs: (n) => get(`docs/${n}.json`) as Promise<SimilarDocShardData>,
      });
      expect(fetched).toEqual([]);
    }
  });

  it('says which parts a lookup lacks instead of scoring without them', () => {
    const meta = splitSimilarIndex(data, { targetBytes: 400 }).meta;
    expect(() => new SimilarIndex(meta).similarTo('vision transformers')).toThrow(
      /missing term blocks/,
    );
  });
});
