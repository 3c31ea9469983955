/**
 * Text for PDFs drawn with pdf-lib's standard fonts, which encode WinAnsi (Windows-1252) only. French
 * needs nothing beyond it (é è à ç ô œ « » ’ …), so those characters are kept; spaces of other widths
 * become plain spaces (French number formatting uses a narrow no-break space); anything else loses its
 * accents if that makes it encodable, else becomes "?". Pure.
 */

/** The characters Windows-1252 puts in 0x80–0x9F. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const encodable = (ch: string) => /^[\x20-\x7e\xa0-\xff\n]$/.test(ch) || WIN_ANSI_EXTRA.includes(ch);

export function winAnsiSafe(text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n').replace(/[\t\u2000-\u200a\u202f\u205f\u3000]/g, ' ').replace(/[\u200b-\u200d\ufeff]/g, '')) {
    if (encodable(ch)) out += ch;
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base && [...base].every(encodable) ? base : '?';
    }
  }
  return out;
}

/** A SHA-256 in hex, shortened for print: its first 16 hex digits in groups of 4. */
export function shortFingerprint(hex: string): string {
  return (hex.slice(0, 16).match(/.{1,4}/g) ?? []).join(' ');
}
