import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isActive,
  readSearchState,
  toggleFilter,
  writeSearchState,
} from '../../src/lib/search/search-url';
import { scholarlyArticle } from '../../src/lib/site/structured-data';
import {
  cardFromShard,
  citableOf,
  toBibtex,
  toMarkdown,
  type PaperCard,
} from '../../src/lib/site/reading-list';
import { groupVenues, sourceLabel, venueSlug, venueYearText } from '../../src/lib/site/venues';
import {
  buildSearchIndex,
  textFromShards,
  type BuildSearchIndexOptions,
} from '../../src/lib/search/build';
import { SearchEngine, type SearchRequest } from '../../src/lib/search/engine';
import type { Paper, Publication } from '../../src/lib/schema';
import { paper, slugs } from './search-fixtures';

/** The search-fixtures searcher, with build options (venues). */
function searcher(papers: Paper[], options: BuildSearchIndexOptions) {
  const built = buildSearchIndex(papers, { shardSize: 4, ...options });
  const engine = new SearchEngine(JSON.parse(JSON.stringify(built.index)));
  const textOf = textFromShards(built);
  return (request: SearchRequest | string) =>
    engine.search(typeof request === 'string' ? { query: request, limit: 50 } : request, textOf);
}

describe('the venue and year filters in the URL', () => {
  it('round-trip, repeated, with and without a query', () => {
    const state = {
      query: '',
      tags: [],
      types: [],
      venues: ['icml-2023', 'aistats-2024'],
      years: [2023],
    };
    const search = writeSearchState(state);
    expect(search).toBe('?venue=icml-2023&venue=aistats-2024&year=2023');
    expect(readSearchState(search)).toEqual(state);
    expect(isActive(readSearchState('?venue=icml-2023'))).toBe(true);
    expect(isActive(readSearchState('?year=2024'))).toBe(true);
    const withQuery = { ...state, query: 'kernel', tags: ['optimization'] };
    expect(readSearchState(writeSearchState(withQuery))).toEqual(withQuery);
  });

  it('keep any state a reader can make', () => {
    const value = fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/).filter((v) => v.length <= 100);
    fc.assert(
      fc.property(
        fc.uniqueArray(value, { maxLength: 4 }),
        fc.uniqueArray(fc.integer({ min: 1900, max: 2100 }), { maxLength: 4 }),
        (venues, years) => {
          const state = { query: '', tags: [], types: [], venues, years };
          expect(readSearchState(writeSearchState(state))).toEqual(state);
        },
      ),
    );
  });

  it('drop values that cannot be a venue or a year, and read each once', () => {
    expect(
      readSearchState('?venue=icml-2023&venue=icml-2023&venue=%3Cscript%3E&year=23&year=2024x'),
    ).toMatchObject({ venues: ['icml-2023'], years: [] });
  });

  it('toggle on and off, leaving the other filters as they are', () => {
    const start = readSearchState('?q=x&tag=graphs');
    const on = toggleFilter(toggleFilter(start, 'venue', 'icml-2023'), 'year', '2023');
    expect(writeSearchState(on)).toBe('?q=x&tag=graphs&venue=icml-2023&year=2023');
    expect(
      writeSearchState(toggleFilter(toggleFilter(on, 'venue', 'icml-2023'), 'year', '2023')),
    ).toBe('?q=x&tag=graphs');
    expect(toggleFilter(on, 'year', 'soon')).toBe(on);
  });
});

