/**
 * Issue 34: structured inputs (`.bib`, `.json`, `.jsonl`, `.csv`, overrides) held to the promises
 * the plain-text dumps keep (docs/security.md): every problem is `file:line: reason`, never a
 * throw; the same limits for every format; time linear in the input for every reader (CPU-time
 * ratios, tests/support/growth.ts, never a threshold); only http(s) links; given text as given.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTaxonomy } from '../../src/lib/enrich/taxonomy';
import { MAX_XML_ATTRIBUTES, MAX_XML_DEPTH, readAtom } from '../../src/lib/ingest/formats/atom';
import { readBibtex } from '../../src/lib/ingest/formats/bibtex';
import { readCsv } from '../../src/lib/ingest/formats/csv';
import { scanJson } from '../../src/lib/ingest/formats/json-scan';
import { readJsonArray, readJsonLines } from '../../src/lib/ingest/formats/jsonl';
import { withoutStackTraces } from '../../src/lib/ingest/formats/record';
import { readRis } from '../../src/lib/ingest/formats/ris';
import { OverridesError, parseOverrides } from '../../src/lib/ingest/overrides';
import { normalizeAbstract } from '../../src/lib/ingest/normalize';
import { ingestDumps, type IngestResult } from '../../src/lib/pipeline';
import { growth } from '../support/growth';

const TAXONOMY = parseTaxonomy(readFileSync('tests/fixtures/ingest/taxonomy.yaml', 'utf8'), 't');
const ABSTRACT =
  'We introduce a simple method for learning policies from offline data that improves the return ' +
  'of the learned policy on many continuous control tasks and scales to large datasets.';

function ingest(name: string, text: string): IngestResult {
  return ingestDumps([{ name, bytes: new TextEncoder().encode(text) }], TAXONOMY);
}
const jsonl = (...rows: object[]) => rows.map((row) => JSON.stringify(row)).join('\n');
/** An arXiv API feed (Atom) of entries, one a line after the `<feed>` line; ids 0704.00001…. */
const atom = (...summaries: string[]) =>
  `<feed xmlns="http://www.w3.org/2005/Atom">\n${summaries
    .map(
      (summary, i) =>
        `<entry><id>http://arxiv.org/abs/0704.${String(i + 1).padStart(5, '0')}</id><summary>${summary}</summary></entry>\n`,
    )
    .join('')}</feed>\n`;
const STOPPED =
  'stopped reading: more than 10,000 records that could not be read; the rest of the file is not read';
const reasons = (result: { problems: { file: string; line: number; reason: string }[] }) =>
  result.problems.map((p) => `${p.file}:${p.line}: ${p.reason}`);

describe('links from any source', () => {
  it('are https: or http: only, in an override as in an export', () => {
    for (const link of [
      'javascript:alert(document.domain)',
      ' javascript:alert(1)',
      'data:text/html,x',
    ]) {
      const yaml = `overrides:\n  - paper: abc\n    links:\n      pdf: '${link}'\n`;
      expect(() => parseOverrides(yaml, 'o.yaml')).toThrow(/o\.yaml:4: .*https: or http:/);
      const result = ingest('x.jsonl', jsonl({ abstract: ABSTRACT, pdf: link }));
      expect(result.papers).toEqual([]);
      expect(reasons(result)[0]).toMatch(/^x\.jsonl:1: bad pdf link/);
    }
  });

  it('with a bad percent escape are a problem at their line, not a URIError', () => {
    const url = 'https://openreview.net/forum?id=%zz';
    const result = ingest('x.jsonl', `\n${jsonl({ abstract: ABSTRACT, url })}`);
    expect(reasons(result)).toEqual([expect.stringMatching(/^x\.jsonl:2: bad openreview link/)]);
  });
});

describe('every reader reports instead of throwing', () => {
  it('an @string concatenation bomb, at its line, without expanding it', () => {
    const levels = ['@string{s0 = "aaaaaaaaaa"}'];
    for (let i = 1; i <= 8; i++) {
      levels.push(`@string{s${i} = ${Array.from({ length: 10 }, () => `s${i - 1}`).join(' # ')}}`);
    }
    const bib = `${levels.join('\n')}\n@misc{p, title = s8, abstract = {${ABSTRACT}}}\n`;
    const read = readBibtex('bomb.bib', bib);
    expect(read.records).toEqual([]);
    expect(read.problems[0]).toMatchObject({
      line: 5, // s4 = 100,000 characters: past the limit
      reason: expect.stringMatching(/longer than/),
    });
  });

  it('a .json file read as JSON: YAML, aliases and comments are not JSON', () => {
    for (const text of [
      '- abstract: x',
      '[&a {"abstract": 1}, *a]',
      '[{"abstract": "x"} // c\n]',
    ]) {
      const read = readJsonArray('y.json', text);
      expect(read.records).toEqual([]);
      expect(read.problems[0]?.reason).toMatch(/^not JSON/);
    }
  });

  it('an empty export, a header-only CSV, [] and a .bib of comments: no records', () => {
    expect(reasons(readJsonLines('e.jsonl', '\n\n'))).toEqual(['e.jsonl:1: no records']);
    expect(reasons(readJsonArray('e.json', '[]'))).toEqual(['e.json:1: no records']);
    expect(reasons(readJsonArray('e.json', '{"notes": []}'))).toEqual(['e.json:1: no records']);
    expect(reasons(readCsv('e.csv', 'title,abstract\r\n'))).toEqual(['e.csv:1: no records']);
    expect(reasons(readBibtex('e.bib', '% nothing\n@comment{x}\n'))[0]).toMatch(
      /^e\.bib:1: no records/,
    );
  });

  it('a title too deeply nested, at its line', () => {
    const title = `${'>'.repeat(40)} x`;
    const bib = `@misc{p,\n  title = {${title}},\n  abstract = {${ABSTRACT}}}`;
    expect(reasons(ingest('t.bib', bib))).toEqual([
      expect.stringMatching(/^t\.bib:1: title: markup nested too deeply/),
    ]);
  });
});

describe('exports of empty records', () => {
  it('are one problem, not one per record, in every format', () => {
    const n = 20_000;
    const expected = `no records: none of its 20,000 records has an abstract and was accepted`;
    for (const read of [
      readRis('e.ris', 'TY  - JOUR\nTI  - x\nER  - \n'.repeat(n)),
      readCsv('e.csv', `title,abstract\n${'x,\n'.repeat(n)}`),
      readJsonLines('e.jsonl', '{"title":"x","abstract":null}\n'.repeat(n)),
      readAtom('e.xml', `<feed xmlns="http://www.w3.org/2005/Atom">${'<entry/>'.repeat(n)}</feed>`),
    ]) {
      expect(read.records).toEqual([]);
      expect(read.problems.map((p) => p.reason)).toEqual([expected]);
      expect(read.skipped).toBeUndefined();
    }
  });
});

describe('the same limits for every format', () => {
  it('an abstract too long, too much emphasis or nested too deeply is published by none', () => {
    const hostile = [
      `${ABSTRACT} ${'word '.repeat(5_000)}`,
      `${ABSTRACT} ${'*a* '.repeat(250)}`,
      `${ABSTRACT} ${'{'.repeat(100)}x${'}'.repeat(100)}`,
    ];
    for (const abstract of hostile) {
      const results = [
        ingest('a.jsonl', jsonl({ abstract })),
        ingest('a.json', JSON.stringify([{ abstract }])),
        ingest('a.csv', `abstract\n"${abstract}"\n`),
        ingest('a.bib', `@misc{k, abstract = {${abstract}}}`),
        ingest('a.ris', `TY  - JOUR\nAB  - ${abstract}\nER  - \n`),
        ingest('a.xml', atom(abstract)),
      ];
      for (const result of results) {
        expect(result.papers).toEqual([]);
        expect(reasons(result)[0]).toMatch(
          /:[12]: (abstract too long|too much emphasis|markup nested too deeply)/,
        );
      }
    }
  });

  it('a given name loses bidi controls, so it cannot reverse the names after it', () => {
    const [paper] = ingest(
      'b.jsonl',
      jsonl({ abstract: ABSTRACT, authors: ['Eve\u202e Doe', 'Al'] }),
    ).papers;
    expect(paper?.authors).toEqual(['Eve Doe', 'Al']);
  });
});

describe('given text is shown as given', () => {
  it('JSON and CSV titles are not read as Markdown', () => {
    for (const title of [
      '# of Samples Matters',
      'What the __init__ Method Hides',
      '\\{a, b\\} sets',
    ]) {
      const [fromJson] = ingest('t.jsonl', jsonl({ title, abstract: ABSTRACT })).papers;
      expect(fromJson?.title).toBe(title);
      const [fromCsv] = ingest('t.csv', `title,abstract\n"${title}","${ABSTRACT}"\n`).papers;
      expect(fromCsv?.title).toBe(title);
    }
  });

  it('a BibTeX title keeps an "abstract =" inside it, and its < and >', () => {
    const bib = `@misc{k$a$,\n title = {On abstract = {x} and a < b > c},\n abstract = {${ABSTRACT}}}`;
    const [record] = readBibtex('k.bib', bib).records;
    expect(record?.title).toBe('On abstract = x and a < b > c');
    expect(record?.key).toBe('k$a$');
    expect(record?.abstract).toBe(ABSTRACT);
  });

  it('CSV rows are at their lines with CR-only and blank CRLF lines', () => {
    const rows = [`"t1","${ABSTRACT}"`, `"t2","${ABSTRACT}"`];
    for (const [text, lines] of [
      [`title,abstract\r${rows[0]}\r${rows[1]}\r`, [2, 3]],
      [`title,abstract\r\n\r\n${rows[0]}\r\n\r\n${rows[1]}\r\n`, [3, 5]],
    ] as const) {
      expect(readCsv('c.csv', text).records.map((r) => r.line)).toEqual(lines);
    }
  });

  it('JSON records and errors are at their lines, with any line ends', () => {
    const record = (id: string) => `  {"id": "${id}",\n   "abstract": "${ABSTRACT}"}`;
    const good = `[\n${record('a')},\n${record('b')}\n]\n`;
    const broken = `[\n${record('a')},\n  {"id": "b",\n   "abstract": }\n]\n`;
    for (const eol of ['\r', '\r\n']) {
      const read = readJsonArray('j.json', good.replaceAll('\n', eol));
      expect(read.records.map((r) => r.line)).toEqual([2, 4]);
      const bad = readJsonArray('j.json', broken.replaceAll('\n', eol));
      expect(bad.problems.map((p) => p.line)).toEqual([5]);
    }
    // V8 gives "Unexpected token" errors, a trailing comma's among them, no position; the
    // comma's line is the one to edit, not the bracket's after it.
    const trailing = readJsonArray('j.json', `[\n${record('a')},\n${record('b')},\n\n]\n`);
    expect(trailing.problems.map((p) => [p.line, p.reason])).toEqual([
      [5, expect.stringMatching(/^not JSON: Unexpected token '\]', .* is not valid JSON$/)],
    ]);
  });
});

describe('reading a million bad rows', () => {
  it('takes no stack trace for their errors, and restores stack traces however it ends', () => {
    const before = Error.stackTraceLimit;
    expect(withoutStackTraces(() => new Error('x').stack)).toBe('Error: x');
    expect(() =>
      withoutStackTraces(() => {
        throw new Error('y');
      }),
    ).toThrow('y');
    expect(Error.stackTraceLimit).toBe(before);
  });
});

describe('a file of more bad rows than any export', () => {
  it('is read up to 10,000 of them, and says where it stopped', () => {
    const csv = readCsv('r.csv', `id,title,abstract\n${'x\n'.repeat(20_000)}`);
    expect(csv.records).toEqual([]);
    expect(csv.problems).toHaveLength(10_001);
    expect(csv.problems[0]).toEqual({
      file: 'r.csv',
      line: 2,
      reason: '1 field where the header names 3',
    });
    expect(csv.problems.at(-1)).toEqual({
      file: 'r.csv',
      line: 10_002,
      reason:
        'stopped reading: more than 10,000 rows with another number of fields than the header; the rest of the file is not read',
      stop: true,
    });
    // Under the limit, every ragged row is its own problem.
    expect(readCsv('r.csv', `id,title,abstract\n${'x\n'.repeat(50)}`).problems).toHaveLength(50);
    const jsonl = readJsonLines('r.jsonl', 'x\n'.repeat(20_000));
    expect(jsonl.problems).toHaveLength(10_002);
    expect(jsonl.problems.at(-1)).toEqual({
      file: 'r.jsonl',
      line: 10_001,
      reason: STOPPED,
      stop: true,
    });
  });

  it('stops in every format, counting records whose abstract is no abstract, and says so last', () => {
    const rows = 12_000;
    const bad = { title: 'T', abstract: 'x' };
    const files: Record<string, { text: string; stopsAt: number }> = {
      // The 10,001st bad record's line: after the header, one a line (three for RIS).
      'a.csv': { text: `title,abstract\n${'T,x\n'.repeat(rows)}`, stopsAt: 10_002 },
      'a.jsonl': { text: jsonl(...Array<object>(rows).fill(bad)), stopsAt: 10_001 },
      'a.json': {
        text: `[\n${Array<string>(rows).fill(JSON.stringify(bad)).join(',\n')}\n]`,
        stopsAt: 10_002,
      },
      'a.bib': {
        text: Array.from({ length: rows }, (_, i) => `@article{k${i}, abstract = {x}}\n`).join(''),
        stopsAt: 10_001,
      },
      'a.ris': { text: 'TY  - JOUR\nAB  - x\nER  -\n'.repeat(rows), stopsAt: 30_001 },
      // Bad as written: no entry, no value.
      'b.bib': { text: '@article{k, title = }\n'.repeat(rows), stopsAt: 10_001 },
      'b.ris': { text: 'junk\n'.repeat(rows), stopsAt: 10_001 },
      'a.xml': { text: atom(...Array<string>(rows).fill('x')), stopsAt: 10_002 },
      // No arXiv id: each entry is bad as written.
      'b.xml': {
        text: `<feed xmlns="http://www.w3.org/2005/Atom">\n${'<entry><id>x</id><summary>x</summary></entry>\n'.repeat(rows)}</feed>`,
        stopsAt: 10_002,
      },
    };
    for (const [name, { text, stopsAt }] of Object.entries(files)) {
      const result = ingest(name, text);
      expect(result.papers, name).toEqual([]);
      const listed = reasons(result);
      expect(listed, name).toHaveLength(102);
      expect(listed[100], name).toMatch(
        /^[ab]\.[a-z]+:\d+: 9,90[12] more problems in this file are not listed/,
      );
      expect(listed[101], name).toBe(`${name}:${stopsAt}: ${STOPPED}`);
    }
  });
});

describe('an arXiv API feed (.xml, .atom) that is no such feed', () => {
  it('an entry past the record limit is a problem at its line, its text not kept', () => {
    const huge = `${ABSTRACT} ${'word '.repeat(500_000)}`;
    const authors = `${ABSTRACT}</summary>${'<author><name/></author>'.repeat(100_000)}<summary>`;
    const read = readAtom('h.xml', atom(ABSTRACT, huge, `${ABSTRACT} Third.`, authors));
    expect(read.records.map((r) => r.line)).toEqual([2, 4]);
    const reason = "an entry of more than 2,000,000 characters: longer than any paper's";
    expect(read.problems).toEqual([
      { file: 'h.xml', line: 3, reason },
      { file: 'h.xml', line: 5, reason },
    ]);
  });

  it('elements nested past the limit stop the file at the line going deeper', () => {
    const deep = `<feed xmlns="http://www.w3.org/2005/Atom">\n${'<a>\n'.repeat(200_000)}`;
    const read = readAtom('d.xml', deep);
    expect(read.problems).toEqual([
      {
        file: 'd.xml',
        line: MAX_XML_DEPTH + 1,
        reason: 'not an arXiv feed: elements nested more than 100 deep',
      },
    ]);
  });

  it('an element with too many attributes stops the file at its line', () => {
    const tag = `<feed xmlns="http://www.w3.org/2005/Atom"\n${' a="x"'.repeat(MAX_XML_ATTRIBUTES - 1)}`;
    expect(readAtom('a.xml', `${tag}></feed>`).problems.map((p) => p.reason)).toEqual([
      'no records: the feed holds no <entry>',
    ]);
    expect(readAtom('a.xml', `${tag} b="y"></feed>`).problems).toEqual([
      {
        file: 'a.xml',
        line: 1,
        reason: 'not an arXiv feed: an element with more than 1,000 attributes',
      },
    ]);
  });

  it('any mix of XML pieces is read or named at a line of the file, never thrown', () => {
    const pieces = [
      '<feed xmlns="http://www.w3.org/2005/Atom">',
      '</feed>',
      '<entry>',
      '</entry>',
      '<id>http://arxiv.org/abs/0704.0001</id>',
      '<id>http://arxiv.org/api/errors#x</id>',
      '<summary>',
      '</summary>',
      ABSTRACT,
      '<![CDATA[',
      ']]>',
      '&amp;',
      '&x;',
      '<!DOCTYPE x>',
      '\n',
      '<a/>',
      '</b>',
      '<author><name>A</name></author>',
      '<?xml version="1.0"?>',
      '<',
      '>',
      '"',
      '<arxiv:doi xmlns:arxiv="http://arxiv.org/schemas/atom">10.1/x</arxiv:doi>',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 60 }), (chosen) => {
        const text = chosen.join('');
        const read = readAtom('f.xml', text);
        const lines = text.split('\n').length;
        for (const problem of [...read.problems, ...(read.skipped ?? [])]) {
          expect(problem.line).toBeGreaterThanOrEqual(1);
          expect(problem.line).toBeLessThanOrEqual(lines);
        }
        expect(read.records.length + read.problems.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it('a billion laughs is refused at its DOCTYPE, an undeclared entity stays as written', () => {
    const lol = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE feed [<!ENTITY l0 "lol">',
      ...Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`),
      ']>',
      atom('&l9;'),
    ].join('\n');
    expect(readAtom('l.xml', lol).problems.map((p) => p.line)).toEqual([2]);
    const [paper] = ingest('u.xml', atom(`${ABSTRACT} &l9; &xxe;`)).papers;
    expect(paper?.abstract).toBe(`${ABSTRACT} &l9; &xxe;`);
  });
});

