/**
 * Venues as readers see them. A dump's header names its venue, in any language: headers that name the
 * same venue ("ICLR 2026 Papers" / "ICLR 2026 论文列表") are one venue, shown once, by its English
 * header when there is one. Text that is not English carries a `lang` so it is read out correctly.
 */
import type { Publication, Source } from '../schema';

/** One venue and the headers that name it. */
export interface Venue {
  /**
   * What readers see and citations say: the first English header, else the first header, without
   * the filler words it opens or closes with ("ICLR 2026 Papers" → "ICLR 2026").
   */
  label: string;
  /** BCP 47 language of `label` when it is not English, else undefined. */
  lang: string | undefined;
  /** The header `label` is made from, as written: what the venue's filter value is read from. */
  header: string;
  /** Every header that names this venue. */
  headers: string[];
}

/** Words a header adds around the venue's name ("Papers", "Accepted", "List of"). */
const FILLER = new Set([
  'papers',
  'paper',
  'accepted',
  'list',
  'of',
  'the',
  'abstracts',
  'abstract',
  'proceedings',
  'main',
  'track',
  'conference',
]);

/** What identifies a venue in a header: its Latin words and numbers, less filler, lower-cased. */
export function venueKey(header: string): string {
  const words = header
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !FILLER.has(word));
  return words.length > 0 ? words.join(' ') : header.trim();
}

/** The language of a text judged from its script: `zh`, `ja`, `ko`, `ru`, … or undefined for Latin. */
export function scriptLanguage(text: string): string | undefined {
  if (/[\u3040-\u30ff]/.test(text)) return 'ja';
  if (/[\uac00-\ud7af]/.test(text)) return 'ko';
  if (/\p{Script=Han}/u.test(text)) return 'zh';
  if (/\p{Script=Cyrillic}/u.test(text)) return 'ru';
  if (/\p{Script=Greek}/u.test(text) && !/[a-z]/i.test(text)) return 'el';
  if (/\p{Script=Arabic}/u.test(text)) return 'ar';
  return undefined;
}

/** Groups headers by venue, in the order they are first met. */
export function groupVenues(headers: Iterable<string>): Venue[] {
  const byKey = new Map<string, string[]>();
  for (const header of headers) {
    const key = venueKey(header);
    const group = byKey.get(key) ?? [];
    if (!group.includes(header)) group.push(header);
    byKey.set(key, group);
  }
  return [...byKey.values()].map((group) => {
    const header = group.find((written) => scriptLanguage(written) === undefined) ?? group[0]!;
    const label = venueLabel(header);
    return { label, lang: scriptLanguage(label), header, headers: group };
  });
}

/** Filler a header may open with before the venue's name ("Accepted Papers of …"). */
const LEADING_FILLER = new Set([
  'accepted',
  'papers',
  'paper',
  'list',
  'of',
  'abstracts',
  'abstract',
]);
/** Filler a header may close with after the venue's year ("… 2026 Papers", "… 2024 (Main Track)"). */
const TRAILING_FILLER = new Set([...LEADING_FILLER, 'proceedings', 'main', 'track']);

/**
 * A header as a venue's name: without the filler it opens with or closes with after its year
 * ("ICLR 2026 Papers" → "ICLR 2026", "Accepted Papers of NeurIPS 2024" → "NeurIPS 2024"), so a
 * citation says "In ICLR 2026". A name that opens with "Proceedings of" ("Proceedings of the IEEE
 * 2021", a journal) or "Track" stays whole, as does a header with no year or number beside its
 * filler ("ACL 2024: Long Papers") and one left without a letter ("Papers 2024").
 */
