import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { brotliCompressSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  deserializeCopies,
  bundledCache,
  DeriveCache,
  deriveCacheFile,
  KEPT_CACHE_FILES,
} from '../../src/lib/ingest/derive-cache';

const work = mkdtempSync(join(tmpdir(), 'derive-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let files = 0;
const newFile = () => join(work, `c${files++}`, 'cache.bin');

interface Value {
  title: string;
  counts: Uint16Array;
}
const value = (title: string): Value => ({ title, counts: new Uint16Array([title.length, 7]) });

/** A cache saved with `entries` (abstract → value), as a run that derived them leaves it. */
async function saved(file: string, entries: [string, Value][], version = 'v1') {
  const cache = DeriveCache.open<Value>(file, version, work);
  const keys = entries.map(([abstract]) => cache.keyOf(abstract, undefined));
  cache.add(keys, serialize(entries.map(([, derived]) => derived)));
  await cache.save();
}

/** A cache saved with ten abstracts in one batch; their texts. */
async function savedTen(file: string): Promise<string[]> {
  const abstracts = Array.from({ length: 10 }, (_, i) => `Abstract ${i}.`);
  await saved(
    file,
    abstracts.map((abstract) => [abstract, value(abstract)]),
  );
  return abstracts;
}

/** A run that reads the first `used` of `abstracts`, derives one new abstract (`New.`) and saves. */
async function runUsing(file: string, abstracts: readonly string[], used: number): Promise<void> {
  const run = DeriveCache.open<Value>(file, 'v1', work);
  for (const abstract of abstracts.slice(0, used)) run.take(run.keyOf(abstract, undefined));
  run.add([run.keyOf('New.', undefined)], serialize([value('New.')]));
  await run.save();
}

describe('the derive cache', () => {
  it('gives back what a run derived, typed arrays and all, for the same abstract and title', async () => {
    const file = newFile();
    await saved(file, [
      ['An abstract.', value('A')],
      ['Another abstract.', value('B')],
    ]);
    const cache = DeriveCache.open<Value>(file, 'v1', work);
    expect(cache.take(cache.keyOf('Another abstract.', undefined))).toEqual(value('B'));
    expect(cache.take(cache.keyOf('An abstract.', undefined))?.counts).toBeInstanceOf(Uint16Array);
    expect(cache.take(cache.keyOf('An abstract!', undefined))).toBeUndefined();
    expect(cache.hits).toBe(2);
  });

  it('tells a given title, an empty one and none apart', () => {
    const cache = DeriveCache.open<Value>(newFile(), 'v1', work);
    const keys = [undefined, '', 'T', 'T\u0000'].map((title) => cache.keyOf('Abstract', title));
    expect(new Set(keys).size).toBe(4);
    expect(cache.keyOf('\u0001T\u0000Abstract', undefined)).not.toBe(cache.keyOf('Abstract', 'T'));
  });

  it('starts empty for another version of the code or taxonomy', async () => {
    const file = newFile();
    await saved(file, [['An abstract.', value('A')]], 'v1');
    const other = DeriveCache.open<Value>(file, 'v2', work);
    expect(other.take(other.keyOf('An abstract.', undefined))).toBeUndefined();
  });

  it('ignores a file it cannot read, whatever it holds', async () => {
    const file = newFile();
    await saved(file, [['An abstract.', value('A')]]);
    const header = `${readFileSync(file, 'latin1').split('\n').slice(0, 3).join('\n')}\n`;
    const broken = [
      Buffer.from('not a cache'),
      Buffer.alloc(0),
      Buffer.concat([Buffer.from(header), serialize(7)]),
      Buffer.concat([
        Buffer.from(header),
        serialize([{ keys: 'x', data: new Uint8Array([1, 2, 3]), size: 3, hash: 'h' }]),
      ]),
    ];
    for (const content of broken) {
      writeFileSync(file, content);
      const cache = DeriveCache.open<Value>(file, 'v1', work);
      expect(cache.take('x')).toBeUndefined();
      expect(cache.take(cache.keyOf('An abstract.', undefined))).toBeUndefined();
    }
  });

  it('never gives back a value other than the one stored, whichever byte of the file is damaged', async () => {
    const file = newFile();
    await saved(file, [
      ['An abstract.', value('A title')],
      ['Another abstract.', value('Another title')],
    ]);
    const good = readFileSync(file);
    for (let at = 0; at < good.length; at++) {
      for (const bit of [0x01, 0x80]) {
        const damaged = Buffer.from(good);
        damaged[at]! ^= bit;
        writeFileSync(file, damaged);
        const cache = DeriveCache.open<Value>(file, 'v1', work);
        for (const [abstract, title] of [
          ['An abstract.', 'A title'],
          ['Another abstract.', 'Another title'],
        ] as const) {
          const found = cache.take(cache.keyOf(abstract, undefined));
          if (found !== undefined) expect(found).toEqual(value(title));
        }
      }
    }
  });

  it('gives nothing back from a batch that decompresses past the size it was stored with', async () => {
    const file = newFile();
    await saved(file, [['An abstract.', value('A')]]);
    const header = `${readFileSync(file, 'latin1').split('\n').slice(0, 3).join('\n')}\n`;
    const key = DeriveCache.open<Value>(newFile(), 'v1', work).keyOf('An abstract.', undefined);
    // 64 MB of one value: ~30 KB compressed, said to be 100 bytes.
    const data = brotliCompressSync(serialize([new Uint8Array(64 * 1024 * 1024)]));
    const hash = createHash('sha256').update(key).update('\u0000').update(data).digest('base64url');
    writeFileSync(
      file,
      Buffer.concat([Buffer.from(header), serialize([{ keys: key, data, size: 100, hash }])]),
    );
    const cache = DeriveCache.open<Value>(file, 'v1', work);
    expect(cache.take(key)).toBeUndefined();
  });

  it('rewrites nothing when a run used every entry it still needs and derived nothing', async () => {
    const file = newFile();
    const abstracts = await savedTen(file);
    const before = readFileSync(file);
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(file, hourAgo, hourAgo);
    // One abstract is gone from the dumps: the batch is kept whole, the file as it was.
    const cache = DeriveCache.open<Value>(file, 'v1', work);
    for (const abstract of abstracts.slice(1)) cache.take(cache.keyOf(abstract, undefined));
    await cache.save();
    expect(readFileSync(file).equals(before)).toBe(true);
    // Marked used now, so that it is among the files kept.
    expect(statSync(file).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps what the last run used and derived, and drops what it no longer read', async () => {
    const file = newFile();
    const abstracts = await savedTen(file);
    // A run that reads 3 of the 10 and derives one new abstract.
    await runUsing(file, abstracts, 3);
    const next = DeriveCache.open<Value>(file, 'v1', work);
    const found = [...abstracts, 'New.'].filter(
      (abstract) => next.take(next.keyOf(abstract, undefined)) !== undefined,
    );
    expect(found).toEqual(['Abstract 0.', 'Abstract 1.', 'Abstract 2.', 'New.']);
    expect(next.take(next.keyOf('Abstract 1.', undefined))).toEqual(value('Abstract 1.'));
  });

  it('keeps a batch whole while a run uses at least half of it', async () => {
    const file = newFile();
    const abstracts = await savedTen(file);
    await runUsing(file, abstracts, 5);
    const next = DeriveCache.open<Value>(file, 'v1', work);
    for (const abstract of [...abstracts, 'New.']) next.take(next.keyOf(abstract, undefined));
    expect(next.hits).toBe(11);
  });

  it('reads the batches that decode when one does not', async () => {
    const file = newFile();
    const cache = DeriveCache.open<Value>(file, 'v1', work);
    cache.add([cache.keyOf('Good.', undefined)], serialize([value('Good.')]));
    cache.add([cache.keyOf('Bad.', undefined)], new Uint8Array([0xff, 0x00, 0x13]));
    cache.add(
      [cache.keyOf('Short.', undefined), cache.keyOf('Shorter.', undefined)],
      serialize([value('Short.')]),
    );
    await cache.save();
    const next = DeriveCache.open<Value>(file, 'v1', work);
    expect(next.take(next.keyOf('Bad.', undefined))).toBeUndefined();
    expect(next.take(next.keyOf('Shorter.', undefined))).toBeUndefined();
    expect(next.take(next.keyOf('Good.', undefined))).toEqual(value('Good.'));
  });

  it(`keeps the ${KEPT_CACHE_FILES} most recently used files, none whose dumps folder is gone`, async () => {
    const folder = join(work, 'many');
    const dumps = join(work, 'dumps');
    mkdirSync(dumps);
    const save = async (name: string, of = dumps) => {
      const cache = DeriveCache.open<Value>(join(folder, name), 'v1', of);
      cache.add([cache.keyOf(name, undefined)], serialize([value(name)]));
      await cache.save();
    };
    for (let i = 0; i < KEPT_CACHE_FILES + 3; i++) {
      await save(`${i}.bin`);
      const time = new Date(Date.now() - (100 - i) * 1000);
      utimesSync(join(folder, `${i}.bin`), time, time);
    }
    await save('gone.bin', join(work, 'no-such-folder'));
    writeFileSync(join(folder, '.another-run.bin.1.tmp'), 'being written');
    writeFileSync(join(folder, 'stray.bin'), 'no cache file');
    await save('last.bin');
    const newest = Array.from(
      { length: KEPT_CACHE_FILES - 1 },
      (_, i) => `${KEPT_CACHE_FILES + 2 - i}.bin`,
    );
    expect(readdirSync(folder).sort()).toEqual(
      ['.another-run.bin.1.tmp', ...newest, 'last.bin'].sort(),
    );
  });

  it('is one file a dumps folder, and used only by a bundled run', () => {
    expect(deriveCacheFile('/a/dumps', '/c')).not.toBe(deriveCacheFile('/b/dumps', '/c'));
    expect(deriveCacheFile('/a/dumps', '/c').startsWith('/c/derive/')).toBe(true);
    // Tests run from the sources: no version, so no cache.
    expect(bundledCache('taxonomy')).toBeNull();
    expect(bundledCache('taxonomy', 'file:///x/bundled-1/main.js')).toBeNull();
  });
});

describe('deserializeCopies', () => {
  it('gives every typed array bytes of its own, not a view of the whole batch', () => {
    // A view would keep its batch's buffer alive for as long as one reading is kept (peak RSS,
    // docs/ingest.md "a third less memory").
    const batch = [
      { keys: 'a b', counts: new Uint32Array([1, 2, 3]) },
      { keys: 'c', weights: new Float64Array([0.5]), bytes: new Uint8Array(1000) },
    ];
    const copy = deserializeCopies(serialize(batch)) as typeof batch;
    expect(copy).toEqual(batch);
    for (const view of [copy[0]!.counts, copy[1]!.weights, copy[1]!.bytes])
      expect(view!.buffer.byteLength).toBe(view!.byteLength);
  });
});
