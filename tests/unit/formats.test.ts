import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTaxonomy } from '../../src/lib/enrich/taxonomy';
import { parsedFields, plainField, readBibtex } from '../../src/lib/ingest/formats/bibtex';
import { readAtom } from '../../src/lib/ingest/formats/atom';
import { readCsv } from '../../src/lib/ingest/formats/csv';
import { readJsonArray, readJsonLines } from '../../src/lib/ingest/formats/jsonl';
import { readRis } from '../../src/lib/ingest/formats/ris';
import { loadOverrides } from '../../src/lib/ingest/overrides';
import { toPlainText } from '../../src/lib/ingest/plaintext';
import { renderAbstract } from '../../src/lib/site/render';
import { formatProblem, formatSummary, ingestDumps, type DumpFile } from '../../src/lib/pipeline';
import { runIngest } from '../support/run';

const FIXTURES = 'tests/fixtures/formats';
const TAXONOMY = parseTaxonomy(readFileSync('tests/fixtures/ingest/taxonomy.yaml', 'utf8'), 't');
const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const folder = (dir: string): DumpFile[] =>
  readdirSync(dir).map((name) => ({ name, bytes: readFileSync(join(dir, name)) }));
const ABSTRACT =
  'We study how small models transfer between tasks, train forty of them on twenty tasks, and ' +
  'report which transfer and which do not, with every training log released for others to reuse.';

describe('a BibTeX dump', () => {
  const read = readBibtex('a.bib', readFileSync(`${FIXTURES}/good/a-proceedings.bib`, 'utf8'));
  const [bayes, tidal] = read.records;

  it('decodes accents and protective braces, and keeps math as LaTeX', () => {
    expect(read.problems).toEqual([]);
    expect(bayes?.title).toBe(
      'Bayesian Nyström Sketches for $\\mathcal{O}(n \\log n)$ Kernel Regression',
    );
    expect(bayes?.abstract).toContain('a Bayesian Nyström sketch');
    expect(bayes?.abstract).toContain('$\\mathcal{O}(n \\log n)$ time');
    // Like a plain-text dump's, the abstract keeps its LaTeX; the page and plain text read `2%`.
    expect(bayes?.abstract).toContain('within 2\\% while');
    expect(bayes?.authors).toEqual(['Åsa Lindqvist', 'Karl Müller', 'Pieter van der Berg']);
  });

  it('reads venue from @string, year, keywords, links and the line each entry starts on', () => {
    expect(bayes).toMatchObject({
      key: 'lindqvist26',
      line: 9,
      venue: 'ICLR 2026 Papers',
      year: 2026,
      keywords: ['kernel methods', 'Nyström approximation', 'scalability'],
      links: {
        pdf: 'https://example.org/papers/lindqvist26.pdf',
        doi: '10.5555/imaginary.2026.0042',
        openreview: 'LqBnK26xYz',
      },
    });
    expect(tidal).toMatchObject({ key: 'okafor26', line: 24, links: { arxiv: '2601.01234' } });
  });

  it('takes the venue from @proceedings for entries that name none', () => {
    const bib = `@proceedings{v, title = {Imaginary Workshop 2026}}\n@misc{p1, abstract = {${ABSTRACT}}}`;
    const read = readBibtex('w.bib', bib);
    expect(read.venue).toBe('Imaginary Workshop 2026');
    expect(read.records).toHaveLength(1);
    // A file's one volume block is inherited by its entries, as in a PMLR volume.
    expect(read.records[0]?.venue).toBe('Imaginary Workshop 2026');
  });

  it('reports a duplicate key and a broken entry, and names an entry without abstract left out', () => {
    const bad = readBibtex('a.bib', readFileSync(`${FIXTURES}/bad/a-entries.bib`, 'utf8'));
    expect(bad.problems.map((p) => formatProblem(p)).sort()).toEqual([
      'a.bib:18: duplicate key "ferreira26" (first at line 9)',
      'a.bib:26: not BibTeX: entry broken26, field title: a { is never closed',
    ]);
    expect(bad.skipped?.map((p) => formatProblem(p))).toEqual([
      'a.bib:3: entry ndiaye26 has no abstract: left out',
    ]);
    expect(bad.records.map((r) => r.key)).toEqual(['ferreira26']);
    expect(bad.count).toBe(bad.records.length + bad.problems.length);
  });

  it("leaves out a volume's front matter (no abstract) and reads its papers", () => {
    // A proceedings volume lists its preface as an entry (COLT 2024 does): no abstract, no paper.
    const bib = [
      '@Proceedings{COLT-2024, booktitle = {Proceedings of Thirty Seventh Conference on Learning Theory}, shortname = {COLT}, volume = {247}, year = {2024}}',
      '',
      '@InProceedings{preface24, title = {Conference on Learning Theory 2024: Preface}, section = {Preface}, pages = {i-i}, author = {Doe, Jane}}',
      '',
      `@InProceedings{paper24, title = {Rivers of Tokens}, author = {Roe, Ann}, pages = {1-20}, abstract = {${ABSTRACT}}}`,
    ].join('\n');
    const read = readBibtex('colt.bib', bib);
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => [r.key, r.title, r.venue])).toEqual([
      ['paper24', 'Rivers of Tokens', 'COLT 2024'],
    ]);
    expect(read.skipped?.map((p) => formatProblem(p))).toEqual([
      'colt.bib:3: entry preface24 has no abstract: left out',
    ]);
    expect(read.count).toBe(1);
  });

  it('reports an unclosed { at its entry and loses none of the entries after it', () => {
    const entry = (key: string, extra = '') =>
      `@misc{${key}, title = {T},\n  abstract = {${ABSTRACT} ${extra}${key}.}\n}`;
    // One { too many takes the entry's closing brace; two run the value into the next entries.
    for (const extra of ['{', '{{']) {
      const bib = [entry('a1', extra), entry('a2'), entry('a3')].join('\n\n');
      const read = readBibtex('u.bib', bib);
      expect(read.records.map((r) => [r.key, r.line])).toEqual([
        ['a2', 5],
        ['a3', 9],
      ]);
      expect(read.problems.map((p) => formatProblem(p))).toEqual([
        expect.stringMatching(
          /^u\.bib:(1|2): not BibTeX: entry a1.* not closed before the next entry \(line 5\)$/,
        ),
      ]);
      expect(read.count).toBe(read.records.length + read.problems.length);
    }
  });

  it('reports an unclosed quoted value at its entry and loses none of the entries after it', () => {
    const entry = (key: string, title: string) =>
      `@misc{${key}, title = ${title},\n  abstract = {${ABSTRACT} ${key}.}\n}`;
    // A quote never closed, or a { inside quotes that hides the closing quote.
    for (const title of ['"Rivers of Tokens,', '"{Rivers of Tokens"']) {
      const bib = [entry('q1', title), entry('q2', '"T"'), entry('q3', '{T}')].join('\n\n');
      const read = readBibtex('q.bib', bib);
      expect(read.records.map((r) => [r.key, r.line])).toEqual([
        ['q2', 5],
        ['q3', 9],
      ]);
      expect(read.problems.map((p) => formatProblem(p))).toEqual([
        'q.bib:1: not BibTeX: entry q1, field title: a " is not closed before the next entry (line 5)',
      ]);
      expect(read.count).toBe(read.records.length + read.problems.length);
    }
  });

  it('reads a value with a line that opens with @ as that value, not as the next entry', () => {
    const bib = [
      `@misc{t1, title = "Follow",\n  abstract = "${ABSTRACT} Follow us on\n@Twitter (handle) or\n@Mastodon{x} for news."\n}`,
      `@misc{t2, title = {T}, abstract = {${ABSTRACT} Two.}}`,
    ].join('\n\n');
    const read = readBibtex('t.bib', bib);
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => r.key)).toEqual(['t1', 't2']);
    expect(read.records[0]?.abstract).toMatch(
      /us on\s+@Twitter \(handle\) or\s+@Mastodonx for news\.$/,
    );
  });

  it("calls an arXiv preprint arXiv however the export says so, and reads dblp's ee link", () => {
    const bib = [
      // Zotero: the identifier as the journal.
      `@article{z1, title = {Escaping}, journal = {arXiv:2104.05704 [cs]}, year = {2021}, abstract = {${ABSTRACT}}}`,
      // Zotero @misc: publisher arXiv and an arXiv DOI, no journal.
      `@misc{z2, title = {Anticipating}, publisher = {arXiv}, doi = {10.48550/arXiv.2107.03451}, year = {2021}, abstract = {${ABSTRACT} Two.}}`,
      // dblp before `url`: the electronic edition.
      `@inproceedings{d1, title = {Old}, booktitle = {IJCAI}, year = {2013}, ee = {http://www.aaai.org/ocs/index.php/IJCAI/IJCAI13/paper/view/7006}, abstract = {${ABSTRACT} Three.}}`,
    ].join('\n\n');
    const read = readBibtex('zotero.bib', bib);
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => [r.key, r.venue, r.links])).toEqual([
      ['z1', 'arXiv 2021', { arxiv: '2104.05704' }],
      ['z2', 'arXiv 2021', { doi: '10.48550/arXiv.2107.03451' }],
      [
        'd1',
        'IJCAI 2013',
        { page: 'http://www.aaai.org/ocs/index.php/IJCAI/IJCAI13/paper/view/7006' },
      ],
    ]);
  });

  it("labels dblp's CoRR preprints arXiv, its long booktitles by their acronym (or its key's), and BibLaTeX journals", () => {
    const bib = [
      `@article{DBLP:journals/corr/abs-2003-06060, title = {Your GAN}, journal = {CoRR}, volume = {abs/2003.06060}, year = {2020}, eprinttype = {arXiv}, eprint = {2003.06060}, abstract = {${ABSTRACT}}}`,
      `@inproceedings{DBLP:conf/nips/0001WW19, title = {PC-Fairness}, booktitle = {Advances in Neural Information Processing Systems 32: Annual Conference on Neural Information Processing Systems 2019, NeurIPS 2019, 8-14 December 2019, Vancouver, BC, Canada}, year = {2019}, abstract = {${ABSTRACT} Two.}}`,
      `@article{bbt18, title = {Lakes}, journaltitle = {Lake and Reservoir Management}, date = {2018-10-02}, abstract = {${ABSTRACT} Three.}}`,
      `@inproceedings{DBLP:conf/nips/VaswaniSPUJGKP17, title = {Attention}, booktitle = {Advances in Neural Information Processing Systems 30: Annual Conference on Neural Information Processing Systems 2017, December 4-9, 2017, Long Beach, CA, {USA}}, year = {2017}, abstract = {${ABSTRACT} Five.}}`,
      `@inproceedings{ieee22, title = {Views}, booktitle = {2022 IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)}, year = {2022}, abstract = {${ABSTRACT} Four.}}`,
      // CVF's own BibTeX leaves the year out of the booktitle: the entry's is the meeting's.
      `@inproceedings{cvf22, title = {Depth}, booktitle = {Proceedings of the IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)}, year = {2022}, abstract = {${ABSTRACT} Six.}}`,
    ].join('\n\n');
    const read = readBibtex('dblp.bib', bib);
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => [r.venue, r.publication.kind, r.publication.journal])).toEqual([
      ['arXiv 2020', 'article', 'CoRR'],
      ['NeurIPS 2019', 'inproceedings', undefined],
      ['Lake and Reservoir Management 2018', 'article', 'Lake and Reservoir Management'],
      ['NIPS 2017', 'inproceedings', undefined],
      ['CVPR 2022', 'inproceedings', undefined],
      ['CVPR 2022', 'inproceedings', undefined],
    ]);
  });

  it('counts lines ended by CR alone or CRLF as LF-ended ones', () => {
    const lines = [
      '@misc{a1, title = {One},',
      `  abstract = {${ABSTRACT}}}`,
      '',
      '@misc{a1, title = {Two},',
      `  abstract = {${ABSTRACT} Again.}}`,
    ];
    for (const end of ['\n', '\r', '\r\n']) {
      const read = readBibtex('e.bib', lines.join(end));
      expect(read.records.map((r) => r.line)).toEqual([1]);
      expect(read.problems.map((p) => formatProblem(p))).toEqual([
        'e.bib:4: duplicate key "a1" (first at line 1)',
      ]);
    }
  });

  it('fails a file in which no entry has an abstract (a dblp export without them)', () => {
    const bib = '@inproceedings{a1, title = {One}}\n@inproceedings{a2, title = {Two}}';
    const read = readBibtex('d.bib', bib);
    expect(read.records).toEqual([]);
    expect(read.problems.map((p) => formatProblem(p))).toEqual([
      'd.bib:1: no records: none of its 2 entries has an abstract (dblp and DOI exports carry none)',
    ]);
  });
});