describe('venues as readers and links see them', () => {
  it('have stable filter values, readable when the label is', () => {
    const [iclr, zh, icml] = groupVenues(['ICLR 2026 Papers', 'NeurIPS 2025 论文', 'ICML 2023']);
    expect(venueSlug(iclr!)).toBe('iclr-2026');
    expect(venueSlug(icml!)).toBe('icml-2023');
    expect(venueSlug(zh!)).toBe('neurips-2025');
    expect(venueSlug({ label: '会议论文' })).toMatch(/^v-[0-9a-f]{8}$/);
    expect(venueSlug({ label: '会议论文' })).not.toBe(venueSlug({ label: '期刊论文' }));
  });

  it('give the year only when the label does not hold it', () => {
    expect(venueYearText('ICML 2023', 2023)).toBe('ICML 2023');
    expect(venueYearText('Journal of Imaginary Machine Learning', 2024)).toBe(
      'Journal of Imaginary Machine Learning, 2024',
    );
    expect(venueYearText('ICML 12023', 2023)).toBe('ICML 12023, 2023');
    expect(venueYearText('', 2023)).toBe('2023');
    expect(venueYearText('openreview v1', null)).toBe('openreview v1');
  });

  it('name where a paper is listed without file, entry or position', () => {
    const venues = groupVenues(['ICLR 2026 Papers', 'ICLR 2026 论文列表']);
    const source = { file: 'a.txt', header: 'ICLR 2026 论文列表', paragraph: 14, line: 29 };
    expect(sourceLabel(source, venues).text).toBe('Listed in ICLR 2026');
    const published = (pages: { first: string; last?: string }) => ({
      publication: { pages },
      year: 2026,
    });
    expect(sourceLabel(source, venues, published({ first: '17135', last: '17175' })).text).toBe(
      'ICLR 2026, pp. 17135–17175',
    );
    expect(sourceLabel(source, venues, published({ first: 'e12' })).text).toBe('ICLR 2026, p. e12');
  });

  describe("name a journal article's copy as a reference does", () => {
    const cise = 'Computing in Science & Engineering';
    const venues = groupVenues([`${cise} 2013`, 'CiSE 2013', 'ICML 2023']);
    const source = (header: string) => ({ file: 'x.csv', header, paragraph: 1, line: 2 });
    const article = (publication: Omit<Publication, 'kind'>, year: number | null = 2013) =>
      sourceLabel(source(`${cise} 2013`), venues, {
        publication: { kind: 'article', ...publication },
        year,
      }).text;
    const pages = { first: '16', last: '26' };

    it('journal, volume(issue), pages and year, as IEEE Xplore exports the article', () => {
      expect(article({ journal: cise, volume: '15', number: '6', pages })).toBe(
        'Computing in Science & Engineering 15(6), pp. 16–26, 2013',
      );
      expect(article({ journal: cise, volume: '15', pages })).toBe(
        'Computing in Science & Engineering 15, pp. 16–26, 2013',
      );
      expect(article({ journal: cise, number: '6', pages })).toBe(
        'Computing in Science & Engineering no. 6, pp. 16–26, 2013',
      );
      expect(article({ journal: cise, volume: '15', number: '6' })).toBe(
        'Computing in Science & Engineering 15(6), 2013',
      );
      expect(article({ journal: cise, volume: '15', number: '6', pages }, null)).toBe(
        'Computing in Science & Engineering 15(6), pp. 16–26',
      );
    });

    it('a named issue after a comma, and a year in the pages still said', () => {
      expect(article({ journal: 'TPAMI', volume: '40', number: 'Special Issue on X' })).toBe(
        'TPAMI 40, Special Issue on X, 2013',
      );
      expect(article({ journal: 'TPAMI', number: 'Special Issue on X' })).toBe(
        'TPAMI Special Issue on X, 2013',
      );
      expect(article({ journal: 'Big', volume: '3', pages: { first: '2013', last: '2020' } })).toBe(
        'Big 3, pp. 2013–2020, 2013',
      );
      // A volume numbered by its year says it once.
      expect(article({ journal: 'J. Phys.', volume: '2013', number: '6' })).toBe(
        'J. Phys. 2013(6)',
      );
    });

    it('the venue for a journal not named, its year once, apart from the volume', () => {
      const text = sourceLabel(source('CiSE 2013'), venues, {
        publication: { kind: 'article', volume: '15', number: '6', pages },
        year: 2013,
      }).text;
      expect(text).toBe('CiSE 2013, 15(6), pp. 16–26');
    });

    it('listed as before when nothing but the journal is known, and only for the first copy', () => {
      expect(article({ journal: cise })).toBe('Listed in Computing in Science & Engineering 2013');
      expect(sourceLabel(source(`${cise} 2013`), venues).text).toBe(
        'Listed in Computing in Science & Engineering 2013',
      );
    });

    it('leaves a proceedings paper as it was, whatever volume and number it holds', () => {
      const icml = sourceLabel(source('ICML 2023'), venues, {
        publication: {
          kind: 'inproceedings',
          booktitle: 'Proceedings of the 40th International Conference on Machine Learning',
          volume: '202',
          number: '3',
          pages: { first: '17135', last: '17175' },
        },
        year: 2023,
      });
      expect(icml).toEqual({ text: 'ICML 2023, pp. 17135–17175', lang: undefined });
    });
  });
});

