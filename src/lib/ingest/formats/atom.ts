/**
 * Reads the Atom feed arXiv's API answers with (`export.arxiv.org/api/query?…`, saved as `.xml`
 * or `.atom`): a `<feed>` in Atom's namespace, one `<entry>` a paper (`<id>`, `<title>`,
 * `<summary>` the abstract, `<author><name>`, `<published>` the first version's date,
 * `<arxiv:doi>`). Each entry is read into the fields of a line of arXiv's metadata snapshot and
 * handed to `readRow`, so links, year, venue and names follow the rules every JSON record does
 * (record.ts `arxivFields`); docs/formats.md §10.
 *
 * The XML is tokenised by htmlparser2 in XML mode, a streaming parser that expands no entity a
 * document declares and fetches nothing: a DOCTYPE (where entities would be declared) is refused,
 * `&amp;` and numeric references are decoded, any other `&name;` stays as written. It forgives
 * what XML does not, so the structure is checked here: a single Atom `<feed>` root, tags closed
 * in order, nothing after the root, at most {@link MAX_XML_DEPTH} levels. Namespaces are resolved
 * from each element's `xmlns` declarations (arXiv's feeds declared `arxiv:` on every element until
 * 2025, and on the root since).
 */
import { Parser } from 'htmlparser2';
import { formatCount } from '../../format';
import { MAX_RECORD_CHARS } from '../limits';
import {
  addRow,
  ARXIV_ID_PATTERN,
  finishRows,
  newRows,
  readsOn,
  type ReadStructuredDump,
  type RecordCheck,
} from './record';

const ATOM = 'http://www.w3.org/2005/Atom';
const ARXIV = 'http://arxiv.org/schemas/atom';

/** Deepest nesting read: arXiv's entries nest four levels (`feed`, `entry`, `author`, `name`). */
export const MAX_XML_DEPTH = 100;

/**
 * Most attributes one element may have: arXiv's have at most four. htmlparser2 gathers a tag's
 * attributes before it hands the tag over; 2,500,000 of them on one tag (30 MB) took 11 s and
 * 1.3 GB, so the file stops at the tag past this.
 */
export const MAX_XML_ATTRIBUTES = 1_000;

/** Characters handed to the parser at a time; reading stops between two after a fatal problem. */
const CHUNK = 65_536;

/** An entry's `<id>`: an arXiv abstract page, the id and its version. */
const ABSTRACT_PAGE = new RegExp(
  String.raw`^https?:\/\/(?:www\.|export\.)?arxiv\.org\/abs\/((?:${ARXIV_ID_PATTERN}))(?:v\d+)?$`,
  'i',
);
/** The `<id>` of the entry arXiv answers a bad query with (`<title>Error</title>`). */
const ERROR_ID = /^https?:\/\/(?:www\.|export\.)?arxiv\.org\/api\/errors/i;

/** The entry's fields read so far (text as given, entities decoded). */
interface Entry {
  line: number;
  /** Offset of its `<entry`. */
  start: number;
  fields: Map<string, string>;
  authors: string[];
  /** Past {@link MAX_RECORD_CHARS}: its text is no longer kept, and it is a problem. */
  tooLong: boolean;
}

/** An open element: its name as written and the namespaces declared on it (with its parent's). */
interface Open {
  name: string;
  scope: Scope;
  /** The line of its start tag. */
  line: number;
}

/** Prefix → namespace declarations of one element, and its parent's scope. */
interface Scope {
  declared: Map<string, string> | null;
  parent: Scope | null;
}

/** The fields of an entry read, by namespace and local name: its children's. */
const ENTRY_FIELDS: Record<string, string> = {
  [`${ATOM} id`]: 'id',
  [`${ATOM} title`]: 'title',
  [`${ATOM} summary`]: 'summary',
  [`${ATOM} published`]: 'published',
  [`${ARXIV} doi`]: 'doi',
};

