/**
 * The one set of limits on what an input may hold, applied to every abstract and every given text
 * field whatever its source (`.txt`, `.bib`, `.json`, `.jsonl`, `.csv`, `overrides.yaml`): past a
 * limit the record is a problem (`file:line: reason`), never published and never silently cut.
 * Each check is one linear pass, so a hostile file costs time in proportion to its size.
 */
import { markupLimitProblem } from '../text/markup';
import { MAX_ABSTRACT_CHARS, notAnAbstract, type Problem } from './dump';
import { formatCount } from '../format';

/** Longest given field of each kind, in characters (after whitespace is collapsed). */
export const GIVEN_TEXT_LIMITS = {
  /** A title (the schema's limit too). */
  title: 300,
  /** One author's name (a consortium may be long). */
  author: 300,
  /** One keyword. */
  keyword: 100,
  /** A venue, booktitle, series, publisher… */
  venue: 500,
  /** Any other short field (volume, pages, month, an id). */
  field: 2_000,
} as const;

/** Most authors one paper may list (large collaborations list a few thousand). */
export const MAX_AUTHORS = 5_000;
/** Most keywords one paper may give. */
export const MAX_KEYWORDS = 50;
/**
 * Problems listed a file, and records left out a file (no abstract); past it they are counted, and
 * one line says how many more there are (as a compiler stops listing errors). A `.txt` of a million
 * one-word paragraphs printed a million lines and held 1.8 GB for them; a CSV of 10,000,000 empty
 * rows printed as many "left out" lines and held 4.1 GB. The first hundred say what is wrong.
 */
export const MAX_LISTED_PROBLEMS = 100;

/**
 * Bad rows (records, lines) a reader reads in one file before it stops: past them the file is no
 * export of papers, and each bad row costs time and memory (1,000,000 rows whose abstract is "x",
 * 22 MB of CSV, took 71 s and 2.9 GB; 2,000,000 ragged CSV rows in 4 MB ran past 110 s). The stop
 * is a problem at its line, never silent; a file past it is not published anyway.
 */
export const MAX_BAD_ROWS = 10_000;

/** What a reader stops after {@link MAX_BAD_ROWS} of, by default. */
const BAD_RECORDS = 'records that could not be read';

/** A reader's stop at a line, more than {@link MAX_BAD_ROWS} of `what` read. */
export function stoppedReading(file: string, line: number, what = BAD_RECORDS): Problem {
  const reason = `stopped reading: more than ${formatCount(MAX_BAD_ROWS)} ${what}; the rest of the file is not read`;
  return { file, line, reason, stop: true };
}

/**
 * Longest JSON record (one element of a `.json` array, one `.jsonl` line) handed to `JSON.parse`,
 * in characters: every field a paper may give fits many times over (an abstract of
 * {@link MAX_RAW_FIELD_CHARS}, {@link MAX_AUTHORS} names, an OpenAlex work's lists), while
 * `JSON.parse` builds ~50 bytes for each byte of a record of empty objects (one 38 MB record held
 * 1.9 GB, a red team's).
 */
export const MAX_RECORD_CHARS = 2_000_000;

/**
 * Longest raw field value a structured reader looks at before any parsing (an abstract of at most
 * {@link MAX_ABSTRACT_CHARS} characters fits with room for markup and line breaks).
 */
export const MAX_RAW_FIELD_CHARS = 4 * MAX_ABSTRACT_CHARS;

/**
 * Why an abstract (already normalised, as written in any format) cannot be published, or null:
 * too long, too short to be an abstract, or markup past the renderer's limits.
 */
export function abstractProblem(abstract: string): string | null {
  if (abstract.length > MAX_ABSTRACT_CHARS) {
    return `abstract too long: ${formatCount(abstract.length)} characters (at most ${formatCount(MAX_ABSTRACT_CHARS)})`;
  }
  return notAnAbstract(abstract) ?? markupLimitProblem(abstract);
}

/** Why a given text field is past its limit, or null; `what` names it in the reason. */
export function givenTextProblem(
  what: string,
  value: string,
  limit: number = GIVEN_TEXT_LIMITS.field,
): string | null {
  if (value.length > limit) {
    return `${what} too long: ${formatCount(value.length)} characters (at most ${formatCount(limit)})`;
  }
  return null;
}

/**
 * Bidirectional controls (embeddings, overrides, isolates, marks): one of them inside an author's
 * name would reverse every name shown after it. Given fields never need them; names in
 * right-to-left scripts read correctly without them.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** C0/C1 controls other than whitespace, and the byte-order mark. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufeff]/g;

/** The text without {@link BIDI_CONTROLS} and {@link CONTROLS}: what no field ever shows. */
export function withoutControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(CONTROLS, '');
}

/** A given text field as shown: NFC, no control or bidi characters, whitespace collapsed. */
export function cleanGivenText(value: string): string {
  return withoutControls(value.normalize('NFC')).replace(/\s+/g, ' ').trim();
}
