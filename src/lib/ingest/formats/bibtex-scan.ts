/**
 * One linear pass over a `.bib` file that finds its entries, their fields and where each starts,
 * and resolves `@string` macros and `#` concatenations, with every size checked before anything
 * is built (an `@string` that doubles itself eight times is reported, never expanded). What it
 * finds is handed entry by entry to @retorquere/bibtex-parser, which decodes LaTeX and parses
 * names; this pass is what gives `file:line` and bounded time whatever the file holds.
 */
import { MAX_BAD_ROWS, MAX_RAW_FIELD_CHARS, stoppedReading } from '../limits';
import { formatCount } from '../../format';

/** One `name = value` of an entry, its value expanded (`#` and macros resolved), as LaTeX source. */
export interface ScannedField {
  name: string;
  value: string;
  /** 1-based line where the field's name is. */
  line: number;
}

/** One `@type{key, …}` of the file. */
export interface ScannedEntry {
  /** Lower case: `inproceedings`, `proceedings`, `string`… */
  type: string;
  key: string;
  /** 1-based line of the `@`. */
  line: number;
  /** Fields by lower-case name, first one kept when a name repeats. */
  fields: Map<string, ScannedField>;
}

export interface ScanProblem {
  line: number;
  reason: string;
  /** The scan stopped here (Problem's `stop`). */
  stop?: true;
}

/** Months BibTeX styles define as macros (`month = jul`). */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** What a scan hands each entry to, and what else counts towards its stop. */
export interface ScanReader {
  /**
   * Reads one entry as soon as it is scanned, so that none is held after it is read (2,375,000
   * entries of a 38 MB file, all held until the scan ended, took 1.5 GB); `scanProblems` is how
   * many entries the scan could not read so far. False stops the scan.
   */
  read: (entry: ScannedEntry, scanProblems: number) => boolean;
  /** Bad rows the reader has found so far: the scan stops once its own and these pass MAX_BAD_ROWS. */
  badRows?: () => number;
}

/**
 * Scans a `.bib` text, handing each entry to `reader` as it is found (`@string`, `@preamble` and
 * `@comment` are consumed, not handed on); the problems of the scan itself are returned.
 */
export function scanBibtex(text: string, reader: ScanReader): { problems: ScanProblem[] } {
  return new Scanner(text, reader).run();
}

/**
 * An entry's start at the beginning of a line (`@article{key,`, `@string{`), looked for inside a
 * value only when its { or " is unclosed. The key and its comma are part of it, so a value's line
 * that opens with `@Twitter (handle)` is no entry (a red team's). Searched for from a given
 * position (`lastIndex`).
 */