describe('an ACM Digital Library export', () => {
  it("labels a paper by its series' acronym and year, and cites a journal's issue", () => {
    // As the ACM Digital Library exports a citation: the meeting's acronym only in `series`.
    const bib = [
      '@inproceedings{10.1145/3748522.3779710,',
      'author = {Lee, Jaehyeok and Bak, JinYeong},',
      'title = {Enhancing Emotion-Cause Pair Extraction},',
      'year = {2026},',
      'publisher = {Association for Computing Machinery},',
      'address = {New York, NY, USA},',
      'doi = {10.1145/3748522.3779710},',
      `abstract = {${ABSTRACT}},`,
      'booktitle = {Proceedings of the 41st ACM/SIGAPP Symposium on Applied Computing},',
      'pages = {883–891},',
      'location = {Thessaloniki, Greece},',
      "series = {SAC '26}",
      '}',
      '@article{10.1145/1234.5678,',
      'author = {Roe, Ann},',
      'title = {A Journal Paper},',
      'journal = {Commun. ACM},',
      'volume = {67},',
      'number = {3},',
      'year = {2024},',
      `abstract = {${ABSTRACT} Two.},`,
      '}',
      '@inproceedings{k3, title = {T}, year = {2023}, booktitle = {Proceedings of a Workshop},',
      '  series = {Lecture Notes in Computer Science}, abstract = {' + ABSTRACT + ' Three.}}',
    ].join('\n');
    const read = readBibtex('acm.bib', bib);
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => r.venue)).toEqual([
      'SAC 2026',
      'Commun. ACM 2024',
      // A series that is no acronym and year says nothing of the meeting.
      'a Workshop 2023',
    ]);
    expect(read.records[1]?.publication).toMatchObject({
      kind: 'article',
      volume: '67',
      number: '3',
    });
    // A companion volume, a series of another year, a proceedings' series number, a long issue.
    const more = readBibtex(
      'acm2.bib',
      [
        `@inproceedings{a, title = {A}, year = {2023}, series = {WWW '23}, booktitle = {Companion Proceedings of the ACM Web Conference 2023}, abstract = {${ABSTRACT}}}`,
        `@inproceedings{b, title = {B}, year = {2023}, series = {SAC '26}, booktitle = {Proceedings of the Symposium on Applied Computing}, number = {LNCS 13713}, abstract = {${ABSTRACT} B.}}`,
        `@article{c, title = {C}, year = {2022}, journal = {J}, number = {Special Issue on Machine Learning for Systems and Networks 2022}, abstract = {${ABSTRACT} C.}}`,
      ].join('\n'),
    );
    expect(more.problems).toEqual([]);
    expect(more.records.map((r) => r.venue)).toEqual([
      'Companion Proceedings of the ACM Web Conference 2023',
      'Symposium on Applied Computing 2023',
      'J 2022',
    ]);
    expect(more.records[1]?.publication.number).toBeUndefined();
    expect(more.records[2]?.publication.number).toBe(
      'Special Issue on Machine Learning for Systems and Networks 2022',
    );
  });
});

