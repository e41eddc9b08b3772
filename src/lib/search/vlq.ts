/**
 * Unsigned base64 VLQ: each non-negative integer becomes 1+ characters carrying 5 bits each, with
 * a continuation bit. Hand-written (a dozen lines) because the npm `vlq` package encodes signed
 * source-map values, wasting a bit on the sign of numbers that are never negative here. Small
 * numbers take one JSON-safe character, so delta-encoded postings stay short and gzip well.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CONTINUE = 32;
const DIGIT_OF = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i += 1) DIGIT_OF[ALPHABET.charCodeAt(i)] = i;

/** The 6-bit digit a VLQ character stands for (bit 5: more digits follow), or -1. */
export function vlqDigit(code: number): number {
  return code < 128 ? (DIGIT_OF[code] ?? -1) : -1;
}

/** Encodes non-negative safe integers; throws on anything else so a bad index never ships. */
export function encodeVlq(values: readonly number[]): string {
  let out = '';
  for (const value of values) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`VLQ encodes non-negative integers only, got ${value}`);
    }
    let rest = value;
    do {
      let digit = rest % CONTINUE;
      rest = Math.floor(rest / CONTINUE);
      if (rest > 0) digit += CONTINUE;
      out += ALPHABET[digit];
    } while (rest > 0);
  }
  return out;
}

/** Decodes a string written by `encodeVlq`. */
export function decodeVlq(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let scale = 1;
  for (let i = 0; i < text.length; i += 1) {
    const digit = vlqDigit(text.charCodeAt(i));
    if (digit < 0) throw new SyntaxError(`invalid VLQ character at ${i}`);
    value += (digit % CONTINUE) * scale;
    if (digit >= CONTINUE) {
      scale *= CONTINUE;
    } else {
      values.push(value);
      value = 0;
      scale = 1;
    }
  }
  if (scale !== 1) throw new SyntaxError('VLQ string ends inside a number');
  return values;
}
