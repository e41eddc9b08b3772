/**
 * Link preview images (Open Graph / Twitter cards): a 1200×630 PNG per paper (title, authors, venue
 * and year) and one for the whole site, drawn at build time by satori (an element tree → SVG) and
 * resvg (SVG → PNG), with the Inter font read from node_modules. Nothing is fetched at build or run
 * time. Drawing a card costs tens of milliseconds, so cards are cached by content under
 * node_modules/.cache/paper-explorer/og/ and a rebuild redraws only the cards that changed; a large
 * site skips the per-paper cards altogether (OG_IMAGES, {@link buildsPaperImages}; docs/build.md,
 * "Link preview images").
 *
 * Characters the font lacks (CJK, Arabic, Devanagari, emoji…) are left out of the drawing
 * ({@link drawableText}) rather than drawn as satori's "no glyph" boxes; the page's title,
 * description and the image's alt text keep them.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import type { Paper } from '../schema';
import { withBase } from '../site/urls';

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

/**
 * Bump when the cards' layout or colours change: it is part of every cache key, so every cached card
 * is redrawn. The renderers' own versions are in the key too (an upgrade redraws).
 */
export const CARD_RENDERER_VERSION = 1;

/** Where cards are cached, by content (shared by every build of this checkout, safe to delete). */
export const OG_CACHE_DIR = path.resolve('node_modules/.cache/paper-explorer/og');

/** The environment variable that says which link preview images a build draws. */
export const OG_IMAGES_VARIABLE = 'OG_IMAGES';

/**
 * `site`: one site-wide card for every page; `all`: a card per paper whatever the size;
 * `auto` (default): a card per paper only up to {@link AUTO_PAPER_IMAGES_MAX} papers.
 */
export type OgImagesMode = 'site' | 'all' | 'auto';

/**
 * The largest site that gets a card per paper by default. On the 2-core build machine a card costs
 * ~31–37 ms of CPU to draw (cold cache) and ~3 ms from the cache (Astro's route and write; reading
 * the cached file is ~0.06 ms), and ~40 KB of output. A cold build of a 994-paper site went from
 * 26 s to 69 s (busy machine): past ~1,000 papers a first build (CI's are always first) would head
 * for the 90 s target on cards alone, and at 20,000 papers cards would take ~10 minutes and 800 MB
 * (docs/build.md, "Link preview images").
 */
export const AUTO_PAPER_IMAGES_MAX = 1000;

/** `OG_IMAGES` as a mode; unset or empty is `auto`; anything else stops the build. */
export function ogImagesMode(
  value: string | undefined = process.env[OG_IMAGES_VARIABLE],
): OgImagesMode {
  if (value === undefined || value === '') return 'auto';
  if (value === 'site' || value === 'all' || value === 'auto') return value;
  throw new Error(`${OG_IMAGES_VARIABLE}=${value}: expected site, all or auto`);
}

/**
 * Whether this build draws a card per paper: the one decision both the pages' `og:image` and the
 * image endpoint follow, so a page never points at an image that was not built.
 */
export function buildsPaperImages(
  paperCount: number,
  mode: OgImagesMode = ogImagesMode(),
): boolean {
  if (mode === 'all') return true;
  if (mode === 'site') return false;
  return paperCount <= AUTO_PAPER_IMAGES_MAX;
}

/** What one paper's card shows. */
export interface PaperCard {
  kind: 'paper';
  title: string;
  /** The authors as shown: the first few, then "et al."; empty when the dump names none. */
  authors: string;
  venue: string;
  year: number | null;
}

/** What the site-wide card shows. */
export interface SiteCard {
  kind: 'site';
  siteName: string;
  venues: string[];
  paperCount: number;
}

export type Card = PaperCard | SiteCard;

/** What a page passes for its paper's card: the paper and its venue's label. */
export interface PaperCardSource {
  paper: Pick<Paper, 'slug' | 'title' | 'authors' | 'year'>;
  venue: string;
}

/** Authors named in full on a card before "et al.". */
const CARD_AUTHORS = 3;
/** Longer titles are cut (with an ellipsis) before drawing: four lines hold ~200 characters. */
const MAX_TITLE_CHARACTERS = 240;
/** Longer author names or venue labels are cut too: they get one line. */
const MAX_LINE_CHARACTERS = 120;
/** Venues named on the site card before "and N more". */
const SITE_CARD_VENUES = 4;

