import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  cardShardCount,
  cardOfId,
  cardShardOf,
  sharedIdsFromHash,
  shortIdOf,
  shortShareUrl,
  createReadingListStore,
  decodeSharedList,
  describeStorageProblem,
  encodeSharedList,
  fromJson,
  isFull,
  MAX_READING_LIST_ITEMS,
  mergeItems,
  removeItem,
  restoreItem,
  setNote,
  sharedListFromHash,
  shareUrl,
  sortItems,
  toJson,
  toMarkdown,
  type ReadingListItem,
} from '../../src/lib/site/reading-list';
import { growth } from '../support/growth';

const paperUrl = (slug: string) => `https://example.org/explorer/papers/${slug}/`;
const item = (slug: string, title: string, note = ''): ReadingListItem => ({
  slug,
  title,
  note,
  addedAt: '',
});

/** An in-memory Storage whose capacity (in characters) can be exceeded, like a real quota. */
class FakeStorage implements Storage {
  private data = new Map<string, string>();
  constructor(private capacity = Infinity) {}
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    if (value.length > this.capacity) throw new DOMException('quota', 'QuotaExceededError');
    this.data.set(key, value);
  }
}

const slugArb = fc.stringMatching(/^[a-z0-9]{1,12}(?:-[a-z0-9]{1,8}){0,4}$/);
const itemsArb = fc.uniqueArray(
  fc.record({
    slug: slugArb,
    title: fc.string({ minLength: 1, maxLength: 100 }).filter((t) => t.trim() !== ''),
    note: fc.string({ maxLength: 300, unit: 'grapheme' }),
    addedAt: fc.constant(''),
  }),
  { selector: (i) => i.slug, maxLength: 30 },
);

describe('list edits', () => {
  it('stars a paper once, notes it, and unstars it', () => {
    const paper = { slug: 'sealqa-3f9a2c', title: 'SealQA: a benchmark' };
    const once = addItem([], paper, new Date('2026-01-02T03:04:05Z'));
    expect(addItem(once, paper)).toEqual(once);
    expect(once).toEqual([{ ...paper, note: '', addedAt: '2026-01-02T03:04:05.000Z' }]);
    expect(setNote(once, paper.slug, 'read §3')[0]?.note).toBe('read §3');
    expect(removeItem(once, paper.slug)).toEqual([]);
  });

  it('imports new papers after the existing ones without overwriting a written note', () => {
    const mine = [item('a-1', 'A', 'my note'), item('b-2', 'B')];
    const shared = [item('b-2', 'B', 'their note'), item('a-1', 'A', 'other'), item('c-3', 'C')];
    const now = new Date('2026-11-30T12:00:00Z');
    expect(mergeItems(mine, shared, now)).toEqual([
      item('a-1', 'A', 'my note'),
      item('b-2', 'B', 'their note'),
      { ...item('c-3', 'C'), addedAt: '2026-11-30T12:00:00.000Z' },
    ]);
  });

  it('keeps the date an exported paper was added when importing it', () => {
    const dated = { ...item('d-4', 'D'), addedAt: '2026-01-01T00:00:00.000Z' };
    expect(mergeItems([], [dated], new Date('2026-11-30T12:00:00Z'))).toEqual([dated]);
  });
});