describe('the search engine', () => {
  const papers = [
    paper('kernel methods preconditioning', {
      authors: ['Amirhesam Abedsoltan', 'Parthe Pandit'],
      year: 2024,
      titleSource: 'given',
      title: 'On the Nyström Approximation',
    }),
    paper('kernel regression in linear MDPs', { authors: ['Toshinori Kitamura'], year: 2023 }),
    paper('kernel bandits', { year: 2023 }),
  ];
  const venueOf = (p: (typeof papers)[number]) =>
    p.year === 2024
      ? { value: 'aistats-2024', label: 'AISTATS 2024' }
      : { value: 'icml-2023', label: 'ICML 2023' };
  const search = searcher(papers, { venueOf });

  it('filters by venue and by year, with and without a query', () => {
    expect(slugs(search({ query: '', filters: { venues: ['icml-2023'] } }))).toEqual([
      papers[1]!.slug,
      papers[2]!.slug,
    ]);
    expect(slugs(search({ query: 'kernel', filters: { years: [2024] } }))).toEqual([
      papers[0]!.slug,
    ]);
    expect(search({ query: 'kernel', filters: { venues: ['nowhere'] } }).total).toBe(0);
  });

  it('counts each venue and year as if its own facet chose nothing', () => {
    const results = search({ query: 'kernel', filters: { venues: ['icml-2023'] } });
    expect(results.facets.venues).toEqual({ 'icml-2023': 2, 'aistats-2024': 1 });
    expect(results.facets.years).toEqual({ '2023': 2 });
  });

  it('gives each hit its authors with the matched surname, venue, year and title source', () => {
    const [hit] = search('abedsoltan').hits;
    expect(hit).toMatchObject({
      authors: ['Amirhesam Abedsoltan', 'Parthe Pandit'],
      authorRanges: [[[10, 20]], []],
      venue: 'AISTATS 2024',
      year: 2024,
      titleSource: 'given',
    });
    expect(search('bandits').hits[0]).toMatchObject({ titleSource: 'derived', authors: [] });
  });
});

describe('JSON-LD of a paper page', () => {
  const pmlr = paper('An abstract.', {
    title: 'Regularization and Variance-Weighted Regression',
    titleSource: 'given',
    authors: ['Toshinori Kitamura'],
    year: 2023,
    paperLinks: { openreview: '0rZvMIfECW', doi: '10.5555/x.1' },
    publication: {
      kind: 'inproceedings',
      booktitle: 'Proceedings of the 40th International Conference on Machine Learning',
      volume: '202',
      publisher: 'PMLR',
      editors: ['Andreas Krause', 'Emma Brunskill'],
      pages: { first: '17135', last: '17175' },
    },
  });

  it('says what proceedings the paper is part of, when, on which pages, and where else it is', () => {
    const jsonLd = scholarlyArticle(
      pmlr,
      'https://papers.example.org/papers/x/',
      ['RL'],
      'ICML 2023',
    );
    expect(jsonLd).toMatchObject({
      '@type': 'ScholarlyArticle',
      url: 'https://papers.example.org/papers/x/',
      datePublished: '2023',
      pageStart: '17135',
      pageEnd: '17175',
      pagination: '17135-17175',
      identifier: 'https://doi.org/10.5555/x.1',
      sameAs: [
        'https://openreview.net/pdf?id=0rZvMIfECW',
        'https://doi.org/10.5555/x.1',
        'https://openreview.net/forum?id=0rZvMIfECW',
      ],
      isPartOf: {
        '@type': 'Book',
        name: 'Proceedings of the 40th International Conference on Machine Learning',
        alternateName: 'ICML 2023',
        volumeNumber: '202',
        editor: [
          { '@type': 'Person', name: 'Andreas Krause' },
          { '@type': 'Person', name: 'Emma Brunskill' },
        ],
        publisher: { '@type': 'Organization', name: 'PMLR' },
      },
    });
  });

  it('puts a journal article in its issue, the issue in its volume, the volume in the journal', () => {
    const cise = 'Computing in Science & Engineering';
    const article = (publication: Omit<Publication, 'kind'>) =>
      scholarlyArticle({ ...pmlr, publication: { kind: 'article', ...publication } }, 'u', [], 'V')
        .isPartOf;
    const journal = { '@type': 'Periodical', name: cise };
    expect(article({ journal: cise, volume: '15', number: '6' })).toEqual({
      '@type': 'PublicationIssue',
      issueNumber: '6',
      isPartOf: { '@type': 'PublicationVolume', volumeNumber: '15', isPartOf: journal },
    });
    expect(article({ journal: cise, volume: '15' })).toEqual({
      '@type': 'PublicationVolume',
      volumeNumber: '15',
      isPartOf: journal,
    });
    expect(article({ journal: cise, number: '6', publisher: 'IEEE' })).toEqual({
      '@type': 'PublicationIssue',
      issueNumber: '6',
      isPartOf: { ...journal, publisher: { '@type': 'Organization', name: 'IEEE' } },
    });
  });

  it('names a journal, or else the venue, and leaves out what it does not know', () => {
    const article = { ...pmlr, publication: { kind: 'article' as const, journal: 'JMLR' } };
    expect(scholarlyArticle(article, 'u', [], 'V').isPartOf).toEqual({
      '@type': 'Periodical',
      name: 'JMLR',
    });
    const plain = paper('Plain.', { year: null });
    const jsonLd = scholarlyArticle(plain, 'u', [], 'ICLR 2026 Papers');
    expect(jsonLd.isPartOf).toEqual({ '@type': 'CreativeWork', name: 'ICLR 2026 Papers' });
    for (const key of ['datePublished', 'pagination', 'sameAs', 'identifier', 'author']) {
      expect(jsonLd).not.toHaveProperty(key);
    }
  });
});

