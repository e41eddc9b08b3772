/**
 * TeX's spellings of accented letters (`Nystr\"{o}m`, `Bal\'azs`), decoded by
 * @retorquere/bibtex-parser once per distinct spelling: shared by the BibTeX reader (abstracts)
 * and the JSON and CSV readers (names from arXiv's metadata).
 */
import { parse } from '@retorquere/bibtex-parser';

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
