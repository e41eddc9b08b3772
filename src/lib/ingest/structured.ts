/**
 * Joins structured dumps (BibTeX, JSON, JSON Lines, CSV) to the plain-text ones: each record's
 * abstract is normalised exactly like a dump paragraph, so the same abstract in a `.txt` and a `.bib`
 * becomes one paper; what the record gives (title, authors, links, venue, pages) wins over what is
 * derived; and every abstract and given field is held to the same limits (./limits.ts).
 */
import { MAX_TITLE_TEX_LENGTH, type BasePaper, type Source } from '../schema';
import katex from 'katex';
import { KATEX_LIMITS, MarkupTooDeepError, markupLimitProblem } from '../text/markup';
import { jatsToText } from '../text/jats';
import { isSafeFormula } from '../text/title-tex';
import { decodeDump, MAX_ABSTRACT_CHARS, type Problem } from './dump';
import type { ImportedRecord, ReadStructuredDump, StructuredReader } from './formats';
import { hideMath } from './formats/tex';
import { readYear } from './formats/record';
import {
  abstractProblem,
  cleanGivenText,
  GIVEN_TEXT_LIMITS,
  givenTextProblem,
  MAX_AUTHORS,
  MAX_KEYWORDS,
} from './limits';
import { normalizeAbstract } from './normalize';
import { toPlainText } from './plaintext';
import { formatCount } from '../format';

/** A record's normalised abstract, where it was found, and the record itself (given fields cleaned). */
export interface StructuredCopy {
  abstract: string;
  source: Source;
  given: ImportedRecord;
}

/** Decodes one structured dump, reads its records and checks each one like a paragraph. */
export function readStructured(
  file: string,
  bytes: Uint8Array,
  reader: StructuredReader,
): {
  copies: StructuredCopy[];
  problems: Problem[];
  count: number;
  emailsDropped: number;
  /** Entries that are no paper (no abstract), left out and named (`ReadStructuredDump.skipped`). */
  skipped: Problem[];
} {
  const decoded = decodeDump(file, bytes);
  if ('problem' in decoded) {
    return { copies: [], problems: [decoded.problem], count: 0, emailsDropped: 0, skipped: [] };
  }
  // Each record is checked as it is read, so a file of bad ones is a reader's bad rows (it stops
  // past MAX_BAD_ROWS), and none of them is kept.
  const checkedCopies = new Map<ImportedRecord, { abstract: string; given: ImportedRecord }>();
  const check = (record: ImportedRecord) => {
    const checked = checkRecord(record);
    if (typeof checked === 'string') return checked;
    checkedCopies.set(record, checked);
    return null;
  };
  let read: ReadStructuredDump;
  try {
    read = reader(file, decoded.text.replace(/^\uFEFF/, ''), check);
  } catch (error) {
    // A reader bug on some input: still `file:line: reason`, never a stack trace.
    const reason = `could not be read: ${String((error as Error)?.message ?? error).slice(0, 200)}`;
    const problems = [{ file, line: 1, reason }];
    return { copies: [], problems, count: 1, emailsDropped: 0, skipped: [] };
  }
  const { problems } = read;
  const copies: StructuredCopy[] = [];
  const fileVenue = read.venue ?? venueFromFileName(file);
  for (const record of read.records) {
    const checked = checkedCopies.get(record)!;
    const header = cleanGivenText(checked.given.venue ?? fileVenue);
    const source: Source = { file, header, paragraph: record.index, line: record.line };
    if (checked.given.key) source.key = checked.given.key;
    copies.push({ abstract: checked.abstract, source, given: checked.given });
  }
  return {
    copies,
    problems,
    count: read.count,
    emailsDropped: read.emailsDropped ?? 0,
    skipped: read.skipped ?? [],
  };
}

/**
 * The record's normalised abstract and its given fields as shown (title as plain text, names and
 * keywords cleaned), or why it cannot be published: one of them past its limit.
 */
