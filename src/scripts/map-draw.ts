/**
 * Painting the map's dots on a canvas: each family's shape drawn once into a small sprite at the
 * current dot size (normal, highlighted, selected), then stamped at every point in view, so 20,000
 * dots cost 20,000 `drawImage` calls and no path building. Colours come from the page's CSS (the
 * `family-<id>` classes and the theme's variables), so both themes and their contrast rules apply.
 */
import { SHAPE_PATHS } from '../components/map/shapes';
import type { Shape } from '../lib/site/topic-families';

/** The page colours the canvas needs, resolved for the current theme. */
export interface Palette {
  surface: string;
  bg: string;
  text: string;
  focus: string;
  families: string[];
  /** The same as pixels (RGBA bytes read as one little-endian number), for `Specks`. */
  pixels: { surface: number; families: number[]; dimmed: number[] };
}

/** A CSS colour as the RGBA bytes a canvas paints it with. */
function rgbaOf(colour: string): [number, number, number, number] {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0, a = 255] = ctx.getImageData(0, 0, 1, 1).data;
  return [r, g, b, a];
}

const pack = ([r, g, b]: readonly number[]) => ((255 << 24) | (b! << 16) | (g! << 8) | r!) >>> 0;

/** How much of a dimmed dot's colour shows over the map (highlighting dims the others). */
export const DIMMED = 0.2;

/** Resolves the palette by styling probe elements inside `host` (so the theme in force applies). */
export function readPalette(host: HTMLElement, familyIds: readonly string[]): Palette {
  const probe = (className: string, property: string) => {
    const element = document.createElement('span');
    element.className = className;
    element.hidden = true;
    element.style.color = `var(${property})`;
    host.append(element);
    const colour = getComputedStyle(element).color;
    element.remove();
    return colour;
  };
  const surface = probe('', '--surface');
  const families = familyIds.map((id) => probe(`family-${id}`, '--dot'));
  const ground = rgbaOf(surface);
  const colours = families.map(rgbaOf);
  return {
    surface,
    bg: probe('', '--bg'),
    text: probe('', '--text'),
    focus: probe('', '--focus'),
    families,
    pixels: {
      surface: pack(ground),
      families: colours.map(pack),
      dimmed: colours.map((c) =>
        pack(c.map((v, i) => Math.round(v * DIMMED + ground[i]! * (1 - DIMMED)))),
      ),
    },
  };
}

/**
 * Dots too small for a shape (a radius under 2 px: a large map zoomed out) written straight into
 * the canvas's pixels, a small disc each: 20,000 of them in a few milliseconds, where 20,000
 * `drawImage` calls take ~200 ms in a software-rendered canvas.
 */
export class Specks {
  private image: ImageData | null = null;
  private words: Uint32Array | null = null;

  /** Starts a frame of `width` × `height` device pixels filled with `ground`. */
  begin(ctx: CanvasRenderingContext2D, width: number, height: number, ground: number) {
    if (!this.image || this.image.width !== width || this.image.height !== height) {
      this.image = ctx.createImageData(width, height);
      this.words = new Uint32Array(this.image.data.buffer);
    }
    this.words!.fill(ground);
  }

  /** A disc of `radius` device pixels at (x, y), device pixels. */
  dot(x: number, y: number, radius: number, colour: number) {
    const image = this.image!;
    const words = this.words!;
    const reach = Math.ceil(radius);
    const cx = Math.round(x);
    const cy = Math.round(y);
    const limit = radius * radius + radius * 0.5;
    for (let dy = -reach; dy <= reach; dy += 1) {
      const row = cy + dy;
      if (row < 0 || row >= image.height) continue;
      for (let dx = -reach; dx <= reach; dx += 1) {
        const column = cx + dx;
        if (column < 0 || column >= image.width || dx * dx + dy * dy > limit) continue;
        words[row * image.width + column] = colour;
      }
    }
  }

  end(ctx: CanvasRenderingContext2D) {
    ctx.putImageData(this.image!, 0, 0);
  }
}

/** How a dot is drawn. */
export type DotStyle = 'normal' | 'hit' | 'selected';

/** Shape sprites at one size and one palette. */
export class Sprites {
  private cache = new Map<string, HTMLCanvasElement>();
  private paths: Path2D[];

  constructor(
    private palette: Palette,
    shapes: readonly Shape[],
    /** Dot radius, CSS pixels. */
    readonly radius: number,
    private dpr: number,
  ) {
    this.paths = shapes.map((shape) => new Path2D(SHAPE_PATHS[shape]));
  }

  /** Half the sprite's side, CSS pixels: room for the largest shape (1.35 r) and its outline. */
  get reach(): number {
    return Math.ceil(this.radius * 1.35 + 4);
  }

  sprite(family: number, style: DotStyle): HTMLCanvasElement {
    const key = `${family}:${style}`;
    let canvas = this.cache.get(key);
    if (canvas) return canvas;
    const side = Math.ceil(this.reach * 2 * this.dpr);
    canvas = document.createElement('canvas');
    canvas.width = canvas.height = side;
    const ctx = canvas.getContext('2d')!;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, side / 2, side / 2);
    ctx.scale(this.radius, this.radius);
    const path = this.paths[family] ?? this.paths[0]!;
    ctx.lineJoin = 'round';
    // A thin rim in the page background keeps touching colours apart; highlighted dots get a
    // rim in the text colour, the selected one a wide ring in the focus colour.
    const rim = style === 'normal' ? 1 : style === 'hit' ? 2 : 3;
    ctx.lineWidth = (rim * 2) / this.radius;
    ctx.strokeStyle =
      style === 'normal'
        ? this.palette.bg
        : style === 'hit'
          ? this.palette.text
          : this.palette.focus;
    if (this.radius >= 1.5) ctx.stroke(path);
    ctx.fillStyle = this.palette.families[family] ?? this.palette.text;
    ctx.fill(path);
    this.cache.set(key, canvas);
    return canvas;
  }
}
