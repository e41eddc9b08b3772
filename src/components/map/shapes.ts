/**
 * The outline of each dot shape as an SVG path of radius about 1 around (0, 0), sized so every shape
 * looks about as heavy as the circle. Shared by the map's symbols and the legend's swatches.
 */
import type { Shape } from '../../lib/site/topic-families';

const round = (v: number) => Math.round(v * 1000) / 1000;

/** A closed path through `points`. */
const polygon = (points: [number, number][]): string =>
  `M${points.map(([x, y]) => `${round(x)} ${round(y)}`).join('L')}Z`;

/** A regular polygon (or a star, with an inner radius) pointing up. */
function regular(corners: number, radius: number, inner?: number): string {
  const points: [number, number][] = [];
  const steps = inner === undefined ? corners : corners * 2;
  for (let i = 0; i < steps; i += 1) {
    const r = inner !== undefined && i % 2 === 1 ? inner : radius;
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / steps;
    points.push([r * Math.cos(angle), r * Math.sin(angle)]);
  }
  return polygon(points);
}

/** A plus sign of arm half-width `w`, turned by `turn` radians. */
function plus(w: number, length: number, turn: number): string {
  const arm: [number, number][] = [
    [-w, -length],
    [w, -length],
    [w, -w],
    [length, -w],
    [length, w],
    [w, w],
    [w, length],
    [-w, length],
    [-w, w],
    [-length, w],
    [-length, -w],
    [-w, -w],
  ];
  const [c, s] = [Math.cos(turn), Math.sin(turn)];
  return polygon(arm.map(([x, y]) => [x * c - y * s, x * s + y * c]));
}

export const SHAPE_PATHS: Record<Shape, string> = {
  circle: 'M1 0A1 1 0 1 1 -1 0A1 1 0 1 1 1 0Z',
  square: polygon([
    [-0.88, -0.88],
    [0.88, -0.88],
    [0.88, 0.88],
    [-0.88, 0.88],
  ]),
  triangle: polygon([
    [0, -1.25],
    [1.15, 0.8],
    [-1.15, 0.8],
  ]),
  diamond: polygon([
    [0, -1.25],
    [1.25, 0],
    [0, 1.25],
    [-1.25, 0],
  ]),
  'triangle-down': polygon([
    [0, 1.25],
    [1.15, -0.8],
    [-1.15, -0.8],
  ]),
  plus: plus(0.42, 1.2, 0),
  star: regular(5, 1.35, 0.6),
  cross: plus(0.42, 1.25, Math.PI / 4),
  pentagon: regular(5, 1.1),
  hexagon: regular(6, 1.05),
};
