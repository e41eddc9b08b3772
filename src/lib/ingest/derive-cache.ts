/**
 * What each abstract derived in the last ingest of a dumps folder (its title, summary, plain text and
 * reading for enrichment: ~95 % of an ingest's CPU), kept under node_modules/.cache so that a rebuild
 * derives only the abstracts that are new or changed. A rebuild after a curator's override or one
 * more dump is the common case; at 20,000 abstracts it re-derived everything (~70 s of CPU).
 *
 * An entry is found by its abstract and given title; the whole file belongs to one version of the
 * code, the packages and the taxonomy ({@link bundledCodeVersion}), so any change of those starts
 * over. Entries are stored as they were derived, a batch at a time: V8's serialisation of the
 * derived values (what a helper thread sends anyway), compressed by Brotli at its fastest level
 * (a 20,000-abstract corpus: ~210 MB serialised, ~30 MB on disk). The file is only a cache: one
 * that cannot be read, is too large, or holds what this version did not write, is ignored
 * (docs/ingest.md, "The derive cache").
 */
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { deserialize, serialize } from 'node:v8';
import { brotliCompress, brotliDecompressSync, constants } from 'node:zlib';

const compress = promisify(brotliCompress);
const FASTEST = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };

/** Marks a file as this module's (and which layout of it). */
const MAGIC = 'paper-explorer derive cache 1';
/** A file larger than this is not read: 20,000 abstracts take ~30 MB. */
export const MAX_CACHE_BYTES = 1 << 30;
/**
 * Cache files kept (one a dumps folder, the most recently written): each test run ingests a few
 * temporary folders, whose caches nobody reads again.
 */
export const KEPT_CACHE_FILES = 4;

/** One stored batch: the keys of its entries, and their values serialised and compressed. */
interface Chunk {
  keys: string[];
  data: Uint8Array;
  /** The values, once one of them was asked for; null when they could not be read. */
  values?: unknown[] | null;
  /** Which entries this run used. */
  used: boolean[];
}

/** What the file holds. */
interface Stored {
  magic: string;
  version: string;
  chunks: { keys: string; data: Uint8Array }[];
}

export class DeriveCache<T> {
  private readonly chunks: Chunk[] = [];
  private readonly at = new Map<string, { chunk: Chunk; index: number }>();
  private readonly added: Promise<Chunk>[] = [];
  /** What the next file keeps of this one, once {@link settle} decided it; null before. */
  private kept: Chunk[] | null = null;
  private changed = false;
  /** Entries this run took from the file. */
  hits = 0;

  private constructor(
    /** Where the cache is read from and written to. */
    readonly file: string,
    /** The code, packages and taxonomy the entries were derived with. */
    readonly version: string,
  ) {}

  /** The cache at `file` for `version`; empty when there is none, or it is not this version's. */
  static open<T>(file: string, version: string): DeriveCache<T> {
    const cache = new DeriveCache<T>(file, version);
    const stored = readStored(file);
    if (stored?.version !== version) return cache;
    for (const { keys, data } of stored.chunks) {
      const chunk: Chunk = { keys: keys.split('\n'), data, used: [] };
      cache.chunks.push(chunk);
      chunk.keys.forEach((key, index) => cache.at.set(key, { chunk, index }));
    }
    return cache;
  }

  /** The key of an abstract with the title its dump gives. */
  keyOf(abstract: string, givenTitle: string | undefined): string {
    return createHash('sha256')
      .update(givenTitle === undefined ? '\u0000' : `\u0001${givenTitle}\u0000`)
      .update(abstract)
      .digest('base64url');
  }

  /** The stored value for `key`, if any (and marks it used, so that the next file keeps it). */
  take(key: string): T | undefined {
    const where = this.at.get(key);
    if (!where) return undefined;
    const { chunk, index } = where;
    // Decoded once: a batch that does not decode stays null, and is not tried again for each key.
    if (chunk.values === undefined) chunk.values = decode(chunk);
    if (chunk.values === null) return undefined;
    chunk.used[index] = true;
    this.hits++;
    return chunk.values[index] as T;
  }

  /** Stores a batch derived this run: `serialized` is V8's serialisation of its values, in key order. */
  add(keys: string[], serialized: Uint8Array): void {
    const chunk = compress(serialized, FASTEST).then((data) => ({
      keys,
      data,
      used: keys.map(() => true),
    }));
    // A run that fails before `save` never awaits it: its failure must not end the process.
    chunk.catch(() => undefined);
    this.added.push(chunk);
    this.changed = true;
  }

