/**
 * Real proceedings files, read faithfully: each shape of docs/formats.md (fixtures copied from real
 * exports in tests/fixtures/formats/real/) gives its venue, year, pages, links and authors; and a
 * citation of any record is exactly one entry, parsed back by a real BibTeX parser.
 */
import { readFileSync } from 'node:fs';
import { parse } from '@retorquere/bibtex-parser';
import { describe, expect, it } from 'vitest';
import { readBibtex } from '../../src/lib/ingest/formats/bibtex';
import { parseOverrides } from '../../src/lib/ingest/overrides';
import { readCsv } from '../../src/lib/ingest/formats/csv';
import { readJsonArray, readJsonLines } from '../../src/lib/ingest/formats/jsonl';
import { ingestDumps } from '../../src/lib/pipeline';
import {
  bibtexCitation,
  citationMetaTags,
  externalLinks,
  risCitation,
  type Citable,
} from '../../src/lib/site/citation';
import { parseTaxonomy } from '../../src/lib/enrich/taxonomy';

const REAL = 'tests/fixtures/formats/real';
const read = (name: string) => readFileSync(`${REAL}/${name}`, 'utf8');
const TAXONOMY = parseTaxonomy(readFileSync('tests/fixtures/ingest/taxonomy.yaml', 'utf8'), 't');

describe('a PMLR volume', () => {
  const volume = readBibtex('aistats.bib', read('pmlr-volume.bib'));

  it('gives every entry the volume block’s venue, year, volume, editors and address', () => {
    expect(volume.problems).toEqual([]);
    expect(volume.records.length).toBeGreaterThanOrEqual(2);
    for (const record of volume.records) {
      expect(record.venue).toBe('AISTATS 2024');
      expect(record.year).toBe(2024);
      expect(record.publication).toMatchObject({
        kind: 'inproceedings',
        booktitle: expect.stringMatching(/International Conference on Artificial Intelligence/),
        shortName: 'AISTATS',
        volume: '238',
      });
      expect(record.publication.editors?.length).toBeGreaterThan(0);
      expect(record.publication.pages?.first).toMatch(/^\d+$/);
      expect(record.publication.pages?.last).toMatch(/^\d+$/);
    }
    expect(volume.venue).toBe('AISTATS 2024');
  });

  it('turns an openreview field into the forum and PDF links', () => {
    const bib = `@Proceedings{V, booktitle = {Proceedings of Imaginary ML}, shortname = {IML}, year = {2025}}
@InProceedings{a25, title = {A}, openreview = {AbC_12-x}, pages = {1--9}, author = {Doe, Jane},
  abstract = {${'We study a thing and show that it works well on every benchmark we tried. '.repeat(2)}}}`;
    const [record] = readBibtex('v.bib', bib).records;
    expect(record?.links).toEqual({ openreview: 'AbC_12-x' });
    expect(externalLinks({ paperLinks: record!.links }).map((l) => l.url)).toEqual([
      'https://openreview.net/pdf?id=AbC_12-x',
      'https://openreview.net/forum?id=AbC_12-x',
    ]);
    expect(record?.venue).toBe('IML 2025');
  });
});

