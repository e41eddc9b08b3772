import { describe, expect, it } from 'vitest';
import { buildSearchIndex, textFromShards } from '../../src/lib/search/build';
import { SearchEngine } from '../../src/lib/search/engine';
import { paper, searcher, slugs } from './search-fixtures';

/** Neutral words that pad an abstract to a realistic length without matching any query. */
const padding = (n: number) =>
  Array.from({ length: n }, (_, i) => `neutral${String.fromCharCode(97 + (i % 26))}`).join(' ');
const marked = (text: string, ranges: [number, number][]) =>
  ranges.map(([s, e]) => text.slice(s, e));

describe('matching', () => {
  const lens = paper(`We contribute Lens, a multi-level evaluation benchmark. ${padding(40)}`, {
    slug: 'lens',
    name: 'Lens',
  });
  const levy = paper(`Our test signals are discretized Lévy processes. ${padding(40)}`, {
    slug: 'levy',
  });
  const mtl = paper(
    `A fundamental problem in multi-task learning is grouping tasks. ${padding(40)}`,
    {
      slug: 'mtl',
    },
  );
  const solid = paper(`We study multitask pipelines for robots. ${padding(40)}`, { slug: 'solid' });
  const vln = paper(`Vision-and-Language Navigation (VLN) requires an agent. ${padding(40)}`, {
    slug: 'vln',
    acronyms: [{ short: 'VLN', long: 'Vision-and-Language Navigation' }],
  });
  const search = searcher([lens, levy, mtl, solid, vln]);

  it('folds case and diacritics both ways', () => {
    expect(slugs(search('levy'))).toEqual(['levy']);
    expect(slugs(search('LÉVY'))).toEqual(['levy']);
    expect(slugs(search('lens'))).toEqual(['lens']);
  });

  it('treats hyphens, spaces and solid compounds alike', () => {
    expect(slugs(search('multi-task ')).slice(0, 2).sort()).toEqual(['mtl', 'solid']);
    expect(slugs(search('multi task ')).slice(0, 2).sort()).toEqual(['mtl', 'solid']);
    expect(slugs(search('multitask ')).sort()).toEqual(['mtl', 'solid']);
  });

  it('finds a paper by an acronym it defines and by the expansion', () => {
    expect(slugs(search('VLN'))).toEqual(['vln']);
    expect(slugs(search('vision and language navigation'))[0]).toBe('vln');
  });

  it('finds papers by the label of a tag, not only its slug', () => {
    const tagged = paper(`Agents act. ${padding(10)}`, { slug: 'tagged', tags: ['rl'] });
    const built = buildSearchIndex([tagged], {
      topics: [{ slug: 'rl', label: 'Reinforcement learning' }],
    });
    const engine = new SearchEngine(built.index);
    expect(engine.search({ query: 'reinforcement' }, textFromShards(built)).total).toBe(1);
    expect(search('reinforcement').total).toBe(0);
  });

  it('answers on an empty corpus', () => {
    const engine = new SearchEngine(buildSearchIndex([]).index);
    expect(engine.search({ query: 'anything' }, () => '').total).toBe(0);
    expect(engine.search({ query: '' }, () => '').total).toBe(0);
  });

  it('completes the word being typed, but not a finished word', () => {
    expect(slugs(search('discre'))).toEqual(['levy']);
    expect(slugs(search('discre '))).toEqual([]);
  });

  it('matches other forms of a word through its stem', () => {
    expect(slugs(search('process '))).toEqual(['levy']);
    expect(slugs(search('groups '))).toEqual(['mtl']);
  });

  it('tolerates typos in every word', () => {
    expect(slugs(search('discretised levy procesess'))[0]).toBe('levy');
    expect(slugs(search('fundamentl problm'))[0]).toBe('mtl');
  });

  it('highlights the matched words in the title, name and snippet of each hit', () => {
    const [hit] = search('lens benchmark').hits;
    expect(hit?.slug).toBe('lens');
    expect(marked(hit?.name ?? '', hit?.nameRanges ?? [])).toEqual(['Lens']);
    expect(marked(hit?.snippet ?? '', hit?.snippetRanges ?? [])).toEqual(['Lens', 'benchmark']);
  });
});

