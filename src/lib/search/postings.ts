/**
 * One term's postings: the documents it occurs in, with its count in the abstract and the other
 * fields it occurs in. Encoded as VLQ numbers, per posting `((docGap - 1) << 2) | flags`, where
 * docGap is the distance from the previous posting's document (the first counts from -1);
 * flags bit 0: the count is not 1 and follows as the next number;
 * flags bit 1: a `FIELD` mask follows as the next number.
 */
import { decodeVlq, encodeVlq, vlqDigit } from './vlq';

export interface Posting {
  doc: number;
  /** Occurrences in the abstract; 0 when the term is only in other fields. */
  count: number;
  /** `FIELD` bits of the other fields holding the term. */
  fields: number;
}

/** Decoded postings, as columns. */
export interface PostingColumns {
  docs: Int32Array;
  counts: Uint16Array;
  masks: Uint8Array;
}

/** Encodes postings sorted by document. */
export function encodePostings(postings: readonly Posting[]): string {
  const values: number[] = [];
  let last = -1;
  for (const { doc, count, fields } of postings) {
    if (doc <= last)
      throw new RangeError(`postings must be sorted by document: ${doc} after ${last}`);
    const flags = (count !== 1 ? 1 : 0) | (fields !== 0 ? 2 : 0);
    values.push((doc - last - 1) * 4 + flags);
    if (count !== 1) values.push(count);
    if (fields !== 0) values.push(fields);
    last = doc;
  }
  return encodeVlq(values);
}

/**
 * Number of postings, read without decoding them: a head's flags sit in its first character's low
 * bits, so a scan only counts characters. The engine runs this over every term at load, for df.
 */
export function countPostings(encoded: string): number {
  let postings = 0;
  let extras = 0;
  let startOfValue = true;
  for (let i = 0; i < encoded.length; i += 1) {
    const digit = vlqDigit(encoded.charCodeAt(i));
    if (startOfValue && extras === 0) {
      postings += 1;
      extras = (digit & 1) + ((digit >> 1) & 1) + 1;
    }
    startOfValue = digit < 32;
    if (startOfValue) extras -= 1;
  }
  return postings;
}

/** Decodes postings written by `encodePostings`. */
export function decodePostings(encoded: string): PostingColumns {
  const values = decodeVlq(encoded);
  const df = countPostings(encoded);
  const columns: PostingColumns = {
    docs: new Int32Array(df),
    counts: new Uint16Array(df),
    masks: new Uint8Array(df),
  };
  let doc = -1;
  for (let i = 0, n = 0; n < df; n += 1) {
    const head = values[i++] ?? 0;
    doc += Math.floor(head / 4) + 1;
    columns.docs[n] = doc;
    columns.counts[n] = head & 1 ? (values[i++] ?? 0) : 1;
    columns.masks[n] = head & 2 ? (values[i++] ?? 0) : 0;
  }
  return columns;
}