describe('shareable URL', () => {
  it('round-trips any list, including notes with emoji, quotes and newlines', () => {
    fc.assert(
      fc.property(itemsArb, (items) => {
        const url = shareUrl('https://example.org/explorer/list/', items);
        expect(url.startsWith('https://example.org/explorer/list/#import=')).toBe(true);
        expect(sharedListFromHash(new URL(url).hash)).toEqual(items);
      }),
    );
  });

  it('stays URL-safe: no characters that need escaping in a fragment', () => {
    const payload = encodeSharedList([item('x-1', 'Ünïcode “title” & <b>', 'line 1\nline 2 ✓')]);
    expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('refuses garbage, other versions and malformed rows instead of crashing', () => {
    expect(decodeSharedList('not base64 !!')).toEqual([]);
    expect(decodeSharedList(btoa('{"oops":1}'))).toEqual([]);
    expect(decodeSharedList(btoa(JSON.stringify([2, ['a-1', 'A']])))).toEqual([]);
    const mixed = btoa(
      JSON.stringify([1, ['Bad Slug', 'A'], ['ok-1', ''], 'x', ['ok-2', 'Kept', 5]]),
    );
    expect(decodeSharedList(mixed)).toEqual([item('ok-2', 'Kept')]);
  });

  it('tells a plain list URL from a shared one', () => {
    expect(sharedListFromHash('')).toBeNull();
    expect(sharedListFromHash('#main')).toBeNull();
    expect(sharedListFromHash('#import=')).toEqual([]);
  });
});

describe('exports', () => {
  it('writes Markdown links whose titles cannot break the link, with notes under each paper', () => {
    const md = toMarkdown(
      [
        item('a-1', 'The [bracketed] *bold* `code` title', 'first line\n\nsecond line'),
        item('b-2', 'Plain'),
      ],
      paperUrl,
    );
    expect(md).toBe(
      [
        '# Reading list',
        '',
        '- [The \\[bracketed\\] \\*bold\\* \\`code\\` title](<https://example.org/explorer/papers/a-1/>)',
        '  first line',
        '',
        '  second line',
        '- [Plain](<https://example.org/explorer/papers/b-2/>)',
        '',
      ].join('\n'),
    );
  });

  it('writes JSON that imports back to the same list', () => {
    fc.assert(
      fc.property(itemsArb, (items) => {
        const json = toJson(items, paperUrl, new Date('2026-01-01T00:00:00Z'));
        const parsed = JSON.parse(json) as { papers: { url: string }[] };
        expect(parsed.papers.map((p) => p.url)).toEqual(items.map((i) => paperUrl(i.slug)));
        expect(fromJson(json)).toEqual(items);
      }),
    );
  });

  it('reads nothing from a file that is not an export', () => {
    expect(fromJson('')).toEqual([]);
    expect(fromJson('[1,2]')).toEqual([]);
    expect(fromJson('{"version":9,"papers":[]}')).toEqual([]);
  });
});

describe('storage', () => {
  it('persists the list across stores sharing one storage', () => {
    const storage = new FakeStorage();
    const items = [item('a-1', 'A', 'note')];
    expect(createReadingListStore(() => storage).save(items)).toBeNull();
    expect(createReadingListStore(() => storage).load()).toEqual(items);
  });

  it('keeps working in memory when storage access throws (blocked storage)', () => {
    const store = createReadingListStore(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(store.load()).toEqual([]);
    expect(store.problem).toBe('unavailable');
    expect(store.save([item('a-1', 'A')])).toBe('unavailable');
    expect(store.load()).toEqual([item('a-1', 'A')]);
    expect(describeStorageProblem('unavailable')).toMatch(/does not let this site store/);
  });

  it('reports a full storage, keeps the change in memory, and recovers once there is room', () => {
    const storage = new FakeStorage(200);
    const store = createReadingListStore(() => storage);
    const small = [item('a-1', 'A')];
    expect(store.save(small)).toBeNull();
    const big = [...small, item('b-2', 'B'.repeat(150), 'n'.repeat(100))];
    expect(store.save(big)).toBe('full');
    expect(describeStorageProblem('full')).toMatch(/full/);
    expect(createReadingListStore(() => storage).load()).toEqual(small);
    expect(store.save(small)).toBeNull();
    expect(store.problem).toBeNull();
  });

  it('ignores corrupt stored data instead of crashing', () => {
    const storage = new FakeStorage();
    storage.setItem('paper-explorer:reading-list', '{not json');
    expect(createReadingListStore(() => storage).load()).toEqual([]);
  });
});

describe('undo, display order and card shards', () => {
  const list = [item('b', 'Beta'), item('a', 'alpha'), item('c', 'Gamma')];

  it('puts a removed paper back at its old place, once', () => {
    const removed = list[1]!;
    const after = removeItem(list, removed.slug);
    expect(restoreItem(after, removed, 1).map((i) => i.slug)).toEqual(['b', 'a', 'c']);
    expect(restoreItem(list, removed, 0).map((i) => i.slug)).toEqual(['b', 'a', 'c']);
    expect(restoreItem(after, removed, 99).map((i) => i.slug)).toEqual(['b', 'c', 'a']);
  });

  it('sorts for display by date added either way or by title, never changing the list', () => {
    expect(sortItems(list, 'added').map((i) => i.slug)).toEqual(['b', 'a', 'c']);
    expect(sortItems(list, 'newest').map((i) => i.slug)).toEqual(['c', 'a', 'b']);
    expect(sortItems(list, 'title').map((i) => i.title)).toEqual(['alpha', 'Beta', 'Gamma']);
    expect(list.map((i) => i.slug)).toEqual(['b', 'a', 'c']);
  });

  it('finds a paper’s card shard from its slug alone, spreading papers over the shards', () => {
    expect(cardShardCount(57)).toBe(1);
    expect(cardShardCount(20_000)).toBe(40);
    const counts = new Array<number>(40).fill(0);
    for (let i = 0; i < 20_000; i += 1) counts[cardShardOf(`paper-${i}`, 40)]! += 1;
    expect(Math.min(...counts)).toBeGreaterThan(350);
    expect(Math.max(...counts)).toBeLessThan(650);
    expect(cardShardOf('vcache-1a2b', 40)).toBe(cardShardOf('vcache-1a2b', 40));
  });
});

describe('big imports (issue 13)', () => {
  const list = (count: number, offset = 0): ReadingListItem[] =>
    Array.from({ length: count }, (_, i) => ({
      slug: `paper-${(i + offset).toString(36)}`,
      title: `Paper ${i + offset}`,
      note: '',
      addedAt: '',
    }));

  it('reads at most MAX_READING_LIST_ITEMS from a 60,000-item share link', () => {
    const shared = decodeSharedList(encodeSharedList(list(60_000)));
    expect(shared).toHaveLength(MAX_READING_LIST_ITEMS);
    expect(shared[0]?.slug).toBe('paper-0');
    expect(isFull(shared)).toBe(true);
  });

  it('never grows a list past the limit, by import or by starring', () => {
    const merged = mergeItems(list(10), list(40_000, 5));
    expect(merged).toHaveLength(MAX_READING_LIST_ITEMS);
    expect(new Set(merged.map((item) => item.slug)).size).toBe(MAX_READING_LIST_ITEMS);
    expect(addItem(merged, { slug: 'one-more', title: 'One more' })).toHaveLength(
      MAX_READING_LIST_ITEMS,
    );
  });

  it('decodes and merges in time linear in the list length', () => {
    const size = MAX_READING_LIST_ITEMS / 8;
    const payload = (count: number) => encodeSharedList(list(count));
    expect(growth(payload, decodeSharedList, size)).toBeLessThan(24);
    const halves = (count: number) => [list(count), list(count, count / 2)] as const;
    expect(growth(halves, ([a, b]) => mergeItems(a, b), size)).toBeLessThan(24);
  });
});

describe('short share links (issue 33)', () => {
  const slugs = [
    'sealqa-3f9a2c',
    'probabilistic-framework-0b1c2d',
    'vcache-1a2b3c',
    'rivers-of-tokens-9e8f7a',
    'clash-abc1234',
  ];
  const five = slugs.map((slug, i) => ({ slug, title: `Paper ${i}`, note: 'a note', addedAt: '' }));

  it('shares 5 papers in ≤ 120 characters on the default SITE_URL, and reads them back', () => {
    const link = shortShareUrl('http://localhost:4321/list/', five);
    expect(link).toBe('http://localhost:4321/list/#papers=3f9a2c,0b1c2d,1a2b3c,9e8f7a,abc1234');
    expect(link.length).toBeLessThanOrEqual(120);
    expect(sharedIdsFromHash(new URL(link).hash)).toEqual([
      '3f9a2c',
      '0b1c2d',
      '1a2b3c',
      '9e8f7a',
      'abc1234',
    ]);
    expect(sharedIdsFromHash('#import=xyz')).toBeNull();
  });

  it('keeps only well-formed ids, once each, at most MAX_READING_LIST_ITEMS', () => {
    expect(sharedIdsFromHash('#papers=3f9a2c,,ZZZ,3f9a2c,<b>,12345,0123456789abc,ABCDEF')).toEqual([
      '3f9a2c',
      'abcdef',
    ]);
    const many = Array.from({ length: 6_000 }, (_, i) => (0x100000 + i).toString(16)).join(',');
    expect(sharedIdsFromHash(`#papers=${many}`)).toHaveLength(MAX_READING_LIST_ITEMS);
  });

  it('finds a paper from its id alone: same shard as its slug, looked up in it', () => {
    for (const slug of slugs) {
      const id = shortIdOf(slug)!;
      expect(cardShardOf(id, 40)).toBe(cardShardOf(slug, 40));
    }
    // A 7-digit id (two abstracts shared 6 digits) lands in the shard of its first 6.
    expect(cardShardOf('abc1234', 40)).toBe(cardShardOf('other-abc123', 40));
    const shard = {
      publications: [],
      cards: { 'clash-abc1234': { id: 'abc1234f0000', title: 'Clash', summary: '', tags: [] } },
    };
    expect(cardOfId(shard, 'abc1234')?.slug).toBe('clash-abc1234');
    expect(cardOfId(shard, 'abc123')).toBeUndefined();
    expect(cardOfId(null, 'abc123')).toBeUndefined();
  });
});
