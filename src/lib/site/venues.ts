/**
 * Venues as readers see them. A dump's header names its venue, in any language: headers that name the
 * same venue ("ICLR 2026 Papers" / "ICLR 2026 论文列表") are one venue, shown once, by its English
 * header when there is one. Text that is not English carries a `lang` so it is read out correctly.
 */
import type { Source } from '../schema';

/** One venue and the headers that name it. */
export interface Venue {
  /** What readers see: the first English header, else the first header. */
  label: string;
  /** BCP 47 language of `label` when it is not English, else undefined. */
  lang: string | undefined;
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
    const label = group.find((header) => scriptLanguage(header) === undefined) ?? group[0]!;
    return { label, lang: scriptLanguage(label), headers: group };
  });
}

/** The venue a header belongs to, among `venues`. */
export function venueOf(header: string, venues: readonly Venue[]): Venue {
  return (
    venues.find((venue) => venue.headers.includes(header)) ?? {
      label: header,
      lang: scriptLanguage(header),
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
export function venueSlug(venue: Pick<Venue, 'label'>): string {
  const key = venueKey(venue.label);
  const readable = key
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-')
    .slice(0, 80)
    .replace(/-$/, '');
  return /^[a-z0-9 ]+$/.test(key) && /[a-z]/.test(readable) ? readable : `v-${fnv1a(venue.label)}`;
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
  if (year === null || new RegExp(`(^|\\D)${year}(\\D|$)`).test(label)) return label;
  return label ? `${label}, ${year}` : String(year);
}

/** The pages as a reader reads them: `p. 17` or `pp. 17135–17175`. */
export function pagesText(pages: { first: string; last?: string | undefined }): string {
  return pages.last && pages.last !== pages.first
    ? `pp. ${pages.first}–${pages.last}`
    : `p. ${pages.first}`;
}

/**
 * Where a copy of the paper was found, in readers' words, never a file name or a position in a
 * file: `ICML 2023, pp. 17135–17175` when the proceedings give pages (`withPages`, for the copy
 * the publication details came from), else `Listed in ICLR 2026 Papers`.
 */
export function sourceLabel(
  source: Source,
  venues: readonly Venue[],
  pages?: { first: string; last?: string | undefined },
): { text: string; lang?: string } {
  const venue = venueOf(source.header, venues);
  return {
    text: pages ? `${venue.label}, ${pagesText(pages)}` : `Listed in ${venue.label}`,
    lang: venue.lang,
  };
}
