import { describe, expect, it } from 'vitest';
import { extended, inspectionPicture, saveParts } from '@/lib/contract';
import {
  DEFAULT_MARKUP_COLOUR,
  insertMarkup,
  MARKUP_COLOURS,
  MARKUP_INK,
  markupDescription,
  markupPaths,
  markupPenSize,
  markupStrokePath,
  originalOf,
  removePicture,
  toPicturePoint,
  type MarkupStroke,
} from '@/lib/media/markup';
import { outlinePath, strokePath } from '@/lib/signature/stroke';

type Picture = ReturnType<typeof inspectionPicture.parse>;
const picture = (uid: string, markupOf?: string): Picture => ({ uid, type: 'PWHO', author: 'Amina', description: '', date: null, ...(markupOf ? { markupOf } : {}) });

describe('marking up a picture: strokes (issue 21)', () => {
  it('offers red first, then yellow, white and black', () => {
    expect(DEFAULT_MARKUP_COLOUR).toBe('red');
    expect(MARKUP_COLOURS).toEqual(['red', 'yellow', 'white', 'black']);
  });

  it('sizes the pen to the picture, so a circle reads the same on a small and a large photo', () => {
    expect(markupPenSize(3000, 2250)).toBe(32);
    expect(markupPenSize(800, 600)).toBe(9);
    expect(markupPenSize(2250, 3000)).toBe(markupPenSize(3000, 2250));
    expect(markupPenSize(100, 50)).toBe(4);
  });

  it('turns a stroke into a closed SVG path that stays around the points', () => {
    const stroke: MarkupStroke = { colour: 'red', pen: false, points: [[100, 100, 0.5], [200, 150, 0.5], [300, 100, 0.5]] };
    const d = markupStrokePath(stroke, 20);
    expect(d).toMatch(/^M [\d.]+ [\d.]+ Q .* Z$/);
    const numbers = d.match(/[\d.]+/g)!.map(Number);
    const xs = numbers.filter((_, i) => i % 2 === 0);
    const ys = numbers.filter((_, i) => i % 2 === 1);
    expect(Math.min(...xs)).toBeGreaterThan(100 - 20);
    expect(Math.max(...xs)).toBeLessThan(300 + 20);
    expect(Math.min(...ys)).toBeGreaterThan(100 - 20);
    expect(Math.max(...ys)).toBeLessThan(150 + 20);
  });

  it('keeps a tap as a dot, drops an empty stroke', () => {
    expect(markupStrokePath({ pen: false, points: [[50, 50, 0.5]] }, 10)).not.toBe('');
    expect(markupStrokePath({ pen: false, points: [] }, 10)).toBe('');
    const paths = markupPaths([{ colour: 'red', pen: false, points: [] }], 800, 600);
    expect(paths).toEqual([]);
  });

  it('gives each stroke its ink and a contrasting edge, in drawing order', () => {
    const line = (colour: MarkupStroke['colour']): MarkupStroke => ({ colour, pen: true, points: [[10, 10, 0.4], [90, 90, 0.8]] });
    const paths = markupPaths([line('yellow'), line('black')], 800, 600);
    expect(paths.map((p) => p.ink)).toEqual([MARKUP_INK.yellow, MARKUP_INK.black]);
    expect(paths[0]!.edge).toMatch(/^rgba\(0,0,0/);
    expect(paths[1]!.edge).toMatch(/^rgba\(255,255,255/);
    expect(paths[0]!.edgeWidth).toBeGreaterThan(0);
  });

  it('maps a touch on the shown picture to the picture’s own pixels, kept inside it', () => {
    const shown = { left: 100, top: 50, width: 400, height: 300 };
    const size = { width: 1600, height: 1200 };
    expect(toPicturePoint({ x: 300, y: 200, pressure: 0.7 }, shown, size)).toEqual([800, 600, 0.7]);
    expect(toPicturePoint({ x: 100, y: 50, pressure: 0 }, shown, size)).toEqual([0, 0, 0.5]);
    expect(toPicturePoint({ x: 900, y: -20, pressure: 0.5 }, shown, size)).toEqual([1600, 0, 0.5]);
  });

  it('the signature pad’s paths are unchanged by sharing the outline code', () => {
    expect(strokePath([[10, 10, 0.5], [40, 20, 0.5]], true)).toMatch(/^M .* Z$/);
    expect(outlinePath([[1, 2]])).toBe('');
  });
});

describe('the marked-up copy beside its original (issue 21)', () => {
  it('says it is marked up, then the original’s description, in the app’s words, within 1000 characters', () => {
    const en = { bare: 'Marked up', with: (d: string) => `Marked up: ${d}` };
    const fr = { bare: 'Annotée', with: (d: string) => `Annotée\u00a0: ${d}` };
    expect(markupDescription('Fish hold, starboard ', en)).toBe('Marked up: Fish hold, starboard');
    expect(markupDescription('Cale', fr)).toBe('Annotée\u00a0: Cale');
    expect(markupDescription('  ', fr)).toBe('Annotée');
    const long = markupDescription('x'.repeat(1200), en);
    expect(long).toHaveLength(1000);
    expect(long.endsWith('…')).toBe(true);
  });

  it('goes right after its original and that one’s earlier copies', () => {
    const list = [picture('a'), picture('a1', 'a'), picture('b')];
    expect(insertMarkup(list, 'a', picture('a2', 'a')).map((p) => p.uid)).toEqual(['a', 'a1', 'a2', 'b']);
    expect(insertMarkup(list, 'b', picture('b1', 'b')).map((p) => p.uid)).toEqual(['a', 'a1', 'b', 'b1']);
    expect(insertMarkup(list, 'gone', picture('x1', 'gone')).map((p) => p.uid)).toEqual(['a', 'a1', 'b', 'x1']);
  });

  it('knows its original while it is there; deleting the original keeps the copy, unlinked', () => {
    const list = [picture('a'), picture('a1', 'a'), picture('b')];
    expect(originalOf(list, list[1]!)?.uid).toBe('a');
    expect(originalOf(list, list[0]!)).toBeNull();
    const after = removePicture(list, 'a');
    expect(after.map((p) => [p.uid, p.markupOf ?? null])).toEqual([
      ['a1', null],
      ['b', null],
    ]);
    // Deleting a copy leaves the original as it was.
    expect(removePicture(list, 'a1')).toEqual([list[0], list[2]]);
  });

  it('travels as a normal picture: the contract takes it with or without markupOf (old reports and exports too)', () => {
    expect(inspectionPicture.parse(picture('a1', 'a')).markupOf).toBe('a');
    expect(inspectionPicture.parse(picture('a')).markupOf).toBeUndefined();
    const announced = { fileUrl: 'picture_a1.jpg', contentType: 'image/jpeg', size: 10, sha256: 'a'.repeat(64), uid: 'a1', type: 'PWHO', author: 'Amina', description: 'Marked up', date: null };
    expect(saveParts.pictures.parse([{ ...announced, markupOf: 'a' }])[0]!.markupOf).toBe('a');
    expect(saveParts.pictures.parse([announced])[0]!.markupOf).toBeUndefined();
    expect(extended.shape.pictures.parse([picture('a'), picture('a1', 'a')])).toHaveLength(2);
  });
});