describe('ranking', () => {
  it('does not fuzz a word that is in the vocabulary into other words', () => {
    const exact = paper(`The lens appears once here. ${padding(80)}`, { slug: 'exact' });
    const fuzzy = paper(`Less is more, less is less, less noise. ${padding(5)}`, {
      slug: 'fuzzy',
      title: 'Less is less',
      keywords: ['less'],
    });
    const results = searcher([fuzzy, exact])('lens ');
    expect(slugs(results)).toEqual(['exact']);
    expect(results.corrections).toEqual([]);
  });

  it('puts a paper named or titled by the term before one that mentions it in passing', () => {
    const passing = paper(`We also touch on quantization twice: quantization. ${padding(30)}`, {
      slug: 'passing',
    });
    const titled = paper(`Quantization of large models is studied. ${padding(30)}`, {
      slug: 'titled',
      title: 'Post-training quantization for language models',
    });
    const named = paper(`SealQA is introduced here. ${padding(30)}`, {
      slug: 'named',
      name: 'SealQA',
    });
    const mentions = paper(`Compared with SealQA and others. ${padding(30)}`, { slug: 'mentions' });
    expect(slugs(searcher([passing, titled])('quantization'))).toEqual(['titled', 'passing']);
    expect(slugs(searcher([mentions, named])('sealqa'))).toEqual(['named', 'mentions']);
  });

  it('puts the paper named exactly as the query before papers whose name only contains it', () => {
    const exact = paper(`SealQA is a benchmark. ${padding(60)}`, { slug: 'exact', name: 'SealQA' });
    const variant = paper(
      `SealQA-2 extends SealQA. SealQA-2 is harder than SealQA. ${padding(5)}`,
      {
        slug: 'variant',
        name: 'SealQA-2',
        title: 'SealQA-2: a harder SealQA',
      },
    );
    const search = searcher([variant, exact]);
    expect(slugs(search('sealqa'))).toEqual(['exact', 'variant']);
    expect(slugs(search('SealQA-2'))).toEqual(['variant', 'exact']);
  });

  it('puts papers with all the words before papers with some, in any order', () => {
    const some = paper(`Spectral spectral spectral methods. ${padding(10)}`, {
      slug: 'some',
      title: 'Spectral methods',
    });
    const all = paper(`Robustness of networks, studied with a spectral view. ${padding(60)}`, {
      slug: 'all',
    });
    const search = searcher([some, all]);
    expect(slugs(search('spectral robustness'))).toEqual(['all', 'some']);
    expect(slugs(search('robustness spectral'))).toEqual(['all', 'some']);
    const results = search('spectral robustness');
    expect(results.hits.map((h) => h.matchedWords)).toEqual([2, 1]);
    expect(results.hits.map((h) => h.complete)).toEqual([true, false]);
    expect([results.total, results.partial]).toEqual([1, 1]);
  });

  it('ranks by BM25: more occurrences in an abstract of equal length rank higher', () => {
    const once = paper(`Federated training once. ${padding(30)}`, { slug: 'once' });
    const often = paper(`Federated federated federated. ${padding(31)}`, { slug: 'often' });
    expect(slugs(searcher([once, often])('federated'))).toEqual(['often', 'once']);
  });

  it('ranks by BM25: a rare word weighs more than a common one', () => {
    const common = (i: number) => paper(`Benchmark number ${i}. ${padding(20)}`, { slug: `c${i}` });
    const rare = paper(`Holography only. ${padding(21)}`, { slug: 'rare' });
    const withCommon = paper(`A benchmark only. ${padding(21)}`, { slug: 'common' });
    const search = searcher([withCommon, rare, common(1), common(2), common(3)]);
    const ranked = slugs(search('benchmark holography'));
    expect(ranked[0]).toBe('rare');
    expect(ranked).toHaveLength(5);
  });

  it('does not require stopwords when the query has other words', () => {
    const a = paper(`Planner designs. ${padding(10)}`, { slug: 'a' });
    const b = paper(`The planner of the agents. ${padding(10)}`, { slug: 'b' });
    const results = searcher([a, b])('the planner ');
    expect(results.total).toBe(2);
    expect(results.hits.map((h) => h.matchedWords)).toEqual([1, 1]);
  });
});