/** `text` cut to `max` characters (code points) with an ellipsis, whitespace collapsed. */
function cut(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= max
    ? chars.join('')
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** "A, B and C"; "A, B, C et al." when there are more than {@link CARD_AUTHORS}. */
export function cardAuthors(authors: readonly string[]): string {
  if (authors.length === 0) return '';
  if (authors.length > CARD_AUTHORS) return `${authors.slice(0, CARD_AUTHORS).join(', ')} et al.`;
  if (authors.length === 1) return authors[0]!;
  return `${authors.slice(0, -1).join(', ')} and ${authors.at(-1)!}`;
}

/** The card of one paper. */
export function paperCard({ paper, venue }: PaperCardSource): PaperCard {
  return {
    kind: 'paper',
    title: cut(paper.title, MAX_TITLE_CHARACTERS),
    authors: cut(cardAuthors(paper.authors), MAX_LINE_CHARACTERS),
    venue: cut(venue, MAX_LINE_CHARACTERS),
    year: paper.year,
  };
}

/** The site-wide card. */
export function siteCard(venues: readonly string[], paperCount: number): SiteCard {
  return {
    kind: 'site',
    siteName: 'Paper Explorer',
    venues: venues.map((venue) => cut(venue, MAX_LINE_CHARACTERS)),
    paperCount,
  };
}

const count = new Intl.NumberFormat('en-US');
const papersText = (n: number) => `${count.format(n)} ${n === 1 ? 'paper' : 'papers'}`;

/** "ICLR 2026, NeurIPS 2025 and 3 more". */
function venueList(venues: readonly string[]): string {
  if (venues.length <= SITE_CARD_VENUES) {
    return venues.length <= 1
      ? (venues[0] ?? '')
      : `${venues.slice(0, -1).join(', ')} and ${venues.at(-1)!}`;
  }
  return `${venues.slice(0, SITE_CARD_VENUES).join(', ')} and ${venues.length - SITE_CARD_VENUES} more`;
}

/** The image's text alternative (`og:image:alt`): what the card says, in one sentence. */
export function cardAlt(card: Card): string {
  if (card.kind === 'site') {
    const from = card.venues.length > 0 ? ` from ${venueList(card.venues)}` : '';
    return `${card.siteName}: ${papersText(card.paperCount)}${from}`;
  }
  const by = card.authors === '' ? '' : ` by ${card.authors}`;
  const where = [card.venue, card.year ?? ''].filter((part) => part !== '').join(', ');
  return `${card.title}${by}${where === '' ? '' : ` (${where})`}`;
}

/** An image a page's head points at: its path under the base and its text alternative. */
export interface OgImage {
  path: string;
  alt: string;
}

/** Where the card of paper `slug` is built. */
export const paperImagePath = (slug: string): string => withBase(`/og/${slug}.png`);
/** Where the site-wide card is built. */
export const siteImagePath = (): string => withBase('/og/site.png');

/**
 * The image a page's head names: its paper's card when this build draws one
 * ({@link buildsPaperImages}), else the site-wide card.
 */
export function ogImageFor(source: PaperCardSource | undefined, site: SiteCard): OgImage {
  if (source !== undefined && buildsPaperImages(site.paperCount)) {
    return { path: paperImagePath(source.paper.slug), alt: cardAlt(paperCard(source)) };
  }
  return { path: siteImagePath(), alt: cardAlt(site) };
}

// ---------------------------------------------------------------------------------------------
// Drawing

/** The font: Inter, from its npm package (fontsource), as WOFF (satori reads no WOFF2). */
const FONT_PACKAGE = '@fontsource/inter';
const FONT_DIR = path.resolve('node_modules', FONT_PACKAGE, 'files');
/** Inter's subsets a card draws with: every character outside them is left out of the card. */
const FONT_SUBSETS = ['latin', 'latin-ext', 'vietnamese', 'greek', 'cyrillic'] as const;
const FONT_WEIGHTS = [400, 700] as const;
const fontFile = (subset: string, weight: number) => `inter-${subset}-${weight}-normal.woff`;
/** satori picks one font per name and weight and falls back across names: one name a subset. */
const fontName = (subset: string) => `Inter ${subset}`;
const FONT_FAMILY = FONT_SUBSETS.map(fontName).join(', ');

/** The version of an installed package, for the cache key (`?` when it cannot be read). */
function packageVersion(name: string): string {
  try {
    const file = path.resolve('node_modules', name, 'package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '?';
  } catch {
    return '?';
  }
}

/** Everything but the card's content that decides its pixels. */
const RENDERER = JSON.stringify([
  CARD_RENDERER_VERSION,
  `satori@${packageVersion('satori')}`,
  `resvg@${packageVersion('@resvg/resvg-js')}`,
  `inter@${packageVersion('@fontsource/inter')}`,
  FONT_SUBSETS.flatMap((subset) => FONT_WEIGHTS.map((weight) => fontFile(subset, weight))),
]);

/** The cache key of a card: a hash of the renderer's version, the fonts and what the card shows. */
export function cardKey(card: Card): string {
  const content =
    card.kind === 'paper'
      ? [card.kind, card.title, card.authors, card.venue, card.year]
      : [card.kind, card.siteName, card.venues, card.paperCount];
  return createHash('sha256')
    .update(`${RENDERER}\n${JSON.stringify(content)}`)
    .digest('hex')
    .slice(0, 32);
}

interface Font {
  name: string;
  data: Buffer;
  weight: (typeof FONT_WEIGHTS)[number];
  style: 'normal';
}
let fonts: Font[] | undefined;
/** Read once a process: satori keeps the fonts it parsed for the same array. */
function loadFonts(): Font[] {
  fonts ??= FONT_SUBSETS.flatMap((subset) =>
    FONT_WEIGHTS.map((weight) => ({
      name: fontName(subset),
      data: readFileSync(path.join(FONT_DIR, fontFile(subset, weight))),
      weight,
      style: 'normal' as const,
    })),
  );
  return fonts;
}

/**
 * The code points the font subsets hold, from the package's own `unicode-range`s (a subset's file
 * holds exactly those characters): `[from, to]` pairs.
 */
let coverage: [number, number][] | undefined;
function fontCoverage(): [number, number][] {
  if (coverage) return coverage;
  const css = readFileSync(path.resolve('node_modules', FONT_PACKAGE, '400.css'), 'utf8');
  coverage = [];
  for (const match of css.matchAll(
    /\/\* inter-([a-z-]+)-400-normal \*\/[^}]*?unicode-range:([^;]+);/g,
  )) {
    if (!(FONT_SUBSETS as readonly string[]).includes(match[1]!)) continue;
    for (const range of match[2]!.split(',')) {
      const [from, to = from] = range.trim().replace(/^U\+/i, '').split('-');
      coverage.push([parseInt(from!, 16), parseInt(to!, 16)]);
    }
  }
  if (coverage.length === 0) throw new Error(`no unicode-range found in ${FONT_PACKAGE}/400.css`);
  return coverage;
}

/**
 * `text` less the characters the font lacks (CJK, emoji, most math symbols…), which satori would
 * draw as "no glyph" boxes; spaces are kept and collapsed.
 */
export function drawableText(text: string): string {
  const ranges = fontCoverage();
  let kept = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (/\s/.test(char) || ranges.some(([from, to]) => code >= from && code <= to)) kept += char;
  }
  return kept.replace(/\s+/g, ' ').trim();
}

