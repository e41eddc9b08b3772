/**
 * Reads one dump file: decodes it strictly, takes its header line and splits the rest into paragraphs
 * (one abstract each), remembering where each starts so every problem can be reported as `path:line`.
 */
import { markupLimitProblem } from '../text/markup';
import { isWhitespace } from '../text/tokens';
import { normalizeAbstract, normalizeWhitespace } from './normalize';
import { formatCount } from '../format';

/** Something wrong with the input, shown to the user as `file:line: reason`. */
export interface Problem {
  /** The dump's file name (or path) as given to the ingest. */
  file: string;
  /** 1-based line the problem is on. */
  line: number;
  /** What is wrong, in words the person who edits the dump understands. */
  reason: string;
  /** For a line that stands for problems past a file's listed ones: how many (src/lib/pipeline.ts). */
  more?: number;
  /** A reader stopped here, the rest of the file unread: listed however many problems come before. */
  stop?: true;
}

/** One blank-line-separated block of a dump, as written. */
export interface DumpParagraph {
  /** 1-based position among the dump's paragraphs after the header. */
  index: number;
  /** 1-based line where the paragraph starts. */
  line: number;
  /** The paragraph's lines, without line endings. */
  lines: string[];
}

/** A dump split into its label and its paragraphs, plus whatever made parts of it unreadable. */
export interface ParsedDump {
  file: string;
  /** The first non-empty line, whitespace-normalised; null when the file has none. */
  header: string | null;
  /**
   * The paragraphs after the header, each made when it is read: the dump keeps only its text and
   * where each paragraph starts and ends (10,000,000 one-word paragraphs held as objects took
   * 3.4 GB).
   */
  paragraphs: DumpParagraphs;
  problems: Problem[];
}

/** A dump's paragraphs: how many, and each in order. */
export interface DumpParagraphs extends Iterable<DumpParagraph> {
  readonly length: number;
}

const NO_PARAGRAPHS: DumpParagraphs = { length: 0, [Symbol.iterator]: () => [][Symbol.iterator]() };

/** An abstract has at least this many words… */
export const MIN_ABSTRACT_WORDS = 20;
/** …and at least this many characters, once normalised. */
export const MIN_ABSTRACT_CHARS = 100;
/**
 * An abstract has at most this many characters, as written. Real ones have 500–3,000; the limit
 * bounds the time any per-abstract step can take (a 5 MB paragraph of markup ran past 400 s).
 */
export const MAX_ABSTRACT_CHARS = 20_000;
/** Above this share of control characters a file is binary, not a text dump with a stray byte. */
const MAX_CONTROL_SHARE = 0.1;

const BLANK_LINE = /^\s*$/;
const LINE_BREAK = /\r\n|\r|\n/;

/** Why a normalised paragraph cannot be an abstract (`Page 2 of 7`), or null when it can. */
export function notAnAbstract(text: string): string | null {
  const words = countWords(text);
  if (words >= MIN_ABSTRACT_WORDS && text.length >= MIN_ABSTRACT_CHARS) return null;
  return (
    `not an abstract: ${plural(words, 'word')}, ${plural(text.length, 'character')} ` +
    `(an abstract has at least ${MIN_ABSTRACT_WORDS} words and ${MIN_ABSTRACT_CHARS} characters): ` +
    `"${preview(text)}"`
  );
}

/**
 * Words, as a reader counts them. Text in scripts written without spaces (Chinese, Japanese, Thai…)
 * is counted by `Intl.Segmenter`'s dictionary word breaks; everything else by whitespace, a character
 * loop, because splitting every abstract twice showed up in profiles.
 */
export function countWords(text: string): number {
  if (UNSPACED_SCRIPT.test(text)) return segmentedWords(text);
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const isSpace = isWhitespace(text.charCodeAt(i));
    if (!isSpace && !inWord) words++;
    inWord = !isSpace;
  }
  return words;
}

/** Scripts whose words are not separated by spaces. */
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

let wordSegmenter: Intl.Segmenter | undefined;

function segmentedWords(text: string): number {
  wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  let words = 0;
  for (const segment of wordSegmenter.segment(text)) if (segment.isWordLike) words++;
  return words;
}

/** Decodes and splits one dump; problems are collected, never thrown. */
export function parseDump(file: string, bytes: Uint8Array): ParsedDump {
  const decoded = decodeDump(file, bytes);
  if ('problem' in decoded) {
    return { file, header: null, paragraphs: NO_PARAGRAPHS, problems: [decoded.problem] };
  }
  return splitDump(file, decoded.text);
}

