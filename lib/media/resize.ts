/**
 * Pictures and attachment pages as the inspector adds them (SPEC §5, §9): images only, resized to
 * at most RESIZE_MAX_WIDTH × RESIZE_MAX_HEIGHT and re-encoded as JPEG at quality 0.7, off the main
 * thread (a module worker with createImageBitmap + OffscreenCanvas).
 *
 * Bounds: the box is fixed, not turned with the picture — width ≤ 3000 px and height ≤ 5000 px,
 * as in the source system's "max 3000 by 5000". A landscape photo (4000 × 3000) becomes 3000 × 2250;
 * a portrait page (3000 × 4000) keeps its size. Pictures are never enlarged, the aspect ratio is
 * kept, and the camera's EXIF orientation is applied first so the stored picture stands upright.
 *
 * Only the accept rules and the size arithmetic are pure; this module is safe to import anywhere
 * (the worker is created on first use, in the browser).
 */
import { workerCall } from '@/lib/workers/worker-call';

/** SPEC §9: image resize, default max 3000 by 5000, JPEG quality 70. */
export const RESIZE_MAX_WIDTH = 3000;
export const RESIZE_MAX_HEIGHT = 5000;
export const JPEG_QUALITY = 0.7;
export const RESIZED_CONTENT_TYPE = 'image/jpeg';

/** SPEC §5: picture types jpg, jpeg, png, tiff (tif is the same format's other usual extension). */
const ACCEPTED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'tif', 'tiff'] as const;
/** Content types of the accepted formats, for files that come without a name (a camera capture). */
const ACCEPTED_CONTENT_TYPES = ['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/tiff', 'image/tif'] as const;
/** The `accept` attribute of the file inputs. */
export const ACCEPT_ATTRIBUTE = 'image/jpeg,image/png,image/tiff,.jpg,.jpeg,.png,.tif,.tiff';

/** notImage: not a picture type of SPEC §5; unreadable: damaged or undecodable; tooLarge: a TIFF over TIFF_MAX_PIXELS. */
export type RefusalReason = 'notImage' | 'unreadable' | 'tooLarge';

/** A refusal the screens translate: media.refused.{reason}, with the file's name. */
export class MediaError extends Error {
  constructor(
    readonly reason: RefusalReason | 'notEditable' | 'notFound',
    readonly fileName = '',
  ) {
    super(`media.${reason}`);
    this.name = 'MediaError';
  }
}

export interface ResizedImage {
  bytes: ArrayBuffer;
  width: number;
  height: number;
  contentType: typeof RESIZED_CONTENT_TYPE;
  /** its copy for the cards (small-copies.ts), made from the same decode; absent where it is not smaller or no worker ran */
  small?: Blob;
}

function extensionOf(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : null;
}

/**
 * SPEC §5: a file is taken when its content type contains "image" and its extension is jpg,
 * jpeg, png or tiff. A file with no content type (some pickers) is judged by its extension; a
 * file with no extension (a camera capture) by its content type alone, which must then be one
 * of the accepted formats.
 */
export function isAcceptedImage(file: { name?: string; type?: string }): boolean {
  const type = (file.type ?? '').trim().toLowerCase();
  const ext = extensionOf(file.name ?? '');
  if (type && !type.includes('image')) return false;
  if (ext !== null) return (ACCEPTED_EXTENSIONS as readonly string[]).includes(ext);
  return (ACCEPTED_CONTENT_TYPES as readonly string[]).includes(type);
}

/** The size an image of w × h is stored at: within the box, aspect ratio kept, never enlarged. */
export function fitWithin(width: number, height: number, maxWidth = RESIZE_MAX_WIDTH, maxHeight = RESIZE_MAX_HEIGHT): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) throw new RangeError('image has no size');
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  if (scale === 1) return { width: Math.round(width), height: Math.round(height) };
  return {
    width: Math.max(1, Math.min(maxWidth, Math.round(width * scale))),
    height: Math.max(1, Math.min(maxHeight, Math.round(height * scale))),
  };
}

/**
 * The longer side of the copy of a stored picture drawn in a card or a list: a card is at most about
 * 400 px wide, at 2 device pixels per CSS pixel on a tablet.
 */
export const SMALL_COPY_EDGE = 800;
const SMALL_COPY_QUALITY = 0.8;

// ------------------------------------------------------------------ the worker protocol

