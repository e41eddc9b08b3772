/**
 * Reads a BibTeX file with @retorquere/bibtex-parser (why that parser: docs/ingest.md). The parser
 * decodes accents and drops protective braces; math is hidden from it behind placeholders first, so
 * `$\mathcal{O}(n^2)$` reaches the page as LaTeX for KaTeX rather than as Unicode look-alikes.
 *
 * Abstracts are hidden from it too: its full LaTeX parse costs ~9 ms per abstract (3 minutes for
 * 20,000). An abstract keeps its LaTeX source, like a plain-text dump's (so the same abstract in both
 * is one paper); only its accents (`Nystr\"{o}m`, decoded by the parser, once per distinct accent)
 * and protective braces (`{B}ayesian`) are resolved here.
 */
import { parse, type Creator, type Entry } from '@retorquere/bibtex-parser';
import type { Problem } from '../dump';
import {
  classifyPaperLinks,
  readYear,
  splitKeywords,
  type ImportedRecord,
  type ReadStructuredDump,
} from './record';

/** `$$…$$`, `$…$`, `\(…\)`, `\[…\]`, not across a blank line; `\$` is a dollar sign, not math. */
const MATH =
  /\$\$(?:[^$]|\n(?!\s*\n))+?\$\$|(?<!\\)\$(?:\\.|[^$\\\n]|\n(?!\s*\n))+?\$|\\\((?:.|\n)+?\\\)|\\\[(?:.|\n)+?\\\]/g;