describe('filters, facets and suggestions', () => {
  const corpus = [
    paper('A diffusion benchmark.', {
      slug: 'd1',
      tags: ['generative-models'],
      types: ['benchmark'],
      hasCode: true,
    }),
    paper('A diffusion method.', {
      slug: 'd2',
      tags: ['generative-models', 'theory'],
      types: ['method'],
    }),
    paper('A reinforcement learning method.', {
      slug: 'r1',
      tags: ['reinforcement-learning'],
      types: ['method'],
      hasCode: true,
    }),
    paper('Another reinforcement learning benchmark.', {
      slug: 'r2',
      tags: ['reinforcement-learning'],
      types: ['benchmark'],
    }),
  ];
  const search = searcher(corpus);

  it('counts tags, types and code over the results of the current query', () => {
    expect(search('diffusion').facets).toEqual({
      tags: { 'generative-models': 2, theory: 1 },
      types: { benchmark: 1, method: 1 },
      hasCode: 1,
      // One venue and no year in this corpus: nothing to choose between, nothing counted.
      venues: {},
      years: {},
    });
    expect(search('reinforcement').facets.tags).toEqual({ 'reinforcement-learning': 2 });
  });

  it('combines filters with the query, and the counts follow', () => {
    const results = search({ query: 'method', filters: { tags: ['reinforcement-learning'] } });
    expect(slugs(results)).toEqual(['r1']);
    expect(results.facets.types).toEqual({ method: 1 });
    expect(slugs(search({ query: '', filters: { types: ['benchmark'], hasCode: true } }))).toEqual([
      'd1',
    ]);
    expect(search({ query: 'diffusion', filters: { tags: ['no-such-tag'] } }).total).toBe(0);
  });

  it('lists every paper matching the filters, in corpus order, for an empty query', () => {
    expect(slugs(search({ query: '', filters: { types: ['method'] } }))).toEqual(['d2', 'r1']);
    expect(search('').total).toBe(4);
  });

  it('suggests vocabulary terms when nothing matches', () => {
    const results = search('kifusion');
    expect(results.total).toBe(0);
    expect(results.suggestions[0]).toBe('diffusion');
    expect(search('diffusion').suggestions).toEqual([]);
  });

  it('pages through results', () => {
    const all = slugs(search({ query: 'a', limit: 10 }));
    const page = slugs(search({ query: 'a', limit: 1, offset: 1 }));
    expect(page).toEqual(all.slice(1, 2));
  });

  it('pages through hundreds of results in one order, best first, each paper once', () => {
    // 300 papers mention `kinase` 1 to 5 times, so scores differ and many tie.
    const many = Array.from({ length: 300 }, (_, i) =>
      paper(`${'kinase '.repeat(1 + (i % 5))}${padding(20 + (i % 7))}`, {
        slug: `k${i}`,
      }),
    );
    // As many papers without it, so the word is not in every paper (idf ≈ 0.7, not 0).
    const others = Array.from({ length: 300 }, (_, i) => paper(padding(20 + (i % 7))));
    const searchMany = searcher([...many, ...others]);
    const pageOf = (offset: number, limit: number) =>
      searchMany({ query: 'kinase', offset, limit }).hits;
    // Small pages near the top and 100-result pages reaching past the 256th are chosen differently.
    const small = Array.from({ length: 30 }, (_, i) => pageOf(i * 10, 10)).flat();
    const large = [0, 100, 200].flatMap((offset) => pageOf(offset, 100));
    expect(large.map((h) => h.slug)).toEqual(small.map((h) => h.slug));
    expect(new Set(large.map((h) => h.slug)).size).toBe(300);
    // Best first, up to the sort key's resolution (scores are compared in hundredths).
    const scores = large.map((h) => h.score);
    const rises = scores.filter((score, i) => i > 0 && score > scores[i - 1]! + 0.01);
    expect(rises).toEqual([]);
  });

  it('shows a result before its text has arrived, with the snippet left for later', () => {
    const built = buildSearchIndex(corpus);
    const engine = new SearchEngine(built.index);
    const ranking = engine.rank({ query: 'diffusion benchmark' });
    const early = engine.present(ranking, 0);
    expect(early).toMatchObject({ slug: 'd1', snippet: null, snippetRanges: [] });
    const late = engine.present(ranking, 0, textFromShards(built)(ranking.docs[0] ?? -1));
    expect(late.snippet).toBe('A diffusion benchmark.');
  });

  it('links the Code badge to the code, and gives none to a paper that only promises code', () => {
    const linked = paper('A graph planner. Code: https://github.com/example/planner', {
      slug: 'linked',
      hasCode: true,
      links: [{ url: 'https://github.com/example/planner', kind: 'code' }],
    });
    const promised = paper('A graph planner whose code will be released.', {
      slug: 'promised',
      hasCode: true,
      links: [{ url: 'https://example.org/project', kind: 'project' }],
    });
    const hits = searcher([linked, promised])('graph planner').hits;
    const codeUrl = (slug: string) => hits.find((hit) => hit.slug === slug)?.codeUrl;
    expect(codeUrl('linked')).toBe('https://github.com/example/planner');
    expect(codeUrl('promised')).toBeNull();
  });

  it('returns what the result list shows', () => {
    const [hit] = search('diffusion benchmark').hits;
    expect(hit).toMatchObject({
      slug: 'd1',
      tags: ['generative-models'],
      types: ['benchmark'],
      hasCode: true,
      name: null,
    });
    expect(marked(hit?.snippet ?? '', hit?.snippetRanges ?? [])).toEqual([
      'diffusion',
      'benchmark',
    ]);
  });
});