describe('what a red team sent (2026-12-05)', () => {
  it('a RIS file stops once, at the line it stopped on, and its records before are read', () => {
    const text = `TY  - CONF\nAB  - ${ABSTRACT}\nER  -\n${'garbage line\n'.repeat(10_001)}TY  - JOUR\nAB  - ${ABSTRACT} Two.\nER  -\n`;
    const read = readRis('a.ris', text);
    expect(read.records.map((r) => r.line)).toEqual([1]);
    expect(read.problems.filter((p) => p.stop)).toEqual([
      { file: 'a.ris', line: 10_004, reason: STOPPED, stop: true },
    ]);
    expect(read.problems).toHaveLength(10_002);
  });

  it('a BibTeX file whose scan stopped still reads the entries before the stop', () => {
    const good = (k: number) => `@inproceedings{g${k}, title = {T}, abstract = {${ABSTRACT}}}\n`;
    const text = `${good(1)}${good(2)}${'@misc{x y}\n'.repeat(10_001)}`;
    const read = readBibtex('a.bib', text);
    expect(read.records.map((r) => r.key)).toEqual(['g1', 'g2']);
    expect(read.problems.filter((p) => p.stop).map((p) => p.line)).toEqual([10_003]);
    expect(read.count).toBe(2 + 10_001);
  });

  it('a @book or @collection with an abstract is a paper of its own, never a volume the others inherit', () => {
    const text = [
      `@inproceedings{p1, title = {Paper One}, abstract = {${ABSTRACT}}}`,
      `@book{b1, title = {A Monograph About Birds}, publisher = {Springer}, year = {1999}, abstract = {${ABSTRACT} Birds.}}`,
      `@collection{c1, title = {A Collection}, abstract = {${ABSTRACT} Collected.}}`,
    ].join('\n');
    const read = readBibtex('a.bib', text);
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => r.title)).toEqual([
      'Paper One',
      'A Monograph About Birds',
      'A Collection',
    ]);
    const paper = read.records[0]!;
    expect(paper.publication?.booktitle).toBeUndefined();
    expect(paper.year).toBeUndefined();
    // A PMLR volume block (no abstract) is still inherited beside such a book.
    const pmlr = readBibtex(
      'v.bib',
      `@proceedings{v1, booktitle = {Proceedings of ICML}, year = {2023}}\n${text}`,
    );
    expect(pmlr.records.map((r) => r.publication?.booktitle)).toEqual([
      'Proceedings of ICML',
      undefined,
      undefined,
    ]);
  });

  it('publication fields and keys lose control and bidi characters, as every given text does', () => {
    const text = `@inproceedings{key\u202eevil\u001b, title = {T}, booktitle = {Proc\u202e ICML\u0007}, volume = {1\u202e2}, month = {ju\u001bl}, pages = {3\u202e--4}, abstract = {${ABSTRACT}}}`;
    const result = ingest('a.bib', text);
    expect(result.problems).toEqual([]);
    const [paper] = result.papers;
    expect(paper?.publication).toMatchObject({
      booktitle: 'Proc ICML',
      volume: '12',
      month: 'jul',
      pages: { first: '3', last: '4' },
    });
    expect(paper?.sources[0]?.key).toBe('keyevil');
  });

  it("a \\url or \\href in a BibTeX title is its text, never a link's markup", () => {
    const text = `@inproceedings{k, title = {Tools at \\url{https://github.com/x/y} and \\href{javascript:alert(3)}{our site}}, abstract = {${ABSTRACT}}}`;
    const [paper] = ingest('a.bib', text).papers;
    expect(paper?.title).toBe('Tools at https://github.com/x/y and our site');
    expect(JSON.stringify(paper)).not.toMatch(/<a\b|javascript:/);
  });

  it('a RIS tag with its value right after the dash is that tag, not a wrapped line of the one before', () => {
    const read = readRis(
      'a.ris',
      `TY  - CONF\nTI  - Tag\nAU  -Smith, John\nAB  - ${ABSTRACT}\nER  -\n`,
    );
    expect(read.problems).toEqual([]);
    expect(read.records[0]?.title).toBe('Tag');
    expect(read.records[0]?.authors).toEqual(['John Smith']);
    // A wrapped line of prose that only looks like a tag stays in the abstract.
    const prose = readRis(
      'b.ris',
      `TY  - JOUR\nTI  - Cold\nAB  - ${ABSTRACT} Tested at temperatures\nof  -40 degrees and below.\nER  -\n`,
    );
    expect(prose.records[0]?.abstract).toMatch(/temperatures of {1,2}-40 degrees and below\.$/);
  });

  it('an "et al." after the last name (its affiliation removed) is no part of that name', () => {
    const text = jsonl({
      title: 'T',
      authors: 'F. Ravanini (Bologna Univ. and INFN), G. Rossi (CERN) et al.',
      abstract: ABSTRACT,
    });
    expect(readJsonLines('a.jsonl', text).records[0]?.authors).toEqual(['F. Ravanini', 'G. Rossi']);
  });

  it('an unknown entry type left open before the next entry never swallows that entry', () => {
    const text = [
      '@misc_2{x, title = {C:\\',
      `@article{k1, title = {One}, abstract = {${ABSTRACT}}}`,
      `@article{k2, title = {Two}, abstract = {${ABSTRACT} Two.}}`,
    ].join('\n');
    const read = readBibtex('a.bib', text);
    expect(read.records.map((r) => r.key)).toEqual(['k1', 'k2']);
    expect(reasons(read)).toEqual([
      'a.bib:1: not BibTeX: @misc_2 is no entry type (letters only); the entry is left out',
    ]);
  });

  it('pages whose first page is only control characters are left out, the paper kept', () => {
    const text = `@inproceedings{k, title = {T}, booktitle = {Proc ICML}, pages = {\u202e--5}, editor = {\u202e}, abstract = {${ABSTRACT}}}`;
    const result = ingest('a.bib', text);
    expect(result.problems).toEqual([]);
    expect(result.papers[0]?.publication.pages).toBeUndefined();
    expect(result.papers[0]?.publication.editors).toBeUndefined();
  });

  it('an entry whose type is not letters alone is named at its line, not dropped', () => {
    const text = [
      `@inproceedings{ok, title = {T}, abstract = {${ABSTRACT}}}`,
      `@in_proceedings{p1, title = {T1}, abstract = {${ABSTRACT} One.}}`,
      `@article2{p2, title = {T2}, abstract = {${ABSTRACT} Two.}}`,
      'Contact: someone@example.org (the maintainer)',
    ].join('\n');
    const read = readBibtex('a.bib', text);
    expect(read.records.map((r) => r.key)).toEqual(['ok']);
    expect(reasons(read)).toEqual([
      'a.bib:2: not BibTeX: @in_proceedings is no entry type (letters only); the entry is left out',
      'a.bib:3: not BibTeX: @article2 is no entry type (letters only); the entry is left out',
    ]);
  });

  it('a RIS tag past its cap passes over its wrapped lines too', () => {
    const authors = 'AU  - Doe, J.\n'.repeat(5_001);
    const read = readRis('a.ris', `TY  - JOUR\nAB  - ${ABSTRACT}\n${authors}   continued\nER  -\n`);
    expect(read.problems.map((p) => `${p.line}: ${p.reason}`)).toEqual([
      '1: not RIS: more than 5,000 AU lines in one record',
    ]);
    expect(read.count).toBe(1);
  });

  it('CSV rows after a quoted CRLF are at their lines', () => {
    const text = `title,abstract\r\n"T1","${ABSTRACT}\r\n\r\nSecond paragraph."\r\nbad,row,here\r\nT2,"${ABSTRACT} Two."\r\n`;
    const read = readCsv('a.csv', text);
    expect(read.records.map((r) => r.line)).toEqual([2, 6]);
    expect(read.problems.map((p) => `${p.line}: ${p.reason}`)).toEqual([
      '5: 3 fields where the header names 2',
    ]);
  });

  it('a trailing comma in a JSON object is at the line of the comma', () => {
    const text = `[\n  {\n    "title": "A",\n    "abstract": "x",\n  }\n]\n`;
    expect(readJsonArray('o.json', text).problems.map((p) => p.line)).toEqual([4]);
    expect(
      readJsonArray('o.json', text.replaceAll('\n', '\r\n')).problems.map((p) => p.line),
    ).toEqual([4]);
  });
});