describe('JSON Lines, JSON and CSV dumps', () => {
  it('read fields case-insensitively, with authors and keywords as lists or strings', () => {
    const read = readJsonLines(
      'b.jsonl',
      readFileSync(`${FIXTURES}/good/b-openreview.jsonl`, 'utf8'),
    );
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => [r.line, r.key, r.title, r.authors, r.keywords])).toEqual([
      [
        1,
        'Qw3rTy9uIo',
        'Sparse Lanterns: Attention That Lights Only What It Needs',
        ['Mei Tanaka', 'Åsa Lindqvist'],
        ['sparse attention', 'efficiency'],
      ],
      [3, 'Zx8cVb7nMm', undefined, ['Pieter van der Berg', 'Mei Tanaka'], []],
    ]);
    expect(read.records[0]?.links).toEqual({ openreview: 'Qw3rTy9uIo' });
  });

  it('name the line of a line that is not JSON and of a field of the wrong type', () => {
    const read = readJsonLines('b.jsonl', readFileSync(`${FIXTURES}/bad/b-export.jsonl`, 'utf8'));
    expect(read.problems.map((p) => formatProblem(p))).toEqual([
      expect.stringMatching(/^b\.jsonl:2: not JSON: /),
      'b.jsonl:3: field "title": Expected string, received number',
    ]);
    expect(read.records).toHaveLength(1);
  });

  it('read a JSON array, OpenReview value wrappers included, with each object at its line', () => {
    const json = `[\n  {"title": {"value": "A"}, "abstract": "${ABSTRACT}"},\n  {"title": "B"}\n]`;
    const read = readJsonArray('c.json', json);
    expect(read.records.map((r) => [r.line, r.title])).toEqual([[2, 'A']]);
    // A record without an abstract is no paper: named and left out, the others read.
    expect(read.problems).toEqual([]);
    expect(read.skipped?.map((p) => formatProblem(p))).toEqual([
      'c.json:3: record 2 has no abstract: left out',
    ]);
  });

  it("leave out Scopus's [No abstract available] and a batch lookup's null, and read Web of Science's tab-delimited export", () => {
    const scopus = readCsv(
      's.csv',
      `Title,Abstract\nEditorial,[No abstract available]\nPaper,"${ABSTRACT}"\n`,
    );
    expect(scopus.problems).toEqual([]);
    expect(scopus.records.map((r) => r.title)).toEqual(['Paper']);
    expect(scopus.skipped?.map((p) => p.reason)).toEqual([
      'record 1 has no abstract ("[No abstract available]"): left out',
    ]);
    const batch = readJsonArray('b.json', `[\n{"abstract": "${ABSTRACT}"},\nnull\n]`);
    expect(batch.problems).toEqual([]);
    expect(batch.skipped?.map((p) => formatProblem(p))).toEqual([
      'b.json:3: record 2 is null (no paper): left out',
    ]);
    const wos = readCsv(
      'savedrecs.csv',
      'PT\tAU\tTI\tSO\tDE\tAB\tPY\tBP\tEP\tDI\tUT\n' +
        `J\tAlaoma, A; Voulvoulis, N\tMineral resources\tAIMS ENVIRONMENTAL SCIENCE\tecosystem services; systems thinking\t${ABSTRACT}\t2018\t78\t95\t10.3934/environsci.2018.2.78\tWOS:000442479700002\n`,
    );
    expect(wos.problems).toEqual([]);
    expect(wos.records[0]).toMatchObject({
      key: 'WOS:000442479700002',
      title: 'Mineral resources',
      authors: ['A Alaoma', 'N Voulvoulis'],
      year: 2018,
      keywords: ['ecosystem services', 'systems thinking'],
      links: { doi: '10.3934/environsci.2018.2.78' },
      publication: { pages: { first: '78', last: '95' } },
    });
  });

  it("read JSON Lines named .json (arXiv's Kaggle snapshot) as JSON Lines", () => {
    const line = (id: string) => JSON.stringify({ id, title: `T ${id}`, abstract: ABSTRACT + id });
    const read = readJsonArray(
      'arxiv-metadata-oai-snapshot.json',
      `${line('0704.0001')}\n${line('0704.0002')}\n`,
    );
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => [r.line, r.key])).toEqual([
      [1, '0704.0001'],
      [2, '0704.0002'],
    ]);
    // A broken JSON document is still named at its line, without V8's offset in the reason.
    const broken = readJsonArray('b.json', '[\n  {"abstract": "x"},\n  {"abstract": "y"} x\n]');
    expect(broken.problems.map((p) => formatProblem(p))).toEqual([
      expect.stringMatching(/^b\.json:3: not JSON: [^\d]*$/),
    ]);
  });

  it("read arXiv's metadata snapshot: its id as the arXiv link, the first version's year, names", () => {
    // Four real lines of arxiv-metadata-oai-snapshot.json (docs/formats.md §10), as downloaded.
    const text = readFileSync(`${FIXTURES}/real/arxiv-metadata-oai-snapshot.json`, 'utf8');
    const read = readJsonArray('arxiv-metadata-oai-snapshot.json', text);
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => [r.line, r.key, r.venue, r.year, r.links])).toEqual([
      [
        1,
        '0704.0001',
        'arXiv 2007',
        2007,
        { arxiv: '0704.0001', doi: '10.1103/PhysRevD.76.013009' },
      ],
      // Updated in 2008 (update_date 2008-12-13), first submitted in 2007: the year is 2007.
      [2, '0704.0002', 'arXiv 2007', 2007, { arxiv: '0704.0002' }],
      [3, '0704.0005', 'arXiv 2007', 2007, { arxiv: '0704.0005' }],
      [4, '0704.0009', 'arXiv 2007', 2007, { arxiv: '0704.0009', doi: '10.1086/518646' }],
    ]);
    expect(read.records.map((r) => r.authors)).toEqual([
      ['C. Balázs', 'E. L. Berger', 'P. M. Nadolsky', 'C.-P. Yuan'],
      ['Ileana Streinu', 'Louis Theran'],
      ['Wael Abu-Shammala', 'Alberto Torchinsky'],
      [
        'Paul Harvey',
        'Bruno Merin',
        'Tracy L. Huard',
        'Luisa M. Rebull',
        'Nicholas Chapman',
        'Neal J. Evans II',
        'Philip C. Myers',
      ],
    ]);
    // A preprint: cited as @misc, never as a proceedings paper; `journal-ref` is not a venue.
    expect(read.records.map((r) => r.publication)).toEqual(Array(4).fill({ kind: 'misc' }));
    // arXiv's titles are TeX: a formula is typeset, as in a BibTeX title.
    const [, , dyadic] = ingestDumps(
      [{ name: 'arxiv-metadata-oai-snapshot.json', bytes: encode(text) }],
      TAXONOMY,
    ).papers.sort((x, y) => x.sources[0]!.line - y.sources[0]!.line);
    expect(dyadic).toMatchObject({
      title: 'From dyadic Λ_α to Λ_α',
      titleTex: 'From dyadic $\\Lambda_{\\alpha}$ to $\\Lambda_{\\alpha}$',
    });
    // The same lines saved as .jsonl read the same.
    const lines = readJsonLines('a.jsonl', text);
    expect(lines.records.map((r) => [r.key, r.year, r.venue, r.authors.length])).toEqual(
      read.records.map((r) => [r.key, r.year, r.venue, r.authors.length]),
    );
  });

  it("read arXiv's own split of the names when the list as written splits otherwise, and the id's year", () => {
    const line = (fields: object) => JSON.stringify({ abstract: ABSTRACT, ...fields });
    const read = readJsonLines(
      'a.jsonl',
      [
        // arXiv's affiliation notation: a split at commas found four names in it.
        line({
          id: '0801.0001',
          authors: 'A. Author (1), B. Author (2) ((1) Univ. X, (2) Univ. Y)',
          authors_parsed: [
            ['Author', 'A.', ''],
            ['Author', 'B.', ''],
          ],
          versions: [{ version: 'v1', created: 'Tue, 1 Jan 2008 00:00:00 GMT' }],
        }),
        // No versions: the id's year and month (November 2006), not the metadata's update.
        line({
          id: 'math/0611846',
          authors: 'Claire David and Pierre Sagaut',
          authors_parsed: [
            ['David', 'Claire', ''],
            ['Sagaut', 'Pierre', ''],
          ],
          update_date: '2019-08-15',
        }),
        // No authors_parsed, no versions: not read as arXiv's (an id alone says nothing).
        line({ id: '0704.0002', authors: 'Ileana Streinu and Louis Theran' }),
        // The list columns dropped: arXiv's own categories still say whose it is.
        line({ id: '0704.0004', authors: 'David Callan', categories: 'math.CO' }),
        // An old-style id as arXiv writes it, whatever its case.
        line({ id: 'MATH.gt/0309136', authors: 'A. Author', categories: 'math.GT' }),
        // A versioned id links the paper, not that version.
        line({
          id: 'arXiv:0704.0003v2',
          authors: 'Hongjun Pan',
          versions: [{ version: 'v1', created: 'Sun, 1 Apr 2007 20:46:54 GMT' }],
        }),
      ].join('\n'),
    );
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => [r.authors, r.year, r.venue, r.links])).toEqual([
      [['A. Author', 'B. Author'], 2008, 'arXiv 2008', { arxiv: '0801.0001' }],
      [['Claire David', 'Pierre Sagaut'], 2006, 'arXiv 2006', { arxiv: 'math/0611846' }],
      [['Ileana Streinu', 'Louis Theran'], undefined, undefined, {}],
      [['David Callan'], 2007, 'arXiv 2007', { arxiv: '0704.0004' }],
      [['A. Author'], 2003, 'arXiv 2003', { arxiv: 'math.GT/0309136' }],
      [['Hongjun Pan'], 2007, 'arXiv 2007', { arxiv: '0704.0003' }],
    ]);
  });

  it("leave out arXiv's withdrawn e-prints, named, whatever the length of the notice", () => {
    const line = (id: string, abstract: string) =>
      JSON.stringify({
        id,
        abstract,
        authors: 'A. Author',
        versions: [{ version: 'v1', created: 'Tue, 1 Jan 2008 00:00:00 GMT' }],
      });
    const read = readJsonLines(
      'a.jsonl',
      [
        line(
          '0801.0001',
          'This paper has been withdrawn by the author due to a sign error in Eq. 3.',
        ),
        line('0801.0002', 'Withdrawn.'),
        line(
          '0801.0003',
          'This submission has been withdrawn by arXiv administrators because it is superseded by a later version of the same study, with corrected proofs and new experiments on graphs.',
        ),
        line('0801.0004', ABSTRACT),
        line('0801.0005', 'The authors have withdrawn this paper owing to an error in the proof.'),
        line(
          '0801.0006',
          'This submission has been removed by arXiv administrators because the submitter did not have the right to agree to the license.',
        ),
        line('0801.0007', 'This paper has been temporarily withdrawn by the authors.'),
        // Abstracts that speak of withdrawing are papers.
        line(
          '0801.0008',
          `This paper studies how liquidity is withdrawn from dealer markets. ${ABSTRACT}`,
        ),
        line(
          '0801.0009',
          `Withdrawn from the market in 2004, rofecoxib is a case study. ${ABSTRACT}`,
        ),
      ].join('\n'),
    );
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => r.key)).toEqual(['0801.0004', '0801.0008', '0801.0009']);
    expect((read.skipped ?? []).map((p) => formatProblem(p))).toEqual([
      expect.stringMatching(/^a\.jsonl:1: record 0801\.0001 is withdrawn \("This paper has been/),
      expect.stringMatching(/^a\.jsonl:2: record 0801\.0002 is withdrawn/),
      expect.stringMatching(/^a\.jsonl:3: record 0801\.0003 is withdrawn/),
      expect.stringMatching(/^a\.jsonl:5: record 0801\.0005 is withdrawn/),
      expect.stringMatching(/^a\.jsonl:6: record 0801\.0006 is withdrawn/),
      expect.stringMatching(/^a\.jsonl:7: record 0801\.0007 is withdrawn/),
    ]);
  });

  it("decode TeX accents and escaped signs in arXiv's titles and abstracts, keeping their formulas", () => {
    const line = JSON.stringify({
      id: '0801.0001',
      title: `R\\&D in Schr\\"{o}dinger and Erd\\H{o}s--R\\'enyi graphs: the $\\Lambda_{\\alpha}$ case`,
      abstract: `G\\"odel's theorem for L\\'evy noise at 5\\% cost. ${ABSTRACT}`,
      authors: 'A. Author',
      versions: [{ version: 'v1', created: 'Tue, 1 Jan 2008 00:00:00 GMT' }],
    });
    const { papers, problems } = ingestDumps([{ name: 'a.jsonl', bytes: encode(line) }], TAXONOMY);
    expect(problems).toEqual([]);
    expect(papers[0]).toMatchObject({
      title: 'R&D in Schrödinger and Erdős–Rényi graphs: the Λ_α case',
      titleTex: 'R&D in Schrödinger and Erdős–Rényi graphs: the $\\Lambda_{\\alpha}$ case',
    });
    expect(papers[0]?.plainText.startsWith("Gödel's theorem for Lévy noise at 5% cost.")).toBe(
      true,
    );
  });

  it('read a .json of one paper object as that paper: a snapshot line taken out alone, a record saved by hand', () => {
    const line = JSON.stringify({
      id: '0801.0001',
      abstract: ABSTRACT,
      authors: 'A. Author',
      authors_parsed: [['Author', 'A.', '']],
      versions: [{ version: 'v1', created: 'Tue, 1 Jan 2008 00:00:00 GMT' }],
    });
    const alone = readJsonArray('one.json', `${line}\n`);
    expect(alone.problems).toEqual([]);
    expect(alone.records.map((r) => [r.key, r.venue, r.links])).toEqual([
      ['0801.0001', 'arXiv 2008', { arxiv: '0801.0001' }],
    ]);
    const byHand = readJsonArray(
      'paper.json',
      JSON.stringify(
        { title: 'A paper', abstract: ABSTRACT, authors: ['A. Author', 'B. Author'] },
        null,
        2,
      ),
    );
    expect(byHand.problems).toEqual([]);
    expect(byHand.records.map((r) => [r.title, r.authors])).toEqual([
      ['A paper', ['A. Author', 'B. Author']],
    ]);
    // A response that holds papers is read for them, whatever else it says at its top.
    const response = readJsonArray(
      'r.json',
      JSON.stringify({
        total: 2,
        abstract: 'about this list',
        data: [
          { abstract: ABSTRACT, title: 'P1' },
          { abstract: ABSTRACT.replace('a', 'the'), title: 'P2' },
        ],
      }),
    );
    expect(response.records.map((r) => r.title)).toEqual(['P1', 'P2']);
    const noAbstract = readJsonArray(
      'n.json',
      JSON.stringify({ abstract: null, notes: [{ abstract: ABSTRACT, title: 'P1' }] }),
    );
    expect(noAbstract.records.map((r) => r.title)).toEqual(['P1']);
  });

  it('keep refusing a .json that is neither JSON nor JSON Lines, at the line at fault', () => {
    const broken = readJsonArray('s.json', '{"id": "0704.0001", "abstract": "x"}\n{"id": \n');
    expect(broken.problems.map((p) => formatProblem(p))).toEqual([
      expect.stringMatching(/^s\.json:2: not JSON: /),
    ]);
    const pretty = readJsonArray('p.json', '{\n  "id": "0704.0001",\n}\n');
    expect(pretty.problems.map((p) => formatProblem(p))).toEqual([
      expect.stringMatching(/^p\.json:2: not JSON: /),
    ]);
  });

  it("leave out Semantic Scholar's papers without an abstract, and read its ids and open PDF", () => {
    const paper = (id: string, abstract: string | null) => ({
      paperId: id,
      title: `Paper ${id}`,
      abstract,
      venue: 'Annual Meeting of the Association for Computational Linguistics',
      year: 2023,
      authors: [{ authorId: '1', name: 'Mei Tanaka' }],
      externalIds: { ArXiv: '2301.01234', DOI: '10.18653/v1/2023.acl-long.1' },
      openAccessPdf: { url: 'https://aclanthology.org/2023.acl-long.1.pdf' },
    });
    const s2 = (items: unknown[]) =>
      readJsonArray('s2.json', JSON.stringify({ total: 2, data: items }, null, 1));
    const read = s2([paper('a1', ABSTRACT), paper('b2', null)]);
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => [r.key, r.authors, r.year, r.links])).toEqual([
      [
        'a1',
        ['Mei Tanaka'],
        2023,
        {
          arxiv: '2301.01234',
          doi: '10.18653/v1/2023.acl-long.1',
          pdf: 'https://aclanthology.org/2023.acl-long.1.pdf',
        },
      ],
    ]);
    expect(read.skipped?.map((p) => p.reason)).toEqual(['record b2 has no abstract: left out']);
    // None with an abstract: nothing to build from, a problem.
    expect(s2([paper('b2', null), paper('c3', '')]).problems.map((p) => p.reason)).toEqual([
      'no records: none of its 2 records has an abstract and was accepted',
    ]);
  });

  it('read OpenReview v2 notes as real exports write them: venue, acceptance, year, author profiles', () => {
    const note = (id: string, venueid: string, venue: string, authors: unknown, pdate: number) =>
      JSON.stringify({
        id,
        forum: id,
        pdate,
        content: {
          title: { value: `Paper ${id}` },
          abstract: { value: ABSTRACT },
          authors: { value: authors },
          venue: { value: venue },
          venueid: { value: venueid },
        },
      });
    const posted2025 = Date.UTC(2025, 9, 1);
    const lines = [
      note('Acc1', 'ICLR.cc/2026/Conference', 'ICLR 2026 Poster', ['Ann Roe'], posted2025),
      note('Col1', 'colmweb.org/COLM/2026/Conference', 'COLM 2026', ['Bo Li'], posted2025),
      note('Arr1', 'aclweb.org/ACL/ARR/2026/August', 'ARR 2026', ['Cy Do'], posted2025),
      note('Wks1', 'ICLR.cc/2026/Workshop/Gen2', 'Gen2 Workshop', ['Di Wu'], posted2025),
      note(
        'Wdr1',
        'ICLR.cc/2026/Conference/Withdrawn_Submission',
        'ICLR 2026 Conference Withdrawn Submission',
        ['Ed Ho'],
        posted2025,
      ),
      note(
        'Rej1',
        'ICLR.cc/2026/Conference/Rejected_Submission',
        'Submitted to ICLR 2026',
        ['Fa Qi'],
        posted2025,
      ),
      note(
        'Prf1',
        'ICLR.cc/2026/Conference',
        'ICLR 2026 Poster',
        [
          { fullname: 'Yuhao Luo', username: '' },
          { fullname: 'Åsa Lind', username: '~Asa_Lind1' },
        ],
        posted2025,
      ),
    ];
    const read = readJsonLines('n.jsonl', lines.join('\n'));
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => [r.key, r.venue, r.year])).toEqual([
      ['Acc1', 'ICLR 2026', 2026],
      ['Col1', 'COLM 2026', 2026],
      ['Arr1', 'ARR 2026 August', 2026],
      ['Wks1', 'ICLR 2026 Workshop Gen2', 2026],
      ['Wdr1', 'ICLR 2026 Conference Withdrawn Submission', 2026],
      ['Rej1', 'Submitted to ICLR 2026', 2026],
      ['Prf1', 'ICLR 2026', 2026],
    ]);
    expect(read.records.at(-1)?.authors).toEqual(['Yuhao Luo', 'Åsa Lind']);
    // Not accepted: cited as a submission (@misc), never as the conference's paper.
    expect(read.records.map((r) => r.publication?.kind ?? null)).toEqual([
      null,
      null,
      null,
      null,
      'misc',
      'misc',
      null,
    ]);
  });

  it('read quoted CSV fields holding commas, quotes and line breaks', () => {
    const csv = readFileSync(`${FIXTURES}/good/c-sheet.csv`, 'utf8');
    const read = readCsv('c.csv', `${csv}"Second",,"${ABSTRACT}",,\n`);
    expect(read.problems).toEqual([]);
    const [quiet, second] = read.records;
    expect(quiet?.title).toBe('Quiet Gradients, Loud Results: A Study of Small Learning Rates');
    expect(quiet?.authors).toEqual(['Chidi Okafor', 'Mei Tanaka']);
    expect(quiet?.abstract).toContain('"surprisingly" so.\nThe effect holds');
    expect(quiet?.links).toEqual({ pdf: 'https://example.org/quiet.pdf' });
    // The first row spans lines 2-3, so the next one starts on line 4.
    expect([quiet?.line, second?.line]).toEqual([2, 4]);
  });

  it('split author strings as arXiv, BibTeX order and spreadsheets write them', () => {
    const line = (authors: string) => JSON.stringify({ authors, abstract: ABSTRACT });
    const read = readJsonLines(
      'a.jsonl',
      [
        line(
          'D. Fioravanti, A. Mariottini, E. Quattrini and F. Ravanini (Bologna\n Univ. and INFN)',
        ),
        line('Ashish Vaswani, Noam Shazeer, Niki Parmar, and Jakob Uszkoreit'),
        line('He, Kaiming and Zhang, Xiangyu and Sun, Jian'),
        line('Lee, Ann*; Park, Bo <bo@example.org>'),
        line('Jane Doe, Bob Roe, et al.'),
        // arXiv's metadata writes accents in TeX.
        line(String.raw`C. Bal\'azs, {\"O}. Y{\i}lmaz and E. L. Berger`),
        // arXiv's numbered affiliations, nested in one more bracket; one never closed is kept.
        line('Paul Harvey (1), Tracy L. Huard (2) ((1) Caltech, (2) Leiden Observatory, Univ. X)'),
        line('Ann Lee, Bo Park (Univ. X'),
        line('(The CMS Collaboration)'),
      ].join('\n'),
    );
    expect(read.records.map((r) => r.authors)).toEqual([
      ['D. Fioravanti', 'A. Mariottini', 'E. Quattrini', 'F. Ravanini'],
      ['Ashish Vaswani', 'Noam Shazeer', 'Niki Parmar', 'Jakob Uszkoreit'],
      ['Kaiming He', 'Xiangyu Zhang', 'Jian Sun'],
      ['Ann Lee', 'Bo Park'],
      ['Jane Doe', 'Bob Roe'],
      ['C. Balázs', 'Ö. Yılmaz', 'E. L. Berger'],
      ['Paul Harvey', 'Tracy L. Huard'],
      ['Ann Lee', 'Bo Park (Univ. X'],
      ['The CMS Collaboration'],
    ]);
    const bib = readBibtex(
      'o.bib',
      `@misc{o, author = {Doe, Jane and others}, abstract = {${ABSTRACT}}}`,
    );
    expect(bib.records[0]?.authors).toEqual(['Jane Doe']);
  });

  it("read Zotero's CSV export and a spreadsheet separated by semicolons", () => {
    const zotero = readCsv(
      'zotero.csv',
      '\uFEFF"Key","Item Type","Publication Year","Author","Title","Publication Title","DOI",' +
        '"Url","Abstract Note","Manual Tags"\r\n' +
        `"MYU6DSQM","conferencePaper","2023","Sung, Yi-Lin; Bansal, Mohit","LST","Proceedings of NeurIPS",` +
        `"10.1000/x1","https://example.org/lst","${ABSTRACT}","transfer learning; memory"\r\n`,
    );
    expect(zotero.problems).toEqual([]);
    expect(zotero.records[0]).toMatchObject({
      key: 'MYU6DSQM',
      year: 2023,
      authors: ['Yi-Lin Sung', 'Mohit Bansal'],
      keywords: ['transfer learning', 'memory'],
      venue: 'NeurIPS 2023',
      abstract: ABSTRACT,
    });
    const scopus = readCsv(
      'scopus.csv',
      `Authors,Title,Year,Source title,Page start,Page end,DOI,Abstract\n"Anderson R.C.; Mansi S.A.",Board characteristics,2004,Journal of Accounting Research,315,342,10.1111/j.1475-679X.2004.00140.x,"${ABSTRACT}"\n`,
    );
    expect(scopus.records[0]).toMatchObject({
      authors: ['R.C. Anderson', 'S.A. Mansi'],
      venue: 'Journal of Accounting Research 2004',
      publication: { pages: { first: '315', last: '342' } },
      links: { doi: '10.1111/j.1475-679X.2004.00140.x' },
    });
    // A conference paper in Scopus: the series as `Source title`, the meeting as `Conference
    // name`; Zotero's PMLR items name the meeting in full, with its number.
    const meeting = readCsv(
      'scopus.csv',
      `Title,Year,Source title,Abstract,Conference name\nA,2022,Proceedings of Machine Learning Research,"${ABSTRACT}","39th International Conference on Machine Learning, ICML 2022"\n` +
        `B,2022,Lecture Notes in Computer Science,"${ABSTRACT} Two.","25th International Conference on Medical Image Computing and Computer-Assisted Intervention, MICCAI 2022"\n` +
        `C,2021,Journal of Machine Learning Research,"${ABSTRACT} Three.",\n`,
    );
    expect(meeting.records.map((r) => r.venue)).toEqual([
      'ICML 2022',
      'MICCAI 2022',
      'Journal of Machine Learning Research 2021',
    ]);
    const pmlrItem = readCsv(
      'zotero.csv',
      `Item Type,Publication Year,Title,Publication Title,Abstract Note\nconferencePaper,2023,T,Proceedings of the 40th International Conference on Machine Learning,"${ABSTRACT}"\n` +
        `journalArticle,2023,T,Proceedings of the IEEE,"${ABSTRACT} Two."\n`,
    );
    // A conference paper's venue is its proceedings: read as a booktitle is.
    expect(pmlrItem.records.map((r) => r.venue)).toEqual([
      'International Conference on Machine Learning 2023',
      'Proceedings of the IEEE 2023',
    ]);
    // Without the meeting's name, a Scopus conference paper's source may be a series: named
    // whole, never read as a booktitle. A meeting's name without its acronym still is one.
    const series = readCsv(
      'scopus.csv',
      `Title,Year,Source title,Abstract,Document Type,Conference name\nA,2022,Proceedings of Machine Learning Research,"${ABSTRACT}",Conference paper,\n` +
        `B,2021,Proceedings of Machine Learning Research,"${ABSTRACT} Two.",Conference paper,Proceedings of Thirty Fourth Conference on Learning Theory\n`,
    );
    expect(series.records.map((r) => r.venue)).toEqual([
      'Proceedings of Machine Learning Research 2022',
      'Thirty Fourth Conference on Learning Theory 2021',
    ]);
    // …and a source naming the acronym and year wins over a meeting's name that does not.
    const neurips = readCsv(
      'scopus.csv',
      `Title,Year,Source title,Abstract,Document Type,Conference name\nA,2022,Advances in Neural Information Processing Systems 35 (NeurIPS 2022),"${ABSTRACT}",Conference paper,36th Conference on Neural Information Processing Systems\n`,
    );
    expect(neurips.records.map((r) => r.venue)).toEqual(['NeurIPS 2022']);
    // A venue column of no known kind may be a journal: its words are kept. A workshop or
    // Findings paper is not labelled as the meeting its acronym names.
    const kept = readCsv(
      's2.csv',
      'Year,Venue,Abstract\n' +
        [
          'Proceedings of the IEEE',
          'Proceedings of the VLDB Endowment',
          'Workshop on Efficient Systems for Foundation Models, ICML 2023',
          'Findings of the Association for Computational Linguistics, ACL 2023',
        ]
          .map((venue, i) => `2023,"${venue}","${ABSTRACT} ${i}."`)
          .join('\n'),
    );
    expect(kept.records.map((r) => r.venue)).toEqual([
      'Proceedings of the IEEE 2023',
      'Proceedings of the VLDB Endowment 2023',
      'Workshop on Efficient Systems for Foundation Models, ICML 2023',
      'Findings of the Association for Computational Linguistics, ACL 2023',
    ]);
    // Scopus's full names (with their author ids) and Web of Science's AF win over initials.
    const fullNames = readCsv(
      'scopus.csv',
      `Authors,Author full names,Author(s) ID,Title,Abstract\n"Anderson R.C.; Mansi S.A.","Anderson, Ronald C. (7402060373); Mansi, Sattar A. (6603422496)","7402060373; 6603422496",Board,"${ABSTRACT}"\n`,
    );
    expect(fullNames.records[0]).toMatchObject({
      authors: ['Ronald C. Anderson', 'Sattar A. Mansi'],
    });
    const wosFull = readCsv(
      'savedrecs.txt.csv',
      `PT\tAU\tAF\tTI\tAB\nJ\tAlaoma, A; 王, 小明\tAlaoma, Adedayo; 王, 小明\tMineral resources\t${ABSTRACT}\n`,
    );
    expect(wosFull.records[0]?.authors).toEqual(['Adedayo Alaoma', '王小明']);
    // A red team's: one author as `Last, First` was two authors; a `;` file whose header holds a
    // comma was read at the comma.
    for (const [value, names] of [
      ['Ferreira, Luís*', ['Luís Ferreira']],
      ['Kim, Min-su', ['Min-su Kim']],
      ['de la Cruz, María', ['María de la Cruz']],
      ['Kaiming He, Jian Sun', ['Kaiming He', 'Jian Sun']],
    ] as const) {
      expect(
        readCsv('c.csv', `Author Names,Abstract\n"${value}","${ABSTRACT}"\n`).records[0]?.authors,
      ).toEqual(names);
    }
    // CMT's Status: a rejected submission is confidential, left out and named.
    const decided = readCsv(
      'cmt.csv',
      `Paper ID,Paper Title,Abstract,Status\n1,Kept,"${ABSTRACT}",Accept (Poster)\n2,Gone,"${ABSTRACT} Two.",Reject\n`,
    );
    expect(decided.records.map((r) => r.title)).toEqual(['Kept']);
    expect(decided.skipped?.map((p) => p.reason)).toEqual([
      'record 2 has status "Reject": left out (only accepted papers are published)',
    ]);
    const commaInHeader = readCsv(
      'cmt.csv',
      `Paper ID;Title;Abstract;Authors (Last, First)\n"1";"Deep Residual Learning";"${ABSTRACT}";"He, Kaiming"\n`,
    );
    expect(commaInHeader.problems).toEqual([]);
    const excel = readCsv('x.csv', `sep=;\nTitle;Abstract\n"A, B";"${ABSTRACT}"\n`);
    expect(excel.problems).toEqual([]);
    expect(excel.records[0]).toMatchObject({ title: 'A, B', line: 3 });
    expect(commaInHeader.records[0]).toMatchObject({ title: 'Deep Residual Learning' });
    const semicolons = readCsv(
      'accepted.csv',
      `Title;Authors;Abstract\n"Deep Residual Learning";"He, Kaiming; Sun, Jian";"${ABSTRACT}"\n`,
    );
    expect(semicolons.problems).toEqual([]);
    expect(semicolons.records[0]).toMatchObject({
      title: 'Deep Residual Learning',
      authors: ['Kaiming He', 'Jian Sun'],
    });
  });

  it("read Web of Science's conference title (CT) as the venue and its document type (DT) as Scopus's is", () => {
    // Clarivate's field tags: CT conference title, CY its date, CL its place, DT the document
    // type; a proceedings paper may say PT J (the first row is a real record's, abridged).
    const wos = readCsv(
      'savedrecs.csv',
      'PT\tAU\tTI\tSO\tLA\tDT\tCT\tCY\tCL\tAB\tPY\tUT\n' +
        [
          'J\tKhelfi, MF\tRobust control\t2012 IEEE INTERNATIONAL SYMPOSIUM ON INDUSTRIAL ELECTRONICS (ISIE)\tEnglish\tProceedings Paper\t21st IEEE International Symposium on Industrial Electronics (ISIE)\tMAY 28-31, 2012\tHangzhou, PEOPLES R CHINA',
          'J\tDoe, J\tBandits\tINTERNATIONAL CONFERENCE ON MACHINE LEARNING, VOL 162\tEnglish\tProceedings Paper\t39th International Conference on Machine Learning (ICML)\tJUL 17-23, 2022\tBaltimore, MD',
          'J\tRoe, B\tTransport\tADVANCES IN NEURAL INFORMATION PROCESSING SYSTEMS 35\tEnglish\tProceedings Paper\t36th Conference on Neural Information Processing Systems (NeurIPS)\tNOV 28-DEC 09, 2022\tNew Orleans, LA',
          'J\tLee, A\tGrasping\tROBOTICS: SCIENCE AND SYSTEMS XVII\tEnglish\tProceedings Paper\tRobotics: Science and Systems\tJUL 12-16, 2021\tELECTR NETWORK',
          'J\tCristofol, M\tTwo coefficients\tAPPLICABLE ANALYSIS\tEnglish\tArticle\t\t\t',
        ]
          // The third row has no PY: the conference's date gives its year.
          .map(
            (row, i) =>
              `${row}\t${ABSTRACT} ${i}.\t${['2012', '2022', '', '2021', '2012'][i]}\tWOS:00000000000${i}`,
          )
          .join('\n'),
    );
    expect(wos.problems).toEqual([]);
    expect(wos.records.map((r) => [r.venue, r.year])).toEqual([
      ['ISIE 2012', 2012],
      // A closing (ACRONYM) takes the record's year when the name has none.
      ['ICML 2022', 2022],
      ['NeurIPS 2022', 2022],
      // A meeting's name without an acronym stays whole, read as a booktitle.
      ['Robotics: Science and Systems 2021', 2021],
      // A journal article: its source, as written.
      ['APPLICABLE ANALYSIS 2012', 2012],
    ]);
    // Without its document type, a conference title is a venue of unknown kind: kept as written.
    const untyped = readCsv(
      'savedrecs.csv',
      `PT\tTI\tSO\tCT\tAB\tPY\nJ\tA\tINTERNATIONAL CONFERENCE ON MACHINE LEARNING, VOL 162\t39th International Conference on Machine Learning (ICML)\t${ABSTRACT}\t2022\n`,
    );
    expect(untyped.records[0]?.venue).toBe(
      '39th International Conference on Machine Learning (ICML) 2022',
    );
  });

  it("read Scopus's 'ACRONYM YEAR - long name' source titles by their acronym and year", () => {
    const scopus = readCsv(
      'scopus.csv',
      'Title,Year,Source title,Abstract,Document Type,Conference name\n' +
        [
          `A,2021,ICLR 2021 - 9th International Conference on Learning Representations,"${ABSTRACT}",Conference paper,`,
          `B,2020,"EMNLP 2020 - 2020 Conference on Empirical Methods in Natural Language Processing, Proceedings of the Conference","${ABSTRACT} B.",Conference paper,`,
          `C,2020,SIGIR 2020 - Proceedings of the 43rd International ACM SIGIR Conference on Research and Development in Information Retrieval,"${ABSTRACT} C.",Conference paper,`,
          // Both as Scopus writes them: the meeting's name names the same acronym and year.
          `D,2021,ICLR 2021 - 9th International Conference on Learning Representations,"${ABSTRACT} D.",Conference paper,"9th International Conference on Learning Representations, ICLR 2021"`,
        ].join('\n'),
    );
    expect(scopus.problems).toEqual([]);
    expect(scopus.records.map((r) => r.venue)).toEqual([
      'ICLR 2021',
      'EMNLP 2020',
      'SIGIR 2020',
      'ICLR 2021',
    ]);
    // Real names that open otherwise, or hold a dash or hyphen elsewhere, stay whole.
    const kept = readCsv(
      's2.csv',
      'Year,Venue,Abstract\n' +
        [
          'Proceedings of Thirty Fourth Conference on Learning Theory',
          'Interspeech 2021',
          'Robotics: Science and Systems',
          'Multi-Agent Systems - 18th European Conference',
          'IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)',
        ]
          .map((venue, i) => `2021,"${venue}","${ABSTRACT} ${i}."`)
          .join('\n'),
    );
    expect(kept.records.map((r) => r.venue)).toEqual([
      'Proceedings of Thirty Fourth Conference on Learning Theory 2021',
      'Interspeech 2021',
      'Robotics: Science and Systems 2021',
      'Multi-Agent Systems - 18th European Conference 2021',
      'IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR) 2021',
    ]);
  });

  it("read IEEE Xplore's CSV export: its title, pages, and a journal's or conference's venue", () => {
    // IEEE Xplore's export header, verbatim; its `Document Identifier` says what the venue is.
    const header =
      '"Document Title",Authors,"Author Affiliations","Publication Title",Date Added To Xplore,"Publication Year","Volume","Issue","Start Page","End Page","Abstract","ISSN",ISBNs,"DOI",Funding Information,PDF Link,"Author Keywords","IEEE Terms","INSPEC Controlled Terms","INSPEC Non-Controlled Terms","Mesh_Terms",Article Citation Count,Patent Citation Count,"Reference Count","License",Online Date,Issue Date,"Meeting Date","Publisher",Document Identifier';
    const row = (title: string, venue: string, pages: [string, string], kind: string, i: number) =>
      `"${title}","P. Kogge; J. Shalf","Notre Dame","${venue}","4 Feb 2014","2013","15","6","${pages[0]}","${pages[1]}","${ABSTRACT} ${i}.","1558-366X","","10.1109/X.2013.${i}","","https://ieeexplore.ieee.org/stamp/stamp.jsp?arnumber=${i}","HPC;exascale","","","","","51","","13","","","","","IEEE","${kind}"`;
    const ieee = readCsv(
      'export.csv',
      [
        header,
        row(
          'Exascale Computing Trends: Adjusting to the ""New Normal""',
          'Computing in Science & Engineering',
          ['16', '26'],
          'IEEE Magazines',
          1,
        ),
        row(
          'Tracking Performance Portability',
          '2020 IEEE/ACM International Workshop on Performance, Portability and Productivity in HPC (P3HPC)',
          ['1', '13'],
          'IEEE Conferences',
          2,
        ),
        row(
          'A Survey',
          'IEEE Transactions on Pattern Analysis and Machine Intelligence',
          ['471', '478'],
          'IEEE Journals',
          3,
        ),
        row('Early', 'IEEE Access', ['1', '9'], 'IEEE Early Access Articles', 4),
        row('Grid', 'IET Conference on Power (ICP)', ['5', '8'], 'IET Conferences', 5),
      ].join('\n'),
    );
    expect(ieee.problems).toEqual([]);
    const [magazine, workshop, journal] = ieee.records;
    expect(magazine?.title).toBe('Exascale Computing Trends: Adjusting to the "New Normal"');
    expect(magazine?.authors).toEqual(['P. Kogge', 'J. Shalf']);
    expect(magazine?.venue).toBe('Computing in Science & Engineering 2013');
    expect(magazine?.publication).toEqual({
      journal: 'Computing in Science & Engineering',
      kind: 'article',
      volume: '15',
      number: '6',
      pages: { first: '16', last: '26' },
    });
    expect(magazine?.links.pdf).toBe('https://ieeexplore.ieee.org/stamp/stamp.jsp?arnumber=1');
    // A conference's acronym may hold a digit.
    expect(workshop?.venue).toBe('P3HPC 2020');
    expect(workshop?.publication).toMatchObject({
      booktitle:
        '2020 IEEE/ACM International Workshop on Performance, Portability and Productivity in HPC (P3HPC)',
      kind: 'inproceedings',
      pages: { first: '1', last: '13' },
    });
    expect(journal?.publication).toMatchObject({
      kind: 'article',
      pages: { first: '471', last: '478' },
    });
    // IEEE's and other publishers' identifiers, as Xplore writes them.
    expect(ieee.records[3]?.publication).toMatchObject({ kind: 'article', journal: 'IEEE Access' });
    expect(ieee.records[4]?.publication).toMatchObject({ kind: 'inproceedings' });
  });

  it("cite Scopus's and Zotero's venue column as the journal or booktitle its item type says", () => {
    const scopus = readCsv(
      'scopus.csv',
      'Title,Year,Source title,Abstract,Document Type,Conference name\n' +
        [
          `A,2021,Nature Machine Intelligence,"${ABSTRACT}",Article,`,
          `B,2022,Proceedings of Machine Learning Research,"${ABSTRACT} B.",Conference paper,`,
          `C,2022,Proceedings of Machine Learning Research,"${ABSTRACT} C.",Conference paper,"39th International Conference on Machine Learning, ICML 2022"`,
          `D,2022,Some Book,"${ABSTRACT} D.",Book chapter,`,
        ].join('\n'),
    );
    expect(scopus.problems).toEqual([]);
    expect(scopus.records.map((r) => r.publication)).toEqual([
      { journal: 'Nature Machine Intelligence', kind: 'article' },
      // A series, not the meeting: the card says so, and the citation keeps it as a series.
      { series: 'Proceedings of Machine Learning Research', kind: 'inproceedings' },
      {
        booktitle: '39th International Conference on Machine Learning, ICML 2022',
        kind: 'inproceedings',
      },
      // Neither a conference paper nor an article: nothing is guessed.
      {},
    ]);
  });

  it("read OpenAlex's works: the abstract from its inverted index, authorships, location and biblio", () => {
    // The work object's shape (docs.openalex.org, "Work object"), as the API's `results` lists it.
    const words = ABSTRACT.split(' ');
    const index: Record<string, number[]> = {};
    words.forEach((word, position) => (index[word] ??= []).push(position));
    const work = {
      id: 'https://openalex.org/W2741809807',
      doi: 'https://doi.org/10.7717/peerj.4375',
      title: 'The state of OA',
      display_name: 'The state of OA',
      publication_year: 2018,
      type: 'article',
      type_crossref: 'journal-article',
      authorships: [
        {
          author_position: 'first',
          author: { id: 'https://openalex.org/A1', display_name: 'Heather Piwowar' },
          institutions: [],
        },
        {
          author_position: 'last',
          author: { id: 'https://openalex.org/A2', display_name: 'Jason Priem' },
          raw_author_name: 'J. Priem',
        },
      ],
      primary_location: {
        is_oa: true,
        landing_page_url: 'https://peerj.com/articles/4375',
        pdf_url: 'https://peerj.com/articles/4375.pdf',
        source: { id: 'https://openalex.org/S1', display_name: 'PeerJ', type: 'journal' },
      },
      biblio: { volume: '6', issue: null, first_page: 'e4375', last_page: 'e4375' },
      keywords: [
        {
          id: 'https://openalex.org/keywords/open-access',
          display_name: 'Open Access',
          score: 0.6,
        },
      ],
      concepts: [
        { id: 'https://openalex.org/C1', display_name: 'Computer science', level: 0, score: 0.4 },
      ],
      abstract_inverted_index: index,
      cited_by_count: 900,
    };
    const read = readJsonArray(
      'works.json',
      JSON.stringify({ meta: { count: 2 }, results: [work] }),
    );
    expect(read.problems).toEqual([]);
    const [paper] = read.records;
    expect(paper?.abstract).toBe(ABSTRACT);
    expect(paper?.title).toBe('The state of OA');
    expect(paper?.authors).toEqual(['Heather Piwowar', 'Jason Priem']);
    expect(paper?.keywords).toEqual(['Open Access']);
    expect(paper?.venue).toBe('PeerJ 2018');
    expect(paper?.year).toBe(2018);
    expect(paper?.links).toMatchObject({
      doi: '10.7717/peerj.4375',
      pdf: 'https://peerj.com/articles/4375.pdf',
    });
    expect(paper?.publication).toEqual({
      journal: 'PeerJ',
      kind: 'article',
      volume: '6',
      // One article number, not a range.
      pages: { first: 'e4375' },
    });
    // A conference's work, typed by its source; an index that would spell a huge text is a problem.
    const conference = {
      ...work,
      type_crossref: undefined,
      id: 'https://openalex.org/W2',
      primary_location: {
        source: { display_name: 'Neural Information Processing Systems', type: 'conference' },
      },
    };
    const huge = {
      ...work,
      id: 'https://openalex.org/W3',
      abstract_inverted_index: { ['x'.repeat(1000)]: Array.from({ length: 100 }, (_, i) => i) },
    };
    const more = readJsonArray('w.json', JSON.stringify([conference, huge]));
    expect(more.records[0]?.publication).toMatchObject({
      booktitle: 'Neural Information Processing Systems',
      kind: 'inproceedings',
    });
    expect(more.problems.map((p) => formatProblem(p))).toEqual([
      'w.json:1: abstract_inverted_index: more than 80,000 characters',
    ]);
    // Nothing dropped without a word: an author without a name, two words at one place.
    const unnamed = { ...work, authorships: [{ author: { display_name: null } }] };
    const twice = { ...work, abstract_inverted_index: { ...index, again: [0] } };
    expect(
      readJsonArray('x.json', JSON.stringify([unnamed, twice])).problems.map((p) => p.reason),
    ).toEqual([
      'authorships: author 1 has no name',
      expect.stringMatching(/^abstract_inverted_index: two words at position 0 /),
    ]);
  });

  it("read Papers with Code's papers: the proceeding's meeting and year, the date's year, its links", () => {
    // `papers-with-abstracts.json`'s record shape; `conference` is a page's slug, no venue.
    const paper = {
      paper_url: 'https://paperswithcode.com/paper/dynamic-network-model-from-partial',
      arxiv_id: '1805.10616',
      title: 'Dynamic Network Model from Partial Observations',
      abstract: ABSTRACT,
      url_abs: 'http://arxiv.org/abs/1805.10616v4',
      url_pdf: 'http://arxiv.org/pdf/1805.10616v4.pdf',
      proceeding: 'NeurIPS 2018 12',
      authors: ['Elahe Ghalebi', 'Baharan Mirzasoleiman'],
      tasks: ['model'],
      date: '2018-05-27',
      conference_url_abs: 'http://papers.nips.cc/paper/8192-dynamic-network-model',
      conference_url_pdf: 'http://papers.nips.cc/paper/8192-dynamic-network-model.pdf',
      conference: 'dynamic-network-model-from-partial-1',
    };
    // The API's shape: a slug for its proceeding too, and `published`.
    const listed = {
      id: 'climategan',
      abstract: `${ABSTRACT} Two.`,
      published: '2021-10-06',
      conference: 'climategan-raising-climate-change-awareness-1',
      proceeding: 'iclr-2022-4',
    };
    const read = readJsonArray('pwc.json', JSON.stringify([paper, listed]));
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => [r.venue, r.year])).toEqual([
      ['NeurIPS 2018', 2018],
      [undefined, 2021],
    ]);
    expect(read.records[0]?.links.pdf).toBe('http://arxiv.org/pdf/1805.10616v4.pdf');
    expect(read.records[0]?.links.arxiv).toBe('1805.10616');
  });

  it('report a missing abstract column and a broken quote', () => {
    const missing = readCsv('c.csv', readFileSync(`${FIXTURES}/bad/c-noabstract.csv`, 'utf8'));
    expect(missing.problems.map((p) => formatProblem(p))).toEqual([
      'c.csv:1: missing column "abstract"',
    ]);
    const quote = readCsv('d.csv', readFileSync(`${FIXTURES}/bad/d-quotes.csv`, 'utf8'));
    expect(quote.problems.map((p) => formatProblem(p))).toEqual([
      expect.stringMatching(/^d\.csv:2: not CSV: Invalid Closing Quote/),
    ]);
  });
});

