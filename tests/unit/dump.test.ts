import { describe, expect, it } from 'vitest';
import { decodeDump, notAnAbstract, parseDump, splitDump } from '../../src/lib/ingest/dump';

const encode = (text: string) => new TextEncoder().encode(text);
const ABSTRACT =
  'We propose a method that learns useful representations from unlabeled data and show that it improves accuracy on twelve downstream benchmarks.';

describe('splitDump', () => {
  it('takes the first non-empty line as the header and numbers paragraphs from it', () => {
    const dump = splitDump('d.txt', `\n  \nICLR 2026 论文\n\n${ABSTRACT}\n\n\n${ABSTRACT}\n`);
    expect(dump.header).toBe('ICLR 2026 论文');
    expect([...dump.paragraphs].map((p) => [p.index, p.line])).toEqual([
      [1, 5],
      [2, 8],
    ]);
    expect(dump.problems).toEqual([]);
  });

  it('treats whitespace-only lines as blank and keeps hard-wrapped lines together', () => {
    const dump = splitDump('d.txt', `H\n\nline one\nline two\n \t \nline three\n`);
    expect([...dump.paragraphs].map((p) => p.lines)).toEqual([
      ['line one', 'line two'],
      ['line three'],
    ]);
  });

  it('counts CRLF and lone CR as line breaks', () => {
    const crlf = splitDump('d.txt', 'H\r\n\r\na\r\nb\r\n\r\nc');
    const cr = splitDump('d.txt', 'H\r\ra\rb\r\rc');
    expect([...crlf.paragraphs].map((p) => p.line)).toEqual([3, 6]);
    expect([...cr.paragraphs]).toEqual([...crlf.paragraphs]);
  });

  it('reports an empty file and a header with nothing after it', () => {
    expect(splitDump('e.txt', ' \n\n').problems).toEqual([
      { file: 'e.txt', line: 1, reason: 'empty file' },
    ]);
    expect(splitDump('h.txt', '\nICML 2025\n\n').problems).toEqual([
      { file: 'h.txt', line: 2, reason: 'no abstracts after the header "ICML 2025"' },
    ]);
  });

  it('reports a first line that reads like an abstract instead of a label', () => {
    const [problem] = splitDump('d.txt', `${ABSTRACT}\n\n${ABSTRACT}`).problems;
    expect(problem?.line).toBe(1);
    expect(problem?.reason).toMatch(/first line must be the dump's label/);
  });
});

describe('a tagged bibliographic export saved as .txt', () => {
  it('is named as what it is, with nothing read from it as abstracts', () => {
    const wos =
      'FN Clarivate Analytics Web of Science\nVR 1.0\nPT J\nAU Anderson, RC\n   Mansi, SA\nTI Board characteristics\nAB We find that …\nER\n';
    const ris = 'TY  - JOUR\nAU  - Doe, Jane\nAB  - We study …\nER  - \n';
    const medline = 'PMID- 31452104\nOWN - NLM\nAB  - We study …\n';
    for (const [text, kind] of [
      [wos, 'a Web of Science export'],
      [`\uFEFF${ris}`, 'a RIS export'],
      [medline, 'a MEDLINE (PubMed) export'],
      ['PT\tAU\tTI\tAB\nJ\tDoe, J\tT\tWe study …\n', 'a Web of Science tab-delimited export'],
      // A red team's: a BibTeX or JSON Lines file saved as .txt was published as field soup.
      [
        `@inproceedings{dione-etal-2023,\n  title = "{M}asakha",\n  abstract = "We study …",\n}\n`,
        'a BibTeX export',
      ],
      [
        '{"id": "p1", "abstract": "We study …"}\n{"id": "p2", "abstract": "We show …"}\n',
        'a JSON export',
      ],
      // … and JabRef's opening comment, pretty-printed JSON, RIS written with one space.
      [
        `% Encoding: UTF-8\n\n@article{k0, title={Paper 0},\n  abstract={We study …}}\n`,
        'a BibTeX export',
      ],
      ['[\n  {\n    "id": "p0",\n    "abstract": "We study …"\n  }\n]\n', 'a JSON export'],
      ['TY - JOUR\nTI - Paper 0\nAB - We study …\nER - \n', 'a RIS export'],
    ] as const) {
      const dump = splitDump('savedrecs.txt', text);
      expect([...dump.paragraphs]).toEqual([]);
      expect(dump.problems).toEqual([
        {
          file: 'savedrecs.txt',
          line: 1,
          reason: expect.stringContaining(`${kind}, not a plain-text dump`),
        },
      ]);
    }
    // A dump whose label merely starts with the same letters is a dump.
    expect(splitDump('d.txt', `FN papers\n\n${ABSTRACT}\n`).problems).toEqual([]);
  });
});

describe('notAnAbstract', () => {
  it('rejects page furniture and short fragments, naming the rule', () => {
    expect(notAnAbstract('Page 2 of 7')).toBe(
      'not an abstract: 4 words, 11 characters (an abstract has at least 20 words and 100 characters): "Page 2 of 7"',
    );
  });

  it('accepts an abstract of 20 words and 100 characters', () => {
    expect(notAnAbstract(ABSTRACT)).toBeNull();
  });
});

describe('decodeDump', () => {
  it('drops a UTF-8 BOM', () => {
    expect(decodeDump('d.txt', new Uint8Array([0xef, 0xbb, 0xbf, 0x48, 0x69]))).toEqual({
      text: 'Hi',
    });
  });

  it('reports invalid UTF-8 with the first bad line and how many others', () => {
    const bytes = new Uint8Array([...encode('Header\n\nok\ncaf'), 0xe9, 0x0a, 0xff]);
    expect(decodeDump('l.txt', bytes)).toEqual({
      problem: {
        file: 'l.txt',
        line: 4,
        reason: 'not valid UTF-8 (and 1 more line); save the file as UTF-8 text',
      },
    });
  });

  it('reports a binary file by its NUL bytes or its control characters', () => {
    const nul = decodeDump('b.bin', new Uint8Array([0x48, 0x0a, 0x00, 0x01]));
    expect(nul).toEqual({
      problem: {
        file: 'b.bin',
        line: 2,
        reason: 'binary file (contains NUL bytes), not a text dump',
      },
    });
    const controls = decodeDump('c.bin', new Uint8Array([0x01, 0x02, 0x03, 0x41, 0x42]));
    expect('problem' in controls && controls.problem.reason).toMatch(/mostly control characters/);
  });
});

describe('parseDump', () => {
  it('returns no paragraphs for a file it cannot decode', () => {
    const dump = parseDump('x.txt', new Uint8Array([0xc3, 0x28]));
    expect([...dump.paragraphs]).toEqual([]);
    expect(dump.problems).toHaveLength(1);
  });
});
