/** Short texts of the signed report's PDF. Pure. (What the fonts can print: lib/format/print-text.ts.) */

/** A SHA-256 in hex, shortened for print: its first 16 hex digits in groups of 4. */
export function shortFingerprint(hex: string): string {
  return (hex.slice(0, 16).match(/.{1,4}/g) ?? []).join(' ');
}