describe("arXiv API's Atom feed", () => {
  const feed = (entries: string, root = '<feed xmlns="http://www.w3.org/2005/Atom">') =>
    `<?xml version="1.0" encoding="UTF-8"?>\n${root}\n  <title>q</title>\n${entries}</feed>\n`;
  const entry = (id: string, body = `<summary>${ABSTRACT}</summary>`) =>
    `  <entry>\n    <id>http://arxiv.org/abs/${id}</id>\n    ${body}\n  </entry>\n`;
  const reasons = (read: { problems: { line: number; reason: string }[] }) =>
    read.problems.map((p) => `${p.line}: ${p.reason}`);

  it('reads a real saved answer: the abstract, names, DOI, first version year, arXiv id', () => {
    const text = readFileSync(`${FIXTURES}/real/arxiv-api.xml`, 'utf8');
    const read = readAtom('arxiv-api.xml', text);
    expect(read.problems).toEqual([]);
    expect(read.count).toBe(2);
    const [murray, melko] = read.records;
    expect(murray).toMatchObject({
      line: 10,
      key: '1111.2011',
      title:
        'Quantum Criticality for Extended Nodes on a Bethe Lattice in the Large\n  Connectivity Limit',
      authors: ['James M. Murray', 'Adrian Del Maestro', 'Zlatko Tesanovic'],
      // `<published>` (version 1, 2011), not `<updated>` (version 2, 2012).
      year: 2011,
      venue: 'arXiv 2011',
      links: { arxiv: '1111.2011', doi: '10.1103/PhysRevB.85.115117' },
      publication: { kind: 'misc' },
    });
    expect(murray?.abstract).toMatch(/^Theoretical description .* a single node\.$/s);
    expect(melko).toMatchObject({
      line: 55,
      key: 'cond-mat/0607501',
      year: 2006,
      links: { arxiv: 'cond-mat/0607501', doi: '10.1103/PhysRevB.74.214517' },
    });
  });

  it("reads today's answers too: namespaces declared on the root, https ids", () => {
    // The shape arXiv answers with since 2025 (dcondrey/zotero-validate, tests/fixtures/arxiv.xml).
    const root =
      '<feed xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns="http://www.w3.org/2005/Atom">';
    const body =
      `<title>Attention Is All You Need</title>\n<summary>${ABSTRACT}</summary>\n` +
      '<published>2017-06-12T17:57:34Z</published>\n<arxiv:comment>15 pages, 5 figures</arxiv:comment>\n' +
      '<arxiv:primary_category term="cs.CL"/>\n<author>\n<name>Ashish Vaswani</name>\n</author>\n' +
      '<author><name>Noam Shazeer</name></author>';
    const text = feed(
      entry('1706.03762v7', body).replace('http://arxiv.org', 'https://arxiv.org'),
      root,
    );
    const read = readAtom('q.atom', text);
    expect(read.problems).toEqual([]);
    expect(read.records[0]).toMatchObject({
      key: '1706.03762',
      title: 'Attention Is All You Need',
      authors: ['Ashish Vaswani', 'Noam Shazeer'],
      year: 2017,
      venue: 'arXiv 2017',
      links: { arxiv: '1706.03762' },
    });
  });

  it('names an entry without a summary left out, and an error answer as the problem it is', () => {
    const read = readAtom(
      'q.xml',
      feed(entry('0704.0001', '<title>No abstract</title>') + entry('0704.0002')),
    );
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => r.key)).toEqual(['0704.0002']);
    expect(read.skipped).toEqual([
      { file: 'q.xml', line: 4, reason: 'record 0704.0001 has no abstract: left out' },
    ]);
    const error = readAtom(
      'e.xml',
      feed(
        '  <entry>\n    <id>http://arxiv.org/api/errors#incorrect_id_format_for_1234</id>\n' +
          '    <title>Error</title>\n    <summary>incorrect id format for 1234</summary>\n  </entry>\n',
      ),
    );
    expect(reasons(error)).toEqual([
      `4: arXiv's API answered with an error, not a paper: "incorrect id format for 1234"`,
    ]);
    expect(reasons(readAtom('e.xml', feed('')))).toEqual([
      '1: no records: the feed holds no <entry>',
    ]);
  });

  it('reads CDATA and character references, and expands no entity a DTD declares', () => {
    const cdata = readAtom(
      'c.xml',
      feed(entry('0704.0001', `<summary><![CDATA[${ABSTRACT} <b> & ]]>&#x41;&amp;</summary>`)),
    );
    expect(cdata.records[0]?.abstract).toBe(`${ABSTRACT} <b> & A&`);
    const bomb =
      '<?xml version="1.0"?>\n<!DOCTYPE feed [\n <!ENTITY a "aaaaaaaaaa">\n <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\n]>\n' +
      feed(entry('0704.0001', '<summary>&b;</summary>')).replace(/^<\?xml[^>]*>\n/, '');
    const read = readAtom('b.xml', bomb);
    expect(read.records).toEqual([]);
    expect(reasons(read)).toEqual([
      '2: a DOCTYPE or entity declaration, which no Atom feed needs: not read',
    ]);
  });

  it('names the line of what is no arXiv feed: another root, namespace, text, broken tags', () => {
    const cases: [string, string][] = [
      [
        '<rss version="2.0"><channel></channel></rss>',
        "1: not an arXiv API feed: an RSS feed (rss.arxiv.org); save the API's answer (export.arxiv.org/api/query) instead",
      ],
      [
        feed(entry('0704.0001'), '<feed>'),
        `2: not an arXiv API feed: <feed> is not in Atom's namespace (xmlns="http://www.w3.org/2005/Atom")`,
      ],
      [
        'Rate exceeded.\n',
        '1: not an arXiv API feed: text before its first element ("Rate exceeded.")',
      ],
      [
        feed(entry('0704.0001', `<summary>${ABSTRACT}</title>`)),
        // A close tag of no open element is passed over; the entry's own is then out of order.
        '7: not XML: </entry> where </summary> (opened at line 6) was expected',
      ],
      [feed(entry('0704.0001')).replace('</feed>', ''), '2: not XML: <feed> is never closed'],
      [`${feed(entry('0704.0001'))}<feed/>`, "9: not XML: <feed> after the feed's end"],
      [
        feed(entry('0704.0001', '<summary>x</summary>').replace('0704.0001', '2101.x')),
        '4: an entry with <id> "http://arxiv.org/abs/2101.x", no arXiv abstract page (http://arxiv.org/abs/…)',
      ],
    ];
    for (const [text, reason] of cases) expect(reasons(readAtom('x.xml', text))).toEqual([reason]);
    // The same at the same line whatever ends the lines: LF, CRLF or CR alone.
    const broken = feed(entry('0704.0001')).replace('</feed>', '');
    for (const end of ['\r\n', '\r']) {
      expect(reasons(readAtom('x.xml', broken.replace(/\n/g, end)))).toEqual([
        '2: not XML: <feed> is never closed',
      ]);
    }
  });

  it('are read from the dumps folder as .xml or .atom, like any other export', () => {
    const text = readFileSync(`${FIXTURES}/real/arxiv-api.xml`);
    for (const name of ['query.xml', 'query.atom']) {
      const result = ingestDumps([{ name, bytes: text }], TAXONOMY);
      expect(result.problems).toEqual([]);
      expect(result.papers.map((p) => p.paperLinks.arxiv)).toEqual([
        '1111.2011',
        'cond-mat/0607501',
      ]);
    }
  });
});