describe('a record or row far larger than any paper', () => {
  it('a CSV row wider than its header is one problem, its fields not kept', () => {
    const wide = Array<string>(50_000).fill('x').join(',');
    const text = `title,abstract\n${wide}\n"T","${ABSTRACT}\n${ABSTRACT}"\n${wide}\nT,"${ABSTRACT}"\n`;
    const read = readCsv('w.csv', text);
    expect(read.problems.map((p) => `${p.line}: ${p.reason}`)).toEqual([
      '2: 50,000 fields where the header names 2',
      '5: 50,000 fields where the header names 2',
    ]);
    expect(read.records.map((r) => r.line)).toEqual([3, 6]);
  });

  it('a CSV row of more fields than any row of papers fails the file before it is parsed', () => {
    const fail = ['3: more than 100,000 fields in one row: not a row of papers'];
    const line = `title,abstract\nT,"${ABSTRACT}"\n${','.repeat(100_001)}\n`;
    expect(readCsv('w.csv', line).problems.map((p) => `${p.line}: ${p.reason}`)).toEqual(fail);
    // Quoted line breaks do not end the row (a red team's), nor do quoted separators count.
    const spread = `title,abstract\nT,"${ABSTRACT}"\n""${`${','.repeat(60_000)}"\n"`.repeat(2)}\n`;
    expect(readCsv('w.csv', spread).problems.map((p) => `${p.line}: ${p.reason}`)).toEqual(fail);
    const quoted = `title,abstract\nT,"${ABSTRACT} ${','.repeat(200_000)}"\n`;
    expect(readCsv('w.csv', quoted).problems).toEqual([]);
  });

  it('a rejected row is left out before the schema reads it, however its status is wrapped', () => {
    const rows = `id,abstract,status\n1,"${ABSTRACT}",Reject\n2,[No abstract available],Accept\n3,"${ABSTRACT} Three.", \n`;
    const read = readCsv('s.csv', rows);
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => r.key)).toEqual(['3']);
    expect(read.skipped!.map((p) => p.reason)).toEqual([
      'record 1 has status "Reject": left out (only accepted papers are published)',
      'record 2 has no abstract ("[No abstract available]"): left out',
    ]);
    // OpenReview nests `{ "value": … }` twice; a blank status hides no decision.
    const notes = jsonl(
      { id: 'a', abstract: ABSTRACT, decision: { value: { value: 'Withdrawn' } } },
      {
        id: 'b',
        abstract: `${ABSTRACT} Two.`,
        content: { decision: { value: { value: 'Reject' } } },
      },
      { id: 'c', abstract: `${ABSTRACT} Three.`, status: ' ', decision: 'Reject' },
      { id: 'd', abstract: `${ABSTRACT} Four.` },
    );
    const read2 = readJsonLines('n.jsonl', notes);
    expect(read2.records.map((r) => r.key)).toEqual(['d']);
    expect(read2.skipped).toHaveLength(3);
    // One id under two decisions is a problem, in either order.
    for (const [first, second] of [
      ['Accept', 'Withdrawn'],
      ['Reject', 'Accept'],
    ]) {
      const twice = readCsv(
        't.csv',
        `id,abstract,status\n7,"${ABSTRACT}",${first}\n7,"${ABSTRACT} Two.",${second}\n`,
      );
      expect(twice.problems.map((p) => `${p.line}: ${p.reason}`)).toEqual([
        '3: duplicate id "7" (first at line 2)',
      ]);
    }
  });

  it("Web of Science's UT is a record's id, not its ID (Keywords Plus)", () => {
    const header = 'PT\tAU\tTI\tAB\tID\tUT';
    const row = (n: number) => `J\tDoe, J\tT${n}\t${ABSTRACT} ${n}.\tMODEL\tWOS:00000000000000${n}`;
    const read = readCsv('savedrecs.csv', `${header}\n${row(1)}\n${row(2)}\n`);
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => r.key)).toEqual(['WOS:000000000000001', 'WOS:000000000000002']);
  });

  it('a BibTeX file whose entries all lack an abstract is one problem, its entries not counted twice', () => {
    const result = ingest('d.bib', '@article{k0, title={T0}}\n@article{k1, title={T1}}\n');
    expect(reasons(result)).toEqual([
      'd.bib:1: no records: none of its 2 entries has an abstract (dblp and DOI exports carry none)',
    ]);
    expect(result.skipped ?? []).toEqual([]);
    expect(result.stats.skipped).toBeUndefined();
  });

  it('a RIS tag repeated past 5,000 lines makes its record a problem, and the next one is read', () => {
    const keywords = Array.from({ length: 6_000 }, (_, i) => `KW  - k${i}\n`).join('');
    const text = `TY  - JOUR\nAB  - ${ABSTRACT}\n${keywords}ER  -\nTY  - JOUR\nAB  - ${ABSTRACT} Two.\nER  -\n`;
    const read = readRis('k.ris', text);
    expect(read.problems).toEqual([
      { file: 'k.ris', line: 1, reason: 'not RIS: more than 5,000 KW lines in one record' },
    ]);
    expect(read.records.map((r) => r.line)).toEqual([6_004]);
  });
});

