import { describe, expect, it } from 'vitest';
import { OverridesError, parseOverrides } from '../../src/lib/ingest/overrides';
import { authorSlug, getAuthors } from '../../src/lib/site/authors';
import {
  bibtexCitation,
  citationMetaTags,
  externalLinks,
  plainCitation,
} from '../../src/lib/site/citation';
import { groupVenues, sourceLabel, venueLabel, venueSlug } from '../../src/lib/site/venues';
import { paper, searcher, slugs } from './search-fixtures';

const URL = 'https://example.org/papers/x/';

describe('curator overrides', () => {
  const errorOf = (yaml: string): string => {
    try {
      parseOverrides(yaml, 'overrides.yaml');
    } catch (error) {
      expect(error).toBeInstanceOf(OverridesError);
      return (error as Error).message;
    }
    throw new Error('no error');
  };

  it('keep the line of every entry', () => {
    const loaded = parseOverrides(
      'overrides:\n  - paper: a-1\n    hide: true\n  - paper: b-2\n    title: B\n',
      'o.yaml',
    );
    expect(loaded.entries.map((e) => [e.override.paper, e.line])).toEqual([
      ['a-1', 2],
      ['b-2', 4],
    ]);
  });

  it('reject an unknown key at its line', () => {
    expect(errorOf('overrides:\n  - paper: a-1\n    colour: red\n')).toBe(
      'overrides.yaml:3: unknown key "colour" (an override sets paper, title, name, authors, links, topics or hide)',
    );
  });

  it('reject a wrong type and broken YAML at their lines', () => {
    expect(errorOf('overrides:\n  - paper: a-1\n    authors: Jane Doe\n')).toBe(
      'overrides.yaml:3: field "overrides.0.authors": Expected array, received string',
    );
    expect(errorOf('overrides:\n  - paper: [a\n')).toMatch(/^overrides\.yaml:\d+: /);
  });
});

describe('venues', () => {
  it('are one venue when headers name it in two languages, shown by the English header', () => {
    const venues = groupVenues(['ICLR 2026 论文列表', 'ICLR 2026 Papers', 'NeurIPS 2025']);
    expect(venues.map((v) => [v.label, v.lang])).toEqual([
      ['ICLR 2026', undefined],
      ['NeurIPS 2025', undefined],
    ]);
  });

  it('are named without the filler their header opens with, or closes with after its year', () => {
    const cases: [string, string][] = [
      ['ICLR 2026 Papers', 'ICLR 2026'],
      ['Accepted Papers of NeurIPS 2024', 'NeurIPS 2024'],
      ['NeurIPS 2024 Accepted Papers (Main Track)', 'NeurIPS 2024'],
      ['ICML 2023 Proceedings', 'ICML 2023'],
      ['ACL 2024: Long Papers', 'ACL 2024: Long Papers'],
      ['Proceedings of the IEEE 2021', 'Proceedings of the IEEE 2021'],
      [
        'Proceedings of the National Academy of Sciences 2023',
        'Proceedings of the National Academy of Sciences 2023',
      ],
      ['Proceedings of Machine Learning Research', 'Proceedings of Machine Learning Research'],
      ['Track 2: Datasets and Benchmarks 2024', 'Track 2: Datasets and Benchmarks 2024'],
      ['Papers 2024', 'Papers 2024'],
      ['ICML 2023', 'ICML 2023'],
    ];
    expect(cases.map(([header]) => venueLabel(header))).toEqual(cases.map(([, label]) => label));
  });

  it('keep the filter value their header gave, whatever filler the label leaves out', () => {
    const [latin, han, apostrophe] = groupVenues([
      'ICLR 2026 Papers',
      'Papers 论文 2024',
      "ICLR 2027 Paper's",
    ]);
    expect(venueSlug(latin!)).toBe('iclr-2026');
    expect(venueSlug(han!)).toBe(venueSlug({ label: 'Papers 论文 2024' }));
    expect(venueSlug(apostrophe!)).toBe('iclr-2027-s');
  });

  it('carry a language when only a non-English header names them', () => {
    const [venue] = groupVenues(['ICLR 2026 论文列表']);
    expect(venue?.lang).toBe('zh');
  });

  it('name a source without its file name or position', () => {
    const venues = groupVenues(['ICLR 2026 Papers', 'ICLR 2026 论文列表']);
    const source = {
      file: '000_42c2417e74d889fe.txt',
      header: 'ICLR 2026 论文列表',
      paragraph: 14,
      line: 29,
    };
    expect(sourceLabel(source, venues)).toEqual({
      text: 'Listed in ICLR 2026',
      lang: undefined,
    });
  });
});

