/**
 * What both PDFs print (lib/format/print-text.ts, issue 29 item 4): text made printable with the embedded
 * font's coverage, and wrapped without losing a character, in time linear in the text. The earlier
 * server table cells' clip() (a prefix and "...") is gone: cells wrap like every other value.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { charWidthCache, codePointLabel, printable, textWidth, wrapLines } from '@/lib/format/print-text';
import { ADVERSARIAL } from '../adversarial-text';
import { dejaVuFonts } from '../pdf-text';

async function dejaVu() {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(dejaVuFonts().regular, { subset: true, features: { liga: false } });
  const set = new Set(font.getCharacterSet());
  return { font, covers: (cp: number) => set.has(cp), width: charWidthCache((ch) => font.widthOfTextAtSize(ch, 1)) };
}

describe('printable text', () => {
  it('keeps every adversarial value as typed: French, signs outside Windows-1252, Latin Extended, Greek, Cyrillic', async () => {
    const { covers } = await dejaVu();
    for (const value of Object.values(ADVERSARIAL)) expect(printable(value, covers)).toBe(value);
    expect(printable('é è à ç ô œ « » ’ € ‰ № ½ ≤ ≥ ± × ÷ µ', covers)).toBe('é è à ç ô œ « » ’ € ‰ № ½ ≤ ≥ ± × ÷ µ');
    // Vietnamese, Turkish, Romanian, Icelandic, Maltese, Azeri, Georgian, Armenian
    for (const name of ['Nguyễn Thị Hương', 'Şahin Çağrı', 'Țepeș', 'Þórður Ægir', 'Ħamrun', 'Əliyev', 'გიორგი', 'Արամ']) expect(printable(name, covers)).toBe(name);
  });

  it('writes runs of characters the font cannot draw as code points, and right-to-left scripts too', async () => {
    const { covers } = await dejaVu();
    expect(printable('Hai Xing 海星号', covers)).toBe('Hai Xing [U+6D77 U+661F U+53F7]');
    expect(printable('ก', covers)).toBe('[U+0E01]');
    expect(printable('שלום', covers)).toBe('[U+05E9 U+05DC U+05D5 U+05DD]');
    expect(printable('محمد', covers)).toBe('[U+0645 U+062D U+0645 U+062F]');
    expect(printable('x 🦑', covers)).toBe('x [U+1F991]');
    expect(codePointLabel(0x41)).toBe('U+0041');
  });

  it('composes, makes other spaces plain, keeps the no-break spaces, drops what is invisible', () => {
    const all = () => true;
    expect(printable('e\u0301te\u0301', all)).toBe('été');
    expect(printable('a\tb\u2003c\r\nd\re', all)).toBe('a b c\nd\ne');
    expect(printable('1\u202f234\u00a0€', all)).toBe('1\u202f234\u00a0€');
    expect(printable('a\u200bb\u200dc\ufeffd\u00ade\u0007f\ufe0f', all)).toBe('abcdef');
  });
});

describe('wrapping', () => {
  it('breaks at spaces within the width, breaks a word wider than a line, and keeps every character', async () => {
    const { font, width } = await dejaVu();
    const text = `${ADVERSARIAL.portOfCall}\n\n${ADVERSARIAL.findings}`;
    const lines = wrapLines(text, 200, (ch) => width(ch, 10));
    for (const l of lines) expect(font.widthOfTextAtSize(l, 10)).toBeLessThanOrEqual(200.001);
    expect(lines.join('').replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
    // the blank line between the two paragraphs stays
    expect(lines).toContain('');
    // words are not split where a space could break
    expect(lines.join(' ')).toContain('Port-Louis (Maurice) —');
  });

  it('measures as the font does: the sum of character widths is the drawn width', async () => {
    const { font, width } = await dejaVu();
    for (const value of Object.values(ADVERSARIAL)) {
      const v = value.slice(0, 300);
      expect(textWidth(v, (ch) => width(ch, 9))).toBeCloseTo(font.widthOfTextAtSize(v, 9), 6);
    }
  });

  it('is linear: a 400,000-character cell wraps in well under a second', async () => {
    const { width } = await dejaVu();
    const huge = Array.from({ length: 100_000 }, (_, k) => `A${k % 10}`).join(', ') + 'x'.repeat(100_000);
    const started = performance.now();
    const lines = wrapLines(huge, 80, (ch) => width(ch, 9));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(lines.join('').replace(/\s+/g, '')).toBe(huge.replace(/\s+/g, ''));
  });

  it('a character wider than the line still gets a line of its own', () => {
    expect(wrapLines('WWW', 1, () => 5)).toEqual(['W', 'W', 'W']);
  });
});
