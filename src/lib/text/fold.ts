/**
 * Case and diacritic folding shared by slugs and search, so `Lévy`, `LEVY` and `levy` are one word
 * everywhere. Hand-written: a few lines over `String.prototype.normalize`, no library needed.
 */

/** Latin letters that NFKD does not decompose into an ASCII base letter plus a mark. */
const LATIN_EXTRAS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const LATIN_EXTRAS_RE = /[ßæœøłđðþı]/g;
const MARKS_RE = /\p{M}+/gu;

/** Lower-cases and strips diacritics: `Über-Fast Lévy` → `uber-fast levy`. */
export function foldDiacritics(text: string): string {
  return text
    .normalize('NFKD')
    .replace(MARKS_RE, '')
    .toLowerCase()
    .replace(LATIN_EXTRAS_RE, (letter) => LATIN_EXTRAS[letter] ?? letter);
}