function checkRecord(record: ImportedRecord): { abstract: string; given: ImportedRecord } | string {
  // Far past the limit as written: refused before normalising, which reads the whole text (a
  // .txt paragraph is measured the same way, dump.ts readParagraph). Spaces a normaliser would
  // collapse get twice the limit.
  if (record.abstract.length > 2 * MAX_ABSTRACT_CHARS) return abstractProblem(record.abstract)!;
  // JATS markup (Crossref's, PubMed Central's) read as the text and formatting it means.
  const abstract = normalizeAbstract(jatsToText(record.abstract).split(/\r\n|\r|\n/));
  const abstractReason = abstractProblem(abstract);
  if (abstractReason !== null) return abstractReason;
  const title = givenTitle(record);
  if (typeof title === 'object') return title.problem;
  const titleTex = title && record.titleFormat === 'tex' ? titleWithFormulas(record.title!) : null;
  const authors = record.authors.map(cleanGivenText).filter(Boolean);
  if (authors.length > MAX_AUTHORS) {
    return `too many authors: ${formatCount(authors.length)} (at most ${formatCount(MAX_AUTHORS)})`;
  }
  const keywords = record.keywords.map(cleanGivenText).filter(Boolean);
  if (keywords.length > MAX_KEYWORDS) {
    return `too many keywords: ${formatCount(keywords.length)} (at most ${formatCount(MAX_KEYWORDS)})`;
  }
  const venue = record.venue === undefined ? undefined : cleanGivenText(record.venue);
  const publication = cleanPublication(record.publication);
  const reason =
    authors
      .map((name) => givenTextProblem('an author name', name, GIVEN_TEXT_LIMITS.author))
      .find((problem) => problem !== null) ??
    keywords
      .map((keyword) => givenTextProblem('a keyword', keyword, GIVEN_TEXT_LIMITS.keyword))
      .find((problem) => problem !== null) ??
    (venue === undefined ? null : givenTextProblem('the venue', venue, GIVEN_TEXT_LIMITS.venue)) ??
    publicationProblem(publication);
  if (reason) return reason;
  return {
    abstract,
    given: {
      ...record,
      title: title || undefined,
      ...(titleTex ? { titleTex } : {}),
      authors,
      keywords,
      venue,
      publication,
      ...(record.key === undefined ? {} : { key: cleanGivenText(record.key) || undefined }),
    },
  };
}

/**
 * The publication's texts (booktitle, journal, volume, pages…) cleaned as every given text is: a
 * bidi or terminal control in a volume or a month reached the page's JSON-LD (a red team's).
 * Texts left empty are left out.
 */
function cleanPublication(
  publication: ImportedRecord['publication'],
): ImportedRecord['publication'] {
  const clean = (value: unknown): unknown => {
    if (typeof value === 'string') return cleanGivenText(value) || undefined;
    if (Array.isArray(value)) {
      const kept = value.map(clean).filter((item) => item !== undefined);
      return kept.length > 0 ? kept : undefined;
    }
    if (value && typeof value === 'object') {
      const entries = Object.entries(value).map(([name, item]) => [name, clean(item)] as const);
      const kept = entries.filter(([, item]) => item !== undefined);
      return kept.length > 0 ? Object.fromEntries(kept) : undefined;
    }
    return value;
  };
  const cleaned = (clean(publication) ?? {}) as ImportedRecord['publication'];
  // Pages whose first page was only control characters are no pages (a last page alone is none).
  if (cleaned.pages && !cleaned.pages.first) delete cleaned.pages;
  return cleaned;
}

/**
 * The given title as shown: JSON and CSV titles exactly as written (`# of Samples Matters`,
 * `__init__`), BibTeX titles with their math turned into text; or the problem with it.
 */
function givenTitle(record: ImportedRecord): string | { problem: string } {
  if (record.title === undefined) return '';
  let title = cleanGivenText(record.title);
  if (record.titleFormat === 'tex') {
    const markup = markupLimitProblem(title);
    if (markup !== null) return { problem: `title: ${markup}` };
    try {
      title = cleanGivenText(toPlainText(title));
    } catch (error) {
      if (error instanceof MarkupTooDeepError) return { problem: `title: ${error.message}` };
      throw error;
    }
  }
  const tooLong = givenTextProblem('title', title, GIVEN_TEXT_LIMITS.title);
  return tooLong === null ? title : { problem: tooLong };
}