describe('a CSV far wider than any export', () => {
  it('is refused at its header, before its rows are parsed', () => {
    const columns = Array.from({ length: 300_000 }, (_, i) => `c${i}`);
    const text = `title,abstract,${columns.join(',')}\nT,"${ABSTRACT}",${columns.map(() => 'x').join(',')}\n`;
    const read = readCsv('wide.csv', text);
    expect(read.records).toEqual([]);
    expect(read.problems.map((p) => `${p.line}: ${p.reason}`)).toEqual([
      '1: 300,002 columns in the header (at most 1,000): not a table of papers',
    ]);
    // Excel's `sep=,` line first (a red team's: the width was read off that line).
    expect(
      readCsv('wide.csv', `sep=,\n${text}`).problems.map((p) => `${p.line}: ${p.reason}`),
    ).toEqual(['2: 300,002 columns in the header (at most 1,000): not a table of papers']);
    // A real export's width is read as before.
    const wos = Array.from({ length: 70 }, (_, i) => `X${i}`);
    const ok = readCsv('wos.csv', `AB\t${wos.join('\t')}\n${ABSTRACT}\t${wos.join('\t')}\n`);
    expect(ok.problems).toEqual([]);
    expect(ok.records).toHaveLength(1);
  });
});

describe('every reader costs linear time', () => {
  const bibAbstract = (body: string) =>
    `@misc{k,\n title = {T},\n abstract = {${ABSTRACT} ${body}}}\n`;
  const cases: [string, (n: number) => string, (text: string) => unknown][] = [
    ['unclosed \\( in a .bib', (n) => bibAbstract('\\( '.repeat(n)), (t) => readBibtex('a.bib', t)],
    [
      'nested braces in a .bib',
      (n) => bibAbstract(`${'{'.repeat(n)}x${'}'.repeat(n)}`),
      (t) => readBibtex('a.bib', t),
    ],
    [
      'entries with math in their keys',
      (n) =>
        Array.from({ length: n / 20 }, (_, i) => `@misc{k$x$${i}, abstract = {${ABSTRACT}}}`).join(
          '\n',
        ),
      (t) => readBibtex('a.bib', t),
    ],
    [
      'a .jsonl',
      (n) => jsonl(...Array.from({ length: n / 200 }, () => ({ abstract: ABSTRACT }))),
      (t) => readJsonLines('a.jsonl', t),
    ],
    [
      'a .json',
      (n) =>
        JSON.stringify(
          Array.from({ length: n / 200 }, (_, i) => ({ id: `p${i}`, abstract: ABSTRACT })),
        ),
      (t) => readJsonArray('a.json', t),
    ],
    ['a .csv', (n) => `abstract\n${`"${ABSTRACT}"\n`.repeat(n / 200)}`, (t) => readCsv('a.csv', t)],
    [
      'a .ris',
      (n) => `TY  - JOUR\nAB  - ${ABSTRACT}\nER  - \n`.repeat(n / 200),
      (t) => readRis('a.ris', t),
    ],
    ['an .xml', (n) => atom(...Array<string>(n / 200).fill(ABSTRACT)), (t) => readAtom('a.xml', t)],
    [
      'an .xml of empty entries',
      (n) => `<feed xmlns="http://www.w3.org/2005/Atom">${'<entry/>'.repeat(n / 8)}</feed>`,
      (t) => readAtom('a.xml', t),
    ],
    [
      'an .xml of one long summary in many text nodes',
      (n) => atom(`${ABSTRACT} ${'a &amp; <![CDATA[b]]> '.repeat(n / 22)}`),
      (t) => readAtom('a.xml', t),
    ],
    [
      'a .ris of one wrapped line',
      (n) => `TY  - JOUR\nAB  - ${'x '.repeat(n / 2)}`,
      (t) => readRis('a.ris', t),
    ],
    // A red team's (2026-12-04): each entry's unclosed { was read to the file's end.
    [
      'an unclosed { in every entry of a .bib',
      (n) => `@misc{k0, abstract = {{\n`.repeat(n / 24),
      (t) => readBibtex('a.bib', t),
    ],
    [
      'an unclosed quoted title in every entry of a .bib',
      (n) => `@misc{k0, title = "{T\n`.repeat(n / 22),
      (t) => readBibtex('a.bib', t),
    ],
    // A red team's (2026-12-05): each value searched to the file's end for the next entry's line.
    [
      'many .bib entries on one line',
      (n) => '@misc{k, note={x}} '.repeat(n / 20),
      (t) => readBibtex('a.bib', t),
    ],
    [
      'one .bib entry of many fields',
      (n) => `@misc{k, ${'f = {x}, '.repeat(n / 10)}}`,
      (t) => readBibtex('a.bib', t),
    ],
    // … and a text of `ab- cd` pairs was lower-cased and searched once a pair.
    [
      'line-end hyphens in an abstract',
      (n) => `We study a method. ${'ab- cd '.repeat(n / 7)}`,
      (t) => normalizeAbstract([t]),
    ],
    // A venue of one long word of capitals: an acronym's two capitals were sought at every split.
    [
      'a venue of one long capitalised word',
      (n) => `venue,abstract\n"${'AB'.repeat(n / 4)} (${'AB'.repeat(n / 4)}","${ABSTRACT}"\n`,
      (t) => readCsv('a.csv', t),
    ],
  ];
  for (const [what, make, read] of cases) {
    it(
      what,
      () => {
        // Entries cost the BibTeX parser's start-up each: 1,000 and 8,000 of them are enough.
        // An abstract's hyphens at 12,000 and 96,000 characters: at 2,400 the small run sat at
        // the timer's 1 ms floor and the ratio failed under a loaded machine's noise.
        const size = what.startsWith('entries')
          ? 20_000
          : what.startsWith('line-end')
            ? 12_000
            : 160_000;
        expect(growth(make, read, size, 8, 3)).toBeLessThan(24);
      },
      120_000,
    );
  }
});