describe('what the query means', () => {
  const video = paper(`A benchmark for video understanding. ${padding(20)}`, { slug: 'video' });
  const form = paper(`A formal benchmark of formulas. ${padding(20)}`, { slug: 'form' });
  const clip = paper(`Video clips, formatted. ${padding(20)}`, { slug: 'clip' });
  const reinforcement = paper(`Reinforcement learning with reinforced critics. ${padding(20)}`, {
    slug: 'rl',
  });
  const series = paper(`Forecasting of time series with transformers. ${padding(20)}`, {
    slug: 'series',
  });
  const scattered = paper(`Time spent on a series of forecasting tasks. ${padding(20)}`, {
    slug: 'scattered',
  });
  const fmri = paper(`Resting-state rs-fMRI scans of the brain. ${padding(20)}`, { slug: 'fmri' });
  const search = searcher([video, form, clip, reinforcement, series, scattered, fmri]);

  it('counts only papers with every word; the others form a separate group', () => {
    const results = search('benchmark for video');
    expect(results.total).toBe(1);
    expect(results.partial).toBe(2);
    expect(slugs(results)[0]).toBe('video');
    expect(results.hits.filter((h) => h.complete).map((h) => h.slug)).toEqual(['video']);
  });

  it('completes only the word being typed, from 3 letters, and never a stopword', () => {
    expect(slugs(search('benchmark for'))).toEqual(['video', 'form']);
    expect(search('vi').total).toBe(0);
    expect(slugs(search('vid')).sort()).toEqual(['clip', 'video']);
    expect(search('vid ').total).toBe(0);
  });

  it('corrects a word no paper contains, says so, and can search as typed instead', () => {
    const typed = 'reinforcment learning';
    const results = search(typed);
    expect(slugs(results)).toEqual(['rl']);
    expect(results.corrections).toEqual([
      { from: 'reinforcment', to: 'reinforcement', start: 0, end: 12 },
    ]);
    const asTyped = search({ query: typed, correct: false });
    expect(asTyped.total).toBe(0);
    expect(asTyped.corrections).toEqual([]);
    expect(asTyped.suggestions).toEqual(['reinforcement learning']);
  });

  it('keeps the count steady while a long word is typed with a typo', () => {
    const counts = ['reinforc', 'reinforcm', 'reinforcmen', 'reinforcement '].map(
      (q) => search(q).total,
    );
    expect(counts).toEqual([1, 1, 1, 1]);
  });

  it('matches a quoted phrase only with its words in a row', () => {
    const results = search('"time series"');
    expect(slugs(results)).toEqual(['series', 'scattered']);
    expect(results.total).toBe(1);
    expect(search('time series').total).toBe(2);
  });

  it('matches a quoted word exactly: no other form, no completion, no correction', () => {
    expect(search('"critic"').total).toBe(0);
    expect(search('critic').total).toBe(1);
  });

  it('leaves out papers with an excluded word, in any of its forms', () => {
    expect(slugs(search('video -benchmarks'))).toEqual(['clip']);
    expect(slugs(search('-benchmark')).sort()).toEqual(
      ['clip', 'rl', 'series', 'scattered', 'fmri'].sort(),
    );
    expect(search('multi-task').words).toEqual(['multi', 'task']);
  });

  it('says so when a query has no searchable word, instead of matching everything', () => {
    for (const query of ['(.*+?[', '%', '\u200b', '"']) {
      const results = search(query);
      expect(results.unsearchable, query).toBe(true);
      expect(results.total).toBe(0);
    }
    expect(search('').unsearchable).toBe(false);
  });

  it('suggests vocabulary words, including a word inside a longer one (mri → fmri)', () => {
    expect(search('mri').suggestions).toEqual(['fmri', 'rsfmri']);
    expect(search('xqz').suggestions).toEqual([]);
  });

  it('weighs suggestions by how many papers use them', () => {
    const popular = [1, 2, 3].map((n) => paper(`Sparse models number ${n}.`));
    const rare = paper('A parse tree.');
    // A typo in the first letter is not corrected while searching, only suggested.
    const results = searcher([...popular, rare])('xparse');
    expect(results.total).toBe(0);
    expect(results.suggestions).toEqual(['sparse', 'parse']);
  });
});
