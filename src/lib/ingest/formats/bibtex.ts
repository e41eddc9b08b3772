/**
 * Reads a BibTeX file: PMLR volumes (an `@Proceedings` block the entries inherit from without a
 * `crossref`), DBLP (`crossref` to a `@proceedings` entry), the ACL Anthology, NeurIPS and arXiv
 * exports (docs/formats.md). `bibtex-scan.ts` finds entries and fields in one linear pass, each
 * entry read as soon as it is found (a file with volume blocks is scanned for them first);
 * @retorquere/bibtex-parser (why that parser: docs/ingest.md) decodes each entry's short text
 * fields (accents, `--`, protective braces) and parses names; fields in plain words, most of a
 * proceedings file's, are read without it ({@link plainField}). Math is hidden from it behind
 * placeholders, so `$\mathcal{O}(n^2)$` reaches the page as LaTeX for KaTeX.
 *
 * Abstracts never go through the parser: its full LaTeX parse costs ~9 ms per abstract (3 minutes
 * for 20,000). An abstract keeps its LaTeX source, like a plain-text dump's (so the same abstract in
 * both is one paper); only its accents (`Nystr\"{o}m`, decoded by the parser, once per distinct
 * accent) and protective braces (`{B}ayesian`) are resolved here.
 */
import { parse, type Creator, type Entry } from '@retorquere/bibtex-parser';
import { decodeAbstract, hideMath, PLACEHOLDER, tidy } from './tex';
import type { Publication } from '../../schema';
import { markupLimitProblem } from '../../text/markup';
import {
  GIVEN_TEXT_LIMITS,
  MAX_AUTHORS,
  MAX_BAD_ROWS,
  MAX_KEYWORDS,
  stoppedReading,
} from '../limits';
import type { Problem } from '../dump';
import { scanBibtex, type ScannedEntry } from './bibtex-scan';
import {
  dblpShortName,
  seriesShortName,
  classifyPaperLinks,
  linksProblem,
  readPages,
  readYear,
  splitKeywords,
  splitNames,
  venueLabel,
  type ImportedRecord,
  leaveOut,
  leftOutCount,
  type ReadStructuredDump,
  type RecordCheck,
} from './record';
import { formatCount } from '../../format';

/**
 * Entry types that describe a volume, not a paper: papers inherit their venue fields. One with an
 * abstract (a monograph in a reader's Zotero library) is a work of its own: read as a paper, and
 * never inherited by the papers around it.
 */
const VOLUME_TYPES = new Set(['proceedings', 'book', 'collection', 'mvproceedings', 'periodical']);

/** Whether an entry has an abstract to show: what makes it a paper here. */
const hasAbstract = (entry: ScannedEntry): boolean =>
  (entry.fields.get('abstract')?.value.trim() ?? '') !== '';
/** Entry types that are no paper at all. */
const IGNORED_TYPES = new Set(['string', 'preamble', 'comment']);
/** Short text fields decoded by the parser (names and LaTeX text); the rest are read as written. */
const TEXT_FIELDS = [
  'title',
  'booktitle',
  'journal',
  'journaltitle',
  'series',
  'publisher',
  'address',
  'shortname',
  'name',
  'keywords',
  'author',
  'editor',
] as const;
/**
 * How long a text field may be as written, TeX and all: four times what it may be once read
 * (limits.ts), and for the name lists room for MAX_AUTHORS short names.
 */
function rawFieldLimit(name: string): number {
  if (name === 'author' || name === 'editor') return 40 * MAX_AUTHORS;
  if (name === 'keywords') return 4 * MAX_KEYWORDS * GIVEN_TEXT_LIMITS.keyword;
  return 4 * (name === 'title' ? GIVEN_TEXT_LIMITS.title : GIVEN_TEXT_LIMITS.venue);
}
/** What a paper inherits from its volume (a `crossref` target, or a PMLR file's one volume block). */
type Inherited =
  | 'booktitle'
  | 'shortname'
  | 'name'
  | 'year'
  | 'volume'
  | 'editor'
  | 'publisher'
  | 'address'
  | 'series'
  | 'month';

/** A journal field that is an arXiv identifier (`arXiv:2104.05704 [cs]`), and the identifier. */
const ARXIV_JOURNAL =
  /^arxiv(?::\s*(\d{4}\.\d{4,5}(?:v\d+)?|[a-z-]+(?:\.[A-Z]{2})?\/\d{7}))?(?:\s|$)/i;

