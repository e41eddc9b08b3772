/**
 * The split index (issue 35): a query loads only the parts it needs, later queries reuse them, and
 * every answer is the one the whole index gives (typos, completions, stems, phrases, exclusions,
 * "did you mean", filters, paging).
 */
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, textFromShards } from '../../src/lib/search/build';
import { SearchEngine, type SearchRequest, type SearchResults } from '../../src/lib/search/engine';
import { loadParts, withParts, type PartFetcher } from '../../src/lib/search/parts';
import { splitSearchIndex } from '../../src/lib/search/split';
import { seededRandom } from '../../src/lib/random';
import { paper } from './search-fixtures';
import type { Paper } from '../../src/lib/schema';

const SYLLABLES = [
  'ka',
  'ro',
  'mi',
  'tel',
  'van',
  'su',
  'pre',
  'dor',
  'li',
  'qua',
  'ne',
  'bis',
  'tor',
  'gra',
  'phe',
];
const COMMON = [
  'learning',
  'model',
  'models',
  'graph',
  'graphs',
  'privacy',
  'transformer',
  'reinforcement',
  'the',
  'of',
  'and',
  'a',
  'we',
  'data',
  'causal',
  'structure',
];

function corpus(count: number): Paper[] {
  const random = seededRandom(351);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const rare = Array.from({ length: 900 }, () =>
    Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(SYLLABLES)).join(''),
  );
  const word = () => (random() < 0.5 ? pick(COMMON) : pick(rare));
  return Array.from({ length: count }, (_, i) => {
    const text = Array.from({ length: 40 + Math.floor(random() * 40) }, word).join(' ') + '.';
    return paper(text, {
      title: `${word()} ${word()} ${word()}`.replace(/^./, (c) => c.toUpperCase()),
      titleSource: 'given',
      name: i % 7 === 0 ? `${pick(rare)}Net` : null,
      keywords: [word(), `${word()} ${word()}`],
      authors: [`Ada ${pick(rare)}`],
      tags: i % 3 === 0 ? ['graphs'] : [],
    });
  });
}

const papers = corpus(600);
const built = buildSearchIndex(papers, { shardSize: 8 });
const textOf = textFromShards(built);
const full = new SearchEngine(JSON.parse(JSON.stringify(built.index)));
const split = JSON.parse(
  JSON.stringify(splitSearchIndex(built.index, { vocabChunk: 64, blockChars: 600, cardSize: 8 })),
) as ReturnType<typeof splitSearchIndex>;

/** A lazy engine over `meta` and a fetcher that counts what it hands out. */
function lazy() {
  const engine = new SearchEngine(split.meta);
  const fetched = { vocab: new Set<number>(), blocks: new Set<number>(), cards: new Set<number>() };
  const fetcher: PartFetcher = {
    vocab: async (n) => (fetched.vocab.add(n), split.vocab[n]!),
    block: async (n) => (fetched.blocks.add(n), split.blocks[n]!),
    cards: async (n) => (fetched.cards.add(n), split.cards[n]!),
  };
  const search = async (request: SearchRequest): Promise<SearchResults> => {
    const ranking = await withParts(engine, fetcher, request, async () => {
      await loadParts(engine, { cards: engine.missingCards(engine.phraseDocs(request)) }, fetcher);
      return engine.rank(request, textOf);
    });
    await loadParts(engine, { cards: engine.missingCards(ranking.docs) }, fetcher);
    return engine.search(request, textOf);
  };
  return { engine, fetched, search };
}

const QUERIES = [
  'causal structure learning',
  'privacy',
  'privcay',
  'grpah models',
  'transfor',
  'reinforcment learning',
  'model -graph',
  '"causal structure"',
  'the',
  'korovan',
  'kar',
  'zzzzqqq',
  'learning graphs ',
  papers[14]!.name ?? 'x',
];

describe('the split index', () => {
  it('answers every query as the whole index does', async () => {
    const { search } = lazy();
    for (const query of QUERIES) {
      for (const request of [
        { query, limit: 20 },
        { query, limit: 10, offset: 10 },
        { query, limit: 5, filters: { tags: ['graphs'] } },
      ]) {
        expect(await search(request), query).toEqual(full.search(request, textOf));
      }
    }
  });

  it('fetches a small part of the index for a first query, and reuses it for the next', async () => {
    const { fetched, search } = lazy();
    await search({ query: 'causal structure learning', limit: 10 });
    expect(fetched.vocab.size).toBeLessThan(split.vocab.length / 3);
    expect(fetched.blocks.size).toBeLessThan(split.blocks.length / 3);
    expect(fetched.cards.size).toBeLessThanOrEqual(10);
    const before = fetched.vocab.size + fetched.blocks.size + fetched.cards.size;
    await search({ query: 'causal structure learning', limit: 10 });
    expect(fetched.vocab.size + fetched.blocks.size + fetched.cards.size).toBe(before);
  });
});