describe('what a red team sent (2026-12-04, night)', () => {
  it('130,000 records left out of one file: the first 100 named, the rest counted on one line', () => {
    const rows = Array.from({ length: 130_000 }, (_, i) => `{"paperId":"p${i}","abstract":null}`);
    const text = [JSON.stringify({ paperId: 'good', abstract: ABSTRACT }), ...rows].join('\n');
    const result = ingest('s2.jsonl', text);
    expect(result.papers).toHaveLength(1);
    expect(result.stats.skipped).toBe(130_000);
    expect(result.skipped).toHaveLength(101);
    expect(result.skipped![0]).toEqual({
      file: 's2.jsonl',
      line: 2,
      reason: 'record p0 has no abstract: left out',
    });
    expect(result.skipped![100]).toEqual({
      file: 's2.jsonl',
      line: 102,
      reason: '129,900 more records are left out (the first 100 are named above)',
    });
  });

  it('records left out are counted the same way in every format', () => {
    const n = 250;
    const files: Record<string, string> = {
      'a.csv': `title,abstract\nGood,"${ABSTRACT}"\n${'T,\n'.repeat(n)}`,
      'a.bib': `@misc{good, abstract = {${ABSTRACT}}}\n${Array.from({ length: n }, (_, i) => `@misc{k${i}, title = {T}}\n`).join('')}`,
      'a.ris': `TY  - JOUR\nAB  - ${ABSTRACT}\nER  -\n${'TY  - JOUR\nTI  - T\nER  -\n'.repeat(n)}`,
      'a.json': JSON.stringify([{ abstract: ABSTRACT }, ...Array<object>(n).fill({ title: 'T' })]),
    };
    for (const [name, text] of Object.entries(files)) {
      const result = ingest(name, text);
      expect(result.papers, name).toHaveLength(1);
      expect(result.stats.skipped, name).toBe(n);
      expect(result.skipped, name).toHaveLength(101);
      expect(result.skipped![100]!.reason, name).toBe(
        '150 more records are left out (the first 100 are named above)',
      );
    }
  });

  it('@string macros that expand past the budget are one problem, not an out-of-memory crash', () => {
    const macros = Array.from(
      { length: 2_000 },
      (_, i) => `@string{c${i} = b#b#b#b#b#b#b#b#b#b}`,
    ).join('\n');
    const text = `@string{b = "${'x'.repeat(7_900)}"}\n${macros}\n@misc{k, abstract = {${ABSTRACT}}}\n`;
    const read = readBibtex('a.bib', text);
    expect(read.records).toEqual([]);
    expect(read.problems.map((p) => p.reason)).toEqual([
      expect.stringMatching(/@string c\d+: the @string macros expand past 10,000,000 characters/),
    ]);
  });

  it('a BibTeX title far past its limit is refused before the parser reads it', () => {
    const read = readBibtex(
      'a.bib',
      `@misc{k, title = {${'$x$ '.repeat(19_000)}}, abstract = {${ABSTRACT}}}\n`,
    );
    expect(read.problems.map((p) => `${p.line}: ${p.reason}`)).toEqual([
      '1: title too long: 76,000 characters as written (at most 1,200)',
    ]);
  });

  it('braces nested 39,000 deep in an author list are a problem at the line, not a parser crash', () => {
    const read = readBibtex(
      'a.bib',
      `@misc{k, author = {${'{'.repeat(39_000)}x${'}'.repeat(39_000)}}, abstract = {${ABSTRACT}}}\n`,
    );
    expect(read.problems.map((p) => `${p.line}: ${p.reason}`)).toEqual([
      expect.stringMatching(/^1: author: markup nested too deeply: 39,000 levels/),
    ]);
  });

  it('an abstract far past its limit is refused before it is normalised', () => {
    const result = ingest(
      'a.jsonl',
      jsonl({ abstract: `We study a method. ${'ab- cd '.repeat(100_000)}` }),
    );
    expect(reasons(result)).toEqual([
      expect.stringMatching(/^a\.jsonl:1: abstract too long: 700,018 characters/),
    ]);
  });

  it('a field the readers ignore, nested 20,000 lists deep, is still ignored', () => {
    const deep = `${'['.repeat(20_000)}"x@example.org"${']'.repeat(20_000)}`;
    const text = `[{"abstract": "${ABSTRACT}", "reviews": ${deep}}]`;
    const read = readJsonArray('d.json', text);
    expect(read.problems).toEqual([]);
    expect(read.records).toHaveLength(1);
  });

  it("an id of 1,000,000 characters is a problem, and Scopus's placeholder author no author", () => {
    const long = readJsonLines('i.jsonl', jsonl({ id: 'x'.repeat(1_000_000), abstract: ABSTRACT }));
    expect(long.records).toEqual([]);
    expect(long.problems.map((p) => `${p.line}: ${p.reason}`)).toEqual([
      '1: record 1: its id is too long: 1,000,000 characters (at most 500)',
    ]);
    const scopus = readCsv(
      's.csv',
      `Authors,Title,Abstract\n[No author name available],Editorial,"${ABSTRACT}"\n`,
    );
    expect(scopus.records[0]?.authors).toEqual([]);
  });

  it('a reply that holds an abstract is named as left out', () => {
    const read = readJsonLines(
      'r.jsonl',
      jsonl(
        { id: 'p1', abstract: ABSTRACT },
        { id: 'p2', replyto: 'x', forum: 'p1', abstract: `${ABSTRACT} Two.` },
        { id: 'r1', replyto: 'p1', forum: 'p1', content: { review: 'Fine.' } },
      ),
    );
    expect(read.records.map((r) => r.key)).toEqual(['p1']);
    expect(read.skipped?.map((p) => `${p.line}: ${p.reason}`)).toEqual([
      '2: a reply to another note (replyto "x"), not a paper: left out',
    ]);
  });
});