/** An element of satori's tree: what JSX would make, written as plain objects. */
interface Node {
  type: string;
  props: { style?: Record<string, string | number>; children?: (Node | string)[] | Node | string };
}
const el = (
  type: string,
  style: Record<string, string | number>,
  ...children: (Node | string)[]
): Node => ({ type, props: { style, children } });

const COLORS = { bg: '#ffffff', text: '#1b1f24', muted: '#57606a', accent: '#1f4e8c' };

/** The site's mark (favicon.svg's letter), and its name but on the site card, which says it larger. */
function brand(withName: boolean): Node {
  const mark = el(
    'div',
    {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: 56,
      height: 56,
      borderRadius: 12,
      backgroundColor: COLORS.accent,
      color: '#ffffff',
      fontSize: 36,
      fontWeight: 700,
    },
    'P',
  );
  return el(
    'div',
    { display: 'flex', alignItems: 'center', gap: 20, fontSize: 30, color: COLORS.accent },
    mark,
    ...(withName ? [el('div', { display: 'flex', fontWeight: 700 }, 'Paper Explorer')] : []),
  );
}

/** A line of text that is cut with an ellipsis when it would take more than `lines` lines. */
const text = (content: string, style: Record<string, string | number>, lines: number): Node[] => {
  const drawable = drawableText(content);
  return drawable === ''
    ? []
    : [el('div', { display: 'block', lineClamp: lines, ...style }, drawable)];
};