export function venueLabel(header: string): string {
  const words = header.trim().split(/\s+/);
  const bare = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  let start = 0;
  let end = words.length;
  while (start < end && LEADING_FILLER.has(bare(words[start]!))) start++;
  if (start > 0 && start < end && bare(words[start]!) === 'the') start++;
  while (end > start && TRAILING_FILLER.has(bare(words[end - 1]!))) end--;
  if (end < words.length && !/\d/.test(words[end - 1] ?? '')) end = words.length;
  if (start > 0 && !words.slice(start, end).some((word) => /\d/.test(word))) start = 0;
  const kept = words
    .slice(start, end)
    .join(' ')
    .replace(/^[\s(:,;–—-]+|[\s(:,;–—-]+$/gu, '');
  return /\p{L}/u.test(kept) ? kept : header.trim();
}

/** The venue a header belongs to, among `venues`. */
export function venueOf(header: string, venues: readonly Venue[]): Venue {
  return (
    venues.find((venue) => venue.headers.includes(header)) ?? {
      label: header,
      lang: scriptLanguage(header),
      header,
      headers: [header],
    }
  );
}

/**
 * A venue's URL value for the explorer's `?venue=` filter: its key's words joined by `-`
 * (`ICLR 2026 Papers` → `iclr-2026`), or `v-` and a hash for a venue named without Latin letters.
 * It depends on the venue's headers alone, so a shared link keeps working while other venues come
 * and go.
 */
export function venueSlug(venue: Pick<Venue, 'label'> & { header?: string }): string {
  // From the header as written, not the label made of it: values shared before labels left out
  // a header's filler stay the same.
  const named = venue.header ?? venue.label;
  const key = venueKey(named);
  const readable = key
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-')
    .slice(0, 80)
    .replace(/-$/, '');
  return /^[a-z0-9 ]+$/.test(key) && /[a-z]/.test(readable) ? readable : `v-${fnv1a(named)}`;
}

/** FNV-1a, 32 bits, as 8 hex digits. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/**
 * What a card says of where and when a paper appeared: the venue, and the year only when the
 * venue's label does not already hold it (`ICML 2023`, but `Journal of X, 2024`).
 */
export function venueYearText(label: string, year: number | null): string {
  if (year === null || holdsYear(label, year)) return label;
  return label ? `${label}, ${year}` : String(year);
}

/** Whether a name holds the year as a number of its own (`ICML 2023`, not `ICML 12023`). */
function holdsYear(name: string, year: number): boolean {
  return new RegExp(`(^|\\D)${year}(\\D|$)`).test(name);
}

/** The pages as a reader reads them: `p. 17` or `pp. 17135–17175`. */
export function pagesText(pages: { first: string; last?: string | undefined }): string {
  return pages.last && pages.last !== pages.first
    ? `pp. ${pages.first}–${pages.last}`
    : `p. ${pages.first}`;
}

/**
 * A journal article's volume and issue as citations write them: `15(6)`, `15` without an issue,
 * `no. 6` without a volume (Chicago's form); a named issue (`Special Issue on X`) follows after a
 * comma, never in parentheses. Empty when neither is known.
 */
export function volumeIssueText(publication: Pick<Publication, 'volume' | 'number'>): string {
  const volume = publication.volume?.trim() ?? '';
  const issue = publication.number?.trim() ?? '';
  if (!issue) return volume;
  const named = /\s/.test(issue);
  if (!volume) return named ? issue : `no. ${issue}`;
  return named ? `${volume}, ${issue}` : `${volume}(${issue})`;
}

/**
 * Where a journal article appeared, as a reference names it: the journal, its volume and issue,
 * the pages (`Computing in Science & Engineering 15(6), pp. 16–26`). `name` stands in for a
 * journal the record does not name. A comma parts the name from the volume when the name ends in a
 * digit, so `Journal 2013, 15(6)` never reads as one number.
 */
export function articleText(
  publication: Pick<Publication, 'journal' | 'volume' | 'number' | 'pages'>,
  name: string,
): string {
  const journal = publication.journal ?? name;
  const numbers = volumeIssueText(publication);
  const where = numbers ? `${journal}${/\d$/.test(journal) ? ', ' : ' '}${numbers}` : journal;
  return publication.pages ? `${where}, ${pagesText(publication.pages)}` : where;
}

/**
 * Where a copy of the paper was found, in readers' words, never a file name or a position in a
 * file: `ICML 2023, pp. 17135–17175` when the proceedings give pages, else `Listed in ICLR 2026
 * Papers`. `paper` is given for the copy the publication details came from: a journal article's
 * copy then reads as a reference names it, `Computing in Science & Engineering 15(6), pp. 16–26,
 * 2013` (the year last unless the journal's name holds it; docs/citations.md).
 */
export function sourceLabel(
  source: Source,
  venues: readonly Venue[],
  paper?: { publication: Publication; year: number | null },
): { text: string; lang?: string } {
  const venue = venueOf(source.header, venues);
  const article = paper && articleReference(venue.label, paper);
  if (article) return article;
  const pages = paper?.publication.pages;
  return {
    text: pages ? `${venue.label}, ${pagesText(pages)}` : `Listed in ${venue.label}`,
    lang: venue.lang,
  };
}

/**
 * A journal article as a reference names it, `Computing in Science & Engineering 15(6), pp. 16–26,
 * 2013` (the year last unless the journal's name holds it), or null when the record is no article
 * or gives no volume, issue or pages. `label` stands in for a journal the record does not name.
 */
export function articleReference(
  label: string,
  { publication, year }: { publication: Publication; year: number | null },
): { text: string; lang?: string } | null {
  if (
    publication.kind !== 'article' ||
    !(publication.volume || publication.number || publication.pages)
  )
    return null;
  const name = publication.journal ?? label;
  // The year once: not again after a name or a volume that holds it (`J. Phys. 2013(6)`).
  const written = `${name} ${publication.volume ?? ''}`;
  const shown = year === null || holdsYear(written, year) ? '' : `, ${year}`;
  return { text: `${articleText(publication, label)}${shown}`, lang: scriptLanguage(name) };
}
