/**
 * The reading list: papers a reader starred, with a note each. It lives in the browser (localStorage),
 * so this module is pure: list edits, the shareable URL, the Markdown and JSON exports, and a storage
 * wrapper that keeps working (in memory, with a reason) when storage is blocked or full.
 */
import type { Paper, PaperLinks, Publication } from '../schema';
import { bibtexCitation, risCitation, type Citable } from './citation';
import { venueYearText } from './venues';

/** One starred paper. The title is kept so the list reads well even for a paper since renamed. */
export interface ReadingListItem extends Pick<Paper, 'slug' | 'title'> {
  /** The reader's note, free text, possibly empty. */
  note: string;
  /** When it was starred, ISO 8601. */
  addedAt: string;
}

/** Why the list could not be stored: storage is blocked (private mode, policy) or over quota. */
export type StorageProblem = 'unavailable' | 'full';

/** Bumped when the stored or shared layout changes, so old data is read or refused knowingly. */
export const READING_LIST_VERSION = 1;

/** The localStorage key of the list. */
export const READING_LIST_KEY = 'paper-explorer:reading-list';

/** The URL fragment parameter that carries a shared list. */
export const SHARE_PARAM = 'import';

/**
 * The most papers a reading list holds. A share link or file may carry any number; past this the
 * list would outgrow browser storage (about 5 MB) and the page that shows it. Imports stop here
 * and say so.
 */
export const MAX_READING_LIST_ITEMS = 5_000;

/** True when a list (or an import) has reached {@link MAX_READING_LIST_ITEMS}. */
export const isFull = (items: readonly unknown[]): boolean =>
  items.length >= MAX_READING_LIST_ITEMS;

// ---- List edits: each returns a new array, so callers can compare and re-render. ----

export const hasItem = (items: readonly ReadingListItem[], slug: string): boolean =>
  items.some((item) => item.slug === slug);

/** Appends a paper unless it is already on the list, or the list is full. */
export function addItem(
  items: readonly ReadingListItem[],
  paper: Pick<Paper, 'slug' | 'title'>,
  now: Date = new Date(),
): ReadingListItem[] {
  if (hasItem(items, paper.slug) || isFull(items)) return [...items];
  return [...items, { slug: paper.slug, title: paper.title, note: '', addedAt: now.toISOString() }];
}

export const removeItem = (items: readonly ReadingListItem[], slug: string): ReadingListItem[] =>
  items.filter((item) => item.slug !== slug);

export const setNote = (
  items: readonly ReadingListItem[],
  slug: string,
  note: string,
): ReadingListItem[] => items.map((item) => (item.slug === slug ? { ...item, note } : item));

/** Puts a removed item back where it was (undo), unless the paper is on the list again. */
export function restoreItem(
  items: readonly ReadingListItem[],
  item: ReadingListItem,
  index: number,
): ReadingListItem[] {
  if (hasItem(items, item.slug)) return [...items];
  const at = Math.min(Math.max(index, 0), items.length);
  return [...items.slice(0, at), item, ...items.slice(at)];
}

/** The orders the list page offers. `added` is the order papers were saved in. */
export type ReadingListOrder = 'added' | 'newest' | 'title';

/** The list in `order`; the stored order is never changed by sorting for display. */
export function sortItems(
  items: readonly ReadingListItem[],
  order: ReadingListOrder,
): ReadingListItem[] {
  if (order === 'added') return [...items];
  if (order === 'newest') return [...items].reverse();
  return [...items].sort(
    (a, b) =>
      a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || a.slug.localeCompare(b.slug),
  );
}

/**
 * Adds imported papers to a list, up to {@link MAX_READING_LIST_ITEMS}. Papers already on it keep
 * their note, unless it is empty and the imported one is not: an import never destroys what the
 * reader wrote. New papers without a date added get `now`. Linear: a 40,000-item import took 21 s
 * when every item searched the list.
 */
