/**
 * What every structured dump (BibTeX, JSON, JSON Lines, CSV) is read into before it joins the
 * plain-text abstracts: one record per paper, with the metadata its file gives and the place it
 * starts; and the rules the readers share: names, keywords, years, pages, links, venue labels, and
 * which fields of a row are read at all (docs/formats.md has the real shapes they follow).
 */
import {
  describeIssue,
  ImportedRowSchema,
  PaperLinksSchema,
  type PaperLinks,
  type Publication,
} from '../../schema';
import type { Problem } from '../dump';
import {
  GIVEN_TEXT_LIMITS,
  MAX_AUTHORS,
  MAX_BAD_ROWS,
  MAX_LISTED_PROBLEMS,
  MAX_RAW_FIELD_CHARS,
  stoppedReading,
} from '../limits';
import { decodeAbstract, decodeTexName } from './tex';
import { markupLimitProblem } from '../../text/markup';
import { formatCount } from '../../format';

/** One paper as a structured dump gives it. */
export interface ImportedRecord {
  /** 1-based position among the file's records. */
  index: number;
  /** 1-based line where the record starts. */
  line: number;
  /** The record's key in its file (BibTeX key, JSON `id`), if any. */
  key?: string;
  /** The abstract as written (LaTeX math and Markdown kept). */
  abstract: string;
  /** The title as the file gives it. */
  title?: string;
  /** How `title` is written: BibTeX titles are LaTeX (`$…$` math), the other formats plain text. */
  titleFormat: 'tex' | 'plain';
  /** The title with its formulas kept as TeX, once checked (the record's `titleTex`). */
  titleTex?: string;
  authors: string[];
  keywords: string[];
  /** The venue as readers see it, e.g. `ICML 2023`; undefined when the record does not say. */
  venue?: string;
  year?: number;
  links: PaperLinks;
  /** Booktitle, volume, editors, pages…, as far as the record (or its volume) says. */
  publication: Publication;
}

/**
 * Why a record read from a file cannot be published (its abstract or a field past a limit), or
 * null: handed to a reader so that it counts such records among its bad rows as it reads, and
 * keeps none of them (1,000,000 CSV rows whose abstract is "x" held 2.9 GB until the end).
 */
export type RecordCheck = (record: ImportedRecord) => string | null;

/** A structured file's reader: `check`, when given, is applied to each record as it is read. */
export type StructuredReader = (
  file: string,
  text: string,
  check?: RecordCheck,
) => ReadStructuredDump;

/** A structured dump read: its records, the problems found, and the venue the file names for all. */
export interface ReadStructuredDump {
  records: ImportedRecord[];
  problems: Problem[];
  /** Records found, good or bad: every one ends up as a record or a problem. */
  count: number;
  /** A venue label for records that name none (a BibTeX volume block's), else null. */
  venue: string | null;
  /** How many records carried e-mail addresses, which are never read (the summary says so). */
  emailsDropped?: number;
  /**
   * Entries left out because they are no paper (a volume's preface: no abstract), each named like
   * a problem; printed and counted, but they do not fail the ingest.
   */
  skipped?: Problem[];
}

/**
 * An e-mail address, bare or in angle brackets: never part of a published name. Its local part
 * starts after a separator (or `<`), never inside a run of its own characters: the same leftmost
 * matches as without that check, in linear time (a 20,000-character author of `)` took 0.5 s,
 * each start scanning to the run's end).
 */
export const EMAIL = /<?(?<![^\s<>@,;])[^\s<>@,;]+@[^\s<>@,;]+\.[a-z]{2,}>?/gi;

/**
 * Author names from a list, or from one string as exports write it:
 * - `"A; B"` (CMT, Scopus): a `Last, First` name is turned round;
 * - `"Last, First and Last, First"` (BibTeX's order, in a JSON or CSV field): every name between
 *   the `and`s has one comma, and is turned round;
 * - `"A, B, C and D"` or `"A, B, and D"` (arXiv's metadata, a spreadsheet): commas and `and` both
 *   separate names;
 * - `"A, B"`.
 * Affiliations in brackets (`F. Ravanini (Bologna Univ. and INFN)`, arXiv's), the `*` marking the
 * contact author, e-mail addresses and a closing `others` or `et al.` (no one's name) are removed.
 */
export function splitNames(value: string | readonly string[] | undefined): string[] {
  if (value === undefined) return [];
  const names = typeof value === 'string' ? namesOfString(value) : value.map(cleanName);
  // `G. Rossi (CERN) et al.`: the closing `et al.` glued to the last name once its aside is gone.
  const cleaned = names.map((part) => part.replace(GLUED_ET_AL, '')).filter((part) => part !== '');
  while (cleaned.length > 0 && NO_ONE.test(cleaned.at(-1)!)) cleaned.pop();
  return cleaned;
}

/**
 * BibTeX's `and others` and the prose `et al.`: more authors, none of them named; Scopus's
 * `[No author name available]`: none at all.
 */
const NO_ONE = /^(?:others|et al\.?|\[no author name available\])$/i;
/** `et al.` after a name, with no separator before it. */
const GLUED_ET_AL = /\s+et al\.?$/i;
/** An `and` between two names, with the comma of a list's last one (`A, B, and C`). */
const AND = /,?\s+and\s+/i;
/** `Last, First`: family name (its lower-case particles before it), one comma, given names. */
const ONE_TURNED_NAME = /^(?:\p{Ll}+ )*[\p{Lu}\p{Lo}][\p{L}\p{M}'’-]*, ?[^,]+$/u;
/**
 * The text without its asides in brackets (an affiliation, never part of a name), nested ones
 * whole: arXiv writes `A. Author (1), B. Author (2) ((1) Univ. X, (2) Univ. Y)`, whose commas
 * split no names. A bracket never closed is kept with what follows it. Linear.
 */
function withoutAsides(text: string): string {
  if (!text.includes('(')) return text;
  let out = '';
  let depth = 0;
  let opened = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '(') {
      if (depth === 0) opened = i;
      depth++;
    } else if (c === ')' && depth > 0) depth--;
    else if (depth === 0) out += c;
  }
  return depth > 0 ? out + text.slice(opened) : out;
}

function namesOfString(value: string): string[] {
  // White space collapsed first: every pattern below then meets single spaces (linear).
  const collapsed = value.replace(/\s+/g, ' ');
  // An author list that is all aside (`(The CMS Collaboration)`) is its brackets' text.
  const outside = withoutAsides(collapsed);
  const text = outside.trim() === '' ? collapsed.replace(/[()]/g, '') : outside;
  if (text.includes(';')) return text.split(';').map(turnedRound);
  // One author as `Last, First` (`Ferreira, Luís`, `de la Cruz, María`): a lone family name before
  // the only comma, where a list would have a whole name (`Kaiming He, Jian Sun`).
  if (!AND.test(text) && ONE_TURNED_NAME.test(text.trim())) return [turnedRound(text)];
  if (!AND.test(text)) return text.split(',').map(cleanName);
  const parts = text.split(AND);
  // `Last, First and Last, First`: one comma in every name, never a list's commas.
  if (parts.every((part) => part.split(',').length === 2)) return parts.map(turnedRound);
  return parts.flatMap((part) => part.split(',')).map(cleanName);
}

/**
 * `Last, First` or `Last F.` → `First Last`, `F. Last`; any other name as it is (both cleaned). A Chinese, Japanese or
 * Korean name in its own script keeps the family name first and no space (`王, 小明` → `王小明`),
 * as it is written.
 */
