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

/** Where a copy of the paper was found, in readers' words: `ICLR 2026 Papers, entry 14`. */
export function sourceLabel(
  source: Source,
  venues: readonly Venue[],
): { text: string; lang?: string } {
  const venue = venueOf(source.header, venues);
  return { text: `${venue.label}, entry ${source.paragraph}`, lang: venue.lang };
}