export function mergeItems(
  existing: readonly ReadingListItem[],
  incoming: readonly ReadingListItem[],
  now: Date = new Date(),
): ReadingListItem[] {
  const incomingBySlug = new Map<string, ReadingListItem>();
  for (const item of incoming)
    if (!incomingBySlug.has(item.slug)) incomingBySlug.set(item.slug, item);
  const merged = existing.map((item) => {
    const other = incomingBySlug.get(item.slug);
    return other && item.note === '' && other.note !== '' ? { ...item, note: other.note } : item;
  });
  const onList = new Set(merged.map((item) => item.slug));
  for (const item of incomingBySlug.values()) {
    if (isFull(merged)) break;
    // A share link carries no dates: an imported paper was added to this list now.
    if (!onList.has(item.slug))
      merged.push(item.addedAt ? item : { ...item, addedAt: now.toISOString() });
    onList.add(item.slug);
  }
  return merged;
}

// ---- Validation of untrusted input (storage, shared URLs, imported files). ----
// Hand-written guards: zod would add ~13 KB gzipped to every page that shows a star button.

const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_NOTE_LENGTH = 10_000;
const MAX_TITLE_LENGTH = 200;

function toItem(value: unknown): ReadingListItem | null {
  if (typeof value !== 'object' || value === null) return null;
  const { slug, title, note, addedAt } = value as Record<string, unknown>;
  if (typeof slug !== 'string' || !SLUG_RE.test(slug)) return null;
  if (typeof title !== 'string' || title.trim() === '') return null;
  return {
    slug,
    title: title.slice(0, MAX_TITLE_LENGTH),
    note: typeof note === 'string' ? note.slice(0, MAX_NOTE_LENGTH) : '',
    addedAt: typeof addedAt === 'string' && !Number.isNaN(Date.parse(addedAt)) ? addedAt : '',
  };
}

/**
 * Keeps the well-formed items of an untrusted array, first copy of each slug, at most
 * {@link MAX_READING_LIST_ITEMS} of them (a 60,000-item share link froze the tab for 15 s).
 */
function toItems(values: unknown): ReadingListItem[] {
  if (!Array.isArray(values)) return [];
  const items: ReadingListItem[] = [];
  const seen = new Set<string>();
  for (const value of values) {
    if (isFull(items)) break;
    const item = toItem(value);
    if (!item || seen.has(item.slug)) continue;
    seen.add(item.slug);
    items.push(item);
  }
  return items;
}

// ---- Shareable URL: the list travels in the URL fragment, so it never reaches a server log. ----

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string {
  const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * The fragment payload of a shared list: `[version, [slug, title, note?], ...]` as base64url JSON.
 * Titles travel along so the receiver sees what they are importing before anything is fetched.
 */
export function encodeSharedList(items: readonly ReadingListItem[]): string {
  const rows = items.map((item) =>
    item.note ? [item.slug, item.title, item.note] : [item.slug, item.title],
  );
  return toBase64Url(JSON.stringify([READING_LIST_VERSION, ...rows]));
}

/**
 * The items of a shared-list payload (at most {@link MAX_READING_LIST_ITEMS}); an empty array for
 * anything malformed or of another version.
 */
export function decodeSharedList(payload: string): ReadingListItem[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(payload));
  } catch {
    return [];
  }
  if (!Array.isArray(parsed) || parsed[0] !== READING_LIST_VERSION) return [];
  const rows = parsed.slice(1, 1 + 2 * MAX_READING_LIST_ITEMS).map((row: unknown) => {
    if (!Array.isArray(row)) return null;
    const [slug, title, note] = row as unknown[];
    return { slug, title, note, addedAt: '' };
  });
  return toItems(rows);
}

/**
 * The URL that opens `listUrl` (the absolute `/list/` URL) with this list offered for import, with
 * titles and notes: long (669 characters for 5 papers), for when the notes matter.
 */
export function shareUrl(listUrl: string, items: readonly ReadingListItem[]): string {
  const url = new URL(listUrl);
  url.hash = `${SHARE_PARAM}=${encodeSharedList(items)}`;
  return url.href;
}

/** The shared list carried by a URL fragment (`#import=…`), or null when it carries none. */
export function sharedListFromHash(hash: string): ReadingListItem[] | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const payload = params.get(SHARE_PARAM);
  return payload === null ? null : decodeSharedList(payload);
}

// ---- Short share links: paper ids only, for a QR code or a message at a poster. ----

/** The URL fragment parameter of a short share link: `#papers=3f9a2c,1b2c3d`. */
export const SHORT_SHARE_PARAM = 'papers';

