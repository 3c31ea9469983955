/**
 * Text as a PDF prints it, shared by the tablet's signed report and the server's PIR.
 * Both embed DejaVu Sans, which draws Latin (with Latin Extended and Vietnamese), Greek, Cyrillic,
 * Armenian, Georgian and most symbols. What it cannot draw is never dropped nor turned into "?": each run
 * of such characters is printed as its code points, "[U+738B U+5C0F]", so the paper still says exactly
 * what was typed and signed (docs/decisions.md). Pure: the font's coverage and metrics come in as functions.
 */

/** Whether the embedded fonts draw this code point. */
export type Covers = (codePoint: number) => boolean;

/**
 * Scripts written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko): pdf-lib draws glyphs left to right
 * and unjoined, so their letters would print reversed and in isolated forms, which reads as other words.
 * They are printed as code points, like characters the font lacks (their vowel marks too, which are
 * shared with other scripts: hence Script_Extensions).
 */
const RIGHT_TO_LEFT = /[\p{Script_Extensions=Hebrew}\p{Script_Extensions=Arabic}\p{Script_Extensions=Syriac}\p{Script_Extensions=Thaana}\p{Script_Extensions=Nko}]/u;

/** Invisible characters that change nothing printed: format controls (zero-width space and joiners,
 * direction marks, soft hyphen, BOM), variation selectors, and control characters other than the newline. */
const INVISIBLE = /[\p{Cf}\uFE00-\uFE0F\u{E0100}-\u{E01EF}]|[^\P{Cc}\n]/gu;

/** The notation for characters the PDF cannot draw, e.g. "U+738B". */
export function codePointLabel(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * `text` as the fonts can print it: line breaks made "\n", composed (NFC, so "e" + combining acute prints
 * as one "é"), spaces of other widths made plain spaces (the narrow no-break space stays: it keeps
 * "1 234" and "n° 2" together), invisible characters left out, and every run of characters the fonts
 * cannot draw written as its code points in brackets.
 */
export function printable(text: string, covers: Covers): string {
  const t = text
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .normalize('NFC')
    .replace(/[\t\u2000-\u200a\u205f\u3000]/g, ' ')
    .replace(INVISIBLE, '');
  let out = '';
  let missing: string[] = [];
  const flush = () => {
    if (missing.length) out += `[${missing.join(' ')}]`;
    missing = [];
  };
  for (const ch of t) {
    const cp = ch.codePointAt(0)!;
    if (ch === '\n' || (covers(cp) && !RIGHT_TO_LEFT.test(ch))) {
      flush();
      out += ch;
    } else missing.push(codePointLabel(cp));
  }
  flush();
  return out;
}

/** Width of one character (one code point) at the size being laid out. */
export type CharWidth = (ch: string) => number;

/** The width of `text`: the sum of its characters' advances (the PDFs draw no ligatures, and pdf-lib no kerning). */
export function textWidth(text: string, charWidth: CharWidth): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch);
  return w;
}

/**
 * Lines of `text` no wider than `width`: "\n" starts a line, lines break at spaces, and a word wider than a
 * line is broken between characters. Nothing is cut: joined back, the lines hold every character. Linear in
 * the text (each character measured once), so a huge value costs pages, not time.
 */
export function wrapLines(text: string, width: number, charWidth: CharWidth): string[] {
  const lines: string[] = [];
  const space = charWidth(' ');
  for (const para of text.split('\n')) {
    let line = '';
    let lineW = 0;
    for (const word of para.split(/ +/)) {
      if (!word) continue;
      const wordW = textWidth(word, charWidth);
      if (line && lineW + space + wordW <= width) {
        line += ` ${word}`;
        lineW += space + wordW;
        continue;
      }
      if (wordW <= width) {
        if (line) lines.push(line);
        line = word;
        lineW = wordW;
        continue;
      }
      // a word wider than a line: as many characters per line as fit (at least one)
      if (line) lines.push(line);
      line = '';
      lineW = 0;
      for (const ch of word) {
        const w = charWidth(ch);
        if (line && lineW + w > width) {
          lines.push(line);
          line = '';
          lineW = 0;
        }
        line += ch;
        lineW += w;
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * A font's character widths at size 1, cached: measuring through the font engine costs about 10 µs a
 * character, and a long report is measured many times over while it is laid out.
 */
export function charWidthCache(widthAtSize1: (ch: string) => number): (ch: string, size: number) => number {
  const cache = new Map<string, number>();
  return (ch, size) => {
    let w = cache.get(ch);
    if (w === undefined) {
      w = widthAtSize1(ch);
      cache.set(ch, w);
    }
    return w * size;
  };
}
