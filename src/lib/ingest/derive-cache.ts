/**
 * What each abstract derived in the last ingest of a dumps folder (its title, summary, plain text and
 * reading for enrichment: ~95 % of an ingest's CPU), kept under node_modules/.cache so that a rebuild
 * derives only the abstracts that are new or changed. A rebuild after a curator's override or one
 * more dump is the common case; at 20,000 abstracts it re-derived everything (~70 s of CPU).
 *
 * An entry is found by its abstract and given title; the whole file belongs to one version of the
 * code, the packages and the taxonomy ({@link bundledCache}), so any change of those starts over.
 * Entries are stored as they were derived, a batch at a time: V8's serialisation of the derived
 * values (what a helper thread sends anyway), compressed by Brotli at its fastest level (a
 * 20,000-abstract corpus: ~210 MB serialised, ~27 MB on disk), with a SHA-256 of each batch (Brotli
 * has no checksum: a flipped bit could decode to other values). The file is only a cache: one that
 * is too large, holds what this version did not write, or a batch that fails its check, is ignored
 * (docs/ingest.md, "The derive cache").
 *
 * Layout: three lines (`MAGIC`, the version, the dumps folder as JSON), then V8's serialisation of
 * the batches; the lines are read first, so a file of another version is never read whole.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DefaultDeserializer, deserialize, serialize } from 'node:v8';
import { brotliCompress, brotliDecompressSync, constants } from 'node:zlib';

const compress = promisify(brotliCompress);
const FASTEST = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };

/** The first line of a cache file (and which layout it has). */
const MAGIC = 'paper-explorer derive cache 2';
/** The header's three lines fit in this many bytes (a dumps folder's path is at most ~4 KB). */
const HEADER_BYTES = 8192;
/** A file larger than this is not read: 20,000 abstracts take ~27 MB. */
export const MAX_CACHE_BYTES = 512 * 1024 * 1024;
/** A batch that says it serialises to more than this is not decompressed (200 abstracts: ~2 MB). */
export const MAX_BATCH_BYTES = 256 * 1024 * 1024;
/**
 * Cache files kept, the most recently used: one a dumps folder (a file whose folder is gone is
 * removed first, as tests' temporary folders are).
 */
export const KEPT_CACHE_FILES = 8;
/** A temporary file older than this was left by a killed run. */
const STALE_TEMPORARY_MS = 24 * 60 * 60 * 1000;

/** One stored batch: the keys of its entries, and their values serialised and compressed. */
interface Chunk {
  keys: string[];
  data: Uint8Array;
  /** Bytes of the serialised values (what `data` decompresses to). */
  size: number;
  /** SHA-256 of the keys and `data`. */
  hash: string;
  /** The values, once one of them was asked for; null when they could not be read. */
  values?: unknown[] | null;
  /** Which entries this run used. */
  used: boolean[];
}

/** A batch as the file holds it. */
interface StoredChunk {
  keys: string;
  data: Uint8Array;
  size: number;
  hash: string;
}

/** The file's three header lines. */
interface Header {
  version: string;
  /** The dumps folder (its real path) the file is the cache of. */
  folder: string;
  /** Bytes of the header, where the batches start. */
  length: number;
}

export class DeriveCache<T> {
  private readonly chunks: Chunk[] = [];
  private readonly at = new Map<string, { chunk: Chunk; index: number }>();
  private readonly added: Promise<Chunk>[] = [];
  /** What the next file keeps of this one, once {@link settle} decided it; null before. */
  private kept: Chunk[] | null = null;
  /** Whether the next file differs from this one (a batch added, dropped or stored again). */
  private changed = false;
  /** Entries this run took from the file. */
  hits = 0;

  private constructor(
    /** Where the cache is read from and written to. */
    readonly file: string,
    /** The code, packages and taxonomy the entries were derived with. */
    readonly version: string,
    /** The dumps folder it is the cache of. */
    readonly folder: string,
  ) {}