describe('a RIS dump', () => {
  // As Zotero and EndNote write it: repeated tags, `Last, First` names, wrapped lines, CRLF.
  const ris = [
    'TY  - CONF',
    'TI  - LST: Ladder Side-Tuning for Parameter and Memory Efficient Transfer Learning',
    'AU  - Sung, Yi-Lin',
    'AU  - Cho, Jaemin',
    'T2  - Proceedings of the 36th Conference on Neural Information Processing Systems',
    `AB  - ${ABSTRACT.slice(0, 60)}`,
    ABSTRACT.slice(60),
    'DA  - 2022/11/28/',
    'PY  - 2022',
    'SP  - 12991',
    'EP  - 13005',
    'DO  - 10.48550/arXiv.2206.06522',
    'UR  - https://proceedings.neurips.cc/paper/2022/hash/x-Abstract.html',
    'KW  - transfer learning; memory',
    'KW  - adapters',
    'ER  - ',
    '',
    'TY  - JOUR',
    'TI  - Front matter',
    'ER  -',
    '',
    'TY  - JOUR',
    'TI  - Deep Residual Learning',
    'AU  - He, Kaiming',
    'JO  - Journal of Residual Studies',
    'PY  - 2016///',
    `N2  - ${ABSTRACT} Two.`,
    'ER  - ',
  ].join('\r\n');

  it('reads titles, names turned round, venue, year, pages, links, keywords and wrapped abstracts', () => {
    const read = readRis('zotero.ris', ris);
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => [r.line, r.title, r.authors, r.venue, r.year])).toEqual([
      [
        1,
        'LST: Ladder Side-Tuning for Parameter and Memory Efficient Transfer Learning',
        ['Yi-Lin Sung', 'Jaemin Cho'],
        'Conference on Neural Information Processing Systems 2022',
        2022,
      ],
      [22, 'Deep Residual Learning', ['Kaiming He'], 'Journal of Residual Studies 2016', 2016],
    ]);
    const [lst] = read.records;
    expect(lst?.abstract).toBe(ABSTRACT.slice(0, 60).trim() + ' ' + ABSTRACT.slice(60).trim());
    expect(lst?.keywords).toEqual(['transfer learning', 'memory', 'adapters']);
    expect(lst?.publication).toMatchObject({
      kind: 'inproceedings',
      pages: { first: '12991', last: '13005' },
    });
    expect(lst?.links).toMatchObject({ doi: '10.48550/arXiv.2206.06522' });
    // A journal article is cited as one: its journal, not a booktitle.
    expect(read.records[1]?.publication).toEqual({
      kind: 'article',
      journal: 'Journal of Residual Studies',
    });
    // The front matter has no abstract: named and left out, not a problem.
    expect(read.skipped?.map((p) => formatProblem(p))).toEqual([
      'zotero.ris:18: record 2 has no abstract: left out',
    ]);
  });

  it("keeps only web links, a keyword a line, Zotero's proceedings title, and reads ER with one space", () => {
    const record = [
      'TY  - CONF',
      'TI  - Attention Is All You Need',
      'AU  - Vaswani, Ashish',
      'C3  - Advances in Neural Information Processing Systems',
      "T3  - NIPS'17",
      'PY  - 2017',
      `AB  - ${ABSTRACT}`,
      'KW  - Colitis, Ulcerative/*therapy',
      'KW  - attention; transformers',
      'SP  - DOI: 10.1111/j.1757-1707.2011.01098.x',
      'UR  - ://WOS:000442479700002',
      'L1  - internal-pdf://Vaswani 2017.pdf',
      'UR  - https://example.org/landing',
      'UR  - https://arxiv.org/abs/1706.03762',
      'UR  - https://example.org/paper.pdf',
      'ER -',
    ].join('\n');
    const read = readRis('endnote.ris', record);
    expect(read.problems).toEqual([]);
    const [paper] = read.records;
    expect(paper).toMatchObject({
      venue: 'Advances in Neural Information Processing Systems 2017',
      keywords: ['Colitis, Ulcerative/*therapy', 'attention', 'transformers'],
      links: {
        page: 'https://example.org/landing',
        arxiv: '1706.03762',
        pdf: 'https://example.org/paper.pdf',
      },
    });
    expect(paper?.publication.pages).toBeUndefined();
  });

  it('keeps a CJK name in its order and reads a tag written in lower case as its tag', () => {
    const record = [
      'TY  - JOUR',
      'TI  - Offline policies',
      'AU  - 王, 小明',
      'au  - Doe, Jane',
      `AB  - ${ABSTRACT}`,
      'kw  - offline learning',
      'ER  - ',
    ].join('\n');
    const read = readRis('hand.ris', record);
    expect(read.problems).toEqual([]);
    expect(read.records[0]).toMatchObject({
      title: 'Offline policies',
      authors: ['王小明', 'Jane Doe'],
      keywords: ['offline learning'],
      abstract: ABSTRACT,
    });
  });

  it('names the line of text outside a record and of a record never closed', () => {
    const read = readRis('b.ris', `stray words\n${ris}\nTY  - JOUR\nAB  - ${ABSTRACT}\n`);
    expect(read.problems.map((p) => formatProblem(p))).toEqual([
      'b.ris:1: not RIS: a line outside any TY … ER record',
      'b.ris:30: not RIS: record not closed by an ER line',
    ]);
    expect(read.records).toHaveLength(2);
  });
});

