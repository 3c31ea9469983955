/** Signature strokes (perfect-freehand) as SVG paths, and their rendering to a PNG. */
import { getStroke } from 'perfect-freehand';

/** SPEC §2: the pad is 500 by 200 by default; it scales to the screen in these units. */
export const PAD_WIDTH = 500;
export const PAD_HEIGHT = 200;

export type Point = [x: number, y: number, pressure: number];

const STROKE_OPTIONS = { size: 4.5, thinning: 0.55, smoothing: 0.5, streamline: 0.45 } as const;

/** The outline of a stroke as an SVG path (closed polygon with quadratic curves). */
export function strokePath(points: readonly Point[], simulatePressure: boolean): string {
  return outlinePath(getStroke(points as Point[], { ...STROKE_OPTIONS, simulatePressure }));
}

/** A perfect-freehand outline as a closed SVG path with quadratic curves ('' when too short). */
export function outlinePath(outline: readonly number[][]): string {
  if (outline.length < 2) return '';
  const d = outline.reduce<(string | number)[]>(
    (acc, [x0, y0], i, arr) => {
      const [x1, y1] = arr[(i + 1) % arr.length]!;
      acc.push(x0!.toFixed(2), y0!.toFixed(2), ((x0! + x1!) / 2).toFixed(2), ((y0! + y1!) / 2).toFixed(2));
      return acc;
    },
    ['M', outline[0]![0]!.toFixed(2), outline[0]![1]!.toFixed(2), 'Q'],
  );
  d.push('Z');
  return d.join(' ');
}

/** Renders the paths, dark on white like ink on paper, at `scale` times the pad size. */
export async function renderSignaturePng(paths: readonly string[], scale = 2): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = PAD_WIDTH * scale;
  canvas.height = PAD_HEIGHT * scale;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('could not load image');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.scale(scale, scale);
  ctx.fillStyle = '#111827';
  for (const d of paths) if (d) ctx.fill(new Path2D(d));
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('could not load image'))), 'image/png'));
}