/** The file's text (UTF-8, BOM dropped), or why it is not a text dump. */
export function decodeDump(
  file: string,
  bytes: Uint8Array,
): { text: string } | { problem: Problem } {
  if (looksLikeUtf16(bytes)) {
    return { problem: { file, line: 1, reason: 'UTF-16 text; save as UTF-8' } };
  }
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    return {
      problem: {
        file,
        line: lineOfByte(bytes, nul),
        reason: 'binary file (contains NUL bytes), not a text dump',
      },
    };
  }
  if (controlShare(bytes) > MAX_CONTROL_SHARE) {
    return {
      problem: {
        file,
        line: 1,
        reason: 'binary file (mostly control characters), not a text dump',
      },
    };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch (error) {
    // Bad bytes are a TypeError; a text longer than a JavaScript string may be (~512 MB) is not.
    if (error instanceof TypeError) return { problem: invalidUtf8Problem(file, bytes) };
    const reason = `too large to read as one text (${formatCount(Math.round(bytes.length / 2 ** 20))} MB); split it into smaller files`;
    return { problem: { file, line: 1, reason } };
  }
}

/** Header line, then paragraphs separated by blank (or whitespace-only) lines. */
export function splitDump(file: string, text: string): ParsedDump {
  const lines = new LineScanner(text);
  let headerLine = lines.next();
  while (headerLine !== null && lines.blank) headerLine = lines.next();
  if (headerLine === null) {
    return {
      file,
      header: null,
      paragraphs: NO_PARAGRAPHS,
      problems: [{ file, line: 1, reason: 'empty file' }],
    };
  }
  const headerLineNumber = lines.number;
  const tagged = taggedExport(openingLines(text, lines.start));
  if (tagged !== null) {
    // Its records would read as abstracts made of field tags ("PT J AU Anderson, RC …").
    const reason = `a ${tagged.name} export, not a plain-text dump: ${tagged.advice}`;
    return {
      file,
      header: null,
      paragraphs: NO_PARAGRAPHS,
      problems: [{ file, line: headerLineNumber, reason }],
    };
  }
  const header = normalizeWhitespace(headerLine);
  const paragraphs = splitParagraphs(text, lines);
  const problems: Problem[] = [];
  if (notAnAbstract(header) === null) {
    problems.push({
      file,
      line: headerLineNumber,
      reason:
        `the first line must be the dump's label (e.g. "ICLR 2026 Papers"), ` +
        `but it reads like an abstract: "${preview(header)}"`,
    });
  }
  if (paragraphs.length === 0) {
    problems.push({
      file,
      line: headerLineNumber,
      reason: `no abstracts after the header "${preview(header)}"`,
    });
  }
  return { file, header, paragraphs, problems };
}

/**
 * The lines of a text one at a time, split at LF, CRLF or a lone CR, without splitting the whole
 * text into an array of lines first.
 */
class LineScanner {
  /** Offset where the current line starts. */
  start = 0;
  /** 1-based number of the current line. */
  number = 0;
  /** Whether the current line is blank (whitespace only). */
  blank = false;
  /** Offset where the next line starts; -1 past the last line. */
  private following = 0;
  private readonly breaks = new RegExp(LINE_BREAK.source, 'g');

  constructor(private readonly text: string) {}

  /** The next line's text (a text ending in a line break has an empty last line, as `split` gives), or null past the last one. */
  next(): string | null {
    if (this.following < 0) return null;
    this.start = this.following;
    this.breaks.lastIndex = this.start;
    const found = this.breaks.exec(this.text);
    const stop = found ? found.index : this.text.length;
    this.following = found ? stop + found[0].length : -1;
    this.number++;
    const line = this.text.slice(this.start, stop);
    this.blank = BLANK_LINE.test(line);
    return line;
  }
}

/** The first few non-blank lines from an offset: enough to recognise a tagged export. */
function openingLines(text: string, from: number): string[] {
  const opening: string[] = [];
  const lines = new LineScanner(text.slice(from, from + 20_000));
  for (let line = lines.next(); line !== null && opening.length < 8; line = lines.next()) {
    if (!lines.blank) opening.push(line);
  }
  return opening;
}

/**
 * The tagged bibliographic format a `.txt` file is in, by its opening lines, or null: Web of
 * Science's plain-text export (`FN Clarivate Analytics Web of Science`, `VR 1.0`), RIS (`TY  - JOUR`)
 * or PubMed's MEDLINE (`PMID- 123`); also Web of Science's tab-delimited export (`PT<tab>AU<tab>…`),
 * which is read as a `.csv`, and BibTeX (`@inproceedings{…`, after `%` comment lines such as
 * JabRef's `% Encoding: UTF-8`) or JSON (`{"id": …`, or `[` / `{` alone on the line, as
 * pretty-printed JSON opens) saved as `.txt`. With it, what the reader should do instead.
 */