  /** The cache at `file` for `version`; empty when there is none, or it is not this version's. */
  static open<T>(file: string, version: string, folder: string): DeriveCache<T> {
    const cache = new DeriveCache<T>(file, version, folder);
    for (const { keys, data, size, hash } of readChunks(file, version)) {
      const chunk: Chunk = { keys: keys.split('\n'), data, size, hash, used: [] };
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
    const size = serialized.byteLength;
    const chunk = compress(serialized, FASTEST).then((data) => ({
      keys,
      data,
      size,
      hash: chunkHash(keys, data),
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
      if (used > 0 && used * 2 >= chunk.keys.length) kept.push(chunk);
      else {
        this.changed = true;
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
   * Writes what this run used and added (see {@link settle}) to a temporary file renamed over the
   * old one (a reader sees one or the other), or, when that is what the file holds, only marks it
   * used now: the files kept are the most recently used ones.
   */
  async save(): Promise<void> {
    this.settle();
    const folder = dirname(this.file);
    if (!this.changed) {
      const now = new Date();
      utimesSync(this.file, now, now);
    } else {
      const chunks = [...this.kept!, ...(await Promise.all(this.added))];
      const stored: StoredChunk[] = chunks.map(({ keys, data, size, hash }) => ({
        keys: keys.join('\n'),
        data,
        size,
        hash,
      }));
      mkdirSync(folder, { recursive: true });
      const temporary = join(folder, `.${basename(this.file)}.${process.pid}.tmp`);
      try {
        const header = `${MAGIC}\n${this.version}\n${JSON.stringify(this.folder)}\n`;
        writeFileSync(temporary, Buffer.concat([Buffer.from(header), serialize(stored)]));
        renameSync(temporary, this.file);
      } finally {
        rmSync(temporary, { force: true });
      }
    }
    removeUnused(folder, KEPT_CACHE_FILES);
  }
}

/** SHA-256 of a batch's keys and compressed values. */
function chunkHash(keys: readonly string[], data: Uint8Array): string {
  return createHash('sha256')
    .update(keys.join('\n'))
    .update('\u0000')
    .update(data)
    .digest('base64url');
}

/**
 * Removes from `folder` the cache files whose dumps folder is gone, or that are no cache file,
 * then all but the `kept` most recently used, and temporary files a killed run left.
 */
function removeUnused(folder: string, kept: number): void {
  const files: { path: string; time: number }[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    try {
      const { mtimeMs } = statSync(path);
      // A `.tmp` may be another run's, about to be renamed, unless it is old.
      if (name.startsWith('.')) {
        if (Date.now() - mtimeMs > STALE_TEMPORARY_MS) rmSync(path, { force: true });
        continue;
      }
      const header = readHeader(path);
      if (header === null || !existsSync(header.folder)) rmSync(path, { force: true });
      else files.push({ path, time: mtimeMs });
    } catch {
      // Another run removed it first.
    }
  }
  files.sort((a, b) => b.time - a.time);
  for (const { path } of files.slice(kept)) rmSync(path, { force: true });
}

/** The header of a cache file, or null when it is no cache file of this layout. */
function readHeader(file: string): Header | null {
  const bytes = Buffer.alloc(HEADER_BYTES);
  const descriptor = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(descriptor, bytes, 0, HEADER_BYTES, 0);
  } finally {
    closeSync(descriptor);
  }
  // Latin-1: one character a byte, so the lines' lengths are the header's bytes.
  const text = bytes.subarray(0, read).toString('latin1');
  const [magic, version = '', written = ''] = text.split('\n', 3);
  const length = magic!.length + version.length + written.length + 3;
  // The third line must end within what was read.
  if (magic !== MAGIC || text[length - 1] !== '\n') return null;
  try {
    const folder: unknown = JSON.parse(Buffer.from(written, 'latin1').toString('utf8'));
    if (typeof folder !== 'string') return null;
    return { version, folder, length };
  } catch {
    return null;
  }
}

/** The batches of `file` when it is a cache file of `version`, else none. */
function readChunks(file: string, version: string): StoredChunk[] {
  try {
    if (statSync(file).size > MAX_CACHE_BYTES) return [];
    const header = readHeader(file);
    if (header?.version !== version) return [];
    const chunks: unknown = deserialize(readFileSync(file).subarray(header.length));
    if (!Array.isArray(chunks)) return [];
    const wellFormed = chunks.every((chunk: unknown) => {
      const { keys, data, size, hash } = (chunk ?? {}) as Partial<StoredChunk>;
      return (
        typeof keys === 'string' &&
        data instanceof Uint8Array &&
        typeof size === 'number' &&
        typeof hash === 'string'
      );
    });
    return wellFormed ? (chunks as StoredChunk[]) : [];
  } catch {
    // No file yet, or one this module cannot read: derive everything.
    return [];
  }
}

const readHostObject = (
  DefaultDeserializer.prototype as unknown as { _readHostObject(): ArrayBufferView }
)._readHostObject;

/**
 * Node's deserializer makes a typed array a view of the bytes it reads, so that one packed term
 * array a paper keeps would keep its whole batch (~2 MB) alive: each gets bytes of its own.
 */
class CopyingDeserializer extends DefaultDeserializer {
  _readHostObject(): unknown {
    const view = readHostObject.call(this);
    return ArrayBuffer.isView(view) && !(view instanceof DataView)
      ? new (view.constructor as new (from: ArrayBufferView) => ArrayBufferView)(view)
      : view;
  }
}

/** `v8.deserialize`, every typed array with a buffer of its own (see {@link CopyingDeserializer}). */
export function deserializeCopies(bytes: Uint8Array): unknown {
  const deserializer = new CopyingDeserializer(bytes);
  deserializer.readHeader();
  return deserializer.readValue();
}

/**
 * A batch's values, or null when its check fails, it would decompress to more than it says (or
 * than {@link MAX_BATCH_BYTES}), or it does not decode to one value a key.
 */
function decode(chunk: Chunk): unknown[] | null {
  try {
    const { size } = chunk;
    if (!Number.isSafeInteger(size) || size < 0 || size > MAX_BATCH_BYTES) return null;
    if (chunkHash(chunk.keys, chunk.data) !== chunk.hash) return null;
    const serialized = brotliDecompressSync(chunk.data, { maxOutputLength: Math.max(1, size) });
    if (serialized.byteLength !== size) return null;
    const values: unknown = deserializeCopies(serialized);
    return Array.isArray(values) && values.length === chunk.keys.length ? values : null;
  } catch {
    return null;
  }
}

/**
 * Where the cache lives and which version of the code runs, when it runs as
 * `scripts/run-bundled.mjs`'s bundle (as `npm run ingest` does): the version hashes the bundle's
 * files, the project's package-lock.json (the packages are outside the bundle), Node's version and
 * `extra` (the taxonomy); the root is the bundle's own folder's parent,
 * `<project>/node_modules/.cache/paper-explorer`, wherever the command runs from. Null when the code
 * runs from its sources (tests, tsx): there is no one file that says what it is.
 */
export function bundledCache(
  extra: string,
  moduleUrl: string = import.meta.url,
): { version: string; root: string } | null {
  if (!moduleUrl.startsWith('file:') || !moduleUrl.endsWith('.mjs')) return null;
  const bundle = dirname(fileURLToPath(moduleUrl));
  if (!basename(bundle).startsWith('bundled-')) return null;
  try {
    const hash = createHash('sha256').update(`${process.version}\u0000${extra}\u0000`);
    for (const name of readdirSync(bundle).sort()) {
      if (name.endsWith('.mjs'))
        hash.update(`${name}\u0000`).update(readFileSync(join(bundle, name)));
    }
    const root = dirname(bundle);
    hash.update(readFileSync(join(root, '../../../package-lock.json')));
    return { version: hash.digest('base64url'), root };
  } catch {
    return null;
  }
}

/** Where the cache of the dumps folder `dumps` (a real path) is kept under `root`. */
export function deriveCacheFile(dumps: string, root: string): string {
  const id = createHash('sha256').update(dumps).digest('base64url').slice(0, 16);
  return join(root, 'derive', `${id}.bin`);
}
