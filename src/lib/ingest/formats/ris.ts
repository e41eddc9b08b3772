/**
 * Reads RIS, the tagged export of Zotero, Mendeley, EndNote, IEEE Xplore, the ACM Digital Library,
 * Scopus and most publishers: one field a line (`AU  - Doe, Jane`), a record from `TY  - JOUR` to
 * `ER  -`, repeated tags adding values (authors, keywords). Read line by line here rather than by a
 * library: the two on npm give no line numbers (docs/ingest.md), and every problem names its line.
 * Each record's fields are mapped to the names the JSON and CSV readers use and read by `readRow`,
 * so the rules for links, years, venues and records without an abstract are theirs.
 */
import { MAX_AUTHORS } from '../limits';
import { formatCount } from '../../format';
import {
  addRow,
  finishRows,
  newRows,
  readsOn,
  turnedRound,
  type ReadStructuredDump,
  type RecordCheck,
} from './record';

/**
 * `AU  - Doe, Jane`: a two-character tag, two spaces, a dash (some exporters end `ER  -` there).
 * The record's end is also read with one space (`ER -`), which hand-edited files have. Tags are
 * upper case by the standard; one in lower case (`au  - …`, hand-edited) is read as its tag, not
 * as a wrapped line of the field before. A value runs to the line's end, a U+2028 in it included
 * (`.` stops there, and the line was read as a wrapped line of the field before: a red team's).
 */
const TAG_LINE = /^([A-Za-z][A-Za-z0-9]) {2}-(?: ([^\n]*))?$|^([Ee][Rr]) -\s*$/;
/**
 * A value right after the dash (`AU  -Smith, John`, no space) is its tag's when the tag is one of
 * RIS's, in capitals: read as a wrapped line, it put the name into the title before it (a red
 * team's). A wrapped line of prose that only looks like one (`of  -40 degrees`) stays prose.
 */
const GLUED_TAG_LINE = /^([A-Z][A-Z0-9]) {2}-(\S[^\n]*)$/;

/** One record's tags and their values, in the order read, and the line of its `TY`. */
interface RisRecord {
  line: number;
  fields: Map<string, string[]>;
  /** A tag repeated more than {@link MAX_TAG_LINES} times: the record is a problem. */
  overfull?: string;
}

/**
 * Lines one tag may have in a record: the longest list a paper gives is its authors (a large
 * collaboration lists a few thousand). 1,000,000 `KW` lines in one record (14 MB) held 800 MB.
 */
const MAX_TAG_LINES = MAX_AUTHORS;

/**
 * Which tags give each field, first found first: RIS writes the same thing under several tags
 * across versions and exporters (`T1`/`TI`, `N2`/`AB`, `PY`/`Y1`/`DA`).
 */
const TAGS = {
  id: ['ID'],
  title: ['TI', 'T1'],
  abstract: ['AB', 'N2'],
  authors: ['AU', 'A1'],
  keywords: ['KW'],
  year: ['PY', 'Y1', 'DA'],
  doi: ['DO'],
  /** Addresses: the landing page (`UR`, Zotero's `L2`) and files (`L1`, `L4`; EndNote's are local). */
  links: ['UR', 'L2', 'L1', 'L4'],
} as const;
/**
 * Tags naming where a paper appeared: a journal's name, or a conference paper's proceedings
 * (Zotero writes a proceedings title as `C3`, a series as `T3`).
 */
const VENUE_TAGS = ['T2', 'JO', 'JF', 'JA', 'BT', 'C3', 'T3'] as const;
/**
 * Tags some exporters write a DOI in when they have no `DO` (EndNote's and PNAS's `N1`, PLoS's
 * `M3`), as a note that is the DOI alone: `doi: 10.1073/pnas.1300327110`.
 */