describe('other real BibTeX shapes', () => {
  it('ACL Anthology: quoted values, the DOI, the page and the month macro', () => {
    const acl = readBibtex('acl.bib', read('acl-anthology.bib'));
    expect(acl.problems).toEqual([]);
    const [record] = acl.records;
    expect(record?.links.doi).toMatch(/^10\.18653\//);
    expect(record?.links.page).toMatch(/^https:\/\/aclanthology\.org\//);
    expect(record?.publication.booktitle).toMatch(/^Proceedings of the/);
    expect(record?.venue).not.toMatch(/^Proceedings of/);
    expect(record?.year).toBe(2023);
    expect(record?.authors.every((name) => !/\band\b|\s{2}/.test(name))).toBe(true);
  });

  it('DBLP: fields inherited through crossref, and a dangling crossref is no error', () => {
    const dblp = readBibtex('dblp.bib', read('dblp-crossref.bib'));
    expect(dblp.problems).toEqual([]);
    const esa = dblp.records.find((r) => r.publication.series === 'LIPIcs');
    expect(esa?.publication.volume).toBe('173');
    expect(esa?.publication.editors?.length).toBeGreaterThan(0);
    expect(esa?.links.doi).not.toContain('\\');
    expect(dblp.records.some((r) => r.publication.series === undefined)).toBe(true);
  });

  it('arXiv: the e-print id is the arXiv link, and the venue says arXiv', () => {
    const arxiv = readBibtex('arxiv.bib', read('arxiv.bib'));
    expect(arxiv.problems).toEqual([]);
    for (const record of arxiv.records) {
      expect(record.links.arxiv).toMatch(/^\d{4}\.\d{4,5}$/);
      expect(record.venue).toMatch(/^arXiv \d{4}$/);
      expect(record.publication.kind).toBe('misc');
    }
  });

  it('NeurIPS: the url is the PDF, the volume and publisher are kept', () => {
    const neurips = readBibtex('neurips.bib', read('neurips.bib'));
    expect(neurips.problems).toEqual([]);
    for (const record of neurips.records) {
      expect(record.links.pdf).toMatch(/\.pdf$/);
      expect(record.publication.publisher).toBe('Curran Associates, Inc.');
      expect(record.venue).toMatch(/^Advances in Neural Information Processing Systems \d{4}$/);
    }
  });
});

describe('OpenReview exports', () => {
  it('API v1 notes in {notes: […]}: forum id, absolute PDF, and replies passed over', () => {
    const v1 = readJsonArray('v1.json', read('openreview-v1.json'));
    expect(v1.problems).toEqual([]);
    expect(v1.records.length).toBeGreaterThan(0);
    const [note] = v1.records;
    expect(note?.links.openreview).toMatch(/^[\w-]+$/);
    expect(note?.links.pdf).toMatch(/^https:\/\/openreview\.net\/pdf\//);
    expect(note?.authors.join(' ')).not.toContain('@');
    expect(v1.count).toBe(v1.records.length);
  });

  it('API v2 notes ({value} fields): venue and year from the venue id', () => {
    const v2 = readJsonLines('v2.jsonl', read('openreview-v2.jsonl'));
    expect(v2.problems).toEqual([]);
    const venues = v2.records.map((r) => r.venue);
    expect(venues).toContain('ICLR 2024');
    for (const record of v2.records) {
      expect(record.title).toBeTruthy();
      expect(record.authors.length).toBeGreaterThan(0);
      expect(record.links.openreview).toBeTruthy();
      expect(record.links.pdf).toMatch(/^https:\/\/openreview\.net\//);
    }
  });
});

describe('a conference CSV export', () => {
  const csv = readCsv('cmt.csv', read('conference.csv'));

  it('reads its columns under their tool spellings, names turned round', () => {
    expect(csv.problems).toEqual([]);
    expect(csv.records.length).toBeGreaterThanOrEqual(2);
    for (const record of csv.records) {
      expect(record.title).toBeTruthy();
      expect(record.authors.length).toBeGreaterThan(0);
      for (const name of record.authors) expect(name).not.toMatch(/[*,@]/);
    }
  });

  it('never reads an e-mail address, and counts the records that had one', () => {
    expect(JSON.stringify(csv.records)).not.toMatch(/@example\.org/);
    expect(csv.emailsDropped).toBeGreaterThan(0);
  });

  it('says so in the ingest summary', () => {
    const result = ingestDumps(
      [{ name: 'cmt.csv', bytes: new TextEncoder().encode(read('conference.csv')) }],
      TAXONOMY,
    );
    expect(JSON.stringify(result.papers)).not.toMatch(/@example\.org/);
    expect(result.stats.emailsDropped).toBeGreaterThan(0);
  });
});

describe('a citation', () => {
  const citable = (overrides: Partial<Citable> = {}): Citable => ({
    id: 'abcdef123456',
    title: 'Tidal Memory',
    titleSource: 'given',
    authors: ['Chidi Okafor', 'Åsa Lindqvist'],
    year: 2023,
    paperLinks: { openreview: 'AbC_12' },
    publication: {
      kind: 'inproceedings',
      booktitle: 'Proceedings of the 40th International Conference on Machine Learning',
      shortName: 'ICML',
      volume: '202',
      series: 'Proceedings of Machine Learning Research',
      publisher: 'PMLR',
      editors: ['Andreas Krause', 'Emma Brunskill'],
      pages: { first: '17135', last: '17175' },
      month: 'jul',
    },
    sources: [{ key: 'okafor23' }],
    ...overrides,
  });

  it('carries the real booktitle, year, pages, editors, publisher and the official link', () => {
    const entry = bibtexCitation(citable(), 'ICML 2023', 'https://site.example/papers/x/');
    const library = parse(entry, { english: false });
    expect(library.errors).toEqual([]);
    expect(library.entries).toHaveLength(1);
    const fields = library.entries[0]!.fields;
    expect(library.entries[0]!.type).toBe('inproceedings');
    expect(fields.booktitle).toBe(
      'Proceedings of the 40th International Conference on Machine Learning',
    );
    expect(fields.year).toBe('2023');
    expect(fields.pages).toBe('17135–17175');
    expect(fields.editor?.map((e) => e.lastName)).toEqual(['Krause', 'Brunskill']);
    expect(fields.publisher).toEqual(['PMLR']);
    expect(fields.url).toBe('https://openreview.net/forum?id=AbC_12');
  });

  it('of a journal article carries its journal, volume and issue', () => {
    const article = citable({
      publication: {
        kind: 'article',
        journal: 'Computing in Science & Engineering',
        volume: '15',
        number: '6',
        pages: { first: '16', last: '26' },
      },
    });
    const library = parse(bibtexCitation(article, 'CiSE 2013', 'https://s/'), { english: false });
    expect(library.entries[0]!.type).toBe('article');
    expect(library.entries[0]!.fields).toMatchObject({
      journal: 'Computing in Science & Engineering',
      volume: '15',
      number: '6',
    });
    expect(risCitation(article, 'V', 'https://s/')).toContain('IS  - 6\r\n');
    expect(citationMetaTags(article, 'V')).toContainEqual({ name: 'citation_issue', content: '6' });
  });

  it('of a derived title says so', () => {
    const entry = bibtexCitation(citable({ titleSource: 'derived' }), 'V', 'https://s/');
    expect(parse(entry, { english: false }).entries[0]!.fields.note).toBe(
      'Title derived from the abstract',
    );
    expect(risCitation(citable({ titleSource: 'derived' }), 'V', 'https://s/')).toContain(
      'N1  - Title derived from the abstract',
    );
  });

  it('is exactly one entry whatever the fields hold (no @preamble, no second entry)', () => {
    const hostile = citable({
      title: 'A}}, @preamble{"\\immediate\\write18{touch pwned}"} @misc{q, title={',
      authors: ['Eve } and { Mallory', 'Trudy \\'],
      paperLinks: {
        page: 'https://example.org/a}},@preamble{"\\immediate\\write18{touch pwned}"}@misc{q,title={',
      },
      publication: { booktitle: '}}@misc{x,', pages: { first: '1}', last: '{2' } },
    });
    const entry = bibtexCitation(hostile, 'V', 'https://site.example/');
    const library = parse(entry, { english: false });
    expect(library.entries).toHaveLength(1);
    expect(library.preamble).toEqual([]);
    expect(entry.match(/^@/gm)).toHaveLength(1);
    // BibTeX balances every brace, escaped or not: the entry's braces close only at its end.
    let depth = 0;
    for (const c of entry.slice(entry.indexOf('{'), -1)) {
      if (c === '{') depth++;
      if (c === '}') depth--;
      expect(depth).toBeGreaterThanOrEqual(1);
    }
    expect(depth).toBe(1);
    const ris = risCitation(
      citable({ title: 'A\r\nER  - \r\nTY  - JOUR', authors: ['X\nAU  - Y'] }),
      'V',
      'https://s/',
    );
    expect(ris.split('\r\n').filter((line) => line.startsWith('ER  -'))).toHaveLength(1);
    expect(ris.split('\r\n').filter((line) => line.startsWith('TY  -'))).toHaveLength(1);
  });

  it('gives Google Scholar the first and last page and the conference title', () => {
    const tags = Object.fromEntries(
      citationMetaTags(citable(), 'ICML 2023').map((t) => [t.name, t.content]),
    );
    expect(tags).toMatchObject({
      citation_conference_title:
        'Proceedings of the 40th International Conference on Machine Learning',
      citation_firstpage: '17135',
      citation_lastpage: '17175',
      citation_publication_date: '2023',
      citation_pdf_url: 'https://openreview.net/pdf?id=AbC_12',
    });
  });

  it('of a real record round-trips through the BibTeX parser', () => {
    const [record] = readBibtex('aistats.bib', read('pmlr-volume.bib')).records;
    const entry = bibtexCitation(
      {
        id: '000000000000',
        title: record!.title!,
        titleSource: 'given',
        authors: record!.authors,
        year: record!.year ?? null,
        paperLinks: record!.links,
        publication: record!.publication,
      },
      record!.venue!,
      'https://site.example/',
    );
    const back = parse(entry, { english: false });
    expect(back.errors).toEqual([]);
    expect(back.entries).toHaveLength(1);
    expect(back.entries[0]!.fields.author).toHaveLength(record!.authors.length);
  });
});

describe('a title with formulas', () => {
  const ingestBib = (title: string, name = 'v.bib') => {
    const bib = `@InProceedings{a25, title = {${title}}, author = {Doe, Jane}, year = {2025},
  booktitle = {Proceedings of Imaginary ML},
  abstract = {${'We study a thing and show that it works well on every benchmark we tried. '.repeat(2)}}}`;
    const result = ingestDumps([{ name, bytes: new TextEncoder().encode(bib) }], TAXONOMY);
    expect(result.problems).toEqual([]);
    return result.papers[0]!;
  };
  const cite = (paper: Citable) => bibtexCitation(paper, 'IML 2025', 'https://s/');

  it('keeps its formulas as TeX for the citation, and its plain title for everything else', () => {
    const paper = ingestBib('Breaking the $n^{1.5}$ Barrier for {$L_\\infty$} Robustness');
    expect(paper.title).not.toMatch(/[$\\]/);
    expect(paper.titleTex).toBe('Breaking the $n^{1.5}$ Barrier for $L_\\infty$ Robustness');
    const entry = cite(paper);
    expect(entry).toContain(
      'title = {{Breaking the $n^{1.5}$ Barrier for $L_\\infty$ Robustness}},',
    );
    const back = parse(entry, { english: false });
    expect(back.errors).toEqual([]);
    expect(back.entries).toHaveLength(1);
  });

  it('keeps no formula KaTeX cannot typeset, nor one with a comment sign', () => {
    for (const title of [
      'A $\\write18{touch x}$ Bound',
      'A $\\input{/etc/passwd}$ Bound',
      'A $50% x$ Bound',
    ]) {
      const paper = ingestBib(title);
      expect(paper.titleTex).toBeUndefined();
      expect(cite(paper)).not.toMatch(/\\write18|\\input|[^\\]%/);
    }
    // One formula that is kept, one that is not: the second stays text in both titles.
    const mixed = ingestBib('On $\\ell_p$ and $\\notacommand{q}$ Norms');
    expect(mixed.titleTex).toMatch(/^On \$\\ell_p\$ and [^$]*Norms$/);
  });

  it('reads escaped signs as signs, never as a formula’s edge or a heading', () => {
    const cases: [string, string][] = [
      ['Costs of \\$5 and \\$6 Models', 'Costs of $5 and $6 Models'],
      ['Within \\$450 for $k$-means', 'Within $450 for k-means'],
      ['\\# of Samples Matters', '# of Samples Matters'],
      ['Lessons from 50\\% \\& More', 'Lessons from 50% & More'],
    ];
    for (const [tex, plain] of cases) {
      const paper = ingestBib(tex);
      expect(paper.title).toBe(plain);
      // A text dollar sign would read as a formula's edge: such a title is cited as text.
      if (plain.includes('$')) expect(paper.titleTex).toBeUndefined();
      expect(parse(cite(paper), { english: false }).errors).toEqual([]);
    }
  });

  it('keeps only formulas LaTeX reads and a citation can carry as written', () => {
    const kept = ingestBib('Learning with $\\alpha\\ $ Smoothing');
    expect(kept.titleTex).toBe('Learning with $\\alpha\\ $ Smoothing');
    // The parser does not know every math command (it says "unhandled macro"); it must find
    // the entry whole, its formula closed.
    const back = parse(cite(kept), { english: false });
    expect(back.entries).toHaveLength(1);
    expect(back.errors.filter((e) => !e.error.startsWith('unhandled macro'))).toEqual([]);
    // LaTeX refuses a text accent in math; a lone `\{` unbalances the entry's braces.
    for (const tex of ['A $\\^{} 2$ Texture Model', '$\\{$MorFuzz$\\}$: Fuzzing Processors'])
      expect(ingestBib(tex).titleTex).toBeUndefined();
  });

  it('gives way to a curator’s title', () => {
    const paper = ingestBib('Bounds for $\\ell_p$ Norms');
    expect(paper.titleTex).toBeDefined();
    const bib = `@InProceedings{a25, title = {Bounds for $\\ell_p$ Norms}, author = {Doe, Jane},
  abstract = {${'We study a thing and show that it works well on every benchmark we tried. '.repeat(2)}}}`;
    const overrides = parseOverrides(
      `overrides:\n  - paper: ${paper.slug}\n    title: Bounds for Lp Norms, Corrected\n`,
      'o.yaml',
    );
    const [corrected] = ingestDumps(
      [{ name: 'v.bib', bytes: new TextEncoder().encode(bib) }],
      TAXONOMY,
      {
        overrides,
      },
    ).papers;
    expect(corrected?.title).toBe('Bounds for Lp Norms, Corrected');
    expect(corrected?.titleTex).toBeUndefined();
    expect(cite(corrected!)).toContain('title = {{Bounds for Lp Norms, Corrected}}');
  });

  it('is plain text in a JSON title, whatever it holds', () => {
    const json = JSON.stringify({
      title: 'Costs of $5 and $6 Models',
      abstract: 'We study a thing and show that it works well on every benchmark we tried. '.repeat(
        2,
      ),
    });
    const result = ingestDumps(
      [{ name: 'a.jsonl', bytes: new TextEncoder().encode(json) }],
      TAXONOMY,
    );
    expect(result.papers[0]!.title).toBe('Costs of $5 and $6 Models');
    expect(result.papers[0]!.titleTex).toBeUndefined();
  });

  it('never lets a formula from a card end the entry', () => {
    const paper = ingestBib('A $x$ Title');
    for (const titleTex of [
      'A $}}, @preamble{"x"} @misc{q, title={$ Title',
      'A $x % y$ Title',
      'A $\\{x$ Title',
    ]) {
      const entry = cite({ ...paper, titleTex });
      const back = parse(entry, { english: false });
      expect(back.entries).toHaveLength(1);
      expect(back.preamble).toEqual([]);
      expect(entry).toContain(`title = {{${paper.title}}}`);
    }
  });
});
