/**
 * What every structured dump (BibTeX, JSON, JSON Lines, CSV) is read into before it joins the
 * plain-text abstracts: one record per paper, with the metadata its file gives and the place it starts.
 */
import { describeIssue, ImportedRowSchema, type PaperLinks } from '../../schema';
import type { Problem } from '../dump';

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
  title?: string;
  authors: string[];
  keywords: string[];
  venue?: string;
  year?: number;
  links: PaperLinks;
}

/** A structured dump read: its records, the problems found, and the venue the file names for all. */
export interface ReadStructuredDump {
  records: ImportedRecord[];
  problems: Problem[];
  /** Records found, good or bad: every one ends up as a record or a problem. */
  count: number;
  /** A venue for records that name none (a BibTeX `@proceedings` title), else null. */
  venue: string | null;
}

/** `"A; B"`, `"A and B"`, `"A, B"` or a list → names, trimmed, empty ones dropped. */
export function splitNames(value: string | readonly string[] | undefined): string[] {
  if (value === undefined) return [];
  const parts =
    typeof value === 'string'
      ? value.includes(';')
        ? value.split(';')
        : / and /i.test(value)
          ? value.split(/ and /i)
          : value.split(',')
      : value;
  return parts.map((part) => part.replace(/\s+/g, ' ').trim()).filter((part) => part !== '');
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
  const match = /\b(1[89]\d\d|20\d\d|2100)\b/.exec(String(value ?? ''));
  return match ? Number(match[1]) : undefined;
}

const OPENREVIEW = /^https?:\/\/(?:www\.)?openreview\.net\/(?:forum|pdf)\?(?:.*&)?id=([^&#\s]+)/i;
const ARXIV =
  /^https?:\/\/(?:www\.)?(?:export\.)?arxiv\.org\/(?:abs|pdf)\/([^?#\s]+?)(?:\.pdf)?(?:[?#].*)?$/i;
const DOI_URL = /^https?:\/\/(?:dx\.)?doi\.org\/(10\.\S+)$/i;
const DOI = /^(?:doi:\s*)?(10\.\d{4,9}\/\S+)$/i;

/** Sorts the URLs and ids a record gives into PDF, DOI, OpenReview, arXiv and landing page. */
export function classifyPaperLinks(given: {
  url?: string;
  pdf?: string;
  doi?: string;
  eprint?: string;
}): PaperLinks {
  const links: PaperLinks = {};
  for (const raw of [given.url, given.pdf, given.doi, given.eprint]) {
    const value = raw?.trim();
    if (!value) continue;
    const openreview = OPENREVIEW.exec(value);
    const arxiv = ARXIV.exec(value);
    const doi = DOI_URL.exec(value) ?? DOI.exec(value);
    if (openreview) links.openreview ??= decodeURIComponent(openreview[1]!);
    else if (arxiv) links.arxiv ??= arxiv[1]!;
    else if (doi) links.doi ??= doi[1]!;
    else if (/^\d{4}\.\d{4,5}(v\d+)?$/.test(value)) links.arxiv ??= value;
    if (/^https?:\/\//i.test(value)) {
      if (value === given.pdf?.trim() || /\.pdf(?:[?#].*)?$/i.test(value)) links.pdf ??= value;
      else if (!openreview && !arxiv && !doi) links.page ??= value;
    }
  }
  return links;
}

/** Other spellings of the column names, lower-cased. */
const ALIASES: Record<string, string> = {
  author: 'authors',
  keyword: 'keywords',
  booktitle: 'venue',
};

/** Where a row is, to name it in problems. */
export interface RowPlace {
  file: string;
  line: number;
  index: number;
}

/**
 * One JSON object or CSV row → a record, or the problem that keeps it out. `keys` remembers the ids
 * seen so far in the file (id → line), so a second row with the same id is reported.
 */
export function readRow(
  value: unknown,
  place: RowPlace,
  keys: Map<string, number>,
): { record: ImportedRecord } | { problem: Problem } {
  const { file, line, index } = place;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { problem: { file, line, reason: 'a record is a JSON object of fields' } };
  }
  const fields: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    const key = name.trim().toLowerCase();
    fields[ALIASES[key] ?? key] ??= field === '' ? undefined : field;
  }
  const parsed = ImportedRowSchema.safeParse(fields);
  if (!parsed.success) {
    return { problem: { file, line, reason: describeIssue(parsed.error.issues[0]!) } };
  }
  const row = parsed.data;
  const text = (v: string | number | null | undefined) =>
    v === null || v === undefined || String(v).trim() === '' ? undefined : String(v).trim();
  const key = text(row.id);
  const label = key ? `record ${key}` : `record ${index}`;
  if (key !== undefined) {
    const first = keys.get(key);
    if (first !== undefined) {
      return { problem: { file, line, reason: `duplicate id "${key}" (first at line ${first})` } };
    }
    keys.set(key, line);
  }
  const abstract = text(row.abstract);
  if (abstract === undefined)
    return { problem: { file, line, reason: `${label} has no abstract` } };
  return {
    record: {
      index,
      line,
      key,
      abstract,
      title: text(row.title),
      authors: splitNames(row.authors ?? undefined),
      keywords: splitKeywords(row.keywords ?? undefined),
      venue: text(row.venue),
      year: readYear(row.year ?? undefined),
      links: classifyPaperLinks({
        url: text(row.url),
        pdf: text(row.pdf),
        doi: text(row.doi),
      }),
    },
  };
}