const NOTE_TAGS = ['M3', 'N1'] as const;
/** Every tag this reader knows, and RIS's record and page tags. */
const RIS_TAGS = new Set<string>([
  ...Object.values(TAGS).flat(),
  ...VENUE_TAGS,
  ...NOTE_TAGS,
  'TY',
  'ER',
  'SP',
  'EP',
  'VL',
  'IS',
]);
/** {@link GLUED_TAG_LINE}'s match when its tag is one of {@link RIS_TAGS}, else null. */
function gluedTagLine(line: string): RegExpExecArray | null {
  const glued = GLUED_TAG_LINE.exec(line);
  return glued && RIS_TAGS.has(glued[1]!) ? glued : null;
}
const DOI_NOTE = /^doi:\s*(10\.\d{4,9}\/\S+)$/i;
/** A web address: a RIS link may also be a local file (`internal-pdf://`) or an accession (`://WOS:…`). */
const WEB = /^https?:\/\//i;
const PDF_FILE = /\.pdf(?:[?#].*)?$/i;
const ARXIV_PAGE = /^https?:\/\/arxiv\.org\/abs\//i;
/** Record types that are conference papers: their `T2` is the proceedings' title. */
const CONFERENCE_TYPES = new Set(['CONF', 'CPAPER']);
/** Record types that are journal articles: their `T2`/`JO` is the journal, cited as `@article`. */
const JOURNAL_TYPES = new Set(['JOUR', 'JFULL', 'EJOUR', 'MGZN']);

/**
 * The records of one `.ris` file, each read as its `ER` line closes it (none is held longer: a
 * file of 1,000,000 bad records held 3.3 GB when all were gathered first).
 */
export function readRis(file: string, text: string, check?: RecordCheck): ReadStructuredDump {
  const rows = newRows(check);
  const { problems } = rows;
  const keys = new Map<string, number>();
  /** Records closed by `ER`, and lines or records that could not be read (each counts as one). */
  let closed = 0;
  let unread = 0;
  let current: RisRecord | null = null;
  let last: string[] | null = null;
  const bad = (line: number, reason: string): boolean => {
    problems.push({ file, line, reason });
    unread += 1;
    return readsOn(problems, { file, line });
  };
  const close = (record: RisRecord): boolean => {
    closed += 1;
    if (record.overfull === undefined) {
      return addRow(rows, rowOf(record), { file, line: record.line, index: closed }, keys);
    }
    const reason = `not RIS: more than ${formatCount(MAX_TAG_LINES)} ${record.overfull} lines in one record`;
    problems.push({ file, line: record.line, reason });
    return readsOn(problems, { file, line: record.line });
  };
  const lines = text.split(/\r\n|\r|\n/);
  const readAll = lines.every((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trimEnd();
    const tagged = TAG_LINE.exec(trimmed) ?? gluedTagLine(trimmed);
    if (tagged === null) {
      if (raw.trim() === '') return true;
      // A wrapped value (EndNote wraps long abstracts): the previous field's value goes on.
      if (current !== null && last === PASSED_OVER) return true;
      if (current !== null && last !== null) {
        last[last.length - 1] = `${last.at(-1)!} ${raw.trim()}`;
        return true;
      }
      return bad(line, 'not RIS: a line outside any TY … ER record');
    }
    const tag = (tagged[1] ?? tagged[3]!).toUpperCase();
    const value = tagged[2] ?? '';
    if (tag === 'TY') {
      const open = current;
      current = { line, fields: new Map([['TY', [value.trim()]]]) };
      last = null;
      return open === null || bad(open.line, UNCLOSED);
    }
    if (current === null) return bad(line, `not RIS: ${tag} before the record's TY line`);
    if (tag === 'ER') {
      const record = current;
      current = null;
      last = null;
      return close(record);
    }
    const values = current.fields.get(tag) ?? [];
    if (values.length === MAX_TAG_LINES) {
      // Read on to the record's end, keeping nothing more of it.
      current.overfull ??= tag;
      last = PASSED_OVER;
      return true;
    }
    values.push(value.trim());
    current.fields.set(tag, values);
    last = values;
    return true;
  });
  if (readAll && current !== null) bad((current as RisRecord).line, UNCLOSED);
  if (closed === 0 && problems.length === 0) {
    problems.push({ file, line: 1, reason: 'no records' });
  }
  // A record left open is reported when the next one starts, after the lines it held.
  problems.sort((a, b) => a.line - b.line);
  return finishRows(file, rows, closed + unread);
}

const UNCLOSED = 'not RIS: record not closed by an ER line';

/** What a tag's lines past {@link MAX_TAG_LINES} go to, their wrapped continuations too: nowhere. */
const PASSED_OVER: string[] = [];

/** A RIS record's fields under the names `readRow` reads; those it lacks are left out. */
function rowOf(record: RisRecord): Record<string, unknown> {
  const row = rowFields(record);
  for (const name of Object.keys(row)) if (row[name] === undefined) delete row[name];
  return row;
}

function rowFields({ fields }: RisRecord): Record<string, unknown> {
  const first = (tags: readonly string[]) =>
    tags.map((tag) => fields.get(tag)?.find((value) => value !== '')).find(Boolean);
  const all = (tags: readonly string[]) =>
    tags.flatMap((tag) => fields.get(tag) ?? []).filter((value) => value !== '');
  const venue = first(VENUE_TAGS);
  const type = fields.get('TY')?.[0] ?? '';
  const where = CONFERENCE_TYPES.has(type)
    ? { booktitle: venue }
    : JOURNAL_TYPES.has(type)
      ? { journal: venue }
      : { venue };
  const start = first(['SP']);
  const end = first(['EP']);
  // Only web addresses are links; local files and accession numbers are no use to a reader.
  const web = all(TAGS.links).filter((link) => WEB.test(link));
  return {
    id: first(TAGS.id),
    title: first(TAGS.title),
    abstract: first(TAGS.abstract),
    // RIS writes a name a line, `Last, First` (record.ts turns it round as every reader does).
    authors: all(TAGS.authors).map(turnedRound),
    // A keyword a line, or several split at `;` (EndNote); never at a comma, which MeSH terms
    // hold (`Colitis, Ulcerative`).
    keywords: all(TAGS.keywords).flatMap((line) => line.split(';').map((k) => k.trim())),
    year: first(TAGS.year),
    doi:
      first(TAGS.doi) ??
      all(NOTE_TAGS)
        .map((note) => DOI_NOTE.exec(note)?.[1])
        .find(Boolean),
    url: web.find((link) => !PDF_FILE.test(link) && !ARXIV_PAGE.test(link)),
    pdf: web.find((link) => PDF_FILE.test(link)),
    arxiv: web.find((link) => ARXIV_PAGE.test(link)),
    ...where,
    volume: first(['VL']),
    issue: first(['IS']),
    pages: start && end ? `${start}--${end}` : start,
  };
}