describe('a .json file is read a record at a time', () => {
  const record = (id: string) => `  {"id": "${id}",\n   "abstract": "${ABSTRACT}"}`;

  it('once the whole text is JSON: an error after its records is one problem, and none is read', () => {
    const text = `[\n${record('a')},\n${record('b')},\n  {"id": "c", "abstract": }\n]\n`;
    const read = readJsonArray('j.json', text);
    expect(read.records).toEqual([]);
    expect(reasons(read)).toEqual([
      expect.stringMatching(/^j\.json:6: not JSON: Unexpected token '\}', .* is not valid JSON$/),
    ]);
  });

  it('arrays left open are at the last line, where a ] is missing; past 100,000 deep, where they pass it', () => {
    expect(reasons(readJsonArray('d.json', '[\n'.repeat(50_000)))).toEqual([
      'd.json:50000: not JSON: Unexpected end of JSON input',
    ]);
    const deeper = 'arrays and objects nested more than 100,000 deep';
    expect(reasons(readJsonArray('d.json', '[\n'.repeat(200_000)))).toEqual([
      `d.json:100001: ${deeper}`,
    ]);
    // Closed or not, and on one line: the line where it passes the limit.
    const closed = `[{"abstract": "x", "a":\n${'['.repeat(100_000)}${']'.repeat(100_000)}}]`;
    expect(reasons(readJsonArray('d.json', closed))).toEqual([`d.json:2: ${deeper}`]);
    // Not read as JSON Lines either, which would hand its first line to JSON.parse whole.
    const lines = `{"a": ${'['.repeat(200_000)}${']'.repeat(200_000)}}\n{"b": 1}\n`;
    expect(reasons(readJsonArray('d.json', lines))).toEqual([`d.json:1: ${deeper}`]);
  });

  it('a truncated export is at its last line, in the words of JSON.parse', () => {
    const text = `[\n${record('a')},\n  {"id": "b",\n   "abstract": "We intro`;
    expect(reasons(readJsonArray('t.json', text))).toEqual([
      't.json:5: not JSON: Unterminated string',
    ]);
    expect(reasons(readJsonArray('t.json', `[\n${record('a')},\n${record('b')}\n\n`))).toEqual([
      "t.json:5: not JSON: Expected ',' or ']' after array element",
    ]);
  });

  it('records in a wrapper are at their lines, whatever the members around them', () => {
    // The key written with an escape is still `notes`; members after the array are read too.
    const text = `{"count": 2,\n "no\\u0074es": [\n${record('a')},\n\n${record('b')}\n ],\n "next": {"a": [1]}}`;
    const read = readJsonArray('w.json', text);
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => [r.key, r.line])).toEqual([
      ['a', 3],
      ['b', 6],
    ]);
    expect(reasons(readJsonArray('w.json', '{"a": [], "b": {}, "c": []}'))).toEqual([
      expect.stringMatching(/^w\.json:1: a \.json dump is an array of paper objects/),
    ]);
  });

  it('its scan takes for JSON exactly what JSON.parse takes', () => {
    const edits = [
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"',
      '\\',
      '\n',
      ' ',
      '0',
      '-',
      '.',
      'e',
      'u',
      'n',
      '\u0001',
    ];
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4 }),
        fc.nat(),
        fc.constantFrom(...edits),
        fc.integer({ min: 0, max: 2 }),
        (value, at, edit, how) => {
          const json = JSON.stringify(value, null, how);
          const cut = at % (json.length + 1);
          const text =
            how === 0 ? json : json.slice(0, cut) + (how === 1 ? edit : '') + json.slice(cut + 1);
          let parsed = true;
          try {
            JSON.parse(text);
          } catch {
            parsed = false;
          }
          expect('error' in scanJson(text)).toBe(!parsed);
        },
      ),
      { numRuns: 3_000 },
    );
  });
});