/** A paper's short id: the hex digits that end its slug (6, or more after a clash; text/slug.ts). */
const SHORT_ID_RE = /^[0-9a-f]{6,12}$/;
const SLUG_ID_RE = /-([0-9a-f]{6,12})$/;

/** The short id of a paper (the first hex digits of its abstract's SHA-256), or null for a slug without one. */
export function shortIdOf(slug: string): string | null {
  return SLUG_ID_RE.exec(slug)?.[1] ?? null;
}

/** True when `slug` is the slug of the paper whose short id is `id`. */
export const slugHasId = (slug: string, id: string): boolean => shortIdOf(slug) === id;

/**
 * The short share link of a list: its papers' ids, no titles or notes (74 characters for 5 papers
 * at `http://localhost:4321/list/`). Papers whose slug has no id are left out. The receiver looks
 * each id up in the card shards (`cardShardOf` hashes the id, so the id alone finds the shard).
 */
export function shortShareUrl(listUrl: string, items: readonly ReadingListItem[]): string {
  const url = new URL(listUrl);
  const ids = items.flatMap((item) => shortIdOf(item.slug) ?? []);
  url.hash = `${SHORT_SHARE_PARAM}=${ids.join(',')}`;
  return url.href;
}

/**
 * The paper ids a short share link carries (well-formed, first copy of each, at most
 * {@link MAX_READING_LIST_ITEMS}), or null when the fragment is not a short share link.
 */
export function sharedIdsFromHash(hash: string): string[] | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const payload = params.get(SHORT_SHARE_PARAM);
  if (payload === null) return null;
  const ids: string[] = [];
  const seen = new Set<string>();
  // Split lazily: a link may be huge, the list stops at the limit.
  for (const match of payload.matchAll(/[^,]+/g)) {
    if (isFull(ids)) break;
    const id = match[0].toLowerCase();
    if (!SHORT_ID_RE.test(id) || seen.has(id)) continue;
    seen.add(id);
    ids.push(id);
  }
  return ids;
}

// ---- Exports. ----

// Characters that would otherwise start emphasis, links, code or HTML in a Markdown link text.
const MARKDOWN_SPECIAL_RE = /[\\`*_[\]<>]/g;

/** Text as Markdown that shows as written: no emphasis, link, code or HTML. */
const markdownText = (text: string): string =>
  text.replace(/[\r\n]+/g, ' ').replace(MARKDOWN_SPECIAL_RE, '\\$&');

/**
 * The list as a Markdown bullet list of links, each with its authors, venue and year when the
 * paper's card is at hand (`cardOf`), and its note indented under it.
 */
export function toMarkdown(
  items: readonly ReadingListItem[],
  paperUrl: (slug: string) => string,
  heading = 'Reading list',
  cardOf: (slug: string) => PaperCard | undefined = () => undefined,
): string {
  const lines = [`# ${heading}`, ''];
  for (const item of items) {
    const card = cardOf(item.slug);
    const title = card?.title ?? item.title;
    const derived = card?.derived ? ' (title derived from the abstract)' : '';
    lines.push(`- [${markdownText(title)}](<${paperUrl(item.slug)}>)${derived}`);
    const byline = card ? cardByline(card) : '';
    if (byline) lines.push(`  ${markdownText(byline)}`);
    const note = item.note.trim();
    if (note) for (const line of note.split(/\r?\n/)) lines.push(line ? `  ${line}` : '');
  }
  return `${lines.join('\n')}\n`;
}

/** The JSON export: everything needed to import the list again, plus each paper's URL. */
export function toJson(
  items: readonly ReadingListItem[],
  paperUrl: (slug: string) => string,
  now: Date = new Date(),
): string {
  const papers = items.map((item) => ({ ...item, url: paperUrl(item.slug) }));
  return `${JSON.stringify({ version: READING_LIST_VERSION, exportedAt: now.toISOString(), papers }, null, 2)}\n`;
}

/** The items of a JSON export (or of the stored list); an empty array when it is not one. */
export function fromJson(text: string): ReadingListItem[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return [];
    const { version, papers } = parsed as Record<string, unknown>;
    return version === READING_LIST_VERSION ? toItems(papers) : [];
  } catch {
    return [];
  }
}

// ---- Storage that survives blocked or full storage. ----

