/**
 * TeX in text: accented letters (`Nystr\"{o}m`, `Bal\'azs`, decoded by @retorquere/bibtex-parser
 * once per distinct spelling), text symbols, escaped signs, protective braces and math spans.
 * Shared by the BibTeX reader (abstracts) and the JSON and CSV readers (arXiv's names, titles and
 * abstracts, which are TeX too).
 */
import { parse } from '@retorquere/bibtex-parser';
import { latex2unicode } from 'unicode2latex';

/** Placeholders of letters and digits only, so the parser passes them through in every mode. */
export const PLACEHOLDER = /zqph(\d+)qz/g;
/** Longest math span: a longer `$…$` is text (and no span is scanned twice past this length). */
export const MAX_MATH_SPAN = 5_000;

/** Accent commands with their letter: `\"{o}`, `\"o`, `\'{\i}`, `\c{c}`, `\v s`, and `\ss`, `\o`, `\aa`… */
export const ACCENT =
  /\\[`'^"~=.]\s*(?:\{\\?[A-Za-z]\}|\\?[A-Za-z])|\\[uvHckbdrt](?:\{\\?[A-Za-z]\}|\s+[A-Za-z])|\\(?:ss|o|O|aa|AA|ae|AE|oe|OE|l|L|i|j)(?![A-Za-z])/g;

/** NFC, with `\"{\i}` (a dotless i under an accent) read as the accented i it means. */
export function tidy(text: string): string {
  return text.replace(/ı(?=\p{M})/gu, 'i').normalize('NFC');
}

const decodedAccents = new Map<string, string>();

/** An accent command decoded by the parser, once per distinct spelling; itself when it has none. */
export function decodedAccent(command: string): string {
  let decoded = decodedAccents.get(command);
  if (decoded === undefined) {
    const parsed = parse(`@misc{a, title = {${command}}}`, { english: false });
    const title: unknown = parsed.entries[0]?.fields.title;
    decoded = typeof title === 'string' && title !== '' ? tidy(title) : command;
    decodedAccents.set(command, decoded);
  }
  return decoded;
}

/** A name written in TeX (`C. Bal\'azs`, `{\"O}zt{\"u}rk`): its accents decoded, its braces dropped. */
export function decodeTexName(name: string): string {
  if (!name.includes('\\')) return name;
  return name.replace(ACCENT, decodedAccent).replace(/[{}]/g, '');
}

/**
 * A LaTeX text symbol (`{\textless}`, `\textasciitilde{}`, `\textbar `): one character, written as
 * a command because the character is special to TeX; the ACL Anthology writes `<`, `>` and `~`
 * so. A command that takes an argument (`\textbf{…}`) is not one: a `{` may only follow as `{}`.
 */
export const TEXT_SYMBOL = /\{\\text[a-z]+\}|\\text[a-z]+(?:\{\}|(?![A-Za-z{]) ?)/g;
/**
 * The character a text-symbol command stands for, from unicode2latex's table (the one the BibTeX
 * parser decodes with); undefined for a command it lacks or that is more than a character or two.
 */
export function textSymbol(command: string): string | undefined {
  const entry = (latex2unicode as Readonly<Record<string, string | { text?: string }>>)[command];
  // Some commands read differently in text and in math: text is what an abstract's prose means.
  const symbol = typeof entry === 'string' ? entry : entry?.text;
  return symbol !== undefined && symbol !== '' && symbol.length <= 2 ? symbol : undefined;
}
/** A decoded symbol Markdown would read as syntax (`<` opens HTML): escaped, so it stays a character. */
export const MARKDOWN_PUNCTUATION = /^[!-/:-@[-`{-~]$/;

/**
 * What Zotero's BibTeX export writes for the characters of an abstract that TeX would read:
 * `{\textbackslash}` for `\`, `\$` `\{` `\}` `\_` for themselves, `{\textasciicircum}`,
 * `{\textasciitilde}`. An abstract holding `\textbackslash` was escaped so, character by character:
 * its formulas (`\${\textbackslash}times\$`) are the original's `$\times$` again once undone.
 */
const EXPORT_ESCAPE =
  /\{\\textbackslash\}|\\textbackslash(?:\{\}|(?![A-Za-z]) ?)|\{\\textasciicircum\}|\{\\textasciitilde\}|\\([{}$_])/g;
const UNESCAPED: Record<string, string> = {
  '{\\textasciicircum}': '^',
  '{\\textasciitilde}': '~',
};

/** An abstract escaped character by character by its exporter (see {@link EXPORT_ESCAPE}), undone. */
function unescapeExported(tex: string): string {
  if (!tex.includes('\\textbackslash')) return tex;
  return tex.replace(
    EXPORT_ESCAPE,
    (escape, character: string | undefined) => character ?? UNESCAPED[escape] ?? '\\',
  );
}

/**
 * An abstract's LaTeX with its accents and text symbols decoded (by the parser, once per distinct
 * command) and its protective braces dropped; math spans are left exactly as written.
 */
export function decodeAbstract(tex: string): string {
  const math: string[] = [];
  const withoutMath = hideMath(unescapeExported(tex), (span) => `zqph${math.push(span) - 1}qz`);
  const accented = withoutMath.replace(ACCENT, decodedAccent).replace(TEXT_SYMBOL, (command) => {
    const symbol = textSymbol(command.replace(/[{} ]/g, ''));
    if (symbol === undefined) return command;
    return MARKDOWN_PUNCTUATION.test(symbol) ? `\\${symbol}` : symbol;
  });
  return dropProtectiveBraces(accented).replace(
    PLACEHOLDER,
    (_, i: string) => math[Number(i)] ?? '',
  );
}

/** `\%`, `\&`, `\$`, `\#`, `\_`: a sign TeX would read, escaped; Markdown reads the escape too. */
const ESCAPED_SIGN = /^\\[%&$#_]$/;

/**
 * Drops brace pairs around plain text that no command takes as its argument (`{B}ayesian`,
 * `{{GAN}}s`), in one pass: a group is dropped when nothing inside it is a command or a kept group,
 * and no command name ends right before it.
 */
export function dropProtectiveBraces(tex: string): string {
  // Nothing to drop without a brace (most abstracts): the text as it is.
  if (!tex.includes('{') && !tex.includes('}')) return tex;
  const out: string[] = [];
  const open: { at: number; droppable: boolean }[] = [];
  let afterCommand = false;
  for (let i = 0; i < tex.length; i++) {
    const c = tex[i]!;
    if (c === '\\') {
      let end = i + 1;
      while (end < tex.length && /[A-Za-z]/.test(tex[end]!)) end++;
      if (end === i + 1) end = Math.min(i + 2, tex.length);
      out.push(tex.slice(i, end));
      afterCommand = /[A-Za-z]/.test(tex[i + 1] ?? '');
      // An escaped sign (`{\%}`, the ACL Anthology's) is a character: its group still protects
      // nothing but plain text.
      if (open.length > 0 && !ESCAPED_SIGN.test(tex.slice(i, end))) {
        open[open.length - 1]!.droppable = false;
      }
      i = end - 1;
      continue;
    }
    if (c === '{') {
      open.push({ at: out.length, droppable: !afterCommand });
      out.push('{');
    } else if (c === '}') {
      const group = open.pop();
      if (group === undefined) out.push('}');
      else if (group.droppable) out[group.at] = '';
      else {
        out.push('}');
        if (open.length > 0) open[open.length - 1]!.droppable = false;
      }
    } else out.push(c);
    if (!/\s/.test(c)) afterCommand = false;
  }
  return out.join('');
}

/**
 * Replaces each math span (`$$…$$`, `$…$`, `\(…\)`, `\[…\]`, not across a blank line, braces
 * balanced; `\$` is a dollar sign) with `hide(span)`. Linear: each closer is searched for once, and
 * a search that found none is remembered, so an unclosed `\(` repeated 100,000 times costs one scan.
 */
export function hideMath(text: string, hide: (span: string) => string): string {
  let out = '';
  let copied = 0;
  const nextFrom = new Map<string, number>();
  /** Position of `closer` at or after `from`, each search remembered (positions only grow). */
  const find = (closer: string, from: number): number => {
    const known = nextFrom.get(closer);
    if (known !== undefined && (known === -1 || known >= from)) return known;
    const found = text.indexOf(closer, from);
    nextFrom.set(closer, found);
    return found;
  };
  let blank = -2;
  const nextBlank = (from: number) => {
    if (blank !== -1 && blank < from) {
      const match = /\n[ \t\r]*\n/g;
      match.lastIndex = from;
      blank = match.exec(text)?.index ?? -1;
    }
    return blank;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    let opener: string;
    let closer: string;
    if (c === '\\') {
      const next = text[i + 1];
      if (next === '(' || next === '[') {
        opener = `\\${next}`;
        closer = next === '(' ? '\\)' : '\\]';
      } else {
        i++;
        continue;
      }
    } else if (c === '$') {
      opener = text[i + 1] === '$' ? '$$' : '$';
      closer = opener;
    } else continue;
    const close = find(closer, i + opener.length);
    // A lone `$` closes at the next `$` that is not escaped; `$$` never closes a `$`.
    if (close === -1 || close === i + opener.length) {
      i += opener.length - 1;
      continue;
    }
    const blankAt = nextBlank(i);
    const end = close + closer.length;
    if (
      end - i > MAX_MATH_SPAN ||
      (blankAt !== -1 && blankAt < close) ||
      text[close - 1] === '\\' ||
      !bracesBalance(text.slice(i, end))
    ) {
      i += opener.length - 1;
      continue;
    }
    out += text.slice(copied, i) + hide(text.slice(i, end));
    copied = end;
    i = end - 1;
  }
  return out + text.slice(copied);
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