export interface ResizeRequest {
  blob: Blob;
  maxWidth: number;
  maxHeight: number;
  quality: number;
  /** also a copy at most `edge` px on its longer side, when smaller than the resized picture */
  small?: { edge: number; quality: number };
}

export type ResizeReply =
  | { ok: true; bytes: ArrayBuffer; width: number; height: number; sourceWidth: number; sourceHeight: number; small?: ArrayBuffer }
  | { ok: false; error: Exclude<RefusalReason, 'notImage'> };

// ------------------------------------------------------------------ resizing

const inWorker = workerCall<ResizeRequest, ResizeReply>(
  () => new Worker(new URL('./resize.worker.ts', import.meta.url), { type: 'module', name: 'resize' }),
  () => typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap !== 'undefined',
);

async function decodeOnMainThread(blob: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; close: () => void }> {
  if (typeof createImageBitmap !== 'undefined') {
    const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(blob);
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => {} };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Only where OffscreenCanvas is missing (or the worker cannot start): the same work, on this thread. */
async function onMainThread(req: ResizeRequest): Promise<ResizeReply> {
  const unreadable: ResizeReply = { ok: false, error: 'unreadable' };
  let decoded;
  try {
    decoded = await decodeOnMainThread(req.blob);
  } catch {
    return unreadable;
  }
  try {
    if (!(decoded.width > 0 && decoded.height > 0)) return unreadable;
    const size = fitWithin(decoded.width, decoded.height, req.maxWidth, req.maxHeight);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return unreadable;
    // JPEG has no transparency: transparent PNG areas become white, not black.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(decoded.source, 0, 0, size.width, size.height);
    const out = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, RESIZED_CONTENT_TYPE, req.quality));
    if (!out) return unreadable;
    return { ok: true, bytes: await out.arrayBuffer(), width: size.width, height: size.height, sourceWidth: decoded.width, sourceHeight: decoded.height };
  } catch {
    return unreadable;
  } finally {
    decoded.close();
  }
}

/**
 * Checks, resizes and re-encodes one picture. Throws MediaError('notImage') for a file that is not
 * an accepted image (nothing else happens), MediaError('unreadable') when it cannot be decoded (a
 * damaged file) and MediaError('tooLarge') for a TIFF too large to decode. TIFF is decoded in the
 * worker (tiff.ts), so it works in every browser; the main-thread fallback, for browsers without
 * OffscreenCanvas, leaves TIFF to the browser (Safari, the one such browser, decodes TIFF itself).
 */
export async function resizeImage(file: Blob & { name?: string }, opts: { maxWidth?: number; maxHeight?: number; quality?: number } = {}): Promise<ResizedImage> {
  const name = file.name ?? '';
  if (!isAcceptedImage({ name, type: file.type })) throw new MediaError('notImage', name);
  const req: ResizeRequest = {
    blob: file,
    maxWidth: opts.maxWidth ?? RESIZE_MAX_WIDTH,
    maxHeight: opts.maxHeight ?? RESIZE_MAX_HEIGHT,
    quality: opts.quality ?? JPEG_QUALITY,
  };
  // A picture added is shown in its card at once: its small copy comes from the decode already made.
  const reply = (await inWorker({ ...req, small: { edge: SMALL_COPY_EDGE, quality: SMALL_COPY_QUALITY } })) ?? (await onMainThread(req));
  if (!reply.ok) throw new MediaError(reply.error, name);
  const small = reply.small ? new Blob([reply.small], { type: RESIZED_CONTENT_TYPE }) : undefined;
  return { bytes: reply.bytes, width: reply.width, height: reply.height, contentType: RESIZED_CONTENT_TYPE, ...(small ? { small } : {}) };
}

/**
 * A smaller copy of a stored picture, made in the worker (null when there is no worker, when the
 * picture is already that small, or when it cannot be read: it is then shown as it is). Never on
 * this thread: drawing a 3000 px picture on a canvas here would block the inspector's taps.
 */
export async function smallCopyInWorker(blob: Blob): Promise<Blob | null> {
  const reply = await inWorker({ blob, maxWidth: SMALL_COPY_EDGE, maxHeight: SMALL_COPY_EDGE, quality: SMALL_COPY_QUALITY });
  if (!reply?.ok || (reply.width === reply.sourceWidth && reply.height === reply.sourceHeight)) return null;
  return new Blob([reply.bytes], { type: RESIZED_CONTENT_TYPE });
}