describe('a RIS export whose abstracts are JATS', () => {
  it('shows their text and formatting, never their tags, attributes or namespace URLs', () => {
    // As publishers' RIS exports (PLoS through EndNote) and Crossref write abstracts.
    const ris = [
      'TY  - JOUR',
      'TI  - A server for structure prediction',
      'AU  - Lyskov, Sergey',
      'T2  - PLOS ONE',
      `N2  - <p>${ABSTRACT} It runs <italic>de novo</italic> design at <ext-link xmlns:xlink="http://www.w3.org/1999/xlink" ext-link-type="uri" xlink:href="http://rosie.example.org" xlink:type="simple">http://rosie.example.org</ext-link>.</p>`,
      'PY  - 2013',
      // PLoS gives its DOI only as a note (PNAS and EndNote in N1).
      'M3  - doi:10.1371/journal.pone.0063906',
      'N1  - Not a DOI: see doi: 10.1/x',
      'ER  - ',
      '',
    ].join('\n');
    const result = ingestDumps([{ name: 'lab.ris', bytes: encode(ris) }], TAXONOMY);
    expect(result.problems).toEqual([]);
    const [paper] = result.papers;
    expect(paper?.abstract).toBe(
      `${ABSTRACT} It runs <em>de novo</em> design at http://rosie.example.org.`,
    );
    expect(paper?.plainText).toContain('It runs de novo design at http://rosie.example.org.');
    expect(paper?.links.map((link) => link.url)).toEqual(['http://rosie.example.org']);
    expect(paper?.keywords.join(' ')).not.toMatch(/xlink|ext-link/);
    expect(paper?.paperLinks.doi).toBe('10.1371/journal.pone.0063906');
  });
});