/** Letters and digits only, so the parser passes a placeholder through untouched in every mode. */
const PLACEHOLDER = /zqmath(\d+)qz/g;
const ABSTRACT_PLACEHOLDER = /zqabstract(\d+)qz/g;
/** Where an `abstract` field's value starts: after a comma (or line start) and `abstract =`. */
const ABSTRACT_FIELD = /(^|[,\s])abstract\s*=\s*([{"])/gi;
/** Accent commands with their letter: `\"{o}`, `\"o`, `\'{\i}`, `\c{c}`, `\v s`, and `\ss`, `\o`, `\aa`… */
const ACCENT =
  /\\[`'^"~=.]\s*(?:\{\\?[A-Za-z]\}|\\?[A-Za-z])|\\[uvHckbdrt](?:\{\\?[A-Za-z]\}|\s+[A-Za-z])|\\(?:ss|o|O|aa|AA|ae|AE|oe|OE|l|L|i|j)(?![A-Za-z])/g;
/** A brace pair around plain text that no command takes as its argument: `{B}ayesian`, `{\"o}`. */
const PROTECTIVE_BRACES = /(?<!\\[A-Za-z]+\s*)\{([^{}\\]*)\}/g;

/** Entry types that describe a volume, not a paper: they only give the venue. */
const VOLUME_TYPES = new Set(['proceedings', 'book', 'collection', 'mvproceedings']);

/** The records of one `.bib` file; `file` only names it in problems. */
export function readBibtex(file: string, text: string): ReadStructuredDump {
  const { hidden: withoutMath, math } = hideMath(text);
  const { hidden, abstracts } = hideAbstracts(withoutMath);
  const library = parse(hidden, {
    english: false,
    sentenceCase: false,
    caseProtection: false,
    unsupported: 'ignore',
  });
  const lines = new LineFinder(text);
  const problems: Problem[] = library.errors.map((error) => ({
    file,
    line: lines.lineOfEntry(error.input ?? '') ?? lineInMessage(error.error) ?? 1,
    reason: `not BibTeX: ${error.error.replace(/ at line \d+, column \d+/, '')}`,
  }));
  const failed = new Set(library.errors.map((error) => entryHead(error.input ?? '')));
  const records: ImportedRecord[] = [];
  const firstLineOfKey = new Map<string, number>();
  let venue: string | null = null;
  let count = 0;
  for (const entry of library.entries) {
    // The parser also lists the entries it gave up on; they are already reported as errors.
    if (entry.input.trim() === '' || failed.has(entryHead(entry.input))) continue;
    const line = lines.lineOfEntry(entry.input) ?? 1;
    const field = (name: string) => tidy(restoreMath(stringField(entry, name), math));
    if (VOLUME_TYPES.has(entry.type.toLowerCase())) {
      venue ??= field('title') ?? null;
      continue;
    }
    count += 1;
    const first = firstLineOfKey.get(entry.key);
    if (first !== undefined) {
      problems.push({
        file,
        line,
        reason: `duplicate key "${entry.key}" (first at line ${first})`,
      });
      continue;
    }
    firstLineOfKey.set(entry.key, line);
    // Usually the whole value is one placeholder; a `@string` or `#` concatenation may add text.
    const abstract = restoreMath(
      stringField(entry, 'abstract')?.replace(ABSTRACT_PLACEHOLDER, (_, i: string) =>
        decodeText(abstracts[Number(i)] ?? ''),
      ),
      math,
    );
    if (!abstract?.trim()) {
      problems.push({ file, line, reason: `entry ${entry.key} has no abstract` });
      continue;
    }
    records.push({
      index: count,
      line,
      key: entry.key,
      abstract,
      title: toMarkdown(field('title') ?? '') || undefined,
      authors: (entry.fields.author ?? []).map(creatorName).filter(Boolean),
      keywords: splitKeywords(entry.fields.keywords?.map(tidy)),
      venue: field('booktitle') ?? field('journal') ?? field('series'),
      year: readYear(stringField(entry, 'year') ?? stringField(entry, 'date')),
      links: classifyPaperLinks({
        url: stringField(entry, 'url'),
        pdf: stringField(entry, 'pdf') ?? stringField(entry, 'file'),
        doi: stringField(entry, 'doi'),
        eprint: stringField(entry, 'eprint'),
      }),
    });
  }
  // An entry the parser could not read is one problem; every other entry is a record or a problem.
  return { records, problems, count: count + library.errors.length, venue };
}

/** NFC, with `\"{\i}` (a dotless i under an accent) read as the accented i it means. */
function tidy<T extends string | undefined>(text: T): T {
  return text?.replace(/ı(?=\p{M})/gu, 'i').normalize('NFC') as T;
}

function stringField(entry: Entry, name: string): string | undefined {
  const value: unknown = entry.fields[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** `Jane Smith`, `Karl von Müller Jr.`, or a literal `{The ACME Team}`. */
function creatorName(creator: Creator): string {
  const parts = creator.name
    ? [creator.name]
    : [creator.firstName, creator.prefix, creator.lastName, creator.suffix];
  return tidy(parts.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim());
}

/** Replaces each `abstract = {…}` (or `"…"`) value with a placeholder; returns the values as written. */
function hideAbstracts(text: string): { hidden: string; abstracts: string[] } {
  const abstracts: string[] = [];
  let hidden = '';
  let copied = 0;
  for (const match of text.matchAll(ABSTRACT_FIELD)) {
    const open = match.index + match[0].length - 1;
    if (open < copied) continue;
    const close = closingDelimiter(text, open);
    if (close === -1) break; // unbalanced: leave the rest to the parser, which reports it
    abstracts.push(text.slice(open + 1, close));
    hidden += `${text.slice(copied, open + 1)}zqabstract${abstracts.length - 1}qz`;
    copied = close;
  }
  return { hidden: hidden + text.slice(copied), abstracts };
}

/** Index of the `}` (or `"` at depth 0) that closes the value opened at `open`, or -1. */
function closingDelimiter(text: string, open: number): number {
  const quoted = text[open] === '"';
  let depth = 0;
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}') {
      if (depth === 0) return quoted ? -1 : i;
      depth--;
    } else if (c === '"' && quoted && depth === 0) return i;
  }
  return -1;
}

const decodedAccents = new Map<string, string>();

/** LaTeX accents → letters (by the parser, once per distinct accent), then protective braces dropped. */
function decodeText(tex: string): string {
  const accented = tex.replace(ACCENT, (command) => {
    let decoded = decodedAccents.get(command);
    if (decoded === undefined) {
      const parsed = parse(`@misc{a, title = {${command}}}`, { english: false });
      const title: unknown = parsed.entries[0]?.fields.title;
      decoded = typeof title === 'string' && title !== '' ? tidy(title) : command;
      decodedAccents.set(command, decoded);
    }
    return decoded;
  });
  let unbraced = accented;
  for (let previous = ''; previous !== unbraced;) {
    previous = unbraced;
    unbraced = unbraced.replace(PROTECTIVE_BRACES, '$1');
  }
  return unbraced;
}

function hideMath(text: string): { hidden: string; math: string[] } {
  const math: string[] = [];
  const hidden = text.replace(MATH, (span) => {
    if (!bracesBalance(span)) return span;
    math.push(span);
    return `zqmath${math.length - 1}qz`;
  });
  return { hidden, math };
}

function restoreMath(value: string | undefined, math: readonly string[]): string | undefined {
  return value?.replace(PLACEHOLDER, (_, i: string) => math[Number(i)] ?? '');
}

function bracesBalance(span: string): boolean {
  let depth = 0;
  for (let i = 0; i < span.length; i++) {
    if (span[i] === '\\') i++;
    else if (span[i] === '{') depth++;
    else if (span[i] === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

/** The parser writes text styles as HTML; the abstract pipeline reads Markdown. */
function toMarkdown(html: string): string {
  return html
    .replace(/<\/?i>/g, '*')
    .replace(/<\/?b>/g, '**')
    .replace(/<\/?(?:span|sup|sub|code|sc|nc|ncx)\b[^>]*>/g, '');
}

/** `@article{key,` with spacing removed: how an entry is recognised in the source and in errors. */
function entryHead(input: string): string {
  const match = /^@\s*(\w+)\s*[{(]\s*([^,\s]*)/.exec(input);
  return match ? `${match[1]!.toLowerCase()}{${match[2]}` : input.slice(0, 40);
}

function lineInMessage(message: string): number | undefined {
  const match = / at line (\d+)/.exec(message);
  return match ? Number(match[1]) : undefined;
}

/** Finds where each entry starts in the original text, moving forward like the parser does. */
class LineFinder {
  private cursor = 0;
  private readonly starts: number[] = [0];
  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') this.starts.push(i + 1);
  }

  lineOfEntry(input: string): number | undefined {
    const head = /^@\s*(\w+)\s*[{(]\s*([^,\s]*)/.exec(input);
    if (!head) return undefined;
    const pattern = new RegExp(
      `@\\s*${head[1]}\\s*[{(]\\s*${escapeRegExp(head[2]!)}(?=[\\s,])`,
      'gi',
    );
    pattern.lastIndex = this.cursor;
    const found = pattern.exec(this.text) ?? ((pattern.lastIndex = 0), pattern.exec(this.text));
    if (!found) return undefined;
    this.cursor = found.index + 1;
    return this.lineAt(found.index);
  }

  private lineAt(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