describe('reading-list cards and exports', () => {
  const card: PaperCard = {
    id: '647e7d000000',
    title: 'Regularization and *Variance*',
    summary: 's',
    tags: [],
    authors: ['Toshinori Kitamura', 'Tadashi Kozuno'],
    venue: 'ICML 2023',
    year: 2023,
    links: { openreview: '0rZvMIfECW' },
    publication: { booktitle: 'Proceedings of ICML', pages: { first: '1', last: '9' } },
    key: 'kitamura23',
  };
  const item = { slug: 'dvw-647e7d', title: 'Old title', note: '', addedAt: '' };

  it('put the shared publication details back into a card', () => {
    const shard = {
      publications: [{ booktitle: 'Proceedings of ICML' }],
      cards: {
        'dvw-647e7d': { ...card, publication: undefined, pub: 0, pages: { first: '1', last: '9' } },
      },
    };
    expect(cardFromShard(shard, 'dvw-647e7d')).toEqual(card);
    expect(cardFromShard(shard, 'constructor')).toBeUndefined();
    expect(cardFromShard(null, 'dvw-647e7d')).toBeUndefined();
  });

  it('list authors, venue and year in Markdown, escaped', () => {
    expect(
      toMarkdown(
        [item],
        (s) => `https://x/${s}/`,
        'Reading list',
        () => card,
      ),
    ).toBe(
      [
        '# Reading list',
        '',
        '- [Regularization and \\*Variance\\*](<https://x/dvw-647e7d/>)',
        '  Toshinori Kitamura, Tadashi Kozuno. ICML 2023.',
        '',
      ].join('\n'),
    );
  });

  it('cite a paper whose card is missing by its saved title and page', () => {
    const bibtex = toBibtex(
      [item],
      (s) => `https://x/${s}/`,
      () => undefined,
    );
    expect(bibtex).toMatch(/^@misc\{papertitle-647e7d,\n {2}title = \{\{Old title\}\}/);
    expect(bibtex).toContain('url = {https://x/dvw-647e7d/}');
    expect(citableOf(item, card).sources).toEqual([{ key: 'kitamura23' }]);
  });

  it('cite a title’s formulas as TeX when the card has them, never with a title saved alone', () => {
    const withFormula = {
      ...card,
      title: 'Bounds for ell_p Norms',
      titleTex: String.raw`Bounds for $\ell_p$ Norms`,
    };
    const cite = (c: PaperCard | undefined) =>
      toBibtex(
        [item],
        (s) => `https://x/${s}/`,
        () => c,
      );
    expect(cite(withFormula)).toContain(String.raw`title = {{Bounds for $\ell_p$ Norms}}`);
    expect(cite(undefined)).toContain('title = {{Old title}}');
  });
});