describe('authors', () => {
  it('have readable slugs, and names without Latin letters get a stable one', () => {
    expect(authorSlug('Åsa Lindqvist')).toBe('asa-lindqvist');
    expect(authorSlug('Karl Müller')).toBe(authorSlug('Karl Muller'));
    expect(authorSlug('王小明')).toMatch(/^author-[0-9a-f]{8}$/);
    expect(authorSlug('王小明')).not.toBe(authorSlug('李华'));
  });

  it('give two long consortia alike in their first 60 characters two slugs', () => {
    const head = 'International Consortium for the Study of Large Language Models';
    const a = `${head} in Northern Europe`;
    const b = `${head} in Southern Africa`;
    expect(a.length).toBeGreaterThanOrEqual(70);
    expect(authorSlug(a)).not.toBe(authorSlug(b));
    // The readable part is kept, then `--` and a hash that no plain name's slug holds.
    expect(authorSlug(a)).toMatch(
      /^international-consortium-for-the-study-[a-z0-9-]+--[0-9a-f]{8}$/,
    );
    expect(authorSlug(a)).toBe(authorSlug(a.toUpperCase()));
    const authors = getAuthors([paper('One', { authors: [a] }), paper('Two', { authors: [b] })]);
    expect(authors.map((x) => x.papers.length)).toEqual([1, 1]);
  });

  it('never give a Latin name the hash slug of a name without Latin letters', () => {
    const cjk = authorSlug('王小明');
    // The Latin name that spells the CJK name's slug gets a slug of its own; the CJK one is kept.
    const spelled = `Author ${cjk.slice('author-'.length)}`;
    expect(authorSlug(spelled)).not.toBe(cjk);
    expect(authorSlug(spelled)).toMatch(new RegExp(`^${cjk}--[0-9a-f]{8}$`));
    expect(cjk).toMatch(/^author-[0-9a-f]{8}$/);
    const authors = getAuthors([paper('One', { authors: ['王小明', spelled] })]);
    expect(new Set(authors.map((x) => x.slug)).size).toBe(2);
    // Names with digits but no letter are hashed too: `李 2` and `王 2` are not both `2`.
    expect(authorSlug('李 2')).not.toBe(authorSlug('王 2'));
  });

  it('keep the slugs of ordinary names', () => {
    expect(authorSlug('Åsa Lindqvist')).toBe('asa-lindqvist');
    expect(authorSlug('Pieter van der Berg')).toBe('pieter-van-der-berg');
    expect(authorSlug("Seán O'Brien-Smith")).toBe('sean-o-brien-smith');
    expect(authorSlug('Author Team')).toBe('author-team');
    const long = 'Abcdefghij '.repeat(6).trim(); // folds to 65 characters: cut
    const fits = 'Abcdefghi '.repeat(6).trim(); // folds to 59 characters: kept whole
    expect(authorSlug(fits)).toBe(fits.toLowerCase().replaceAll(' ', '-'));
    expect(authorSlug(long)).toMatch(/--[0-9a-f]{8}$/);
  });

  it('do not depend on the order the names are met in', () => {
    const names = [
      'International Consortium for the Study of Large Language Models in Northern Europe',
      'International Consortium for the Study of Large Language Models in Southern Africa',
      '王小明',
      `Author ${authorSlug('王小明').slice('author-'.length)}`,
      'Karl Müller',
      'Karl Muller',
      'Åsa Lindqvist',
    ];
    const papers = names.map((name, i) => paper(`Abstract ${i}`, { authors: [name] }));
    const slugsToIds = (list: typeof papers) =>
      Object.fromEntries(
        getAuthors(list).map((a) => [a.slug, a.papers.map((p) => p.id).sort()] as const),
      );
    const forward = slugsToIds(papers);
    expect(slugsToIds([...papers].reverse())).toEqual(forward);
    const shuffled = [3, 1, 5, 0, 6, 2, 4].map((i) => papers[i]!);
    expect(slugsToIds(shuffled)).toEqual(forward);
    // Six distinct authors: the two spellings of Karl Müller are one.
    expect(Object.keys(forward)).toHaveLength(6);
  });

  it('are counted once per paper and listed most prolific first', () => {
    const a = paper('First abstract', { authors: ['Mei Tanaka', 'Åsa Lindqvist'] });
    const b = paper('Second abstract', { authors: ['Mei Tanaka', 'Mei Tanaka'] });
    const authors = getAuthors([a, b]);
    expect(authors.map((x) => [x.name, x.papers.length])).toEqual([
      ['Mei Tanaka', 2],
      ['Åsa Lindqvist', 1],
    ]);
  });

  it('are searchable, and a paper by the author ranks above one that only mentions the name', () => {
    const mentions = paper('We extend the kernel sketch of Tanaka to streaming data.', {
      slug: 'mentions-000001',
    });
    const by = paper('We extend kernel sketches to streaming data.', {
      slug: 'by-000002',
      authors: ['Mei Tanaka'],
    });
    const search = searcher([mentions, by]);
    expect(slugs(search('tanaka'))).toEqual(['by-000002', 'mentions-000001']);
    expect(slugs(search('mei'))).toEqual(['by-000002']);
  });
});