describe('a .bib file is read an entry at a time', () => {
  const paper = (key: string, more = '') =>
    `@inproceedings{${key},${more} abstract = {${ABSTRACT}}}\n`;

  it('takes a volume block, or a crossref target, written after its papers', () => {
    const volume = '@proceedings{v1, title = {Proc. of Tests}, year = {2023}, volume = {7}}\n';
    for (const text of [paper('a') + volume, volume + paper('a')]) {
      const [record] = readBibtex('p.bib', text).records;
      expect(record?.publication).toMatchObject({ booktitle: 'Proc. of Tests', volume: '7' });
      expect(record?.year).toBe(2023);
    }
    // Two volumes: a paper inherits only from the one it names.
    const two = `${paper('a', ' crossref = {v2},')}${paper('b')}${volume}${volume.replaceAll('v1', 'v2').replace('Tests', 'More')}`;
    const read = readBibtex('p.bib', two);
    expect(read.records.map((r) => [r.key, r.publication.booktitle])).toEqual([
      ['a', 'Proc. of More'],
      ['b', undefined],
    ]);
  });

  it('holds at most 10,000 volume blocks: past them it stops, at the line of the next', () => {
    const volumes = Array.from({ length: 10_001 }, (_, i) => `@proceedings{v${i},}\n`).join('');
    const read = readBibtex('v.bib', `${paper('a')}${volumes}${paper('b')}`);
    expect(read.records.map((r) => r.key)).toEqual(['a']);
    expect(reasons(read)).toEqual([
      'v.bib:10002: stopped reading: more than 10,000 volume entries (@proceedings, @book…); the rest of the file is not read',
    ]);
    // 10,000 are read: a paper after them is.
    const fewer = readBibtex(
      'v.bib',
      `${paper('a')}${volumes.slice(volumes.indexOf('\n') + 1)}${paper('b')}`,
    );
    expect(fewer.problems).toEqual([]);
    expect(fewer.records.map((r) => r.key)).toEqual(['a', 'b']);
  });

  it('stops at the 10,001st bad entry in the order of the file, and reads nothing after it', () => {
    // 5,999 duplicate keys (bad to the reader), then entries the scan cannot read.
    const text = `${paper('k').repeat(6_000)}${'@misc{x y}\n'.repeat(5_000)}${paper('z')}`;
    const read = readBibtex('s.bib', text);
    expect(read.records.map((r) => r.key)).toEqual(['k']);
    expect(read.problems).toHaveLength(10_002);
    expect(read.problems.at(-1)).toEqual({
      file: 's.bib',
      line: 10_002,
      reason: STOPPED,
      stop: true,
    });
    expect(read.problems.filter((p) => p.line > 10_002)).toEqual([]);
    expect(read.count).toBe(1 + 10_001);
  });
});