/** The records of one arXiv API feed, each read as its `</entry>` closes it. */
export function readAtom(file: string, text: string, check?: RecordCheck): ReadStructuredDump {
  const rows = newRows(check);
  const { problems } = rows;
  const keys = new Map<string, number>();
  /** Entries found, and entries or structure that could not be read (each counts as one). */
  let found = 0;
  let unread = 0;
  /** Set once the file cannot be read on (a structural problem, or too many bad entries). */
  let stopped = false;
  let lineNo = 1;
  let counted = 0;
  /** The 1-based line of `offset`; offsets asked for only grow. */
  const lineAt = (offset: number): number => {
    const to = Math.min(offset, text.length);
    // A line ends at LF, CRLF, or a CR alone (old Mac files), as editors count them.
    for (; counted < to; counted++) {
      const code = text.charCodeAt(counted);
      if (code === 10 || (code === 13 && text.charCodeAt(counted + 1) !== 10)) lineNo++;
    }
    return lineNo;
  };
  const fatal = (offset: number, reason: string, line = lineAt(offset)) => {
    if (stopped) return;
    problems.push({ file, line, reason });
    unread += 1;
    stopped = true;
  };

  const stack: Open[] = [];
  let rootSeen = false;
  let rootClosed = false;
  let ending = false;
  let entry: Entry | null = null;
  /** The field being read (`id`, `summary`, `name`…), the depth it opened at, and its text. */
  let field: { name: string; depth: number; parts: string[] } | null = null;

  const resolve = (qualified: string, scope: Scope): { ns: string; local: string } => {
    const colon = qualified.indexOf(':');
    const prefix = colon === -1 ? '' : qualified.slice(0, colon);
    const local = colon === -1 ? qualified : qualified.slice(colon + 1);
    for (let s: Scope | null = scope; s !== null; s = s.parent) {
      const ns = s.declared?.get(prefix);
      if (ns !== undefined) return { ns, local };
    }
    return { ns: '', local };
  };

  const closeEntry = (open: Entry) => {
    found += 1;
    const place = { file, line: open.line, index: found };
    const bad = (reason: string) => {
      problems.push({ file, line: open.line, reason });
      if (!readsOn(problems, place)) stopped = true;
    };
    if (open.tooLong) {
      bad(
        `an entry of more than ${formatCount(MAX_RECORD_CHARS)} characters: longer than any paper's`,
      );
      return;
    }
    const get = (name: string) => open.fields.get(name)?.trim() ?? '';
    const id = get('id');
    if (ERROR_ID.test(id)) {
      const said = get('summary').replace(/\s+/g, ' ').slice(0, 200);
      bad(`arXiv's API answered with an error, not a paper: ${JSON.stringify(said)}`);
      return;
    }
    const arxivId = ABSTRACT_PAGE.exec(id)?.[1];
    // An entry without a summary is no paper whatever its id: left out and named, as in every
    // reader (readRow), by its id as written or its place.
    if (get('summary') === '') {
      const named = arxivId ?? (id.length <= 200 ? id : undefined);
      if (!addRow(rows, named ? { id: named } : {}, place, keys)) stopped = true;
      return;
    }
    if (arxivId === undefined) {
      const shown = id === '' ? 'no <id>' : `<id> ${JSON.stringify(id.slice(0, 80))}`;
      bad(`an entry with ${shown}, no arXiv abstract page (http://arxiv.org/abs/…)`);
      return;
    }
    const published = get('published');
    // The fields of a line of arXiv's metadata snapshot (record.ts `arxivFields`): `<published>`
    // is the date version 1 was submitted.
    const row: Record<string, unknown> = {
      id: arxivId,
      title: open.fields.get('title'),
      abstract: open.fields.get('summary'),
      authors: open.authors,
      doi: open.fields.get('doi'),
      versions: published === '' ? [] : [{ version: 'v1', created: published }],
    };
    for (const name of Object.keys(row)) if (row[name] === undefined) delete row[name];
    if (!addRow(rows, row, place, keys)) stopped = true;
  };

  let attributeCount = 0;
  let tagStart = 0;
  const parser = new Parser(
    {
      onopentagname() {
        attributeCount = 0;
        tagStart = parser.startIndex;
      },
      onattribute() {
        attributeCount += 1;
        if (attributeCount > MAX_XML_ATTRIBUTES) {
          const reason = `not an arXiv feed: an element with more than ${formatCount(MAX_XML_ATTRIBUTES)} attributes`;
          fatal(tagStart, reason);
        }
      },
      onprocessinginstruction(name) {
        // `<!DOCTYPE …>` and the `<!ENTITY …>` declarations in it: arXiv's feeds have none.
        if (name.startsWith('!')) {
          fatal(
            parser.startIndex,
            'a DOCTYPE or entity declaration, which no Atom feed needs: not read',
          );
        }
      },
      onopentag(name, attributes) {
        if (stopped) return;
        const at = parser.startIndex;
        if (rootClosed) {
          fatal(at, `not XML: <${name}> after the feed's end`);
          return;
        }
        let declared: Map<string, string> | null = null;
        for (const [attribute, value] of Object.entries(attributes)) {
          if (attribute === 'xmlns' || attribute.startsWith('xmlns:')) {
            declared ??= new Map();
            declared.set(attribute === 'xmlns' ? '' : attribute.slice(6), value);
          }
        }
        const parent = stack.at(-1)?.scope ?? null;
        const scope: Scope = declared === null && parent !== null ? parent : { declared, parent };
        const { ns, local } = resolve(name, scope);
        stack.push({ name, scope, line: lineAt(at) });
        if (stack.length > MAX_XML_DEPTH) {
          fatal(
            at,
            `not an arXiv feed: elements nested more than ${formatCount(MAX_XML_DEPTH)} deep`,
          );
          return;
        }
        if (!rootSeen) {
          rootSeen = true;
          if (ns === ATOM && local === 'feed') return;
          const what =
            local === 'feed'
              ? `<${name}> is not in Atom's namespace (xmlns="${ATOM}")`
              : local === 'rss'
                ? "an RSS feed (rss.arxiv.org); save the API's answer (export.arxiv.org/api/query) instead"
                : `its first element is <${name}>, not an Atom <feed>`;
          fatal(at, `not an arXiv API feed: ${what}`);
          return;
        }
        const depth = stack.length;
        if (depth === 2 && ns === ATOM && local === 'entry') {
          entry = { line: lineAt(at), start: at, fields: new Map(), authors: [], tooLong: false };
          return;
        }
        if (entry === null) return;
        // Measured at every tag too: an entry of a million empty `<author>`s holds no text.
        if (at - entry.start > MAX_RECORD_CHARS) entry.tooLong = true;
        if (field !== null || entry.tooLong) return;
        const key = `${ns} ${local}`;
        if (depth === 3 && ENTRY_FIELDS[key] !== undefined) {
          field = { name: ENTRY_FIELDS[key], depth, parts: [] };
        } else if (depth === 4 && key === `${ATOM} name`) {
          const author = resolve(stack[2]!.name, stack[2]!.scope);
          if (author.ns === ATOM && author.local === 'author')
            field = { name: 'name', depth, parts: [] };
        }
      },
      ontext(data) {
        if (stopped) return;
        if (stack.length === 0) {
          if (data.trim() === '') return;
          const shown = JSON.stringify(data.trim().slice(0, 40));
          fatal(
            parser.startIndex,
            rootClosed
              ? `not XML: text after the feed's end (${shown})`
              : `not an arXiv API feed: text before its first element (${shown})`,
          );
          return;
        }
        if (entry === null || field === null || entry.tooLong) return;
        if (parser.endIndex - entry.start > MAX_RECORD_CHARS) {
          entry.tooLong = true;
          field.parts = [];
          return;
        }
        field.parts.push(data);
      },
      onclosetag(name, isImplied) {
        if (stopped) return;
        const at = parser.startIndex;
        if (isImplied && ending) {
          // Still open where the text ends, named at its start tag: the innermost first.
          const open = stack.at(-1);
          fatal(text.length, `not XML: <${open?.name ?? name}> is never closed`, open?.line);
          return;
        }
        if (isImplied && text.startsWith('</', at)) {
          // A close tag of an element further out (one of no open element is passed over).
          const closing = /^<\/([^\s>]*)/.exec(text.slice(at, at + 200))?.[1] ?? '';
          const opened = stack.at(-1)?.line ?? lineAt(at);
          fatal(
            at,
            `not XML: </${closing}> where </${name}> (opened at line ${opened}) was expected`,
          );
          return;
        }
        const depth = stack.length;
        stack.pop();
        if (depth === 1) {
          rootClosed = true;
          return;
        }
        if (field !== null && depth === field.depth) {
          const value = field.parts.join('');
          if (entry !== null && !entry.tooLong) {
            if (field.name === 'name') entry.authors.push(value);
            else if (!entry.fields.has(field.name)) entry.fields.set(field.name, value);
          }
          field = null;
          return;
        }
        if (depth === 2 && entry !== null) {
          const open: Entry = entry;
          entry = null;
          closeEntry(open);
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );

  for (let from = 0; from < text.length && !stopped; from += CHUNK) {
    parser.write(text.slice(from, from + CHUNK));
  }
  if (!stopped) {
    ending = true;
    parser.end();
    if (!rootSeen) fatal(0, 'not an arXiv API feed: no XML element in it');
  }
  if (found === 0 && problems.length === 0) {
    problems.push({ file, line: 1, reason: 'no records: the feed holds no <entry>' });
  }
  problems.sort((a, b) => a.line - b.line);
  return finishRows(file, rows, found + unread);
}
