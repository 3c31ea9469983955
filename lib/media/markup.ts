/**
 * Marking up an inspection picture: freehand strokes (circles, arrows drawn by hand) in a
 * few colours, drawn with perfect-freehand as for signatures. The marked-up picture is a picture of
 * its own, beside the untouched original: same type, a description saying it is marked up, and
 * `markupOf` holding the original's uid (docs/decisions.md).
 *
 * Strokes are kept in the picture's own pixels, so they land where they were drawn whatever the
 * size the picture is shown at. Pure: no React, no DOM; the flattening worker and the editor use it.
 */
import { getStroke } from 'perfect-freehand';
import type { Extended } from '@/lib/contract';
import { outlinePath, type Point } from '@/lib/signature/stroke';

export const MARKUP_COLOURS = ['red', 'yellow', 'white', 'black'] as const;
export type MarkupColour = (typeof MARKUP_COLOURS)[number];
export const DEFAULT_MARKUP_COLOUR: MarkupColour = 'red';

/** The ink of each colour (strong enough to read on a photo in sunlight). */
export const MARKUP_INK: Record<MarkupColour, string> = {
  red: '#e11d2e',
  yellow: '#facc15',
  white: '#ffffff',
  black: '#111111',
};

/** A thin edge under each stroke, in a contrasting tone, so white shows on a pale deck and black on a dark hold. */
const MARKUP_EDGE: Record<MarkupColour, string> = {
  red: 'rgba(255,255,255,0.6)',
  yellow: 'rgba(0,0,0,0.6)',
  white: 'rgba(0,0,0,0.6)',
  black: 'rgba(255,255,255,0.6)',
};

export interface MarkupStroke {
  colour: MarkupColour;
  /** points in the picture's pixels, with pressure */
  points: Point[];
  /** a pen gives real pressure; a finger or mouse gets simulated pressure */
  pen: boolean;
}

/** A filled outline to draw: an SVG path in the picture's pixels, its ink, and its edge (drawn under the ink). */
export interface MarkupPath {
  d: string;
  ink: string;
  edge: string;
  edgeWidth: number;
}

/** The pen's width on a picture of w × h: about 1/70 of its short side, never under 4 px. */
export function markupPenSize(width: number, height: number): number {
  return Math.max(4, Math.round(Math.min(width, height) / 70));
}

/** One stroke's outline as an SVG path ('' for a stroke too short to show). */
export function markupStrokePath(stroke: Pick<MarkupStroke, 'points' | 'pen'>, size: number): string {
  if (stroke.points.length === 0) return '';
  const outline = getStroke(stroke.points, { size, thinning: 0.35, smoothing: 0.5, streamline: 0.5, simulatePressure: !stroke.pen, last: true });
  return outlinePath(outline);
}

/** The strokes as paths to fill, in drawing order, for a picture of w × h. */
export function markupPaths(strokes: readonly MarkupStroke[], width: number, height: number): MarkupPath[] {
  const size = markupPenSize(width, height);
  return strokes.map((s) => markupPath(s, size)).filter((p) => p.d !== '');
}

/** One stroke as a path to draw, with a pen of `size` px. */
export function markupPath(stroke: MarkupStroke, size: number): MarkupPath {
  return { d: markupStrokePath(stroke, size), ink: MARKUP_INK[stroke.colour], edge: MARKUP_EDGE[stroke.colour], edgeWidth: size / 4 };
}

/** A point on the shown picture (a box of `shown` size at `left, top`) in the picture's own pixels, kept inside it. */
export function toPicturePoint(
  client: { x: number; y: number; pressure: number },
  shown: { left: number; top: number; width: number; height: number },
  picture: { width: number; height: number },
): Point {
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));
  const x = shown.width > 0 ? ((client.x - shown.left) / shown.width) * picture.width : 0;
  const y = shown.height > 0 ? ((client.y - shown.top) / shown.height) * picture.height : 0;
  return [clamp(x, picture.width), clamp(y, picture.height), client.pressure > 0 ? client.pressure : 0.5];
}

// ------------------------------------------------------------------ the model

type Picture = Extended['pictures'][number];

/** SPEC §3: a description holds at most 1000 characters. */
const DESCRIPTION_MAX = 1000;

/**
 * The marked-up copy's description, within 1000 characters: `words.with(original)` ("Marked up: …", in
 * the app's language and its punctuation) when the original has one, else `words.bare` ("Marked up").
 */
export function markupDescription(original: string, words: { bare: string; with: (description: string) => string }): string {
  const text = original.trim() ? words.with(original.trim()) : words.bare;
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
}

/** The picture a marked-up copy was drawn on, while it is still in the report. */
export function originalOf(pictures: readonly Picture[], picture: Picture): Picture | null {
  return picture.markupOf ? (pictures.find((p) => p.uid === picture.markupOf) ?? null) : null;
}

/**
 * Where a new marked-up copy of `originalUid` goes: after the original and its earlier copies, so
 * each copy sits beside its original in the list. At the end when the original is not found.
 */
export function insertMarkup(pictures: readonly Picture[], originalUid: string, copy: Picture): Picture[] {
  const at = pictures.findIndex((p) => p.uid === originalUid);
  if (at < 0) return [...pictures, copy];
  let end = at + 1;
  while (end < pictures.length && pictures[end]!.markupOf === originalUid) end++;
  return [...pictures.slice(0, end), copy, ...pictures.slice(end)];
}

/** Without the picture `uid`; its marked-up copies stay, as pictures of their own (no longer linked). */
export function removePicture(pictures: readonly Picture[], uid: string): Picture[] {
  return pictures.filter((p) => p.uid !== uid).map((p) => (p.markupOf === uid ? { ...p, markupOf: null } : p));
}
