import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AUTO_PAPER_IMAGES_MAX,
  buildsPaperImages,
  cachedCard,
  cardAlt,
  cardAuthors,
  cardKey,
  cardStats,
  drawableText,
  ogImageFor,
  ogImagesMode,
  paperCard,
  renderCard,
  renderIcon,
  siteCard,
  type PaperCardSource,
} from '../../src/lib/build/og-image';

/** A PNG's size as its header says: the signature, then the IHDR chunk's width and height. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const source = (
  overrides: Partial<PaperCardSource['paper']> = {},
  venue = 'ICLR 2026',
): PaperCardSource => ({
  paper: {
    slug: 'sealqa-3f9a2c',
    title: 'SealQA: Raising the Bar for Reasoning in Search-Augmented Language Models',
    authors: ['Thinh Pham', 'Nguyen Nguyen', 'Pratibha Zunjare', 'Weiyuan Chen'],
    year: 2026,
    ...overrides,
  },
  venue,
});

describe('a paper card', () => {
  it('is a 1200×630 PNG', async () => {
    expect(pngSize(await renderCard(paperCard(source())))).toEqual({ width: 1200, height: 630 });
  });

  it.each([
    ['CJK', '大规模语言模型的推理能力研究'],
    ['CJK mixed with Latin, Greek and Polish', 'β-VAE 的推理 in Łódź: 大规模 Ωmega'],
    ['emoji', '🚀 Rocket-fast 🔥 training 👩‍🔬 of 🇫🇷 models'],
    ['a very long title', 'word '.repeat(5000)],
    ['a title of nothing the font draws', '🚀🔥'],
    ['Arabic and Devanagari', 'نموذج لغوي कृत्रिम बुद्धि'],
  ])('renders %s without throwing', async (_, title) => {
    const card = paperCard(
      source(
        { title, authors: Array.from({ length: 500 }, () => '山田 太郎 '.repeat(20)) },
        '会议',
      ),
    );
    expect(pngSize(await renderCard(card))).toEqual({ width: 1200, height: 630 });
  });

  it('names the first three authors, then "et al."', () => {
    expect(cardAuthors([])).toBe('');
    expect(cardAuthors(['A'])).toBe('A');
    expect(cardAuthors(['A', 'B', 'C'])).toBe('A, B and C');
    expect(cardAuthors(['A', 'B', 'C', 'D'])).toBe('A, B, C et al.');
    expect(paperCard(source()).authors).toBe('Thinh Pham, Nguyen Nguyen, Pratibha Zunjare et al.');
  });

  it('cuts a very long title, and its alt text says title, authors, venue and year', () => {
    const card = paperCard(source({ title: 'word '.repeat(5000) }));
    expect([...card.title].length).toBeLessThanOrEqual(240);
    expect(card.title.endsWith('…')).toBe(true);
    expect(cardAlt(paperCard(source()))).toBe(
      'SealQA: Raising the Bar for Reasoning in Search-Augmented Language Models by Thinh Pham, ' +
        'Nguyen Nguyen, Pratibha Zunjare et al. (ICLR 2026, 2026)',
    );
    expect(cardAlt(paperCard(source({ authors: [], year: null }, '')))).toBe(
      'SealQA: Raising the Bar for Reasoning in Search-Augmented Language Models',
    );
  });

  it('draws only what the font holds: CJK and emoji are left out, Latin, Greek and Cyrillic kept', () => {
    expect(drawableText('β-VAE 的推理 in Łódź 🚀 Привет – “ok”')).toBe(
      'β-VAE in Łódź Привет – “ok”',
    );
    expect(drawableText('大规模')).toBe('');
  });
});

describe('the cache key', () => {
  const key = (overrides: Partial<PaperCardSource['paper']> = {}, venue?: string) =>
    cardKey(paperCard(source(overrides, venue)));

  it('changes with the title', () => {
    expect(key({ title: 'Another title' })).not.toBe(key());
    expect(key({ title: 'SealQA: raising the bar' })).not.toBe(
      key({ title: 'SealQA: Raising the bar' }),
    );
  });

  it('changes with what else the card shows: authors shown, venue, year', () => {
    expect(key({ authors: ['Someone Else'] })).not.toBe(key());
    expect(key({}, 'NeurIPS 2025')).not.toBe(key());
    expect(key({ year: 2025 })).not.toBe(key());
  });

  it('does not change otherwise: same content, another slug, authors past the third', () => {
    expect(key()).toBe(key());
    expect(key({ slug: 'other-123456' })).toBe(key());
    const authors = source().paper.authors;
    expect(key({ authors: [...authors.slice(0, 3), 'Not Shown', 'Nor This One'] })).toBe(key());
  });

  it('is not a paper key for the site card', () => {
    expect(cardKey(siteCard(['ICLR 2026'], 57))).not.toBe(cardKey(siteCard(['ICLR 2026'], 58)));
    expect(cardKey(siteCard(['ICLR 2026'], 57))).toBe(cardKey(siteCard(['ICLR 2026'], 57)));
  });
});

describe('cachedCard', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'og-cache-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('draws a card once, then reads it from the cache; no temporary file is left', async () => {
    const card = paperCard(source({ title: `A card for the cache test ${process.pid}` }));
    const before = { ...cardStats };
    const first = await cachedCard(card, path.join(dir, 'og'));
    const second = await cachedCard(card, path.join(dir, 'og'));
    expect(cardStats.drawn - before.drawn).toBe(1);
    expect(cardStats.cached - before.cached).toBe(1);
    expect(second.equals(first)).toBe(true);
    expect(fs.readdirSync(path.join(dir, 'og'))).toEqual([`${cardKey(card)}.png`]);
  });

  it('redraws a damaged cache file', async () => {
    const card = paperCard(source({ title: `A damaged card ${process.pid}` }));
    fs.mkdirSync(path.join(dir, 'og'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'og', `${cardKey(card)}.png`), 'not a png');
    const drawn = cardStats.drawn;
    expect(pngSize(await cachedCard(card, path.join(dir, 'og')))).toEqual({
      width: 1200,
      height: 630,
    });
    expect(cardStats.drawn).toBe(drawn + 1);
  });
});

describe('which images a build draws (OG_IMAGES)', () => {
  it('reads the mode: unset or empty is auto, anything unknown stops the build', () => {
    expect(ogImagesMode(undefined)).toBe('auto');
    expect(ogImagesMode('')).toBe('auto');
    expect(ogImagesMode('site')).toBe('site');
    expect(ogImagesMode('all')).toBe('all');
    expect(() => ogImagesMode('some')).toThrow(/OG_IMAGES=some: expected site, all or auto/);
  });

  it('auto: a card per paper up to the limit, the site card past it', () => {
    expect(buildsPaperImages(1, 'auto')).toBe(true);
    expect(buildsPaperImages(AUTO_PAPER_IMAGES_MAX, 'auto')).toBe(true);
    expect(buildsPaperImages(AUTO_PAPER_IMAGES_MAX + 1, 'auto')).toBe(false);
    expect(buildsPaperImages(20_000, 'auto')).toBe(false);
  });

  it('site and all: whatever the size', () => {
    expect(buildsPaperImages(1, 'site')).toBe(false);
    expect(buildsPaperImages(20_000, 'all')).toBe(true);
  });

  it("points a paper page at its card when the build draws it, else at the site's", () => {
    const small = siteCard(['ICLR 2026', 'NeurIPS 2025'], 57);
    expect(ogImageFor(source(), small)).toEqual({
      path: '/og/sealqa-3f9a2c.png',
      alt: cardAlt(paperCard(source())),
    });
    const site = {
      path: '/og/site.png',
      alt: 'Paper Explorer: 57 papers from ICLR 2026 and NeurIPS 2025',
    };
    expect(ogImageFor(undefined, small)).toEqual(site);
    const large = siteCard(['ICLR 2026'], AUTO_PAPER_IMAGES_MAX + 1);
    expect(ogImageFor(source(), large).path).toBe('/og/site.png');
  });
});

describe('the site card and the icons', () => {
  it('the site card is a 1200×630 PNG', async () => {
    const card = siteCard(
      ['ICLR 2026 Papers', 'NeurIPS 2025', 'ACL 2024', 'CVPR 2023', 'KDD 2018'],
      20_000,
    );
    expect(cardAlt(card)).toBe(
      'Paper Explorer: 20,000 papers from ICLR 2026 Papers, NeurIPS 2025, ACL 2024, CVPR 2023 and 1 more',
    );
    expect(pngSize(await renderCard(card))).toEqual({ width: 1200, height: 630 });
  });

  it('the favicon and the touch icon are square PNGs of their size', () => {
    expect(pngSize(renderIcon(48))).toEqual({ width: 48, height: 48 });
    expect(pngSize(renderIcon(180, '#1f4e8c'))).toEqual({ width: 180, height: 180 });
  });
});