const NEXT_ENTRY_START =
  /\n[ \t]*@(?:[a-zA-Z]+[ \t]*[{(][ \t]*[^\s,={}()"#%'~]*[ \t]*,|(?:string|preamble|comment)[ \t]*[{(])/gi;

/** Characters `@string` macros may add to any file (more for a file larger than half of it). */
const MIN_EXPANSION_BUDGET = 10_000_000;

class Scanner {
  private i = 0;
  private line = 1;
  /** The reader returned false: nothing more is scanned. */
  private stopped = false;
  private readonly problems: ScanProblem[] = [];
  /** `@string` macros, lower-case name → expanded value. */
  private readonly macros = new Map<string, string>(MONTHS.map((m) => [m, m]));
  /**
   * Characters the macros may still add across the whole file, beyond what it writes out: each
   * value is capped, but 60,000 macros of 79,000 characters each ran a 2.3 MB file out of memory
   * (a red team's). Real files expand month names and a few journal names.
   */
  private expansionLeft: number;

  constructor(
    private readonly text: string,
    private readonly reader: ScanReader,
  ) {
    this.expansionLeft = Math.max(MIN_EXPANSION_BUDGET, 2 * text.length);
  }

  run() {
    const { text } = this;
    while (this.i < text.length) {
      const at = text.indexOf('@', this.i);
      if (at === -1) break;
      this.advanceTo(at);
      this.i++;
      this.entry();
      if (this.stopped) break;
      if (this.problems.length + (this.reader.badRows?.() ?? 0) > MAX_BAD_ROWS) {
        // At the entry whose problem was one too many.
        const { line } = this.problems.at(-1)!;
        const { reason, stop } = stoppedReading('', line);
        this.problems.push({ line, reason, stop });
        break;
      }
    }
    return { problems: this.problems };
  }

  /** Hands a whole entry to the reader. */
  private found(entry: ScannedEntry) {
    this.stopped = !this.reader.read(entry, this.problems.length);
  }

  /** Moves to `to`, counting the lines passed. */
  private advanceTo(to: number) {
    const { text } = this;
    for (let j = this.i; j < to; j++) if (text.charCodeAt(j) === 10) this.line++;
    this.i = to;
  }

  private skipSpace() {
    const { text } = this;
    while (this.i < text.length) {
      const c = text.charCodeAt(this.i);
      if (c === 10) this.line++;
      else if (c !== 32 && c !== 9 && c !== 13 && c !== 12) break;
      this.i++;
    }
  }

  private word(): string {
    const start = this.i;
    while (this.i < this.text.length && /[^\s{}()=,#"%@]/.test(this.text[this.i]!)) this.i++;
    return this.text.slice(start, this.i);
  }

  /** After an `@`: one entry, or text to skip when the `@` starts none (an e-mail in a comment). */
  private entry() {
    const line = this.line;
    const type = this.word().toLowerCase();
    this.skipSpace();
    const open = this.text[this.i];
    // Text between entries is a comment in BibTeX: an e-mail address there (`me@uni.edu (x)`) or
    // an `@ (office hours)` is no entry; a word of letters, digits, `_` and `-` before a brace is
    // meant as one.
    if ((open !== '{' && open !== '(') || !/^[a-z][\w-]*$/.test(type)) return;
    const close = open === '{' ? '}' : ')';
    this.i++;
    if (!/^[a-z]+$/.test(type)) {
      // `@in_proceedings{…}`, `@article2{…}`: an entry BibTeX cannot read, named, never dropped.
      this.problems.push({
        line,
        reason: `not BibTeX: @${type.slice(0, 40)} is no entry type (letters only); the entry is left out`,
      });
      // Read on at the next entry when its braces never close (as a value's are), from where the
      // group opened: a `\` before that entry's line break must not step over it.
      const start = this.i;
      const startLine = this.line;
      const bound = this.nextEntryStart(start);
      if (!this.skipGroup(close, bound)) {
        this.i = start;
        this.line = startLine;
        this.advanceTo(bound);
      }
      return;
    }
    if (type === 'comment' || type === 'preamble') {
      if (!this.skipGroup(close)) this.problems.push({ line, reason: `@${type} is never closed` });
      return;
    }
    if (type === 'string') {
      this.stringMacro(line, close);
      return;
    }
    this.skipSpace();
    const key = this.word();
    this.skipSpace();
    const fields = new Map<string, ScannedField>();
    const entry: ScannedEntry = { type, key, line, fields };
    if (this.text[this.i] === close) {
      this.i++;
      this.found(entry);
      return;
    }
    if (this.text[this.i] !== ',') {
      this.fail(line, `entry @${type}{${key} has no comma after its key`);
      return;
    }
    this.i++;
    for (;;) {
      this.skipSpace();
      if (this.i >= this.text.length) {
        this.fail(line, `entry ${key || `@${type}`} is never closed`);
        return;
      }
      if (this.text[this.i] === close) {
        this.i++;
        break;
      }
      const fieldLine = this.line;
      const name = this.word().toLowerCase();
      this.skipSpace();
      if (name === '' || this.text[this.i] !== '=') {
        this.fail(fieldLine, `entry ${key}: expected a field (name = value)`);
        return;
      }
      this.i++;
      const value = this.value(fieldLine, `entry ${key}, field ${name}`);
      if (value === null) return;
      if (!fields.has(name)) fields.set(name, { name, value, line: fieldLine });
      this.skipSpace();
      if (this.text[this.i] === ',') this.i++;
      else if (this.atEntryStart()) {
        // A { left open in the entry took its closing brace: the next entry starts here.
        this.problems.push({
          line,
          reason: `not BibTeX: entry ${key} is not closed before the next entry (line ${this.line})`,
        });
        return;
      } else if (this.text[this.i] !== close) {
        this.fail(
          this.line,
          `entry ${key}: expected , or the end of the entry after field ${name}`,
        );
        return;
      }
    }
    this.found(entry);
  }

  /** `@string{name = value}`: defines a macro, its expanded size checked. */
  private stringMacro(line: number, close: string) {
    this.skipSpace();
    const name = this.word().toLowerCase();
    this.skipSpace();
    if (name === '' || this.text[this.i] !== '=') {
      this.fail(line, '@string without name = value');
      return;
    }
    this.i++;
    const value = this.value(line, `@string ${name}`);
    if (value === null) return;
    this.skipSpace();
    if (this.text[this.i] !== close) {
      this.fail(line, `@string ${name} is not closed after its value`);
      return;
    }
    this.i++;
    this.macros.set(name, value);
  }

  /**
   * A field value: parts joined by `#`, each `{…}`, `"…"`, a number or a macro. Null (a problem
   * recorded, the rest of the file skipped) when it is malformed, or too large once expanded.
   */
  private value(line: number, owner: string): string | null {
    const parts: string[] = [];
    let size = 0;
    for (;;) {
      this.skipSpace();
      const c = this.text[this.i];
      let part: string | null;
      if (c === '{' || c === '"') {
        const start = ++this.i;
        const startLine = this.line;
        // One { or " too many would swallow the entries after it until the braces balance (or
        // the file ends): the value is only read up to the next entry's start, where it is
        // reported, and read on from there. (Read to the file's end, 40,000 such entries took
        // minutes.)
        const bound = this.nextEntryStart(start);
        const closed = c === '{' ? this.skipGroup('}', bound) : this.skipQuoted(bound);
        if (!closed && bound < this.text.length) {
          this.i = start;
          this.line = startLine;
          this.advanceTo(bound);
          this.problems.push({
            line,
            reason: `not BibTeX: ${owner}: a ${c} is not closed before the next entry (line ${this.line + 1})`,
          });
          return null;
        }
        if (!closed) {
          this.fail(line, `${owner}: a ${c} is never closed`);
          return null;
        }
        part = this.text.slice(start, this.i - 1);
      } else {
        const word = this.word();
        if (word === '') {
          this.fail(line, `${owner}: expected a value`);
          return null;
        }
        part = /^\d+$/.test(word) ? word : (this.macros.get(word.toLowerCase()) ?? null);
        if (part === null) {
          this.fail(line, `${owner}: "${word.slice(0, 40)}" is no @string defined before it`);
          return null;
        }
        this.expansionLeft -= part.length;
        if (this.expansionLeft < 0) {
          this.fail(
            line,
            `${owner}: the @string macros expand past ${formatCount(MIN_EXPANSION_BUDGET)} characters or twice the file's size; the rest of the file is not read`,
          );
          // Every later use would fail the same way: the rest of the file is not read.
          this.advanceTo(this.text.length);
          return null;
        }
      }
      size += part.length;
      if (size > MAX_RAW_FIELD_CHARS) {
        this.fail(
          line,
          `${owner}: a field value longer than ${formatCount(MAX_RAW_FIELD_CHARS)} characters`,
        );
        return null;
      }
      parts.push(part);
      this.skipSpace();
      if (this.text[this.i] !== '#') return parts.join('');
      this.i++;
    }
  }

  /** Past the brace (or parenthesis) that closes a group opened just before `i`; false at `end`. */
  private skipGroup(close: string, end = this.text.length): boolean {
    const { text } = this;
    const open = close === '}' ? '{' : '(';
    let depth = 0;
    for (; this.i < end; this.i++) {
      const c = text[this.i];
      if (c === '\n') this.line++;
      else if (c === '\\' && close === '}') {
        if (text[this.i + 1] === '\n') this.line++;
        this.i++;
      } else if (c === open) depth++;
      else if (c === close) {
        if (depth === 0) {
          this.i++;
          return true;
        }
        depth--;
      }
    }
    return false;
  }

  /** Where the last search for the next entry began, and what it found (see nextEntryStart). */
  private boundFrom = -1;
  private bound = 0;

  /**
   * Where the next entry starts after `from` (its line's break), or the text's end. Each value
   * asks: the answer is kept while `from` has not passed it, so a file of many values before the
   * next line's entry (one line of 60,000 entries, one entry of 60,000 fields: 22 and 34 s, a
   * red team's) is searched once, not once a value.
   */
  private nextEntryStart(from: number): number {
    if (from >= this.boundFrom && from <= this.bound) return this.bound;
    NEXT_ENTRY_START.lastIndex = from;
    this.boundFrom = from;
    this.bound = NEXT_ENTRY_START.exec(this.text)?.index ?? this.text.length;
    return this.bound;
  }

  /** Past the `"` that closes a quoted value (braces inside it hide quotes); false at `end`. */
  private skipQuoted(end = this.text.length): boolean {
    const { text } = this;
    let depth = 0;
    for (; this.i < end; this.i++) {
      const c = text[this.i];
      if (c === '\n') this.line++;
      else if (c === '\\') {
        if (text[this.i + 1] === '\n') this.line++;
        this.i++;
      } else if (c === '{') depth++;
      else if (c === '}') depth = Math.max(0, depth - 1);
      else if (c === '"' && depth === 0) {
        this.i++;
        return true;
      }
    }
    return false;
  }

  /** Whether `i` is at an `@` that starts a line (after spaces): the next entry. */
  private atEntryStart(): boolean {
    if (this.text[this.i] !== '@') return false;
    let j = this.i - 1;
    while (j >= 0 && (this.text[j] === ' ' || this.text[j] === '\t')) j--;
    return j < 0 || this.text[j] === '\n';
  }

  /** Records a problem and goes on at the next line that starts with `@`, as BibTeX itself recovers. */
  private fail(line: number, reason: string) {
    this.problems.push({ line, reason: `not BibTeX: ${reason}` });
    // Stopped at the next entry's `@` (an entry missing its closing brace): read that entry next.
    if (this.atEntryStart()) return;
    const next = this.text.indexOf('\n@', this.i);
    this.advanceTo(next === -1 ? this.text.length : next);
  }
}