/** The font size that lets a title of this length fit in the card's four lines. */
function titleSize(title: string): number {
  const length = [...title].length;
  if (length <= 50) return 68;
  if (length <= 90) return 58;
  if (length <= 140) return 50;
  return 42;
}

function cardTree(card: Card): Node {
  const body =
    card.kind === 'paper'
      ? [
          ...text(
            card.title,
            {
              fontSize: titleSize(card.title),
              fontWeight: 700,
              lineHeight: 1.2,
              color: COLORS.text,
            },
            4,
          ),
          ...text(card.authors, { fontSize: 32, color: COLORS.muted, marginTop: 28 }, 1),
        ]
      : [
          ...text(card.siteName, { fontSize: 84, fontWeight: 700, color: COLORS.text }, 1),
          ...text(
            'Conference papers to search, filter and share',
            { fontSize: 36, color: COLORS.muted, marginTop: 16 },
            1,
          ),
        ];
  const footer =
    card.kind === 'paper'
      ? [card.venue, card.year ?? ''].filter((part) => part !== '').join(' · ')
      : [papersText(card.paperCount), venueList(card.venues)]
          .filter((part) => part !== '')
          .join(' · ');
  return el(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      boxSizing: 'border-box',
      width: OG_IMAGE_WIDTH,
      height: OG_IMAGE_HEIGHT,
      padding: '56px 72px',
      backgroundColor: COLORS.bg,
      borderLeft: `24px solid ${COLORS.accent}`,
      fontFamily: FONT_FAMILY,
    },
    brand(card.kind === 'paper'),
    el(
      'div',
      { display: 'flex', flexDirection: 'column', justifyContent: 'center', flexGrow: 1 },
      ...body,
    ),
    ...text(footer, { fontSize: 30, fontWeight: 700, color: COLORS.accent }, 1),
  );
}

/** A card as SVG, its text drawn as paths. */
export function cardSvg(card: Card): Promise<string> {
  return satori(cardTree(card), {
    width: OG_IMAGE_WIDTH,
    height: OG_IMAGE_HEIGHT,
    fonts: loadFonts(),
  });
}

/** Draws a card: a 1200×630 PNG. Never cached: see {@link cachedCard}. */
export async function renderCard(card: Card): Promise<Buffer> {
  const svg = await cardSvg(card);
  // satori draws text as paths: resvg needs no font, and must not look for the system's.
  const image = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
  return image.asPng();
}

/** Cards this process drew and took from the cache (the endpoint prints them; tests read them). */
export const cardStats = { drawn: 0, cached: 0 };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A card from the cache, drawn and cached when missing. Written to a file of this process's own
 * and renamed into place, so builds running at once never read a half-written card.
 */
export async function cachedCard(card: Card, cacheDir: string = OG_CACHE_DIR): Promise<Buffer> {
  const file = path.join(cacheDir, `${cardKey(card)}.png`);
  if (existsSync(file)) {
    const png = readFileSync(file);
    if (png.subarray(0, 8).equals(PNG_SIGNATURE)) {
      cardStats.cached += 1;
      return png;
    }
  }
  const png = await renderCard(card);
  cardStats.drawn += 1;
  mkdirSync(cacheDir, { recursive: true });
  const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(temporary, png);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  return png;
}

/** The site's icon, drawn once as the SVG favicon. */
const ICON_SVG = path.resolve('public/favicon.svg');

/**
 * The SVG favicon as a `size`×`size` PNG, for what reads no SVG icon (iOS's home screen, some
 * crawlers and chat apps). `background` fills the transparent corners (iOS rounds them itself and
 * would show them black).
 */
export function renderIcon(size: number, background?: string): Buffer {
  const svg = readFileSync(ICON_SVG);
  const options = {
    fitTo: { mode: 'width' as const, value: size },
    font: { loadSystemFonts: false },
    ...(background === undefined ? {} : { background }),
  };
  return new Resvg(svg, options).render().asPng();
}