/** Stands for the n-th formula while the rest of a title is made plain: letters survive that. */
const formulaMark = (n: number) => `zqformula${n}qz`;
const FORMULA_MARK = /zqformula(\d+)qz/g;

/**
 * A BibTeX title with its formulas kept as TeX (`$\ell_p$`) and its text made plain as the title
 * is, for the citation and the paper's heading (`titleTex`); null when it has no formula KaTeX can
 * typeset (one it cannot stays text, as in `title`). Only formulas KaTeX reads are kept: with
 * `trust: false` it knows no command that reads a file or writes one (`\input`, `\write`), so a
 * citation never carries one into a reader's LaTeX document.
 */
function titleWithFormulas(tex: string): string | null {
  const source = cleanGivenText(tex);
  if (source.includes('zqformula')) return null;
  const formulas: string[] = [];
  const marked = hideMath(source, (span) => {
    const formula = inlineFormula(span);
    if (formula === null) return span;
    formulas.push(formula);
    return formulaMark(formulas.length - 1);
  });
  if (formulas.length === 0) return null;
  let plain: string;
  try {
    plain = cleanGivenText(toPlainText(marked));
  } catch {
    return null;
  }
  // A dollar sign left in the text (`\$5`) would read as a formula's edge: the plain title alone.
  if (plain.includes('$')) return null;
  const used = new Set<number>();
  const titleTex = plain.replace(FORMULA_MARK, (_, n: string) => {
    used.add(Number(n));
    return `$${formulas[Number(n)]}$`;
  });
  // Every formula back, or the plain title alone.
  if (used.size !== formulas.length || titleTex.length > MAX_TITLE_TEX_LENGTH) return null;
  return titleTex;
}

/**
 * A math span's TeX when it is an inline formula LaTeX and KaTeX both read (KaTeX's `strict` mode
 * refuses what LaTeX would not, such as `\^` in math) and a citation can carry as written
 * ({@link isSafeFormula}); else null. Spaces are collapsed, never trimmed: `\alpha\ ` keeps its
 * control space.
 */
function inlineFormula(span: string): string | null {
  const found = /^\$([^$]+)\$$/.exec(span)?.[1] ?? /^\\\((.+)\\\)$/s.exec(span)?.[1];
  const tex = found?.replace(/\s+/g, ' ');
  if (tex === undefined || tex.trim() === '' || !isSafeFormula(tex)) return null;
  try {
    katex.renderToString(tex, {
      ...KATEX_LIMITS,
      throwOnError: true,
      trust: false,
      strict: 'error',
      output: 'mathml',
    });
  } catch {
    return null;
  }
  return tex;
}

/** Why a publication field is past its limit, or null. */
function publicationProblem(publication: ImportedRecord['publication']): string | null {
  for (const [name, value] of Object.entries(publication)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (typeof item !== 'string') continue;
      const problem = givenTextProblem(name, item, GIVEN_TEXT_LIMITS.venue);
      if (problem !== null) return problem;
    }
  }
  return null;
}

/** `icml23-pmlr_sample.bib` → `icml23 pmlr sample`: the last resort when nothing names the venue. */
export function venueFromFileName(file: string): string {
  const stem = (file.split(/[\\/]/).at(-1) ?? file).replace(/\.[^.]+$/, '');
  return stem.replace(/[-_.\s]+/g, ' ').trim() || stem;
}

type Draft = Omit<
  BasePaper,
  'slug' | 'titleSource' | 'authors' | 'year' | 'paperLinks' | 'publication'
>;

/** A derived draft with the record's own title, authors, year and links put in; derived fills the rest. */
export function withGivenFields(
  draft: Draft,
  given: ImportedRecord | null,
): Omit<BasePaper, 'slug'> {
  const title = given?.title ?? '';
  // A plain-text dump names its year in its header (`ICLR 2026 Papers`), if anywhere.
  const year = given?.year ?? readYear(draft.sources[0]?.header);
  return {
    ...draft,
    title: title || draft.title,
    titleSource: title ? 'given' : 'derived',
    ...(title && given?.titleTex ? { titleTex: given.titleTex } : {}),
    authors: given?.authors ?? [],
    year: year ?? null,
    paperLinks: given?.links ?? {},
    publication: given?.publication ?? {},
  };
}