  /**
   * Says that nothing more will be taken: decides what the next file keeps of this one (a batch
   * while this run used at least half of it, else its used entries are stored again) and lets go
   * of the values read, so that the run frees each once it is done with it.
   */
  settle(): void {
    if (this.kept !== null) return;
    const kept: Chunk[] = [];
    const left: unknown[] = [];
    const leftKeys: string[] = [];
    for (const chunk of this.chunks) {
      const used = chunk.used.filter(Boolean).length;
      if (used < chunk.keys.length) this.changed = true;
      if (used * 2 >= chunk.keys.length && used > 0) kept.push(chunk);
      else {
        chunk.used.forEach((isUsed, index) => {
          if (!isUsed) return;
          leftKeys.push(chunk.keys[index]!);
          left.push(chunk.values![index]);
        });
      }
      delete chunk.values;
    }
    this.kept = kept;
    if (left.length > 0) this.add(leftKeys, serialize(left));
  }

  /**
   * Writes what this run used and added (see {@link settle}), when that differs from the file read,
   * to a temporary file renamed over it: a reader sees the old file or the new one.
   */
  async save(): Promise<void> {
    this.settle();
    if (!this.changed) return;
    const chunks = [...this.kept!, ...(await Promise.all(this.added))];
    const stored: Stored = {
      magic: MAGIC,
      version: this.version,
      chunks: chunks.map(({ keys, data }) => ({ keys: keys.join('\n'), data })),
    };
    mkdirSync(dirname(this.file), { recursive: true });
    const temporary = join(dirname(this.file), `.${basename(this.file)}.${process.pid}.tmp`);
    try {
      writeFileSync(temporary, serialize(stored));
      renameSync(temporary, this.file);
    } finally {
      rmSync(temporary, { force: true });
    }
    removeOldest(dirname(this.file), KEPT_CACHE_FILES);
  }
}

/** Leaves the `kept` most recently written cache files in `folder`. */
function removeOldest(folder: string, kept: number): void {
  // Only finished files: a `.tmp` may be another run's, about to be renamed.
  const finished = readdirSync(folder).filter(
    (name) => name.endsWith('.bin') && !name.startsWith('.'),
  );
  const written = finished.flatMap((name) => {
    try {
      return [{ path: join(folder, name), time: statSync(join(folder, name)).mtimeMs }];
    } catch {
      return [];
    }
  });
  written.sort((a, b) => b.time - a.time);
  for (const { path } of written.slice(kept)) rmSync(path, { force: true });
}

/** The file's contents when it is a cache file this module wrote, else null. */
function readStored(file: string): Stored | null {
  try {
    if (statSync(file).size > MAX_CACHE_BYTES) return null;
    const stored = deserialize(readFileSync(file)) as Partial<Stored> | null;
    if (stored?.magic !== MAGIC || typeof stored.version !== 'string') return null;
    if (!Array.isArray(stored.chunks)) return null;
    const wellFormed = stored.chunks.every(
      (chunk: unknown) =>
        typeof (chunk as Stored['chunks'][number])?.keys === 'string' &&
        (chunk as Stored['chunks'][number]).data instanceof Uint8Array,
    );
    return wellFormed ? (stored as Stored) : null;
  } catch {
    // No file yet, or one this module cannot read: derive everything.
    return null;
  }
}

/** A chunk's values, or null when they do not decode to one value a key. */
function decode(chunk: Chunk): unknown[] | null {
  try {
    const values: unknown = deserialize(brotliDecompressSync(chunk.data));
    return Array.isArray(values) && values.length === chunk.keys.length ? values : null;
  } catch {
    return null;
  }
}

/**
 * The version of the code that runs, when it runs as `scripts/run-bundled.mjs`'s bundle (as
 * `npm run ingest` does): a hash of the bundle's files, of the project's package-lock.json (the
 * packages are outside the bundle), of Node's version and of `extra` (the taxonomy). Null when
 * the code runs from its sources (tests, tsx): there is no one file that says what it is.
 */
export function bundledCodeVersion(
  extra: string,
  moduleUrl: string = import.meta.url,
): string | null {
  if (!moduleUrl.startsWith('file:') || !moduleUrl.endsWith('.mjs')) return null;
  const folder = dirname(fileURLToPath(moduleUrl));
  if (!basename(folder).startsWith('bundled-')) return null;
  try {
    const hash = createHash('sha256').update(`${process.version}\u0000${extra}\u0000`);
    for (const name of readdirSync(folder).sort()) {
      if (name.endsWith('.mjs'))
        hash.update(`${name}\u0000`).update(readFileSync(join(folder, name)));
    }
    // The bundle is written to <project>/node_modules/.cache/paper-explorer/bundled-*.
    hash.update(readFileSync(join(folder, '../../../../package-lock.json')));
    return hash.digest('base64url');
  } catch {
    return null;
  }
}

/** Where the cache of the dumps folder `dumps` is kept. */
export function deriveCacheFile(dumps: string, cacheRoot: string): string {
  const id = createHash('sha256').update(dumps).digest('base64url').slice(0, 16);
  return join(cacheRoot, 'derive', `${id}.bin`);
}
