/**
 * A file's type from its first bytes, never from what the uploader announced. The
 * app sends JPEG and PNG pictures (TIFF ones are converted on the tablet, but a TIFF is harmless),
 * PNG signatures and PDF attachments; nothing else is accepted, and anything stored before the check
 * is served as application/octet-stream, as an attachment.
 */
import { isJpeg, isPng, isTiff } from '../documents/image-size';

export type FileType = 'image/jpeg' | 'image/png' | 'image/tiff' | 'application/pdf';

function isPdf(b: Uint8Array): boolean {
  return b.length >= 5 && b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46 && b[4] === 0x2d; // %PDF-
}

export function sniffType(b: Uint8Array): FileType | null {
  if (isJpeg(b)) return 'image/jpeg';
  if (isPng(b)) return 'image/png';
  if (isTiff(b)) return 'image/tiff';
  if (isPdf(b)) return 'application/pdf';
  return null;
}

/** What each part of a save may upload. */
export const PART_TYPES: Readonly<Record<string, readonly FileType[]>> = {
  pictures: ['image/jpeg', 'image/png', 'image/tiff'],
  signatures: ['image/png', 'image/jpeg'],
  attachments: ['application/pdf', 'image/jpeg', 'image/png', 'image/tiff'],
};

/** Headers of a file download: the type its bytes show, in a sandbox, never cached. */
export function downloadHeaders(bytes: Uint8Array, name: string): Record<string, string> {
  const type = sniffType(bytes);
  const safeName = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return {
    'Content-Type': type ?? 'application/octet-stream',
    'Content-Disposition': `${type ? 'inline' : 'attachment'}; filename="${safeName}"`,
    'Content-Security-Policy': "sandbox; default-src 'none'",
    'X-Content-Type-Options': 'nosniff',
    // report files hold personal data (faces, signatures, names): no copy in shared or browser caches
    'Cache-Control': 'private, no-store',
  };
}