describe('structured dumps beside plain-text ones', () => {
  const result = ingestDumps(folder(`${FIXTURES}/good`), TAXONOMY);
  const byTitle = (start: string) => result.papers.find((p) => p.title.startsWith(start));

  it('are merged and deduplicated with the .txt dumps, nothing dropped', () => {
    expect(result.problems).toEqual([]);
    expect(formatSummary(result.stats, 0)).toBe(
      '6 papers from 4 dumps, 1 duplicate merged, 0 problems',
    );
    const lanterns = byTitle('Sparse Lanterns');
    expect(lanterns?.sources.map((s) => s.file)).toEqual(['b-openreview.jsonl', 'd-plain.txt']);
  });

  it('keep given titles, authors and keywords; derived fields fill only the gaps', () => {
    const lanterns = byTitle('Sparse Lanterns');
    expect(lanterns).toMatchObject({
      titleSource: 'given',
      authors: ['Mei Tanaka', 'Åsa Lindqvist'],
      keywords: ['sparse attention', 'efficiency'],
    });
    expect(byTitle('Bayesian Nyström')?.title).toBe(
      'Bayesian Nyström Sketches for O(n log n) Kernel Regression',
    );
    const untitled = result.papers.filter((p) => p.titleSource === 'derived');
    expect(untitled).toHaveLength(2);
    expect(untitled.every((p) => p.title.length > 0 && p.summary.length > 0)).toBe(true);
    expect(untitled.find((p) => p.sources[0]?.file === 'b-openreview.jsonl')?.authors).toEqual([
      'Pieter van der Berg',
      'Mei Tanaka',
    ]);
  });

  it('read a given title as its words, whatever white space it is indented with', () => {
    const record = {
      title: '    Indented Titles Are Not Code Blocks',
      abstract:
        'We study how dumps written by hand indent their fields. We propose a reader that keeps ' +
        'every title as its words, and show on three archives that no title is lost.',
    };
    const [paper] = ingestDumps(
      [{ name: 'x.jsonl', bytes: new TextEncoder().encode(`${JSON.stringify(record)}\n`) }],
      TAXONOMY,
    ).papers;
    expect(paper).toMatchObject({
      title: 'Indented Titles Are Not Code Blocks',
      titleSource: 'given',
    });
  });

  it('report every problem of every format, and keep none of the bad records', () => {
    const bad = ingestDumps(folder(`${FIXTURES}/bad`), TAXONOMY);
    expect(bad.problems.map((p) => `${p.file}:${p.line}`)).toEqual([
      'a-entries.bib:18',
      'a-entries.bib:26',
      'b-export.jsonl:2',
      'b-export.jsonl:3',
      'c-noabstract.csv:1',
      'd-quotes.csv:2',
    ]);
    // An entry without an abstract is no paper: named and counted, not a problem.
    expect(bad.skipped?.map((p) => `${p.file}:${p.line}`)).toEqual(['a-entries.bib:3']);
    expect(bad.stats.skipped).toBe(1);
    const sources = bad.papers.reduce((sum, p) => sum + p.sources.length, 0);
    expect(sources + bad.problems.length).toBe(bad.stats.paragraphs);
  });

  it('stop at an override for a slug no paper has, naming its line', () => {
    const file = `${FIXTURES}/overrides-unknown.yaml`;
    const overridden = ingestDumps(folder(`${FIXTURES}/good`), TAXONOMY, {
      overrides: loadOverrides(file),
    });
    expect(overridden.problems.map((p) => formatProblem(p))).toEqual([
      `${file}:3: no paper has the slug or id "no-such-paper-000000"`,
    ]);
    expect(formatSummary(overridden.stats, 1)).toBe(
      '6 papers from 4 dumps, 1 duplicate merged, 0 overrides applied (0 hidden), 1 problem',
    );
  });

  it('treat an abstract too short to be one like a plain-text paragraph', () => {
    const tiny = ingestDumps(
      [{ name: 't.jsonl', bytes: encode('{"title": "T", "abstract": "Too short."}\n') }],
      TAXONOMY,
    );
    expect(tiny.problems.map((p) => formatProblem(p))).toEqual([
      expect.stringMatching(/^t\.jsonl:1: not an abstract: 2 words/),
    ]);
  });
});