describe('citations', () => {
  const cited = paper('An abstract.', {
    title: 'Tidal Memory: Recurrent Agents that Forget on Schedule',
    titleSource: 'given',
    authors: ['Chidi Okafor', 'Åsa Lindqvist', 'Pieter van der Berg', 'Mei Tanaka'],
    year: 2026,
    paperLinks: { openreview: 'AbC_12', doi: '10.5555/x.1' },
    sources: [{ file: 'a.bib', header: 'ICLR 2026', paragraph: 1, line: 3, key: 'okafor26' }],
  });

  it('give a BibTeX entry with the given key, escaped title, authors, venue, year and DOI', () => {
    expect(bibtexCitation(cited, 'ICLR 2026', URL)).toBe(
      [
        '@inproceedings{okafor26,',
        '  title = {{Tidal Memory: Recurrent Agents that Forget on Schedule}},',
        '  author = {Chidi Okafor and Åsa Lindqvist and Pieter van der Berg and Mei Tanaka},',
        '  booktitle = {ICLR 2026},',
        '  year = {2026},',
        '  doi = {10.5555/x.1},',
        '  url = {https://doi.org/10.5555/x.1}',
        '}',
      ].join('\n'),
    );
  });

  it('give a plain-text reference', () => {
    expect(plainCitation(cited, 'ICLR 2026', URL)).toBe(
      'Okafor, C., Lindqvist, Å., van der Berg, P., et al. (2026). Tidal Memory: Recurrent Agents that Forget on Schedule. ICLR 2026. https://doi.org/10.5555/x.1',
    );
    const anonymous = paper('An abstract.', { title: 'Untitled 50% study_1' });
    expect(plainCitation(anonymous, 'V', URL)).toBe(
      `Untitled 50% study_1. [Title derived from the abstract.] V. ${URL}`,
    );
    expect(bibtexCitation(anonymous, 'V', URL)).toContain('title = {{Untitled 50\\% study\\_1}}');
    // One page is "p.", a range "pp." (as the venue line on the page says).
    const onePage = { ...cited, publication: { pages: { first: '426' } } };
    expect(plainCitation(onePage, 'COLT 2024', URL)).toContain('COLT 2024, p. 426. ');
    const range = { ...cited, publication: { pages: { first: '17', last: '30' } } };
    expect(plainCitation(range, 'COLT 2024', URL)).toContain('COLT 2024, pp. 17–30. ');
  });

  it("give a journal article's reference its journal, volume, issue and pages", () => {
    const article = {
      ...cited,
      year: 2013,
      publication: {
        kind: 'article' as const,
        journal: 'Computing in Science & Engineering',
        volume: '15',
        number: '6',
        pages: { first: '16', last: '26' },
      },
    };
    expect(plainCitation(article, 'Computing in Science & Engineering 2013', URL)).toBe(
      'Okafor, C., Lindqvist, Å., van der Berg, P., et al. (2013). Tidal Memory: Recurrent Agents that Forget on Schedule. Computing in Science & Engineering 15(6), pp. 16–26. https://doi.org/10.5555/x.1',
    );
    // Google Scholar's tags for a journal article (its inclusion guidelines' names).
    const tags = citationMetaTags(article, 'V').filter((tag) =>
      /journal|conference|volume|issue|page/.test(tag.name),
    );
    expect(tags).toEqual([
      { name: 'citation_journal_title', content: 'Computing in Science & Engineering' },
      { name: 'citation_volume', content: '15' },
      { name: 'citation_issue', content: '6' },
      { name: 'citation_firstpage', content: '16' },
      { name: 'citation_lastpage', content: '26' },
    ]);
  });

  it('link to the PDF, DOI and OpenReview, and give Google Scholar tags', () => {
    expect(externalLinks(cited).map((l) => l.url)).toEqual([
      'https://openreview.net/pdf?id=AbC_12',
      'https://doi.org/10.5555/x.1',
      'https://openreview.net/forum?id=AbC_12',
    ]);
    const tags = citationMetaTags(cited, 'ICLR 2026');
    expect(tags.filter((t) => t.name === 'citation_author').map((t) => t.content)).toHaveLength(4);
    expect(Object.fromEntries(tags.map((t) => [t.name, t.content]))).toMatchObject({
      citation_title: cited.title,
      citation_publication_date: '2026',
      citation_conference_title: 'ICLR 2026',
      citation_pdf_url: 'https://openreview.net/pdf?id=AbC_12',
    });
  });
});