describe('overrides', () => {
  it('an alias bomb is a problem at line 1, not a crash', () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 0; i < 8; i++) {
      lines.push(
        `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${`*${String.fromCharCode(97 + i)},`.repeat(9)}]`,
      );
    }
    expect(() => parseOverrides(lines.join('\n'), 'o.yaml')).toThrow(OverridesError);
  });
});

describe('one JSON record far larger than any paper', () => {
  // A red team's: one paper plus 12,500,000 empty objects in a field held 1.9 GB as `.json` and
  // as one `.jsonl` line; the record is refused before `JSON.parse` builds it.
  const junk = `[${'{},'.repeat(700_000)}{}]`;
  const good = JSON.stringify({ id: 'a', abstract: ABSTRACT });
  const big = `{"id": "b", "abstract": ${JSON.stringify(ABSTRACT)}, "junk": ${junk}}`;

  it('is a problem at its line, and the records beside it are read', () => {
    const array = readJsonArray(
      'big.json',
      `[\n${good},\n${big},\n${good.replace('"a"', '"c"')}\n]\n`,
    );
    expect(array.records.map((r) => r.key)).toEqual(['a', 'c']);
    expect(array.problems).toEqual([
      {
        file: 'big.json',
        line: 3,
        reason: expect.stringMatching(
          /^a record of 2,100,\d{3} characters: longer than any paper's \(at most 2,000,000\)$/,
        ),
      },
    ]);
    const lines = readJsonLines('big.jsonl', `${good}\n${big}\n`);
    expect(lines.records.map((r) => r.key)).toEqual(['a']);
    expect(lines.problems.map((p) => p.line)).toEqual([2]);
  });

  it('broken, is said at its line without parsing it', () => {
    const truncated = `[\n${good},\n${big.slice(0, -2)}`;
    const read = readJsonArray('cut.json', truncated);
    expect(read.records).toEqual([]);
    expect(read.problems).toEqual([
      { file: 'cut.json', line: 3, reason: 'not JSON: Unexpected end of JSON input' },
    ]);
  });
});

describe('a RIS value holding a line separator', () => {
  it('is read as its own tag, not as a wrapped line of the field before', () => {
    const ris = [
      'TY  - JOUR',
      'AU  - Bob, Alice',
      'AU  - Dee, Carol\u2028Jr',
      'JO  - PLoS ONE',
      `AB  - ${ABSTRACT}`,
      'ER  - ',
      '',
    ].join('\n');
    const [record] = readRis('s.ris', ris).records;
    expect(record?.authors).toHaveLength(2);
    expect(record?.venue).toBe('PLoS ONE');
  });
});