// Each test starts the command once or twice: slow on a busy 2-core machine.
describe('the ingest command on structured dumps', { timeout: 120_000 }, () => {
  const work = mkdtempSync(join(tmpdir(), 'ingest-formats-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const ingest = (...args: string[]) => runIngest(args);

  it('writes nothing when any dump has a problem', async () => {
    const out = join(work, 'papers.json');
    const run = await ingest('--dumps', `${FIXTURES}/bad`, '--out', out);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `${FIXTURES}/bad/a-entries.bib:3: entry ndiaye26 has no abstract: left out`,
    );
    expect(run.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    expect(run.stdout.trim().split('\n').at(-1)).toMatch(
      /6 problems \(1 record left out: no abstract, or not accepted\); nothing written$/,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('applies overrides, says how many, and reports a bad one at its line', async () => {
    const overrides = join(work, 'overrides.yaml');
    const out = join(work, 'overridden.json');
    const plain = ingestDumps(folder(`${FIXTURES}/good`), TAXONOMY).papers;
    const tidal = plain.find((p) => p.title.startsWith('Tidal Memory'))!;
    const lanterns = plain.find((p) => p.title.startsWith('Sparse Lanterns'))!;
    writeFileSync(
      overrides,
      `overrides:\n  - paper: ${tidal.slug}\n    title: Tidal Memory, Corrected\n    authors: [Chidi Okafor]\n  - paper: ${lanterns.id}\n    hide: true\n`,
    );
    const run = await ingest('--dumps', `${FIXTURES}/good`, '--overrides', overrides, '--out', out);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim().split('\n').at(-1)).toBe(
      '5 papers from 4 dumps, 0 duplicates merged, 2 overrides applied (1 hidden), 0 problems',
    );
    const papers = JSON.parse(readFileSync(out, 'utf8')) as {
      slug: string;
      title: string;
      authors: string[];
    }[];
    expect(papers.find((p) => p.slug === tidal.slug)).toMatchObject({
      title: 'Tidal Memory, Corrected',
      authors: ['Chidi Okafor'],
    });
    expect(papers.some((p) => p.slug === lanterns.slug)).toBe(false);

    writeFileSync(overrides, 'overrides:\n  - paper: no-such-paper-000000\n    hide: true\n');
    const unknown = await ingest(
      '--dumps',
      `${FIXTURES}/good`,
      '--overrides',
      overrides,
      '--check',
    );
    expect(unknown.status).toBe(1);
    expect(unknown.stderr.trim()).toBe(
      `${overrides}:2: no paper has the slug or id "no-such-paper-000000"`,
    );
  });
});

describe('BibTeX abstracts', () => {
  it('may come from @string macros and concatenations, and keep accents, braces and commands', () => {
    const bib = [
      `@string{shared = {${ABSTRACT}}}`,
      '@misc{a, abstract = shared}',
      `@misc{b, abstract = "Na\\"{\\i}ve {G}aussian \\emph{priors}, " # shared}`,
    ].join('\n');
    const read = readBibtex('s.bib', bib);
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => r.abstract)).toEqual([
      ABSTRACT,
      `Naïve Gaussian \\emph{priors}, ${ABSTRACT}`,
    ]);
  });

  it("show the ACL Anthology's escaped signs and text symbols as the characters", () => {
    const tex =
      'Gains of {\\textasciitilde}10{\\%} on Q{\\&}A cost {\\$}2,000; each {\\textless}claim, ' +
      'title{\\textgreater} pair is scored {\\#}1, while \\textbf{bold} and \\textfoo{} stay commands.';
    const [record] = readBibtex(
      'acl.bib',
      `@inproceedings{a, abstract = "${tex} ${ABSTRACT}"}`,
    ).records;
    const plain = toPlainText(record!.abstract);
    expect(plain).toContain(
      'Gains of ~10% on Q&A cost $2,000; each <claim, title> pair is scored #1',
    );
    const page = renderAbstract(record!.abstract, []);
    expect(page).toContain(
      '~10% on Q&#x26;A cost $2,000; each &#x3C;claim, title> pair is scored #1',
    );
    expect(page).toContain('<strong>bold</strong>');
    expect(page).not.toMatch(/[{}]|textless|textasciitilde/);
  });

  it('read an abstract Zotero escaped character by character, its formulas included', () => {
    // Zotero writes `\` as {\textbackslash} and `$ { } _` escaped: `$\times$` becomes this.
    const tex =
      'Retrieval is (8.2\\${\\textbackslash}times\\$) faster for \\$x\\_i\\$ at 5{\\%} cost.';
    const [record] = readBibtex('z.bib', `@article{z, abstract = {${tex} ${ABSTRACT}}}`).records;
    expect(record!.abstract).toContain('(8.2$\\times$) faster for $x_i$ at 5\\% cost.');
    expect(toPlainText(record!.abstract)).toContain('(8.2×) faster for xᵢ at 5% cost.');
    expect(renderAbstract(record!.abstract, [])).not.toContain('textbackslash');
  });
});

describe('BibTeX fields in plain words, read without the parser', () => {
  // Pieces a field is made of: plain words and names, and what only the parser reads right.
  const PIECES = [
    'Learning',
    'graph',
    'Åsa',
    'Okafor',
    'Sakaue,',
    'zqph0qz',
    'Luís',
    'J.',
    'Jean-Pierre',
    "O'Neil",
    '3D',
    '2026',
    '学习',
    'Ωmega',
    'Ångström',
    'van',
    'de',
    'and',
    'AND',
    'others',
    'Jr',
    ',',
    ';',
    ':',
    '(',
    ')',
    '?',
    '!',
    '/',
    '+',
    '=',
    '*',
    '-',
    '--',
    "'",
    "''",
    '`',
    '{B}',
    '\\"{o}',
    '$x^2$',
    '~',
    '\\emph{a}',
    '<',
    '&',
    '%',
    '#',
    '_',
    '"',
    '\n',
    '\r\n',
    '\r',
    '  ',
    '\u00a0',
    'e\u0301',
  ];
  let state = 7;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const field = () =>
    Array.from({ length: 1 + Math.floor(random() * 8) }, () => {
      const piece = PIECES[Math.floor(random() * PIECES.length)]!;
      return random() < 0.8 ? `${piece} ` : piece;
    }).join('');
  const viaParser = (name: string, value: string) => {
    const read = parsedFields({ key: 'k', fields: new Map([[name, { value }]]) });
    if (typeof read === 'string') return read;
    return name === 'author'
      ? read.authors
      : name === 'editor'
        ? read.editors
        : (read.text.get(name) ?? '');
  };

  it('reads them as the parser does, and leaves the rest to it', () => {
    let plain = 0;
    const fields = ['title', 'booktitle', 'journal', 'series', 'publisher', 'address', 'shortname'];
    for (const name of [...fields, 'name', 'keywords', 'author', 'editor']) {
      for (let i = 0; i < 500; i++) {
        const value = field();
        const read = plainField(name, value);
        if (read === null) continue;
        plain += 1;
        expect([name, value, read]).toEqual([name, value, viaParser(name, value)]);
      }
    }
    // Enough of them are plain for the comparison to mean something.
    expect(plain).toBeGreaterThan(100);
  });

  it('reads names with a von part either way round, as the parser joins them', () => {
    for (const names of ['Karl von Müller', 'von Berg, Karl and Jane Smith', 'de la Cruz, María'])
      expect(plainField('author', names)).toEqual(viaParser('author', names));
    expect(plainField('author', 'van der Berg, Pieter')).toEqual(['Pieter van der Berg']);
  });

  it('leaves markup, math, ligatures and names with a suffix to the parser', () => {
    expect(plainField('title', 'A {B}ayesian view')).toBeNull();
    expect(plainField('title', 'Bounds in $O(n)$')).toBeNull();
    expect(plainField('title', 'Pages 1--2')).toBeNull();
    // The parser splits a publisher at "and", and reads its own placeholders out of any field.
    expect(plainField('publisher', 'Morgan and Claypool')).toBeNull();
    expect(plainField('title', 'Fast zqph3qz search')).toBeNull();
    expect(plainField('author', 'Smith, Jr, Jane')).toBeNull();
    expect(plainField('author', 'Sakaue, Shinsaku and Oki, Taihei')).toEqual([
      'Shinsaku Sakaue',
      'Taihei Oki',
    ]);
    expect(plainField('author', 'Jane  Smith and\n Åsa Okafor')).toEqual([
      'Jane Smith',
      'Åsa Okafor',
    ]);
    expect(plainField('keywords', 'graphs; causal   inference, graphs')).toBe(
      'causal inference, graphs',
    );
  });
});
