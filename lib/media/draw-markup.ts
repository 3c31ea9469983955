/** Drawing a picture's markup on a 2D context: shared by the flatten worker and its main-thread fallback. */
import type { MarkupPath } from './markup';

/** Draws the picture at w × h (white under it: JPEG has no transparency), then each path: its edge, then filled with its ink. */
export function drawMarkup(ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D, picture: CanvasImageSource, width: number, height: number, paths: readonly MarkupPath[]) {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(picture, 0, 0, width, height);
  ctx.lineJoin = 'round';
  for (const p of paths) {
    const path = new Path2D(p.d);
    ctx.strokeStyle = p.edge;
    ctx.lineWidth = p.edgeWidth;
    ctx.stroke(path);
    ctx.fillStyle = p.ink;
    ctx.fill(path);
  }
}