export function turnedRound(name: string): string {
  const cleaned = cleanName(name);
  // Scopus's `Authors`: the family name, then the initials (`Anderson R.C.`, `Van Damme J.-P.`).
  const initialsLast = /^(\p{L}[^,]*?) ((?:\p{Lu}\.-?)+)$/u.exec(cleaned);
  if (initialsLast) return `${initialsLast[2]} ${initialsLast[1]}`;
  const turned = /^([^,]+), ?([^,]+)$/.exec(cleaned);
  if (!turned) return cleaned;
  const [, family, given] = turned as unknown as [string, string, string];
  if (EAST_ASIAN_NAME.test(family) && EAST_ASIAN_NAME.test(given)) return `${family}${given}`;
  return `${given} ${family}`;
}

/** A name part written in Han, Hiragana, Katakana or Hangul only. */
const EAST_ASIAN_NAME = /^[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}ー・]+$/u;

/** A name without e-mail address, contact mark (`*`), TeX accents or extra white space. */
function cleanName(name: string): string {
  return decodeTexName(name)
    .replace(EMAIL, '')
    .replace(/\*+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `"a, b; c"` or a list → keywords, trimmed, without duplicates. */
export function splitKeywords(value: string | readonly string[] | undefined): string[] {
  if (value === undefined) return [];
  const parts = typeof value === 'string' ? value.split(/[;,]/) : value;
  const cleaned = parts.map((part) => part.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return [...new Set(cleaned)];
}

/** A four-digit year in a field (`2026`, `"2026-05-01"`), or undefined. */
export function readYear(value: string | number | undefined): number | undefined {
  const match = /(?<![\d.])(1[89]\d\d|20\d\d|2100)(?![\d.])/.exec(String(value ?? ''));
  return match ? Number(match[1]) : undefined;
}

/** `17135--17175`, `17135–17175`, `e1234`, `12-20` → first and last page; undefined for none. */
export function readPages(value: string | undefined): Publication['pages'] {
  const parts = value
    ?.split(/\s*(?:-+|–|—)\s*/)
    .map((part) => part.trim())
    .filter((part) => part !== '' && part.length <= 20);
  // A DOI or note where the pages should be (EndNote's `SP  - DOI: 10.1111/…`) is no page.
  if (parts?.some((part) => /[:/]/.test(part))) return undefined;
  if (!parts || parts.length === 0 || parts.length > 2) return undefined;
  const [first, last] = parts as [string, string | undefined];
  return last === undefined || last === first ? { first } : { first, last };
}

/** `%zz` and other bad escapes are kept as written rather than thrown. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const OPENREVIEW = /^https?:\/\/(?:www\.)?openreview\.net\/(?:forum|pdf)\?(?:.*&)?id=([^&#\s]+)/i;
/** An OpenReview PDF given relative to the site, as API notes write it: `/pdf/3f…e2.pdf`. */
const OPENREVIEW_RELATIVE_PDF = /^\/(?:pdf|attachment)(?:\/[0-9a-f]{8,64}\.pdf|\?id=[\w-]+)$/i;
const OPENREVIEW_ID = /^[A-Za-z0-9_-]{1,64}$/;
const ARXIV =
  /^https?:\/\/(?:www\.)?(?:export\.)?arxiv\.org\/(?:abs|pdf)\/([^?#\s]+?)(?:\.pdf)?(?:[?#].*)?$/i;
/** An arXiv id without its version: new style `2401.01234`, old style `math.GT/0309136`. */
export const ARXIV_ID_PATTERN = String.raw`\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7}`;
const ARXIV_ID = new RegExp(String.raw`^(?:arXiv:)?((?:${ARXIV_ID_PATTERN})(?:v\d+)?)$`, 'i');
const DOI_URL = /^https?:\/\/(?:dx\.)?doi\.org\/(10\.\S+)$/i;
const DOI = /^(?:doi:\s*)?(10\.\d{4,9}\/\S+)$/i;

/** What a record gives about where the paper is, field by field, before it is sorted. */
export interface GivenLinks {
  url?: string;
  pdf?: string;
  doi?: string;
  /** An OpenReview forum id (`openreview = {…}` in PMLR's BibTeX, `forum` in OpenReview's JSON). */
  openreview?: string;
  /** An e-print id, with the archive it is in (`eprint` + `archivePrefix`). */
  eprint?: string;
  archivePrefix?: string;
}

/**
 * An arXiv id as arXiv writes it: an old-style id's archive in lower case and its subject class
 * in upper case (`MATH/0309136` → `math/0309136`, `math.gt/…` → `math.GT/…`); a new-style id as
 * it is. An upper-case archive stopped the whole ingest as a bad arXiv link.
 */
function canonicalArxivId(id: string): string {
  return id.replace(
    /^([a-z-]+)(\.[a-z]{2})?\//i,
    (_, archive: string, subject: string | undefined) =>
      `${archive.toLowerCase()}${subject?.toUpperCase() ?? ''}/`,
  );
}

/**
 * Sorts the URLs and ids a record gives into PDF, DOI, OpenReview, arXiv and landing page. Values
 * are kept as given (a bad one is reported by {@link linksProblem}, never silently dropped), except
 * that an OpenReview PDF path becomes its absolute URL.
 */
export function classifyPaperLinks(given: GivenLinks): PaperLinks {
  const links: PaperLinks = {};
  const openreviewId = given.openreview?.trim();
  if (openreviewId) {
    const fromUrl = OPENREVIEW.exec(openreviewId);
    links.openreview = fromUrl ? safeDecode(fromUrl[1]!) : openreviewId;
  }
  const eprint = given.eprint?.trim();
  const archive = given.archivePrefix?.trim().toLowerCase();
  if (eprint && (archive === undefined || archive === 'arxiv')) {
    const id = ARXIV_ID.exec(eprint) ?? ARXIV.exec(eprint);
    if (id) links.arxiv = id[1]!;
  }
  let pdf = given.pdf?.trim();
  if (pdf && OPENREVIEW_RELATIVE_PDF.test(pdf)) pdf = `https://openreview.net${pdf}`;
  for (const raw of [given.url, pdf, given.doi]) {
    const value = raw?.trim();
    if (!value) continue;
    const openreview = OPENREVIEW.exec(value);
    const arxiv = ARXIV.exec(value);
    const doi = DOI_URL.exec(value) ?? DOI.exec(value);
    if (openreview) links.openreview ??= safeDecode(openreview[1]!);
    else if (arxiv) links.arxiv ??= arxiv[1]!;
    else if (doi) links.doi ??= safeDecode(doi[1]!);
    else if (ARXIV_ID.test(value) && /^\d/.test(value)) links.arxiv ??= ARXIV_ID.exec(value)![1]!;
    const isPdf = value === pdf || /\.pdf(?:[?#].*)?$/i.test(value);
    if (isPdf && !doi) links.pdf ??= value;
    else if (!openreview && !arxiv && !doi && !ARXIV_ID.test(value)) links.page ??= value;
  }
  if (links.arxiv) links.arxiv = canonicalArxivId(links.arxiv);
  return links;
}

/** Why a record's links cannot be published (a `javascript:` URL, a malformed DOI…), or null. */
export function linksProblem(links: PaperLinks): string | null {
  const parsed = PaperLinksSchema.safeParse(links);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? 'link');
  const value = String((links as Record<string, unknown>)[field] ?? '');
  const shown = value.length > 60 ? `${value.slice(0, 57)}…` : value;
  return `bad ${field} link ${JSON.stringify(shown)}: ${issue.message}`;
}

/** Whether an OpenReview id is well formed (a forum id, not a URL or free text). */
export function isOpenReviewId(value: string): boolean {
  return OPENREVIEW_ID.test(value);
}

/** `Proceedings of the 40th …`: the words a booktitle opens with that say nothing of the venue. */
const PROCEEDINGS_OF = /^(?:the\s+)?proceedings\s+of\s+(?:the\s+)?/i;

/**
 * Columns that name a paper's source, journal or series alike (Scopus's `Source title`, Web of
 * Science's `SO`): for a conference paper it may be the series ("Proceedings of Machine Learning
 * Research", "Lecture Notes in Computer Science"), so it is never read as a booktitle.
 */
const SOURCE_COLUMNS: ReadonlySet<string> = new Set(['sourcetitle', 'so']);

/** A web page's slug: lower-case words and numbers joined by hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)+$/;

/**
 * A venue's acronym, as a pattern: a word of two capitals or more (digits and hyphens allowed after
 * the first: `NeurIPS`, `P3HPC`, `SBAC-PAD`), its second capital the first after its opening one.
 * Matched so, a long word is tried at one split, not at each in turn (20,000 capitals took 1 s).
 * `extra` adds characters a word may hold (ACM's series: `&`).
 */
function acronymPattern(extra = ''): string {
  return `\\p{Lu}[\\p{Ll}\\p{Lt}\\p{Lm}\\p{Lo}\\d${extra}-]*\\p{Lu}[\\p{L}\\d${extra}-]*`;
}
const ACRONYM = acronymPattern();
/** A year of a meeting's name. */
const YEAR = '(?:19|20)\\d\\d';

/** A meeting, its year and a number after it (Papers with Code's `NeurIPS 2018 12`). */
const MEETING = new RegExp(`^(${ACRONYM}) (${YEAR})(?: \\d+)?$`, 'u');

/** One comma-separated part of a booktitle that is a venue's acronym and year (`NeurIPS 2019`). */
const ACRONYM_WITH_YEAR = new RegExp(`^${ACRONYM} ${YEAR}$`, 'u');

/**
 * The acronym and year a booktitle names among its comma-separated parts, as dblp writes them
 * (`Advances in … Systems 32: Annual Conference …, NeurIPS 2019, 8-14 December 2019, Vancouver…`),
 * or opening it, as Scopus does (`ICLR 2021 - 9th International Conference on …`). `year`, the
 * record's, is the year of a meeting's name that closes with its acronym and says no year.
 */
function acronymWithYear(booktitle: string, year?: number): string | undefined {
  const parts = booktitle.split(',').map((part) => part.replace(/\s+/g, ' ').trim());
  const at = parts.findIndex((part) => ACRONYM_WITH_YEAR.test(part));
  // `Workshop on Efficient Systems…, ICML 2023` and `Findings of the ACL, ACL 2023` are not the
  // meeting their acronym names: they keep their own name.
  if (at !== -1 && !SATELLITE.test(parts.slice(0, at).join(' '))) return parts[at];
  // Scopus names a proceedings by its own acronym and year first, its long name after a spaced
  // dash: `SIGIR 2020 - Proceedings of the 43rd International ACM SIGIR Conference on …`.
  const leading = LEADING_ACRONYM.exec(parts[0] ?? '');
  if (leading) return leading[1];
  // IEEE's and others' names end with the acronym in brackets, the year elsewhere in the name:
  // `2022 IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)` → `CVPR 2022`;
  // Web of Science's conference title (`39th International Conference on Machine Learning
  // (ICML)`) leaves the year to its date and the record's.
  const bracketed = BRACKETED_ACRONYM.exec(booktitle.trim());
  if (!bracketed) return undefined;
  if (bracketed[2] !== undefined) return `${bracketed[1]} ${bracketed[2]}`;
  const named = readYear(booktitle) ?? year;
  return named === undefined ? undefined : `${bracketed[1]} ${named}`;
}

/** A name opening with its acronym and year, then ` - ` and its long name (Scopus's). */
const LEADING_ACRONYM = new RegExp(`^(${ACRONYM} ${YEAR}) - \\S`, 'u');

/** An ACM series: a meeting's acronym and its year's last two digits (`SAC '26`, `CHI ’23`). */
const ACM_SERIES = new RegExp(`^(${acronymPattern('&')}) ?['’](\\d\\d)$`, 'u');

/**
 * The short name an ACM Digital Library export gives as its `series` (`SAC '26` → `SAC`), or the
 * acronym of a series written `ACRONYM YEAR`, for a file with no `shortname`: the card then reads
 * `SAC 2026`, not `ACM/SIGAPP Symposium on Applied Computing 2026`. Not for a satellite's
 * booktitle (`Companion Proceedings of the ACM Web Conference 2023` is no `WWW 2023` paper), nor
 * when the series' year is not the record's.
 */
export function seriesShortName(
  series: string | undefined,
  booktitle: string | undefined,
  year: number | undefined,
): string | undefined {
  const trimmed = series?.replace(/\s+/g, ' ').trim() ?? '';
  if (SATELLITE.test(booktitle ?? '')) return undefined;
  const acm = ACM_SERIES.exec(trimmed);
  if (acm) return year === undefined || year % 100 === Number(acm[2]) ? acm[1] : undefined;
  if (!ACRONYM_WITH_YEAR.test(trimmed)) return undefined;
  const named = Number(trimmed.slice(-4));
  return year === undefined || year === named ? trimmed.slice(0, -5) : undefined;
}

/**
 * The short name dblp's key gives a conference paper (`DBLP:conf/nips/VaswaniSPUJGKP17` → `NIPS`),
 * for a booktitle that names no acronym itself (dblp's before 2018: `Advances in … Systems 30:
 * Annual Conference on Neural Information Processing Systems 2017, December 4-9, 2017, …`).
 */
export function dblpShortName(key: string, booktitle: string | undefined): string | undefined {
  if (booktitle === undefined || acronymWithYear(booktitle) !== undefined) return undefined;
  return /^DBLP:conf\/([a-z][a-z0-9]{1,15})\//i.exec(key)?.[1]?.toUpperCase();
}

/** Whether a venue value names its acronym and year (`…, ICML 2022`, `… (CVPR 2022)`). */
function namesAcronym(value: unknown): boolean {
  return typeof value === 'string' && acronymWithYear(value) !== undefined;
}

/** A name for a venue beside a meeting, published under the meeting's acronym: kept whole. */
const SATELLITE = /\b(?:workshops?|findings|companion)\b/i;

/**
 * An acronym in brackets closing a name, with or without its year: `(CVPR)`, `(ICLR 2022)`,
 * `(P3HPC)` (an acronym may hold digits after its first capital, as dblp's `P3HPC 2020`).
 */
const BRACKETED_ACRONYM = new RegExp(`\\((${ACRONYM})(?: (${YEAR}))?\\)$`, 'u');

/**
 * An item type that says the venue is a conference's proceedings: Zotero's `conferencePaper`,
 * Scopus's `Conference paper`, Web of Science's `Proceedings Paper` (its `DT` may list two types:
 * `Article; Proceedings Paper`), IEEE Xplore's `IEEE Conferences` (and `IET Conferences`, `VDE
 * Conferences`, older exports' `IEEE Conference Publications`), Crossref's `proceedings-article`.
 */
const CONFERENCE_PAPER = /conference|proceedings/i;

/**
 * An item type that says the venue is a journal: Zotero's `journalArticle`, Scopus's and Web of
 * Science's `Article` and `Review`, IEEE Xplore's `IEEE Journals`, `IEEE Magazines`, `IEEE Early
 * Access Articles` and `IET/AIP Journals & Magazines`, Crossref's `journal-article`. A conference's
 * type wins (`proceedings-article`).
 */
const JOURNAL_ARTICLE = /journal|magazine|early access|\barticle|\breview/i;

/**
 * An item type that says the paper is a preprint: Zotero's `preprint`, Crossref's `posted-content`,
 * and the arXiv records read here (arXiv's metadata snapshot, its API's Atom feed). Cited as
 * `@misc`, as arXiv's own BibTeX export cites it, never as a proceedings paper.
 */
const PREPRINT = /^(?:preprint|posted-content)$/i;

/** Whether a record's item type, or one of the types it lists at `;`, is {@link CONFERENCE_PAPER}. */
function isConferencePaper(kind: string | undefined): boolean {
  return kind !== undefined && kind.split(';').some((type) => CONFERENCE_PAPER.test(type.trim()));
}

/** Whether a record's item type is a journal's ({@link JOURNAL_ARTICLE}), and no conference's. */
function isJournalArticle(kind: string | undefined): boolean {
  return (
    kind !== undefined &&
    !isConferencePaper(kind) &&
    kind.split(';').some((type) => JOURNAL_ARTICLE.test(type.trim()))
  );
}

/** A meeting's number opening its name: `39th International Conference…`. */
const ORDINAL = /^\d+(?:st|nd|rd|th)\s+/i;

/**
 * The venue as a reader sees it on a card: the short name and year (`ICML 2023`) when the file
 * gives a short name, or the venue or booktitle names one among its parts (dblp's booktitles,
 * Scopus's `Conference name`: `39th International Conference on Machine Learning, ICML 2022`) or
 * at its start (Scopus's `ICLR 2021 - 9th …`), or a booktitle closes with it (`… (ICML)`),
 * else the venue or journal as written or the booktitle without its "Proceedings of the" opening
 * and its number, with the year added when it does not say it.
 */
export function venueLabel(venue: {
  shortName?: string;
  booktitle?: string;
  journal?: string;
  venue?: string;
  year?: number;
}): string | undefined {
  // A venue of unknown kind may be a journal ("Proceedings of the IEEE", "Proceedings of the
  // VLDB Endowment"): only its acronym and year are read, never its words dropped.
  const name =
    venue.shortName ??
    (venue.venue && (acronymWithYear(venue.venue) ?? venue.venue)) ??
    (venue.booktitle &&
      (acronymWithYear(venue.booktitle, venue.year) ??
        venue.booktitle.replace(PROCEEDINGS_OF, '').replace(ORDINAL, ''))) ??
    venue.journal;
  const trimmed = name?.replace(/\s+/g, ' ').trim();
  if (!trimmed) return undefined;
  if (venue.year === undefined || readYear(trimmed) !== undefined) return trimmed;
  return `${trimmed} ${venue.year}`;
}

/**
 * OpenReview's venue id (`ICLR.cc/2024/Conference`) as a label (`ICLR 2024`): the organiser's
 * name without its domain, and the year. Undefined when it holds no year.
 */
export function venueFromVenueId(venueId: string | undefined): string | undefined {
  if (!venueId) return undefined;
  const parts = venueId.split('/');
  const at = parts.findIndex((part, i) => i > 0 && /^(?:19|20)\d\d$/.test(part));
  if (at < 1) return undefined;
  // The venue is the part just before the year: `ICLR.cc/2026/…` → ICLR, but
  // `colmweb.org/COLM/2026/…` → COLM and `aclweb.org/ACL/ARR/2026/…` → ARR, not the host.
  const name = parts[at - 1]!.replace(/\.(?:cc|org|net|com|io|kr|edu)$/i, '').trim();
  // A track after the year other than the main one (`ICLR.cc/2026/Workshop/Gen2`) is named too.
  const track = parts
    .slice(at + 1)
    .filter((part) => !/^(?:conference|main)$/i.test(part))
    .join(' ')
    .replace(/_/g, ' ');
  return name ? `${name} ${parts[at]}${track ? ` ${track}` : ''}` : undefined;
}

/**
 * Whether an OpenReview `venueid` says the paper was not accepted (`…/Rejected_Submission`,
 * `…/Withdrawn_Submission`, `…/Desk_Rejected_Submission`, or `…/Submission` while under review):
 * its venue is then what the note's own `venue` text says ("Submitted to ICLR 2026").
 */
export function notAccepted(venueId: string | undefined): boolean {
  return /\/(?:[A-Za-z_]*_)?Submission$/.test(venueId ?? '');
}

/**
 * `run()` with V8's stack traces off: an exported file may hold a million bad rows, each one an
 * error object from the parser (csv-parse's `CsvError` for a ragged row, `JSON.parse`'s
 * `SyntaxError`), and capturing a stack for each took 40 % of reading them. The errors are read
 * for their messages only; the limit is restored however `run()` ends.
 */
export function withoutStackTraces<T>(run: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return run();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** A column or field name as compared: lower case, letters and digits only (`Paper Title` → `papertitle`). */
export function columnKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Whether a column holds the abstract (`Abstract`, `Abstract Note`, Web of Science's `AB`…). */
export function isAbstractColumn(name: string): boolean {
  const key = columnKey(name);
  return /abstract/.test(key) || FIELD_NAMES.abstract!.includes(key);
}

/**
 * The names conference tools give each field (docs/formats.md), by {@link columnKey}. A field not
 * named here is not read: reviewer, decision and comment columns never reach the site.
 */
const FIELD_NAMES: Record<string, readonly string[]> = {
  id: ['id', 'paperid', 'submissionid', 'forum', 'key', 'ut'],
  // `Document Title`: IEEE Xplore's CSV export.
  title: ['title', 'papertitle', 'submissiontitle', 'ti', 'documenttitle'],
  // `Abstract Note`: Zotero's CSV export. Two-letter names (`AB`, `TI`, `AU`, `PY`, `SO`, `DI`,
  // `DE`, `UT`) are Web of Science's tab-delimited export's columns.
  abstract: ['abstract', 'paperabstract', 'abstracttext', 'tldrabstract', 'abstractnote', 'ab'],
  authors: ['authors', 'author', 'authornames', 'authorlist', 'authorsnames', 'au'],
  // Scopus's `Author full names` and Web of Science's `AF` beside their initials-only `Authors`
  // and `AU` ("Anderson R.C."): the names as written win (see `namedFields`).
  fullAuthors: ['authorfullnames', 'af'],
  // `Manual Tags`: Zotero's; `Author Keywords`: Scopus's.
  keywords: ['keywords', 'keyword', 'authorkeywords', 'manualtags', 'de'],
  // `url_abs`, `conference_url_abs` and their PDFs: Papers with Code's.
  url: ['url', 'link', 'paperurl', 'landingpage', 'html', 'urlabs', 'conferenceurlabs'],
  pdf: ['pdf', 'pdfurl', 'pdflink', 'urlpdf', 'conferenceurlpdf'],
  doi: ['doi', 'di'],
  arxiv: ['arxiv', 'arxivid', 'eprint'],
  // `Conference Name` and `Publication Title`: Zotero's; `Source title`: Scopus's; `CT`, the
  // conference title, Web of Science's (its `CY` date gives a year, its `CL` place is not read).
  venue: ['venue', 'conference', 'conferencename', 'publicationtitle', 'sourcetitle', 'so', 'ct'],
  // Papers with Code's `proceeding` (`NeurIPS 2018 12`: the meeting, its year and a number).
  proceeding: ['proceeding'],
  booktitle: ['booktitle'],
  journal: ['journal', 'journaltitle'],
  volume: ['volume'],
  issue: ['issue', 'is'],
  venueid: ['venueid'],
  // Zotero's `Item Type` (`conferencePaper`), Scopus's `Document Type` (`Conference paper`), Web
  // of Science's `DT` (`Proceedings Paper`), IEEE Xplore's `Document Identifier` (`IEEE
  // Conferences`), Crossref's and OpenAlex's `type_crossref` (`proceedings-article`): a
  // conference paper's venue is a booktitle, read as one; a journal article's a journal.
  kind: ['itemtype', 'documenttype', 'dt', 'documentidentifier', 'typecrossref'],
  // CMT's `Status` (`Accept`, `Reject`): read only to leave out what was not accepted.
  status: ['status', 'decision', 'paperstatus'],
  // `Publication Year`: Zotero's; a date (`2018-05-27`, Zotero's `Date`, Papers with Code's
  // `date` and `published`) when no column gives the year alone.
  year: ['year', 'publicationyear', 'py'],
  // Web of Science's `CY` is the conference's date (`DEC 06-14, 2021`).
  date: ['date', 'published', 'publicationdate', 'cy'],
  pages: ['pages'],
};
const FIELD_BY_KEY = new Map(
  Object.entries(FIELD_NAMES).flatMap(([field, names]) => names.map((name) => [name, field])),
);

/** A field that holds e-mail addresses (`email`, `Author Emails`, `contact_email`): never read. */
export function isEmailField(name: string): boolean {
  return /mails?$/.test(columnKey(name));
}

/** {@link EMAIL} without the global flag: a test that keeps no position between calls. */
const HOLDS_EMAIL = new RegExp(EMAIL.source, 'i');

/** Whether a field's value (a string, or a list of them) holds an e-mail address. */
function holdsEmail(value: unknown): boolean {
  // A list walked without recursion: a field nested 20,000 lists deep overflowed the stack.
  const waiting: unknown[] = [value];
  while (waiting.length > 0) {
    const next = waiting.pop();
    if (typeof next === 'string') {
      if (next.includes('@') && HOLDS_EMAIL.test(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) waiting.push(item);
    }
  }
  return false;
}

/**
 * The problem of a file whose records all lack an abstract (a metadata-only export): nothing to
 * build a site from, so not merely left out. Null when any record was read or had another problem.
 */
function noAbstractAtAll(
  file: string,
  records: number,
  problems: number,
  skipped: readonly Problem[],
): Problem | null {
  const count = leftOutCount(skipped);
  if (records > 0 || problems > 0 || count === 0) return null;
  const reason =
    count === 1
      ? 'no records: its one record has no abstract or was not accepted'
      : `no records: none of its ${formatCount(count)} records has an abstract and was accepted`;
  return { file, line: skipped[0]!.line, reason };
}

/**
 * Names a record left out (no paper): the first {@link MAX_LISTED_PROBLEMS} of a file each, the
 * rest only counted, on one more entry (`more`) at the first of them.
 */
export function leaveOut(skipped: Problem[], left: Problem): void {
  if (skipped.length < MAX_LISTED_PROBLEMS) {
    skipped.push(left);
    return;
  }
  const last = skipped.at(-1)!;
  if (last.more !== undefined) last.more += 1;
  else skipped.push({ file: left.file, line: left.line, reason: '', more: 1 });
}

/** How many records a file's {@link leaveOut} list stands for. */
export function leftOutCount(skipped: readonly Problem[]): number {
  return skipped.reduce((sum, left) => sum + (left.more ?? 1), 0);
}

/** What a file's rows come to as the JSON, CSV and RIS readers read them with {@link addRow}. */
export interface Rows {
  records: ImportedRecord[];
  problems: Problem[];
  /** Records without an abstract, left out and named. */
  skipped: Problem[];
  emailsDropped: number;
  /** The reader's {@link RecordCheck}, if any. */
  check?: RecordCheck;
}

export function newRows(check?: RecordCheck): Rows {
  return { records: [], problems: [], skipped: [], emailsDropped: 0, ...(check ? { check } : {}) };
}

/**
 * Reads one row ({@link readRow}) into `rows`. False when the reader should stop: the file's
 * problems are then past {@link MAX_BAD_ROWS}, and one more says so at this row's line.
 */
export function addRow(
  rows: Rows,
  value: unknown,
  place: RowPlace,
  keys: Map<string, number>,
): boolean {
  const read = readRow(value, place, keys);
  const checked = 'record' in read ? (rows.check?.(read.record) ?? null) : null;
  if ('problem' in read) rows.problems.push(read.problem);
  else if ('skipped' in read) leaveOut(rows.skipped, read.skipped);
  else if (checked !== null)
    rows.problems.push({ file: place.file, line: place.line, reason: checked });
  else {
    rows.records.push(read.record);
    if (read.hadEmail) rows.emailsDropped += 1;
  }
  return readsOn(rows.problems, place);
}

/**
 * Whether a reader with these problems reads on; past {@link MAX_BAD_ROWS} it stops, and one more
 * problem says so at `place`'s line.
 */
export function readsOn(problems: Problem[], place: { file: string; line: number }): boolean {
  if (problems.length <= MAX_BAD_ROWS) return true;
  // Said once, where the reader stopped.
  if (!problems.some((problem) => problem.stop))
    problems.push(stoppedReading(place.file, place.line));
  return false;
}

/**
 * The file read: `found` is every record found, readable or not; the ones left out are not
 * counted, and a file none of whose records has an abstract is one problem.
 */
export function finishRows(file: string, rows: Rows, found: number): ReadStructuredDump {
  const { records, problems, skipped, emailsDropped } = rows;
  const none = noAbstractAtAll(file, records.length, problems.length, skipped);
  return {
    records,
    problems: none ? [none] : problems,
    emailsDropped,
    count: Math.max(found - leftOutCount(skipped), 1),
    venue: null,
    ...(skipped.length > 0 && !none ? { skipped } : {}),
  };
}

/** A decision that is no acceptance: rejected, withdrawn, desk-rejected. */
const NOT_ACCEPTED_STATUS = /\b(?:reject|withdraw|desk)/i;
/** An exporter's note standing in for an abstract: short, all in one pair of brackets. */
const NO_ABSTRACT_NOTE = /^\[[^[\]]{1,60}\]$/;

/**
 * Why a row with an abstract is still left out, or null: a note in brackets where the abstract
 * should be (Scopus: `[No abstract available]`), or a submission a conference tool says was not
 * accepted, which is confidential and never published (docs/formats.md; a red team's CMT export
 * with `Status` `Reject` was). Read from the fields as written, before the schema's check.
 */
/**
 * arXiv's notice in place of a withdrawn or removed e-print's abstract, which its API and metadata
 * still list: `This paper has been withdrawn by the author due to …`, `This submission has been
 * removed by arXiv administrators because …`, `The authors have withdrawn this paper …`,
 * `Withdrawn.`. The notice's own shape only: the e-print as subject, then withdrawn or removed,
 * then nothing, `by`, or a reason; `This paper studies how liquidity is withdrawn …` is an abstract.
 */
const ARXIV_WITHDRAWN = new RegExp(
  [
    String.raw`^\W*(?:this|the) (?:paper|submission|article|manuscript|preprint|version|work) (?:has been|have been|was|is) (?:temporarily |permanently )?(?:withdrawn|removed)(?=\s*(?:[.;:,]|$)|\s+(?:by|due|because|owing|for|at)\b)`,
    String.raw`^\W*(?:the )?authors? (?:have |has )?(?:withdrawn|withdrew) (?:this|the) (?:paper|submission|article|manuscript|preprint)\b`,
    String.raw`^\W*withdrawn\s*[.!]?\s*$`,
  ].join('|'),
  'i',
);

function leftOutReason(fields: Record<string, unknown>, index: number): string | null {
  // As the schema reads them: one more `{ "value": … }` wrapper taken off (OpenReview nests two).
  const given = unwrap(fields.abstract);
  const decision = unwrap(fields.status);
  const abstract = typeof given === 'string' ? given.trim() : '';
  const status = typeof decision === 'string' ? decision.trim() : '';
  const note = NO_ABSTRACT_NOTE.test(abstract);
  const withdrawn = fields.arxiv !== undefined && ARXIV_WITHDRAWN.test(abstract);
  if (!note && !withdrawn && !(status !== '' && NOT_ACCEPTED_STATUS.test(status))) return null;
  const named = writtenId(fields);
  const label =
    named !== '' && named.length <= GIVEN_TEXT_LIMITS.venue ? `record ${named}` : `record ${index}`;
  if (withdrawn) {
    return `${label} is withdrawn (${JSON.stringify(abstract.slice(0, 80))}): left out`;
  }
  return note
    ? `${label} has no abstract (${JSON.stringify(abstract)}): left out`
    : `${label} has status ${JSON.stringify(status.slice(0, 40))}: left out (only accepted papers are published)`;
}

/** A row's id as written (trimmed), before the schema's check; empty when it gives none. */
function writtenId(fields: Record<string, unknown>): string {
  const id = fields.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id).trim() : '';
}

/** Takes `key` for the row at `line`, or says which earlier row of the file has it. */
function claimId(keys: Map<string, number>, key: string, line: number): string | null {
  const first = keys.get(key);
  if (first !== undefined) return `duplicate id "${key}" (first at line ${first})`;
  keys.set(key, line);
  return null;
}

/** Where a row is, to name it in problems. */
export interface RowPlace {
  file: string;
  line: number;
  index: number;
}

/** OpenReview's `{ "value": … }` wrapper (API v2) around a field, removed. */
export function unwrap(value: unknown): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'value' in value
    ? (value as { value: unknown }).value
    : value;
}

/**
 * A row's fields under the names the readers use. An OpenReview note (`id`, `forum`, `content: {…}`,
 * API v1 plain or v2 `{value}`-wrapped) is flattened: its content fields, its forum id.
 */
function namedFields(value: Record<string, unknown>): {
  fields: Record<string, unknown>;
  hadEmail: boolean;
  forum: string | undefined;
  /** An OpenReview note's publication (or else creation) year, when nothing else gives one. */
  dateYear: number | undefined;
  /** Whether the venue read is a source column's ({@link SOURCE_COLUMNS}). */
  venueIsSource: boolean;
  /** Why the record's fields cannot be read (an OpenAlex abstract index out of bounds). */
  invalid?: string | undefined;
  /** Whether the title is TeX, as arXiv's are (`From dyadic $\Lambda_{\alpha}$ to …`). */
  texTitle: boolean;
} {
  const fields: Record<string, unknown> = {};
  let venueIsSource = false;
  let hadEmail = false;
  let forum: string | undefined;
  let dateYear: number | undefined;
  // Scopus gives the pages as two columns, `Page start` and `Page end`; Web of Science `BP`, `EP`.
  let pageStart: unknown;
  let pageEnd: unknown;
  let accession: unknown;
  const take = (name: string, field: unknown) => {
    const key = columnKey(name);
    if (key === 'forum' && typeof field === 'string') forum ??= field.trim();
    // IEEE Xplore's are `Start Page` and `End Page`.
    if (key === 'pagestart' || key === 'bp' || key === 'startpage') pageStart ??= field;
    if (key === 'pageend' || key === 'ep' || key === 'endpage') pageEnd ??= field;
    if (key === 'ut') accession ??= field;
    const unwrapped = unwrap(field);
    const known = isEmailField(name) ? undefined : FIELD_BY_KEY.get(key);
    if (known === undefined) {
      // Not read, so never published; counted when it held an address, so the summary can say so.
      hadEmail ||= holdsEmail(unwrapped);
      return;
    }
    const names = known === 'authors' || known === 'fullAuthors';
    if (names) hadEmail ||= holdsEmail(unwrapped);
    const read = names
      ? authorNames(unwrapped)
      : known === 'keywords'
        ? keywordLabels(unwrapped)
        : unwrapped;
    // A blank value is none: a whitespace-only `Status` must not hide a `Decision` column.
    if (read === null || (typeof read === 'string' && read.trim() === '')) return;
    // Scopus gives `Source title` (a series: "Proceedings of Machine Learning Research", "Lecture
    // Notes in Computer Science…") and, for a conference paper, `Conference name`, which names
    // the meeting (often its acronym and year): a venue naming an acronym and year wins over one
    // that does not, and else the meeting over a source.
    // A page's slug (Papers with Code's `conference`: `dynamic-network-model-from-partial-1`)
    // names no venue.
    if (known === 'venue' && typeof read === 'string' && SLUG.test(read.trim())) return;
    const wins =
      fields.venue === undefined ||
      (namesAcronym(read) && !namesAcronym(fields.venue)) ||
      (venueIsSource &&
        !SOURCE_COLUMNS.has(key) &&
        namesAcronym(read) === namesAcronym(fields.venue));
    if (known === 'venue' && wins) {
      fields.venue = read;
      venueIsSource = SOURCE_COLUMNS.has(key);
    } else fields[known] ??= read;
  };
  const content = objectOf(value.content);
  if (content !== null) {
    // An OpenReview note: the forum is the paper's id; `authorids` (profile ids and e-mails) is not read.
    for (const [name, field] of Object.entries(content)) take(name, field);
    take('id', value.forum ?? value.id);
    const date = [value.pdate, value.odate, value.cdate].find((d) => typeof d === 'number');
    if (typeof date === 'number') dateYear = new Date(date).getUTCFullYear();
  }
  for (const [name, field] of Object.entries(value)) if (name !== 'content') take(name, field);
  // Web of Science's `UT` is its record's id; its `ID`, which comes first, is Keywords Plus.
  if ((typeof accession === 'string' && accession.trim() !== '') || typeof accession === 'number') {
    fields.id = accession;
  }
  const proceeding = typeof fields.proceeding === 'string' ? MEETING.exec(fields.proceeding) : null;
  if (proceeding && !namesAcronym(fields.venue)) {
    fields.venue = `${proceeding[1]} ${proceeding[2]}`;
    venueIsSource = false;
  }
  delete fields.proceeding;
  const date = fields.date;
  if (fields.year === undefined && (typeof date === 'string' || typeof date === 'number')) {
    fields.year = readYear(date);
  }
  delete fields.date;
  const openAlex = openAlexFields(value);
  if (openAlex !== null) {
    for (const [name, field] of Object.entries(openAlex.fields)) take(name, field);
    pageStart ??= openAlex.firstPage;
    pageEnd ??= openAlex.lastPage;
  }
  if (fields.fullAuthors !== undefined) fields.authors = fields.fullAuthors;
  delete fields.fullAuthors;
  if (fields.pages === undefined) {
    const [start, end] = [pageStart, pageEnd];
    if ((typeof start === 'string' || typeof start === 'number') && String(start).trim() !== '') {
      const last = typeof end === 'string' || typeof end === 'number' ? String(end).trim() : '';
      fields.pages = last === '' ? String(start).trim() : `${String(start).trim()}--${last}`;
    }
  }
  // Semantic Scholar's papers hold their identifiers and open-access PDF in objects of their own.
  const ids = objectOf(value.externalIds);
  if (ids !== null) {
    const { DOI, ArXiv } = ids;
    if (typeof DOI === 'string') take('doi', DOI);
    if (typeof ArXiv === 'string') take('arxiv', ArXiv);
  }
  const url = objectOf(value.openAccessPdf)?.url;
  if (typeof url === 'string') {
    take('pdf', url);
  }
  const arxiv = arxivFields(value);
  if (arxiv !== null) Object.assign(fields, arxiv);
  return {
    fields,
    hadEmail,
    forum,
    dateYear,
    venueIsSource,
    invalid: openAlex?.invalid,
    texTitle: arxiv !== null,
  };
}

/** The venue of an arXiv e-print, whichever export it came from (docs/formats.md). */
export const ARXIV_VENUE = 'arXiv';

/**
 * The fields of an arXiv record under the names the readers use, or null for no such record: a
 * line of arXiv's metadata snapshot (Kaggle's `arxiv-metadata-oai-snapshot.json`: `id`, `authors`,
 * `authors_parsed`, `versions`, `update_date`, `journal-ref`, `categories`…), or an entry of its
 * API's Atom feed, which ./atom.ts reads into the same fields. The id gives the arXiv link (its
 * abstract page and PDF), the first version's date the year (never `update_date`, the date the
 * metadata last changed), else the id's own year and month; the venue is arXiv and the paper is
 * cited as a preprint. `journal-ref` (free text, `Phys.Rev.D76:013009,2007`) and `categories`
 * (subject classes, `hep-ph`) are not read (docs/formats.md §10).
 */
function arxivFields(value: Record<string, unknown>): Record<string, unknown> | null {
  const { id, versions } = value;
  const parsedAuthors = value.authors_parsed;
  if (typeof id !== 'string' || !ARXIV_ID.test(id.trim())) return null;
  // An arXiv id alone says nothing; beside it, any field of arXiv's own (exports that drop the
  // list columns keep `categories`, `update_date`, `submitter`).
  const arxivOwn =
    Array.isArray(versions) ||
    Array.isArray(parsedAuthors) ||
    ['categories', 'update_date', 'submitter'].some((name) => typeof value[name] === 'string');
  if (!arxivOwn) return null;
  const list: unknown[] = Array.isArray(versions) ? versions : [];
  const first = list.map(objectOf).find((v) => v?.version === 'v1') ?? objectOf(list[0]);
  const created = first?.created;
  const year =
    (typeof created === 'string' ? readYear(created) : undefined) ?? arxivIdYear(id.trim());
  const fields: Record<string, unknown> = {
    // Without a version (`0704.0001v2`), as the Atom reader gives it: the link is then the paper's
    // latest version, and the same paper has one id in both exports (`arXiv:` is taken off with
    // every reader's, classifyPaperLinks).
    arxiv: id.trim().replace(/v\d+$/, ''),
    venue: ARXIV_VENUE,
    kind: 'preprint',
    ...(year !== undefined ? { year } : {}),
  };
  // `authors` is the list as submitted (`A, B and C`, accents in TeX, affiliations in brackets);
  // `authors_parsed` is arXiv's own split of it (`[last, first, suffix]`). The list as submitted
  // is read, unless the split of it finds another number of names than arXiv's (an affiliation
  // list `((1) Univ. X, (2) Univ. Y)` splits into more): arXiv's split is then the names.
  const parsed = parsedNames(parsedAuthors);
  const written = value.authors;
  if (
    parsed !== null &&
    (typeof written !== 'string' || splitNames(written).length !== parsed.length)
  ) {
    fields.authors = parsed;
  }
  return fields;
}

/** `authors_parsed`'s `[["Balázs", "C.", ""], ["Evans", "Neal J.", "II"]]` as names, or null. */
function parsedNames(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_AUTHORS) return null;
  const names: string[] = [];
  for (const parts of value as unknown[]) {
    if (!Array.isArray(parts) || !parts.every((part) => typeof part === 'string')) return null;
    const [last = '', given = '', suffix = ''] = parts as string[];
    const name = [given, last, suffix]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ');
    if (name === '') return null;
    names.push(name);
  }
  return names;
}

/**
 * The year an arXiv id was given, from the year and month it opens with: `0704.0001` (April 2007),
 * `math/0611846` (November 2006). Ids of the old form began in 1991.
 */
export function arxivIdYear(id: string): number | undefined {
  const yy = /^(?:arXiv:)?(?:[a-z-]+(?:\.[A-Z]{2})?\/)?(\d\d)(?:0[1-9]|1[0-2])/i.exec(id)?.[1];
  if (yy === undefined) return undefined;
  const year = Number(yy);
  return year >= 91 ? 1900 + year : 2000 + year;
}

/** A JSON object's own fields, or null for anything else. */
function objectOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** Keywords given as objects (OpenAlex's `{ "display_name": … }`) as their names. */
function keywordLabels(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((item: unknown) => {
    const named = objectOf(item);
    if (named === null) return item;
    const label = named.display_name ?? named.name ?? named.keyword;
    return typeof label === 'string' ? label : item;
  });
}

/**
 * An OpenAlex work's fields under the names the readers use, or null for no work
 * (docs.openalex.org, "Work object"): its abstract comes only as an inverted index (each word and
 * the positions it stands at), its authors in `authorships`, its venue, PDF and landing page in
 * `primary_location`, its volume and pages in `biblio`. `invalid` says why an index cannot be read.
 */
function openAlexFields(work: Record<string, unknown>): {
  fields: Record<string, unknown>;
  firstPage: unknown;
  lastPage: unknown;
  invalid?: string;
} | null {
  const index = objectOf(work.abstract_inverted_index);
  const authorships = work.authorships;
  const location = objectOf(work.primary_location) ?? objectOf(work.host_venue);
  if (index === null && !Array.isArray(authorships) && location === null) return null;
  const fields: Record<string, unknown> = {};
  let invalid: string | undefined;
  if (index !== null) {
    const rebuilt = invertedAbstract(index);
    if (typeof rebuilt === 'string') fields.abstract = rebuilt;
    else invalid = rebuilt.invalid;
  }
  if (Array.isArray(authorships)) {
    // An authorship without a name is said, never dropped: the order of the names is the credit.
    const names = authorships.map((authorship: unknown) => {
      const entry = objectOf(authorship);
      const name = objectOf(entry?.author)?.display_name ?? entry?.raw_author_name;
      return typeof name === 'string' && name.trim() !== '' ? name : null;
    });
    const unnamed = names.indexOf(null);
    if (unnamed !== -1) invalid ??= `authorships: author ${unnamed + 1} has no name`;
    fields.authors = names;
  }
  const source = objectOf(location?.source) ?? location;
  if (typeof source?.display_name === 'string') fields.venue = source.display_name;
  // A source's type tells a journal from a conference when Crossref's type is not given.
  if (typeof work.type_crossref !== 'string') {
    if (source?.type === 'conference') fields.type_crossref = 'proceedings-article';
    if (source?.type === 'journal') fields.type_crossref = 'journal-article';
  }
  if (typeof location?.pdf_url === 'string') fields.pdf = location.pdf_url;
  if (typeof location?.landing_page_url === 'string') fields.url = location.landing_page_url;
  const biblio = objectOf(work.biblio);
  // Only what is written as text or a number: an object here is no volume (a red team's).
  const written = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? value : undefined;
  const volume = written(biblio?.volume);
  const issue = written(biblio?.issue);
  if (volume !== undefined) fields.volume = volume;
  if (issue !== undefined) fields.issue = issue;
  return { fields, firstPage: biblio?.first_page, lastPage: biblio?.last_page, invalid };
}

/**
 * The text an inverted index holds: each word at each of its positions, in order, one space
 * between. Bounded before anything is built: the words it places may add up to no more than
 * {@link MAX_RAW_FIELD_CHARS} characters (a 1 MB word at 40,000 positions would be 40 GB), and no
 * position lies past them.
 */
function invertedAbstract(index: Record<string, unknown>): string | { invalid: string } {
  const invalid = (why: string) => ({ invalid: `abstract_inverted_index: ${why}` });
  const words: string[] = [];
  let length = 0;
  for (const [word, positions] of Object.entries(index)) {
    if (!Array.isArray(positions))
      return invalid(`"${word.slice(0, 40)}" has no list of positions`);
    for (const position of positions as unknown[]) {
      if (typeof position !== 'number' || !Number.isInteger(position) || position < 0) {
        return invalid(`"${word.slice(0, 40)}" has a position that is no whole number`);
      }
      length += word.length + 1;
      if (length > MAX_RAW_FIELD_CHARS || position >= MAX_RAW_FIELD_CHARS) {
        return invalid(`more than ${formatCount(MAX_RAW_FIELD_CHARS)} characters`);
      }
      if (words[position] !== undefined) {
        return invalid(
          `two words at position ${position} ("${words[position]!.slice(0, 40)}", "${word.slice(0, 40)}")`,
        );
      }
      words[position] = word;
    }
  }
  // Positions an index skips (a dropped word) leave no double space.
  return words.filter((word) => word !== '').join(' ');
}

/**
 * Author lists some OpenReview exports write as profiles (`[{"fullname": "Yuhao Luo",
 * "username": "~Yuhao_Luo1"}]`): their full names. Anything else is left for the schema to judge.
 */
function authorNames(value: unknown): unknown {
  if (!Array.isArray(value) || !value.some((a) => typeof a === 'object' && a !== null))
    return value;
  return value.map((author: unknown) => {
    if (typeof author !== 'object' || author === null) return author;
    const { fullname, name } = author as { fullname?: unknown; name?: unknown };
    return typeof fullname === 'string' ? fullname : typeof name === 'string' ? name : author;
  });
}

/** A venue column's value as the booktitle, journal or series its item type says it is. */
function typedVenue(
  venue: string | undefined,
  kind: string | undefined,
  venueIsSource: boolean,
): { booktitle?: string; journal?: string; series?: string } {
  if (venue === undefined) return {};
  if (isConferencePaper(kind)) return venueIsSource ? { series: venue } : { booktitle: venue };
  return isJournalArticle(kind) ? { journal: venue } : {};
}

/**
 * One JSON object or CSV row → a record, or the problem that keeps it out. `keys` remembers the ids
 * seen so far in the file (id → line), so a second row with the same id is reported.
 */
export function readRow(
  value: unknown,
  place: RowPlace,
  keys: Map<string, number>,
): { record: ImportedRecord; hadEmail: boolean } | { problem: Problem } | { skipped: Problem } {
  const { file, line, index } = place;
  // Semantic Scholar's batch lookup answers `null` for an id it does not know: no paper.
  if (value === null) {
    return { skipped: { file, line, reason: `record ${index} is null (no paper): left out` } };
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { problem: { file, line, reason: 'a record is a JSON object of fields' } };
  }
  const { fields, hadEmail, forum, dateYear, venueIsSource, invalid, texTitle } = namedFields(
    value as Record<string, unknown>,
  );
  if (invalid !== undefined) return { problem: { file, line, reason: invalid } };
  // No abstract, no paper (below): said before the schema's check, which costs ~50 µs a row and
  // would run for each of an export's thousands of empty records.
  const given = fields.abstract;
  if (given === undefined || given === null || (typeof given === 'string' && given.trim() === '')) {
    const named = writtenId(fields);
    const reason = `record ${named === '' ? index : named} has no abstract: left out`;
    return { skipped: { file, line, reason } };
  }
  // Left out before the schema's check too, which a file of 1,000,000 rejected rows or bracketed
  // notes ran for 42–68 s (a red team's). Its id still counts: one id under two decisions in one
  // export is a problem, whichever comes first.
  const leftOut = leftOutReason(fields, index);
  if (leftOut !== null) {
    const named = writtenId(fields);
    const duplicate =
      named !== '' && named.length <= GIVEN_TEXT_LIMITS.venue ? claimId(keys, named, line) : null;
    return duplicate
      ? { problem: { file, line, reason: duplicate } }
      : { skipped: { file, line, reason: leftOut } };
  }
  const parsed = ImportedRowSchema.safeParse(fields);
  if (!parsed.success) {
    return { problem: { file, line, reason: describeIssue(parsed.error.issues[0]!) } };
  }
  const row = parsed.data;
  const text = (v: string | number | null | undefined) =>
    v === null || v === undefined || String(v).trim() === '' ? undefined : String(v).trim();
  const key = text(row.id);
  // An id is printed in every message about its record and kept in the record's sources: a
  // 1,000,000-character one was published as it was (a red team's).
  if (key !== undefined && key.length > GIVEN_TEXT_LIMITS.venue) {
    const reason = `record ${index}: its id is too long: ${formatCount(key.length)} characters (at most ${formatCount(GIVEN_TEXT_LIMITS.venue)})`;
    return { problem: { file, line, reason } };
  }
  const label = key ? `record ${key}` : `record ${index}`;
  const duplicate = key === undefined ? null : claimId(keys, key, line);
  if (duplicate !== null) return { problem: { file, line, reason: duplicate } };
  // arXiv's text is TeX: its accents and text symbols decoded as a BibTeX abstract's (formulas
  // kept as written); `Schr\"odinger` read `Schr"odinger` on the page before.
  const tex = (value: string | undefined) =>
    texTitle && value !== undefined ? decodeAbstract(value) : value;
  // Braces are TeX's grouping, dropped when decoded: their depth is checked as written (as a
  // BibTeX abstract's is).
  const nesting = texTitle && row.abstract ? markupLimitProblem(String(row.abstract)) : null;
  if (nesting !== null) return { problem: { file, line, reason: nesting } };
  const abstract = tex(text(row.abstract));
  // No abstract, no paper: left out and named, as a BibTeX entry without one (Semantic Scholar's
  // exports give `"abstract": null` for many papers; docs/ingest.md).
  if (abstract === undefined)
    return { skipped: { file, line, reason: `${label} has no abstract: left out` } };
  // The venue's year (`ICLR.cc/2026/Conference`), not the note's dates: an ICLR 2026 paper is
  // posted in 2025.
  const year = readYear(row.year ?? undefined) ?? readYear(text(row.venueid)) ?? readYear(dateYear);
  const kind = text(row.kind);
  // A venue column (Scopus's `Source title`, Zotero's `Publication Title`, IEEE Xplore's) is the
  // booktitle of a conference paper and the journal of an article, as the item's type says; a
  // Scopus source beside a conference paper is a series ("Proceedings of Machine Learning
  // Research", "Lecture Notes in Computer Science"), which no meeting's name replaced.
  const typed =
    row.booktitle || row.journal ? {} : typedVenue(text(row.venue), kind, venueIsSource);
  const booktitle = text(row.booktitle) ?? typed.booktitle;
  const journal = booktitle ? undefined : (text(row.journal) ?? typed.journal);
  const volume = text(row.volume);
  const issue = text(row.issue);
  // OpenReview's `venue` of a paper under review or rejected says so (`Submitted to ICLR 2024`),
  // and its `venueid` ends in `…Submission` (docs/formats.md: acceptance is decided by it).
  const submitted =
    /^submitted to\b/i.test(text(row.venue) ?? '') ||
    notAccepted(text(row.venueid)) ||
    PREPRINT.test(kind ?? '');
  const venue =
    (submitted ? undefined : venueFromVenueId(text(row.venueid))) ??
    (isConferencePaper(kind) && (booktitle || !venueIsSource)
      ? venueLabel({ booktitle: booktitle ?? text(row.venue), year })
      : venueLabel({ venue: text(row.venue), booktitle, journal, year }));
  const links = classifyPaperLinks({
    url: text(row.url),
    pdf: text(row.pdf),
    doi: text(row.doi),
    eprint: text(row.arxiv),
    openreview: forum !== undefined && isOpenReviewId(forum) ? forum : undefined,
  });
  const linkProblem = linksProblem(links);
  if (linkProblem !== null) return { problem: { file, line, reason: linkProblem } };
  const pages = readPages(text(row.pages));
  return {
    hadEmail,
    record: {
      index,
      line,
      key,
      abstract,
      title: tex(text(row.title)),
      // arXiv's titles are TeX, as its abstracts are: their formulas typeset as a BibTeX title's.
      titleFormat: texTitle ? 'tex' : 'plain',
      authors: splitNames(row.authors ?? undefined),
      keywords: splitKeywords(row.keywords ?? undefined),
      venue,
      year,
      links,
      publication: {
        // A paper not (yet) accepted is no proceedings paper: cited as OpenReview cites it, @misc.
        ...(submitted
          ? { kind: 'misc' as const }
          : booktitle
            ? { booktitle, kind: 'inproceedings' as const }
            : journal
              ? { journal, kind: 'article' as const }
              : typed.series
                ? { series: typed.series, kind: 'inproceedings' as const }
                : {}),
        ...(volume ? { volume } : {}),
        ...(issue ? { number: issue } : {}),
        ...(pages ? { pages } : {}),
      },
    },
  };
}