/** The list's persistence; `problem` says why the last read or write did not reach storage. */
export interface ReadingListStore {
  load(): ReadingListItem[];
  /** Saves; on failure the list is still kept in memory for this page, and the problem returned. */
  save(items: readonly ReadingListItem[]): StorageProblem | null;
  readonly problem: StorageProblem | null;
}

function isQuotaError(error: unknown): boolean {
  const name =
    typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  // Firefox names it differently from the standard.
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

/**
 * A store over `getStorage()` (a function, because merely reading `window.localStorage` throws when
 * the browser blocks storage). Whatever storage does, the list of this page stays usable in memory.
 */
export function createReadingListStore(
  getStorage: () => Storage | null | undefined,
  key: string = READING_LIST_KEY,
): ReadingListStore {
  let memory: ReadingListItem[] = [];
  let problem: StorageProblem | null = null;
  const storage = (): Storage | null => {
    try {
      return getStorage() ?? null;
    } catch {
      return null;
    }
  };
  return {
    get problem() {
      return problem;
    },
    load() {
      const store = storage();
      if (!store) {
        problem = 'unavailable';
        return [...memory];
      }
      try {
        const text = store.getItem(key);
        memory = text === null ? [] : fromJson(text);
        problem = null;
      } catch {
        problem = 'unavailable';
      }
      return [...memory];
    },
    save(items) {
      memory = [...items];
      const store = storage();
      if (!store) return (problem = 'unavailable');
      try {
        store.setItem(key, JSON.stringify({ version: READING_LIST_VERSION, papers: memory }));
        problem = null;
      } catch (error) {
        problem = isQuotaError(error) ? 'full' : 'unavailable';
      }
      return problem;
    },
  };
}

/** What to tell the reader about a storage problem. */
export function describeStorageProblem(problem: StorageProblem): string {
  return problem === 'full'
    ? 'Your browser’s storage for this site is full, so this change is kept only until you leave the page. Export the list (Markdown or JSON) to keep it, or free some space.'
    : 'Your browser does not let this site store data (private mode or a privacy setting), so the reading list lasts only until you leave the page. Export it (share link, Markdown or JSON) to keep it.';
}

/** `Åsa Lindqvist, Karl Müller. ICML 2023.`: who wrote a paper, where and when. */
export function cardByline(card: PaperCard): string {
  const authors = card.authors?.join(', ') ?? '';
  const venue = venueYearText(card.venue ?? '', card.year ?? null);
  return [authors, venue]
    .filter(Boolean)
    .map((part) => (/[.?!]$/.test(part) ? part : `${part}.`))
    .join(' ');
}

/**
 * What a citation of a saved paper reads: its card, or for a paper no longer on the site (or whose
 * card did not load) the title saved with it.
 */
export function citableOf(item: ReadingListItem, card: PaperCard | undefined): Citable {
  // A slug ends in the first hex digits of the paper's id (text/slug.ts).
  const id = card?.id ?? (/[0-9a-f]{6,}$/.exec(item.slug)?.[0] ?? '000000').padEnd(12, '0');
  return {
    id,
    title: card?.title ?? item.title,
    titleSource: card?.derived ? 'derived' : 'given',
    // The card's formulas belong to the card's title, not to a title saved with the item.
    ...(card && typeof card.titleTex === 'string' ? { titleTex: card.titleTex } : {}),
    authors: card?.authors ?? [],
    year: card?.year ?? null,
    paperLinks: card?.links ?? {},
    publication: card?.publication ?? (card ? {} : { kind: 'misc' }),
    sources: card?.key ? [{ key: card.key }] : [],
  };
}

/** The list as BibTeX, one entry per paper; `paperUrl` gives each paper's page on the site. */
export function toBibtex(
  items: readonly ReadingListItem[],
  paperUrl: (slug: string) => string,
  cardOf: (slug: string) => PaperCard | undefined,
): string {
  return citations(items, paperUrl, cardOf, bibtexCitation, '\n\n', '\n');
}

/** The list as RIS records (Zotero, Mendeley, EndNote), CRLF line ends as the format asks. */
export function toRis(
  items: readonly ReadingListItem[],
  paperUrl: (slug: string) => string,
  cardOf: (slug: string) => PaperCard | undefined,
): string {
  return citations(items, paperUrl, cardOf, risCitation, '\r\n', '\r\n');
}

/** Every item cited by `cite`, joined by `separator`, ending with `end`. */
function citations(
  items: readonly ReadingListItem[],
  paperUrl: (slug: string) => string,
  cardOf: (slug: string) => PaperCard | undefined,
  cite: typeof bibtexCitation,
  separator: string,
  end: string,
): string {
  const entries = items.map((item) => {
    const card = cardOf(item.slug);
    return cite(citableOf(item, card), card?.venue ?? '', paperUrl(item.slug));
  });
  return `${entries.join(separator)}${end}`;
}

// ---- What the list page shows of each paper, fetched in shards. ----

/**
 * The list page's view of one paper: what its row shows (title, summary, tags as [slug, label],
 * authors, venue, year) and what its citations need. Fields a paper lacks are left out.
 */
export interface PaperCard {
  /** The abstract's id (12 hex digits), for a citation key. */
  id: string;
  /** The title as the site shows it now. */
  title: string;
  /** True when the title was derived from the abstract. */
  derived?: true;
  /** The title with its formulas as TeX (the record's `titleTex`), for the BibTeX export. */
  titleTex?: string;
  summary: string;
  tags: [string, string][];
  authors?: string[];
  /** The venue's label, e.g. `ICML 2023`. */
  venue?: string;
  year?: number;
  links?: PaperLinks;
  /** Booktitle, editors, pages…: the shard's shared part (`PaperCardShard.publications`) with the paper's pages. */
  publication?: Publication;
  /** The structured input's own citation key (`kitamura23`). */
  key?: string;
}

/** A card as a shard stores it: the publication details many papers share are stored once. */
export type StoredPaperCard = Omit<PaperCard, 'publication'> & {
  /** Index into the shard's `publications`. */
  pub?: number;
  /** The paper's own pages. */
  pages?: { first: string; last?: string };
};

/** One shard of paper cards, by slug, with the publication details they share. */
export interface PaperCardShard {
  publications: Omit<Publication, 'pages'>[];
  cards: Record<string, StoredPaperCard>;
}

/** A shard's card for `slug`, its shared publication details put back; undefined when absent or malformed. */
export function cardFromShard(shard: unknown, slug: string): PaperCard | undefined {
  if (typeof shard !== 'object' || shard === null) return undefined;
  const { publications, cards } = shard as Partial<PaperCardShard>;
  const stored = cards && Object.hasOwn(cards, slug) ? cards[slug] : undefined;
  if (!stored || typeof stored !== 'object' || typeof stored.title !== 'string') return undefined;
  const { pub, pages, ...card } = stored;
  const shared = pub === undefined ? undefined : publications?.[pub];
  if (!shared && !pages) return card;
  return { ...card, publication: { ...shared, ...(pages ? { pages } : {}) } };
}

/** Papers per card shard, about: enough that a short list needs one or two requests. */
export const PAPERS_PER_CARD_SHARD = 500;

/** How many card shards a corpus of `paperCount` papers is split into. */
export const cardShardCount = (paperCount: number): number =>
  Math.max(1, Math.ceil(paperCount / PAPERS_PER_CARD_SHARD));

/**
 * The shard holding a paper's card: a hash (FNV-1a) of the first 6 digits of its short id, so the
 * browser finds it from the slug alone (papers starred on any page or imported from a share link)
 * or from the id alone (a short share link). A slug without an id is hashed whole.
 */
export function cardShardOf(slugOrId: string, shardCount: number): number {
  const id = SHORT_ID_RE.test(slugOrId) ? slugOrId : shortIdOf(slugOrId);
  const key = id ? id.slice(0, 6) : slugOrId;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shardCount;
}

/** The slug and card of the paper with this short id in a shard, if it holds one. */
export function cardOfId(
  shard: unknown,
  id: string,
): { slug: string; card: PaperCard } | undefined {
  if (typeof shard !== 'object' || shard === null) return undefined;
  const { cards } = shard as Partial<PaperCardShard>;
  if (!cards || typeof cards !== 'object') return undefined;
  for (const slug of Object.keys(cards)) {
    if (!slugHasId(slug, id)) continue;
    const card = cardFromShard(shard, slug);
    return card ? { slug, card } : undefined;
  }
  return undefined;
}
