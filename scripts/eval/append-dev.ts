/**
 * Appends entries transcribed from a proceedings BibTeX file to a `data/dev/*.jsonl` file
 * (data/dev/README.md): reads blocks from stdin, in the volume's file order, each
 *   T: the BibTeX title as written (braces and accent macros are resolved here)
 *   A: the abstract as the proceedings give it (kept as written, whitespace collapsed)
 *   K: topic slugs of content/taxonomy.yaml, main first, assigned by reading the abstract
 * and writes `{venue, year, title, abstract, topics}` lines. Refuses an unknown slug, a missing
 * field or a title already in the file (an entry transcribed twice).
 *   tsx scripts/eval/append-dev.ts <file.jsonl> <venue> <year> < blocks.txt
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { loadTaxonomy } from '../../src/lib/enrich/taxonomy';

const ACCENTS: Record<string, string> = {
  '"': '\u0308',
  "'": '\u0301',
  '`': '\u0300',
  '^': '\u0302',
  '~': '\u0303',
  c: '\u0327',
  v: '\u030C',
  '=': '\u0304',
  u: '\u0306',
  H: '\u030B',
  '.': '\u0307',
};

/** Letter macros without an argument (`{\\L}ojasiewicz`). */
const LETTERS: Record<string, string> = {
  AA: '\u00C5',
  aa: '\u00E5',
  AE: '\u00C6',
  ae: '\u00E6',
  OE: '\u0152',
  oe: '\u0153',
  L: '\u0141',
  l: '\u0142',
  O: '\u00D8',
  o: '\u00F8',
  i: '\u0131',
};

/** A BibTeX title as plain text: accent macros to letters, braces and `\&` resolved. */
export function plainTitle(bib: string): string {
  const text = bib
    .replace(/\{?\\([`'^"~=.])\s*\{?\\?([A-Za-z])\}?\}?/g, (_, accent: string, letter: string) =>
      (letter + ACCENTS[accent]!).normalize('NFC'),
    )
    .replace(/\{?\\([cvuH])[\s{]+\\?([A-Za-z])\}?\}?/g, (_, accent: string, letter: string) =>
      (letter + ACCENTS[accent]!).normalize('NFC'),
    )
    .replace(/\\&/g, '&')
    .replace(/\\%/g, '%')
    .replace(/\{\\ss\}/g, 'ß');
  // Protective braces around words go and TeX dashes become Unicode ones, outside math only:
  // `$\mathcal{NP}$` keeps its braces and `$`.
  return text
    .split(/(\$[^$]*\$)/)
    .map((part) => {
      if (part.startsWith('$')) return part;
      let plain = part.replace(
        /\{?\\(AA|aa|AE|ae|OE|oe|L|l|O|o|i)(?![A-Za-z])\}?/g,
        (_, m: string) => LETTERS[m]!,
      );
      for (let i = 0; i < 4; i++) plain = plain.replace(/\{([^{}]*)\}/g, '$1');
      // A brace left unpaired here wrapped math (`{AL$\ell_0$CORE}`): protective too.
      return plain.replace(/[{}]/g, '').replace(/---/g, '\u2014').replace(/--/g, '\u2013');
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

function run(): void {
  const [file, venue, year] = process.argv.slice(2);
  if (!file || !venue || !year) throw new Error('usage: append-dev.ts <file.jsonl> <venue> <year>');
  const slugs = new Set(loadTaxonomy('content/taxonomy.yaml').topics.map((t) => t.slug));
  const path = `data/dev/${file}`;
  const seen = new Set(
    existsSync(path)
      ? readFileSync(path, 'utf8')
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => (JSON.parse(l) as { title: string }).title)
      : [],
  );
  const blocks = readFileSync(0, 'utf8')
    .split(/\n(?=T: )/)
    .filter((b) => b.trim());
  const lines: string[] = [];
  for (const block of blocks) {
    const field = (key: string) => new RegExp(`^${key}: (.*)$`, 'm').exec(block)?.[1]?.trim();
    const title = plainTitle(field('T') ?? '');
    const abstract = (field('A') ?? '').replace(/\s+/g, ' ').trim();
    const topics = (field('K') ?? '').split(/[\s,]+/).filter(Boolean);
    if (!title || !abstract || topics.length === 0)
      throw new Error(`incomplete block: ${block.slice(0, 80)}`);
    const unknown = topics.filter((t) => !slugs.has(t));
    if (unknown.length) throw new Error(`unknown topic ${unknown.join(', ')} for "${title}"`);
    if (seen.has(title)) throw new Error(`already in ${file}: "${title}"`);
    seen.add(title);
    lines.push(JSON.stringify({ venue, year: Number(year), title, abstract, topics }));
  }
  appendFileSync(path, lines.map((l) => `${l}\n`).join(''));
  console.log(`${file}: +${lines.length} (now ${seen.size})`);
}

if (process.argv[1]?.endsWith('append-dev.ts')) run();
