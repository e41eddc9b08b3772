/**
 * Quoted phrases from a hostile shared link: capped, deduplicated, and each candidate paper
 * tokenised at most once per query however many phrases the query holds. The tokeniser the engine
 * imports is wrapped in a spy (calls inside text.ts itself, such as parseQuery's, are not counted).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSearchIndex, textFromShards } from '../../src/lib/search/build';
import { SearchEngine, type SearchRequest } from '../../src/lib/search/engine';
import {
  MAX_PHRASE_WORDS,
  MAX_QUERY_PHRASES,
  MAX_QUERY_WORDS,
  parseQuery,
  tokenize,
} from '../../src/lib/search/text';
import { paper } from './search-fixtures';

vi.mock('../../src/lib/search/text', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/lib/search/text')>();
  return { ...actual, tokenize: vi.fn(actual.tokenize) };
});

const tokenizeSpy = vi.mocked(tokenize);

const padding = (n: number) =>
  Array.from({ length: n }, (_, i) => `neutral${String.fromCharCode(97 + (i % 26))}`).join(' ');

const papers = [
  paper(`Forecasting of time series with transformers. ${padding(20)}`, { slug: 'series' }),
  paper(`Time spent on a series of forecasting tasks. ${padding(20)}`, { slug: 'scattered' }),
  paper(`Long time series benchmark for forecasting. ${padding(20)}`, { slug: 'bench' }),
  paper(`Irregular time-series data from hospitals. ${padding(20)}`, { slug: 'hyphen' }),
  // The phrase runs across the title and the abstract: not a phrase of either.
  paper(`series of experiments on forecasting. ${padding(20)}`, {
    slug: 'boundary',
    title: 'Learning over time',
  }),
  paper(`A study of forecasting in retail. ${padding(20)}`, {
    slug: 'titled',
    title: 'Time Series in Retail',
  }),
  paper(`Video clips and their captions. ${padding(20)}`, { slug: 'video' }),
];
const built = buildSearchIndex(papers, { shardSize: 4 });
const engine = new SearchEngine(JSON.parse(JSON.stringify(built.index)));
const textOf = textFromShards(built);
const slugOf = (doc: number) => built.index.slugs[doc];

const rank = (query: string, more: Partial<SearchRequest> = {}) =>
  engine.rank({ query, limit: 50, ...more }, textOf);
const answer = (query: string) => {
  const { docs, details, total, partial, words } = rank(query);
  return { slugs: docs.map(slugOf), details, total, partial, words };
};

// Braces: a function returned from `beforeEach` is run as its clean-up.
beforeEach(() => {
  tokenizeSpy.mockClear();
});

describe('quoted phrases in a hostile query', () => {
  it('answers 400 copies of a phrase exactly as one copy', () => {
    const once = answer('"time series" forecasting');
    expect(once.total).toBe(3);
    expect(once.slugs.slice(0, 3).sort()).toEqual(['bench', 'series', 'titled']);
    const copies = `${Array.from({ length: 400 }, () => '"time series"').join(' ')} forecasting`;
    expect(answer(copies)).toEqual(once);
    // Written in other cases and with diacritics, the copies are still one phrase.
    const mixed = Array.from({ length: 400 }, (_, i) =>
      i % 2 ? '"TIME Series"' : '"tíme séries"',
    ).join(' ');
    expect(answer(`${mixed} forecasting`)).toEqual(once);
  });

  it('tokenises each candidate paper at most once per query, whatever the number of phrases', () => {
    const phrases = ['"time series"', '"of forecasting"', '"series of"', '"time spent"'];
    const query = Array.from({ length: 400 }, (_, i) => phrases[i % phrases.length]).join(' ');
    const ranking = rank(query);
    const candidates = tokenizeSpy.mock.calls.length;
    // Every paper holding `time` and `series` is a candidate; each was read once.
    expect(candidates).toBeGreaterThan(0);
    expect(candidates).toBeLessThanOrEqual(papers.length);
    const texts = tokenizeSpy.mock.calls.map(([text]) => text);
    expect(new Set(texts).size).toBe(texts.length);
    expect(ranking.docs.map(slugOf)).toContain('scattered');
    expect(ranking.total).toBe(0);

    tokenizeSpy.mockClear();
    const many = Array.from({ length: 400 }, (_, i) => `"time series w${i}"`).join(' ');
    rank(many);
    expect(tokenizeSpy.mock.calls.length).toBeLessThanOrEqual(papers.length);
  });

  it('does not tokenise any paper for a query without phrases', () => {
    rank('time series forecasting');
    expect(tokenizeSpy).not.toHaveBeenCalled();
  });

  it('still matches a phrase only with its words in a row, in one field, hyphen or not', () => {
    const results = answer('"time series"');
    expect(results.slugs.slice(0, results.total).sort()).toEqual(
      ['bench', 'hyphen', 'series', 'titled'].sort(),
    );
    // `scattered` has both words apart; `boundary` has them across its title and abstract.
    expect(results.slugs.slice(results.total).sort()).toEqual(['boundary', 'scattered'].sort());
  });

  it('still leaves out papers with an excluded word, beside a phrase', () => {
    expect(answer('"time series" -benchmark').slugs.slice(0, 3).sort()).toEqual(
      ['hyphen', 'series', 'titled'].sort(),
    );
    expect(answer('"time series" -"benchmark" -"benchmark"').total).toBe(3);
    expect(answer('video -clips').total).toBe(0);
  });
});

describe('parseQuery limits on phrases', () => {
  it('keeps each distinct phrase once, compared as folded words', () => {
    const parsed = parseQuery('"Time Series" "time séries" "TIME SERIES" "series time"');
    expect(parsed.phrases).toEqual([
      ['time', 'series'],
      ['series', 'time'],
    ]);
    expect(parsed.words).toEqual(['time', 'series']);
  });

  it(`keeps at most ${MAX_QUERY_PHRASES} phrases, their words still counted as words`, () => {
    const query = Array.from({ length: 50 }, (_, i) => `"w${i} x${i}"`).join(' ');
    const parsed = parseQuery(query);
    expect(parsed.phrases).toHaveLength(MAX_QUERY_PHRASES);
    expect(parsed.phrases[0]).toEqual(['w0', 'x0']);
    expect(parsed.words).toHaveLength(MAX_QUERY_WORDS);
  });

  it(`keeps the first ${MAX_PHRASE_WORDS} words of a long phrase`, () => {
    const words = Array.from({ length: 1000 }, (_, i) => `w${i}`);
    const parsed = parseQuery(`"${words.join(' ')}"`);
    expect(parsed.phrases).toEqual([words.slice(0, MAX_PHRASE_WORDS)]);
    // Two long phrases alike in their first words are one phrase.
    const other = [...words.slice(0, MAX_PHRASE_WORDS), 'different'];
    expect(parseQuery(`"${words.join(' ')}" "${other.join(' ')}"`).phrases).toHaveLength(1);
  });
});
