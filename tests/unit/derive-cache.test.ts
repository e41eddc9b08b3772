import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bundledCodeVersion,
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
  const cache = DeriveCache.open<Value>(file, version);
  const keys = entries.map(([abstract]) => cache.keyOf(abstract, undefined));
  cache.add(keys, serialize(entries.map(([, derived]) => derived)));
  await cache.save();
}

describe('the derive cache', () => {
  it('gives back what a run derived, typed arrays and all, for the same abstract and title', async () => {
    const file = newFile();
    await saved(file, [
      ['An abstract.', value('A')],
      ['Another abstract.', value('B')],
    ]);
    const cache = DeriveCache.open<Value>(file, 'v1');
    expect(cache.take(cache.keyOf('Another abstract.', undefined))).toEqual(value('B'));
    expect(cache.take(cache.keyOf('An abstract.', undefined))?.counts).toBeInstanceOf(Uint16Array);
    expect(cache.take(cache.keyOf('An abstract!', undefined))).toBeUndefined();
    expect(cache.hits).toBe(2);
  });

  it('tells a given title, an empty one and none apart', () => {
    const cache = DeriveCache.open<Value>(newFile(), 'v1');
    const keys = [undefined, '', 'T', 'T\u0000'].map((title) => cache.keyOf('Abstract', title));
    expect(new Set(keys).size).toBe(4);
    expect(cache.keyOf('\u0001T\u0000Abstract', undefined)).not.toBe(cache.keyOf('Abstract', 'T'));
  });

  it('starts empty for another version of the code or taxonomy', async () => {
    const file = newFile();
    await saved(file, [['An abstract.', value('A')]], 'v1');
    const other = DeriveCache.open<Value>(file, 'v2');
    expect(other.take(other.keyOf('An abstract.', undefined))).toBeUndefined();
  });

  it('ignores a file it cannot read, whatever it holds', async () => {
    const file = newFile();
    await saved(file, [['An abstract.', value('A')]]);
    const bytes = serialize({ magic: 'paper-explorer derive cache 1', version: 'v1', chunks: 7 });
    const broken = [
      Buffer.from('not a cache'),
      Buffer.alloc(0),
      bytes,
      serialize({
        magic: 'paper-explorer derive cache 1',
        version: 'v1',
        chunks: [{ keys: 'x', data: new Uint8Array([1, 2, 3]) }],
      }),
    ];
    for (const content of broken) {
      writeFileSync(file, content);
      const cache = DeriveCache.open<Value>(file, 'v1');
      expect(cache.take('x')).toBeUndefined();
      expect(cache.take(cache.keyOf('An abstract.', undefined))).toBeUndefined();
    }
  });

  it('writes nothing when a run used every entry and derived nothing', async () => {
    const file = newFile();
    await saved(file, [['An abstract.', value('A')]]);
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(file, minuteAgo, minuteAgo);
    const cache = DeriveCache.open<Value>(file, 'v1');
    cache.take(cache.keyOf('An abstract.', undefined));
    await cache.save();
    expect(statSync(file).mtimeMs).toBeLessThan(Date.now() - 30_000);
  });

  it('keeps what the last run used and derived, and drops what it no longer read', async () => {
    const file = newFile();
    const abstracts = Array.from({ length: 10 }, (_, i) => `Abstract ${i}.`);
    await saved(
      file,
      abstracts.map((abstract) => [abstract, value(abstract)]),
    );
    // A run that reads 3 of the 10 and derives one new abstract.
    const run = DeriveCache.open<Value>(file, 'v1');
    for (const abstract of abstracts.slice(0, 3)) run.take(run.keyOf(abstract, undefined));
    run.add([run.keyOf('New.', undefined)], serialize([value('New.')]));
    await run.save();
    const next = DeriveCache.open<Value>(file, 'v1');
    const found = [...abstracts, 'New.'].filter(
      (abstract) => next.take(next.keyOf(abstract, undefined)) !== undefined,
    );
    expect(found).toEqual(['Abstract 0.', 'Abstract 1.', 'Abstract 2.', 'New.']);
    expect(next.take(next.keyOf('Abstract 1.', undefined))).toEqual(value('Abstract 1.'));
  });

  it('keeps a batch whole while a run uses at least half of it', async () => {
    const file = newFile();
    const abstracts = Array.from({ length: 10 }, (_, i) => `Abstract ${i}.`);
    await saved(
      file,
      abstracts.map((abstract) => [abstract, value(abstract)]),
    );
    const run = DeriveCache.open<Value>(file, 'v1');
    for (const abstract of abstracts.slice(0, 5)) run.take(run.keyOf(abstract, undefined));
    run.add([run.keyOf('New.', undefined)], serialize([value('New.')]));
    await run.save();
    const next = DeriveCache.open<Value>(file, 'v1');
    for (const abstract of [...abstracts, 'New.']) next.take(next.keyOf(abstract, undefined));
    expect(next.hits).toBe(11);
  });

  it('reads the batches that decode when one does not', async () => {
    const file = newFile();
    const cache = DeriveCache.open<Value>(file, 'v1');
    cache.add([cache.keyOf('Good.', undefined)], serialize([value('Good.')]));
    cache.add([cache.keyOf('Bad.', undefined)], new Uint8Array([0xff, 0x00, 0x13]));
    cache.add(
      [cache.keyOf('Short.', undefined), cache.keyOf('Shorter.', undefined)],
      serialize([value('Short.')]),
    );
    await cache.save();
    const next = DeriveCache.open<Value>(file, 'v1');
    expect(next.take(next.keyOf('Bad.', undefined))).toBeUndefined();
    expect(next.take(next.keyOf('Shorter.', undefined))).toBeUndefined();
    expect(next.take(next.keyOf('Good.', undefined))).toEqual(value('Good.'));
  });

  it(`keeps the ${KEPT_CACHE_FILES} most recently written files of its folder`, async () => {
    const folder = join(work, 'many');
    for (let i = 0; i < KEPT_CACHE_FILES + 3; i++) {
      await saved(join(folder, `${i}.bin`), [[`Abstract ${i}.`, value('A')]]);
      const time = new Date(Date.now() - (100 - i) * 1000);
      utimesSync(join(folder, `${i}.bin`), time, time);
    }
    writeFileSync(join(folder, '.another-run.bin.1.tmp'), 'being written');
    await saved(join(folder, 'last.bin'), [['Last.', value('L')]]);
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
    expect(bundledCodeVersion('taxonomy')).toBeNull();
    expect(bundledCodeVersion('taxonomy', 'file:///x/bundled-1/main.js')).toBeNull();
  });
});