/**
 * A volume entry's start as the scan reads one (`@Proceedings {`). Searched for in the whole text,
 * values too: a text without one holds no volume for certain.
 */
const VOLUME_START = /@(?:mv)?(?:proceedings|book|collection|periodical)\s*[{(]/iu;

/**
 * Volume entries a file may hold, the first {@link MAX_BAD_ROWS} of them: they are held until the
 * file is read, and no export of papers has as many (DBLP's one per proceedings a paper cites).
 * 2,375,000 of them in 38 MB held 1.1 GB. Past them the reader stops, at the next one's line.
 */
const TOO_MANY_VOLUMES = 'volume entries (@proceedings, @book…)';

/**
 * The volume entries of a `.bib` text by lower-case key (the last of a key wins), found by a scan
 * of their own before any paper is read: a paper may come before the volume it inherits from
 * (DBLP lists its `crossref` targets last), and a PMLR block is inherited only when it is the
 * file's one volume. A text without {@link VOLUME_START} is not scanned twice.
 */
function volumeEntries(text: string): Map<string, ScannedEntry> {
  const volumes = new Map<string, ScannedEntry>();
  if (!VOLUME_START.test(text)) return volumes;
  let found = 0;
  scanBibtex(text, {
    read: (entry) => {
      if (!VOLUME_TYPES.has(entry.type)) return true;
      // Where the reader stops too ({@link TOO_MANY_VOLUMES}).
      if (++found > MAX_BAD_ROWS) return false;
      volumes.set(entry.key.toLowerCase(), entry);
      return true;
    },
  });
  return volumes;
}

/** The records of one `.bib` file; `file` only names it in problems. */
export function readBibtex(file: string, text: string, check?: RecordCheck): ReadStructuredDump {
  // A lone CR ends a line as LF does (old Mac line ends), so every `file:line` counts it; CRLF is one.
  const bib = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  /** The reader's problems; the scan's own are joined to them at the end. */
  const problems: Problem[] = [];
  const skipped: Problem[] = [];
  const volumes = volumeEntries(bib);
  // A PMLR volume: one volume block that no entry cross-references, inherited by every entry. A
  // volume entry with an abstract is a work of its own, no block to inherit.
  const blocks = [...volumes.values()].filter((volume) => !hasAbstract(volume));
  const [onlyVolume] = blocks.length === 1 ? blocks : [];
  const decodedVolumes = new Map<ScannedEntry, DecodedFields | string>();
  const decodeVolume = (volume: ScannedEntry) => {
    let decoded = decodedVolumes.get(volume);
    if (decoded === undefined) {
      decoded = decodeEntry(volume);
      decodedVolumes.set(volume, decoded);
      if (typeof decoded === 'string') problems.push({ file, line: volume.line, reason: decoded });
    }
    return typeof decoded === 'string' ? undefined : decoded;
  };

  const records: ImportedRecord[] = [];
  const firstLineOfKey = new Map<string, number>();
  let index = 0;
  /** Entries the scan could not read so far: bad rows too. */
  let scanProblems = 0;
  let readOn = true;
  /** Reads one paper entry (not a volume) into `records`, `problems` or `skipped`. */
  const readPaper = (entry: ScannedEntry): void => {
    index += 1;
    const { line, key } = entry;
    const problem = (reason: string) => {
      problems.push({ file, line, reason });
      // Past MAX_BAD_ROWS, counted in the order of the file: said once, here.
      if (readOn && problems.length + scanProblems > MAX_BAD_ROWS) {
        problems.push(stoppedReading(file, line));
        readOn = false;
      }
    };
    const first = firstLineOfKey.get(key);
    if (first !== undefined) {
      problem(`duplicate key "${key}" (first at line ${first})`);
      return;
    }
    firstLineOfKey.set(key, line);
    // A crossref to a volume the export left out (DBLP does) only means nothing is inherited.
    const crossref = entry.fields.get('crossref')?.value.trim();
    // A book or proceedings read as a paper inherits only from what it cross-references.
    const volume = crossref
      ? volumes.get(crossref.toLowerCase())
      : VOLUME_TYPES.has(entry.type)
        ? undefined
        : onlyVolume;
    const rawAbstract = entry.fields.get('abstract')?.value;
    if (!rawAbstract?.trim()) {
      // A proceedings volume lists its front matter as entries too (COLT's `Preface`, pages i–i):
      // no abstract, so no paper. Left out and named, never silently.
      leaveOut(skipped, { file, line, reason: `entry ${key} has no abstract: left out` });
      return;
    }
    // Braces are BibTeX's own syntax, dropped when decoded: their depth is checked as written.
    const nesting = markupLimitProblem(rawAbstract);
    if (nesting !== null) {
      problem(nesting);
      return;
    }
    const own = decodeEntry(entry);
    if (typeof own === 'string') {
      problem(own);
      return;
    }
    const inherited = volume ? decodeVolume(volume) : undefined;
    // A volume's own title is the booktitle of its papers (BibLaTeX's crossref rule).
    const from = (name: Inherited) =>
      own.text.get(name) ??
      inherited?.text.get(name) ??
      (name === 'booktitle' ? unescapedTitle(inherited?.text.get('title')) : undefined);
    const raw = (name: string) =>
      rawField(entry, name) ?? (volume ? rawField(volume, name) : undefined);
    const year = readYear(from('year') ?? raw('year') ?? raw('date'));
    const booktitle = from('booktitle');
    // BibLaTeX names the journal `journaltitle` (Better BibLaTeX writes only that).
    const givenJournal = own.text.get('journal') ?? own.text.get('journaltitle');
    // Zotero writes an arXiv preprint's journal as `arXiv:2104.05704 [cs]`: the venue is arXiv.
    const arxivJournal = ARXIV_JOURNAL.exec(givenJournal ?? '');
    const journal = arxivJournal ? 'arXiv' : givenJournal;
    const shortName = from('shortname');
    const doi = rawField(entry, 'doi');
    const links = classifyPaperLinks({
      // dblp's older exports give the paper's address as `ee` (electronic edition), not `url`.
      url: rawField(entry, 'url') ?? rawField(entry, 'ee'),
      pdf: rawField(entry, 'pdf'),
      doi,
      openreview: rawField(entry, 'openreview'),
      eprint: rawField(entry, 'eprint') ?? rawField(entry, 'arxivid') ?? arxivJournal?.[1],
      archivePrefix: rawField(entry, 'archiveprefix') ?? rawField(entry, 'eprinttype'),
    });
    // A preprint by any of the ways exports say so (an e-print archive, arXiv as publisher or
    // eprint type, an arXiv DOI): its venue is arXiv, not the file.
    const onArxiv =
      rawField(entry, 'archiveprefix') !== undefined ||
      /^arxiv$/i.test(rawField(entry, 'eprinttype') ?? '') ||
      /^arxiv$/i.test(own.text.get('publisher') ?? '') ||
      /^10\.48550\/arxiv\./i.test(doi?.trim() ?? '');
    const linkProblem = linksProblem(links);
    if (linkProblem !== null) {
      problem(`entry ${key}: ${linkProblem}`);
      return;
    }
    const editors = own.editors.length > 0 ? own.editors : (inherited?.editors ?? []);
    const publication: Publication = {
      kind: booktitle ? 'inproceedings' : journal ? 'article' : 'misc',
      booktitle,
      journal,
      shortName,
      volume: raw('volume'),
      // An article's `number` is its issue (BibLaTeX's `issue` is an issue's name, "Spring"); a
      // proceedings paper's is its volume's number in a series (`LNCS 13713`), no issue.
      number: entry.type === 'article' ? raw('number') : undefined,
      series: from('series'),
      publisher: from('publisher'),
      address: from('address'),
      month: raw('month'),
      editors: editors.length > 0 ? editors : undefined,
      pages: readPages(raw('pages')?.replace(/[{}]/g, '')),
    };
    const record: ImportedRecord = {
      index,
      line,
      key,
      abstract: decodeAbstract(rawAbstract),
      title: own.text.get('title'),
      titleFormat: 'tex',
      // BibTeX's `and others` is its et al.: no one's name.
      authors: splitNames(own.authors),
      keywords: splitKeywords(own.text.get('keywords')),
      venue: venueLabel({
        shortName:
          shortName ??
          seriesShortName(from('series'), booktitle, year) ??
          dblpShortName(key, booktitle),
        booktitle: booktitle ?? (volume ? undefined : from('name')),
        // dblp files arXiv preprints under CoRR (arXiv's Computing Research Repository): one
        // venue, arXiv, whichever export a preprint came from.
        journal: onArxiv && (journal === undefined || /^corr$/i.test(journal)) ? 'arXiv' : journal,
        year,
      }),
      year,
      links,
      publication: withoutEmpty(publication),
    };
    const checked = check?.(record) ?? null;
    if (checked === null) records.push(record);
    else problem(checked);
  };
  let paperCount = 0;
  let volumeCount = 0;
  const scanned = scanBibtex(bib, {
    read: (entry, soFar) => {
      scanProblems = soFar;
      if (VOLUME_TYPES.has(entry.type) && ++volumeCount > MAX_BAD_ROWS) {
        problems.push(stoppedReading(file, entry.line, TOO_MANY_VOLUMES));
        readOn = false;
      }
      // Volumes were found by their own scan; `@string` and the like are no entry here.
      if (IGNORED_TYPES.has(entry.type)) return readOn;
      if (VOLUME_TYPES.has(entry.type) && !hasAbstract(entry)) return readOn;
      paperCount += 1;
      readPaper(entry);
      return readOn;
    },
    badRows: () => problems.length,
  });
  // The scanner stops on its own past MAX_BAD_ROWS, at the entry it could not read.
  const scanStopped = scanned.problems.some((problem) => problem.stop);
  // In the order the unsorted list had when the scan came first (sorted below, stably).
  problems.unshift(...scanned.problems.map((problem) => ({ file, ...problem })));
  const leftOut = leftOutCount(skipped);
  /** Whether the file's entries are all left out: one problem then, in place of their names. */
  let noneAPaper = false;
  if (paperCount === 0 && problems.length === 0) {
    problems.push({ file, line: 1, reason: 'no records (no BibTeX entry with an abstract)' });
  } else if (records.length === 0 && problems.length === 0 && leftOut > 0) {
    // Entries, but none a paper (a dblp export without abstracts): nothing to build a site from.
    noneAPaper = true;
    problems.push({
      file,
      line: skipped[0]!.line,
      reason: `no records: ${
        leftOut === 1
          ? 'its one entry has no abstract'
          : `none of its ${formatCount(leftOut)} entries has an abstract`
      } (dblp and DOI exports carry none)`,
    });
  }
  const volumeVenue = onlyVolume ? decodeVolume(onlyVolume) : undefined;
  problems.sort((a, b) => a.line - b.line);
  return {
    records,
    problems,
    // Each scan problem is one entry that could not be read: every entry is a record, a problem
    // or left out (no abstract).
    count: Math.max(paperCount - leftOut + scanned.problems.length - (scanStopped ? 1 : 0), 1),
    ...(skipped.length > 0 && !noneAPaper ? { skipped } : {}),
    venue: volumeVenue
      ? (venueLabel({
          shortName: volumeVenue.text.get('shortname'),
          booktitle:
            volumeVenue.text.get('booktitle') ?? unescapedTitle(volumeVenue.text.get('title')),
          year: readYear(rawField(onlyVolume!, 'year')),
        }) ?? null)
      : null,
  };
}

/** A TeX escape of a sign: `\$`, `\#`, `\%`, `\&`, `\_`. */
const TEX_ESCAPE = /\\[$#%&_]/g;

/** A volume's title as a booktitle: plain text, its escaped signs (kept in titles) as the signs. */
function unescapedTitle(title: string | undefined): string | undefined {
  return title?.replace(TEX_ESCAPE, (escape) => escape.slice(1));
}

/** An entry's short text fields decoded, and its names. */
interface DecodedFields {
  text: Map<string, string>;
  authors: string[];
  editors: string[];
}

/**
 * The entry's text fields: those written in plain words ({@link plainField}) as the parser would
 * read them, the others through the parser, or why it could not read them.
 */
function decodeEntry(entry: ScannedEntry): DecodedFields | string {
  const plain: DecodedFields = { text: new Map(), authors: [], editors: [] };
  const rest = new Map<string, { value: string }>();
  for (const name of TEXT_FIELDS) {
    const field = entry.fields.get(name);
    if (!field || field.value.trim() === '') continue;
    const read = plainField(name, field.value);
    if (read === null) rest.set(name, field);
    else if (name === 'author') plain.authors = read as string[];
    else if (name === 'editor') plain.editors = read as string[];
    else if (read !== '') plain.text.set(name, read as string);
  }
  if (rest.size === 0) return plain;
  // Far past its limit as written, a field is refused before the parser reads it: 20 titles of
  // 38,000 characters of math took 75 s and 2.2 GB there (a red team's).
  for (const [name, field] of rest) {
    const limit = rawFieldLimit(name);
    if (field.value.length > limit) {
      return `${name} too long: ${formatCount(field.value.length)} characters as written (at most ${formatCount(limit)})`;
    }
    // Braces nested deeper than an abstract may overflow the parser's stack (39,000 in an
    // author list gave its internal message and the rewritten entry).
    const nesting = markupLimitProblem(field.value);
    if (nesting !== null) return `${name}: ${nesting}`;
  }
  const parsed = parsedFields({ key: entry.key, fields: rest });
  if (typeof parsed === 'string') return parsed;
  return {
    // In field order, as the parser alone would have listed them.
    text: new Map(
      TEXT_FIELDS.flatMap((name) => {
        const value = plain.text.get(name) ?? parsed.text.get(name);
        return value === undefined ? [] : [[name, value] as const];
      }),
    ),
    authors: rest.has('author') ? parsed.authors : plain.authors,
    editors: rest.has('editor') ? parsed.editors : plain.editors,
  };
}

/**
 * Words, digits, spaces and plain punctuation only: no TeX command, group, math, special
 * character, ligature (`--`, `''`, `` ` ``), markup or blank line, so the parser would only collapse
 * its spaces.
 */
const PLAIN_TEXT = /^[\p{L}\p{N} \t\r\n.,:;()?!'/+*=-]*$/u;
const LIGATURE = /--|''/;
const PLACEHOLDER_TEXT = /zqph\d+qz/;
const AND_WORD = /(?:^|[ \t\r\n])and(?:$|[ \t\r\n])/i;
/** A blank line: a paragraph break, which the parser keeps. */
const BLANK_LINE = /(?:\r\n?|\n)[ \t]*(?:\r\n?|\n)/;
/**
 * A word of a name: letters, with inner dots, apostrophes and hyphens. The parser splits a name into
 * first, `von`, last and `Jr` parts, but {@link creatorName} joins them back in the order written
 * (`Last, First` turned round), so how it splits them does not matter here.
 */
const PLAIN_NAME_WORD = /^\p{L}[\p{L}.'-]*$/u;
/** `AND` or `And` would be a separator to the parser: such a name is its to read. */
const isPlainNameWord = (word: string): boolean =>
  PLAIN_NAME_WORD.test(word) && word.toLowerCase() !== 'and';

/**
 * A text field as the parser reads it (its spaces collapsed; keywords split at `,` and `;`, each
 * once, sorted; names split at `and`, first names then last name), when it is written in plain words; null for
 * anything else, which the parser reads. The parser costs ~0.5 ms an entry (10 s at 20,000); the
 * unit tests hold the two equal on random fields (tests/unit/formats.test.ts).
 */
export function plainField(name: string, value: string): string | string[] | null {
  if (!PLAIN_TEXT.test(value) || LIGATURE.test(value) || BLANK_LINE.test(value)) return null;
  // The parser lists a publisher's parts split at `and` (`Morgan, Claypool`), and reads its own
  // placeholders (`zqph0qz`) back out of any field: those it reads as it always did.
  if (PLACEHOLDER_TEXT.test(value) || (name === 'publisher' && AND_WORD.test(value))) return null;
  const words = (text: string) =>
    tidy(text)
      .split(/[ \t\r\n]+/)
      .filter(Boolean);
  if (name === 'keywords') {
    const keywords = value
      .split(/[,;]/)
      .map((keyword) => words(keyword).join(' '))
      .filter(Boolean);
    // As the parser lists them: each once, in case-blind order.
    return [...new Set(keywords)]
      .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))
      .join(', ');
  }
  if (name !== 'author' && name !== 'editor') return words(value).join(' ');
  const names: string[] = [];
  let current: string[] = [];
  const addName = (): boolean => {
    // `Last, First` (PMLR, DBLP) or `First Last`; a second comma (`Last, Jr, First`) is the parser's.
    const parts = current.join(' ').split(',').map(words);
    current = [];
    if (parts.length > 2 || parts.some((part) => part.length === 0)) return false;
    if (!parts.every((part) => part.every(isPlainNameWord))) return false;
    names.push((parts.length === 2 ? [...parts[1]!, ...parts[0]!] : parts[0]!).join(' '));
    return true;
  };
  for (const word of words(value)) {
    if (word !== 'and') current.push(word);
    else if (!addName()) return null;
  }
  return addName() ? names : null;
}

/**
 * The entry's text fields through the parser (math and `<`/`>` hidden from it, since it reads them
 * as TeX: `<` would come back as `¡`), or why it could not read them.
 */
export function parsedFields(
  entry: Pick<ScannedEntry, 'key'> & {
    fields: ReadonlyMap<string, { value: string }>;
  },
): DecodedFields | string {
  const hidden: string[] = [];
  const hide = (span: string) => `zqph${hidden.push(span) - 1}qz`;
  const body = TEXT_FIELDS.flatMap((name) => {
    const field = entry.fields.get(name);
    if (!field || field.value.trim() === '') return [];
    const value = hideMath(field.value, hide).replace(/[<>]/g, hide);
    // A title stays TeX (`titleFormat: 'tex'`): its escaped signs are kept for the reader that
    // makes it plain, which would take a decoded `$` for math and `#` for a heading.
    return [`  ${name} = {${name === 'title' ? value.replace(TEX_ESCAPE, hide) : value}}`];
  });
  let parsed: Entry | undefined;
  try {
    const library = parse(`@misc{entry,\n${body.join(',\n')}\n}`, {
      english: false,
      sentenceCase: false,
      caseProtection: false,
      unsupported: 'ignore',
    });
    if (library.errors.length > 0) {
      const message = library.errors[0]!.error.replace(/ at line \d+, column \d+/, '');
      return `entry ${entry.key}: not BibTeX: ${message.slice(0, 200)}`;
    }
    parsed = library.entries[0];
  } catch (error) {
    return `entry ${entry.key}: not BibTeX: ${String((error as Error).message).slice(0, 200)}`;
  }
  const restore = (value: string) =>
    toMarkdown(value).replace(PLACEHOLDER, (_, i: string) => hidden[Number(i)] ?? '');
  const text = new Map<string, string>();
  for (const name of TEXT_FIELDS) {
    const value: unknown = parsed?.fields[name as keyof Entry['fields']];
    if (typeof value === 'string' && value.trim() !== '') text.set(name, tidy(restore(value)));
    else if (Array.isArray(value) && name !== 'author' && name !== 'editor') {
      const joined = value.filter((v): v is string => typeof v === 'string').join(', ');
      if (joined.trim() !== '') text.set(name, tidy(restore(joined)));
    }
  }
  const names = (list: Creator[] | undefined) =>
    (list ?? []).map((creator) => tidy(restore(creatorName(creator)))).filter(Boolean);
  return { text, authors: names(parsed?.fields.author), editors: names(parsed?.fields.editor) };
}

/**
 * A verbatim field (URL, DOI, pages, year…) as written: outer braces, spacing and the escapes
 * exports put before `_`, `%`, `&` and `#` (DBLP writes DOIs with `\_`) removed.
 */
function rawField(entry: ScannedEntry, name: string): string | undefined {
  const value = entry.fields
    .get(name)
    ?.value.replace(/^\s*\{([^{}]*)\}\s*$/, '$1')
    .replace(/\\([_%&#$])/g, '$1')
    .trim();
  return value ? value : undefined;
}

/** The publication without its empty fields (the record keeps only what the file said). */
function withoutEmpty(publication: Publication): Publication {
  return Object.fromEntries(
    Object.entries(publication).filter(([, value]) => value !== undefined && value !== ''),
  ) as Publication;
}

/** `Jane Smith`, `Karl von Müller Jr.`, or a literal `{The ACME Team}`. */
function creatorName(creator: Creator): string {
  const parts = creator.name
    ? [creator.name]
    : [creator.firstName, creator.prefix, creator.lastName, creator.suffix];
  return parts.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
}

/**
 * The parser writes text styles as HTML; the title pipeline reads Markdown. A `\url{…}` or
 * `\href{…}{text}` (an `<a>` from the parser) is its text: a title never carries a link's markup
 * or its address (a `javascript:` one, a red team's), whatever shows it.
 */
function toMarkdown(html: string): string {
  return html
    .replace(/<a\b[^>]*>|<\/a>/g, '')
    .replace(/<\/?i>/g, '*')
    .replace(/<\/?b>/g, '**')
    .replace(/<\/?(?:span|sup|sub|code|sc|nc|ncx)\b[^>]*>/g, '');
}
