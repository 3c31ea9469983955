/**
 * Tablet names. A name is what listings show as "claimed by": it must read as what it
 * is. Names are normalised (NFKC, runs of white space made one space, trimmed) and refused when they hold
 * control, format (zero-width, soft hyphen, byte-order mark…), text-direction or other invisible
 * characters, line or paragraph separators, private-use or unassigned code points. A new name whose
 * confusable skeleton (Unicode TS #39: NFD, then each character mapped to its prototype by the
 * confusables table, case aside) is that of a registered tablet is refused: `SFA‐TAB‐01` (U+2010),
 * `SFA-TAB-O1` and `SFA-ТАВ-01` (Cyrillic) all look like `SFA-TAB-01`.
 *
 * The confusables table is the `unhomoglyph` package's (Unicode's confusables.txt, MIT): see
 * docs/decisions.md.
 */
import unhomoglyph from 'unhomoglyph';

const DEVICE_NAME_MAX = 100;

/** Characters a tablet name may not hold (after NFKC). */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/u;

export type DeviceNameCheck = { ok: true; name: string } | { ok: false; reason: 'forbidden-character' | 'too-long' | 'empty'; codePoint?: string };

/** The name as stored and compared, or why it is refused. An empty name stays empty (the user's registered tablet). */
export function normaliseDeviceName(raw: string): DeviceNameCheck {
  const bad = FORBIDDEN.exec(raw.normalize('NFKC'));
  if (bad) return { ok: false, reason: 'forbidden-character', codePoint: `U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` };
  const name = raw.normalize('NFKC').replace(/\s+/gu, ' ').trim();
  if (name.length > DEVICE_NAME_MAX) return { ok: false, reason: 'too-long' };
  return { ok: true, name };
}

/** Unicode TS #39 skeleton, case aside: two names with the same skeleton look alike. */
export function deviceSkeleton(name: string): string {
  const once = unhomoglyph(name.normalize('NFD')).normalize('NFD');
  return unhomoglyph(once.toLowerCase()).normalize('NFD');
}

/** The registered name `name` would be mistaken for (not itself, case aside), if any. */
export function confusableWith(name: string, registered: Iterable<string>): string | null {
  const skeleton = deviceSkeleton(name);
  const lower = name.toLowerCase();
  for (const other of registered) {
    if (other.toLowerCase() === lower) continue;
    if (deviceSkeleton(other) === skeleton) return other;
  }
  return null;
}