function taggedExport(lines: readonly string[]): { name: string; advice: string } | null {
  const opening = (lines[0] ?? '').replace(/^\uFEFF/, '');
  const elsewhere = 'export the records as BibTeX (.bib) or RIS (.ris) instead';
  // RIS's tag is two letters, two spaces and a dash; some tools write one space.
  if (/^TY {1,2}- ?[A-Z]+\s*$/.test(opening)) return { name: 'RIS', advice: 'name it .ris' };
  const firstEntry = lines
    .map((line) => line.replace(/^\uFEFF/, ''))
    .find((line) => !line.startsWith('%'));
  if (/^\s*@[A-Za-z]+\s*[{(]/.test(firstEntry ?? '')) {
    return { name: 'BibTeX', advice: 'name it .bib' };
  }
  if (/^(?:\{\s*"[^"]*"\s*:|[[{]\s*$|\[\s*\{)/.test(opening)) {
    return { name: 'JSON', advice: 'name it .json (or .jsonl, one record a line)' };
  }
  if (/^PMID- ?\d+\s*$/.test(opening)) return { name: 'MEDLINE (PubMed)', advice: elsewhere };
  if (/^PT\tAU\t/.test(opening)) {
    return { name: 'Web of Science tab-delimited', advice: 'name it .csv' };
  }
  if (!/^FN \S/.test(opening)) return null;
  return /^VR \d/.test(lines[1] ?? '') ? { name: 'Web of Science', advice: elsewhere } : null;
}

/**
 * Where each paragraph after the current line starts and ends (offsets) and its first line's
 * number, three numbers a paragraph; its lines are split off the text when it is read.
 */
function splitParagraphs(text: string, lines: LineScanner): DumpParagraphs {
  const places: number[] = [];
  let open = false;
  for (let line = lines.next(); line !== null; line = lines.next()) {
    if (lines.blank) {
      if (open) places.push(lines.start);
      open = false;
    } else if (!open) {
      places.push(lines.start, lines.number);
      open = true;
    }
  }
  if (open) places.push(text.length);
  const length = places.length / 3;
  return {
    length,
    *[Symbol.iterator]() {
      for (let i = 0; i < length; i++) {
        const [start, line, end] = [places[3 * i]!, places[3 * i + 1]!, places[3 * i + 2]!];
        const body = text.slice(start, end).replace(/(?:\r\n|\r|\n)$/, '');
        yield { index: i + 1, line, lines: body.split(LINE_BREAK) };
      }
    },
  };
}

/**
 * The paragraph's normalised abstract, or the problem that keeps it from being one: too short, too
 * long ({@link MAX_ABSTRACT_CHARS}), or with markup past the limits the renderer relies on.
 */
export function readParagraph(
  file: string,
  paragraph: DumpParagraph,
): { abstract: string } | { problem: Problem } {
  const problem = (reason: string) => ({ problem: { file, line: paragraph.line, reason } });
  const written = paragraph.lines.reduce((sum, line) => sum + line.length, 0);
  if (written > MAX_ABSTRACT_CHARS) {
    return problem(
      `abstract too long: ${formatCount(written)} characters (at most ${formatCount(MAX_ABSTRACT_CHARS)})`,
    );
  }
  const abstract = normalizeAbstract(paragraph.lines);
  const reason = notAnAbstract(abstract) ?? markupLimitProblem(abstract);
  return reason === null ? { abstract } : problem(reason);
}

/**
 * A UTF-16 byte-order mark, or text whose every other byte is NUL (ASCII saved as UTF-16 without a
 * mark): what Windows tools write when asked for "Unicode".
 */
function looksLikeUtf16(bytes: Uint8Array): boolean {
  const [first, second] = bytes;
  if ((first === 0xff && second === 0xfe) || (first === 0xfe && second === 0xff)) return true;
  const sample = bytes.subarray(0, Math.min(bytes.length, 4096) & ~1);
  if (sample.length < 4) return false;
  let evenNuls = 0;
  let oddNuls = 0;
  for (let i = 0; i < sample.length; i += 2) {
    if (sample[i] === 0) evenNuls++;
    if (sample[i + 1] === 0) oddNuls++;
  }
  const pairs = sample.length / 2;
  return Math.max(evenNuls, oddNuls) > 0.9 * pairs && Math.min(evenNuls, oddNuls) < 0.1 * pairs;
}

function invalidUtf8Problem(file: string, bytes: Uint8Array): Problem {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const badLines: number[] = [];
  let lineStart = 0;
  let lineNumber = 1;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && !endsLine(bytes, i)) continue;
    try {
      decoder.decode(bytes.subarray(lineStart, i));
    } catch {
      badLines.push(lineNumber);
    }
    lineStart = i + 1;
    lineNumber++;
  }
  const first = badLines[0] ?? 1;
  const others = badLines.length > 1 ? ` (and ${plural(badLines.length - 1, 'more line')})` : '';
  return {
    file,
    line: first,
    reason: `not valid UTF-8${others}; save the file as UTF-8 text`,
  };
}

function controlShare(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0;
  let controls = 0;
  // An index loop: a whole conference is tens of megabytes, and the iterator is several times slower.
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    const isWhitespace = byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d;
    if ((byte < 0x20 && !isWhitespace) || byte === 0x7f) controls++;
  }
  return controls / bytes.length;
}

function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (endsLine(bytes, i)) line++;
  return line;
}

/** LF, or a CR not followed by LF: the same line breaks the text splitter counts. */
function endsLine(bytes: Uint8Array, i: number): boolean {
  return bytes[i] === 0x0a || (bytes[i] === 0x0d && bytes[i + 1] !== 0x0a);
}

function preview(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** `1 word`, `3 words`. */
export function plural(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;
}
