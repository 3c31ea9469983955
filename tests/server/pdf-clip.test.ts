/** The PDF's table cells: clip() keeps the longest prefix that fits, and reads only what could fit. */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { clip } from '../../server/documents/pdf';

describe('clip', async () => {
  const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  it('keeps a text that fits, shortens one that does not to the longest prefix that fits with "..."', () => {
    expect(clip('ARE, ATF', font, 9, 80)).toBe('ARE, ATF');
    const long = Array.from({ length: 200_000 }, (_, k) => `A${k % 10}`).join(', ');
    const out = clip(long, font, 9, 80);
    expect(out.endsWith('...')).toBe(true);
    expect(long.startsWith(out.slice(0, -3))).toBe(true);
    expect(font.widthOfTextAtSize(out, 9)).toBeLessThanOrEqual(80.5);
    // one more character would not have fitted
    expect(font.widthOfTextAtSize(`${long.slice(0, out.length - 2)}...`, 9)).toBeGreaterThan(80);
  });
  it('a text of narrow glyphs longer than the cell is still shortened', () => {
    const out = clip("'".repeat(5000), font, 9, 60);
    expect(out.endsWith('...')).toBe(true);
    expect(font.widthOfTextAtSize(out, 9)).toBeLessThanOrEqual(60.5);
  });
});
