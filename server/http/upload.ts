/**
 * An announced file's bytes, streamed to a temporary file and hashed as they arrive:
 * a body whose declared length is not the announced size is refused before it is read, a body that
 * runs past the announced size is refused as soon as it does (chunked bodies too), and nothing but one
 * chunk at a time is held in memory. The caller renames the temporary file into place when the hash
 * matches and deletes it otherwise.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Context } from 'hono';
import { durability } from '../ops/durable';
import { readChunk } from './body';
import { HttpError, Msg } from './errors';

export interface Received {
  tmp: string;
  size: number;
  sha256: string;
}

/** Refusals sent before the body was read whole close the connection: the rest of it is not read. */
export function closeAfterReply(c: Context): void {
  c.header('Connection', 'close');
}

/** The declared `Content-Length`, when the body has one (chunked bodies have none). */
export function declaredLength(c: Context): number | null {
  const v = c.req.header('content-length');
  return v !== undefined && /^\d+$/.test(v) ? Number(v) : null;
}

/**
 * Reads the body into `tmp`, at most `expectedSize` bytes: one more byte and the read stops with 400
 * HASH_MISMATCH. Deletes `tmp` on any failure.
 */
export async function receiveTo(c: Context, tmp: string, expectedSize: number, expected: { fileUrl: string; sha256: string }): Promise<Received> {
  const hash = crypto.createHash('sha256');
  const file = await fs.promises.open(tmp, 'wx', 0o600);
  let size = 0;
  let ok = false;
  const reader = c.req.raw.body?.getReader();
  try {
    if (reader) {
      for (;;) {
        const chunk = await readChunk(reader);
        if (chunk.done) break;
        size += chunk.value.byteLength;
        if (size > expectedSize) {
          await reader.cancel().catch(() => {});
          closeAfterReply(c);
          throw new HttpError(400, Msg.HASH_MISMATCH, {
            fileUrl: expected.fileUrl,
            expected: { size: expectedSize, sha256: expected.sha256 },
            received: { size: `more than ${expectedSize}` },
          });
        }
        hash.update(chunk.value);
        await file.write(chunk.value);
      }
    }
    // acknowledged means durable: the bytes are on the disk before anything acknowledges them (off the event loop)
    if (durability.fsync) await file.sync();
    ok = true;
    return { tmp, size, sha256: hash.digest('hex') };
  } finally {
    reader?.releaseLock();
    await file.close().catch(() => {});
    if (!ok) await fs.promises.rm(tmp, { force: true });
  }
}

/** Reads the first `n` bytes of a file (the header that tells an image's type and pixel size). */
export function readHead(file: string, n: number): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(n);
    return buf.subarray(0, fs.readSync(fd, buf, 0, n, 0));
  } finally {
    fs.closeSync(fd);
  }
}

/** Counts requests in flight per key (uploads per user); `enter` is false when the key is at its limit. */
export class InFlight {
  private readonly counts = new Map<number, number>();
  constructor(readonly limit: number) {}
  enter(key: number): boolean {
    const n = this.counts.get(key) ?? 0;
    if (n >= this.limit) return false;
    this.counts.set(key, n + 1);
    return true;
  }
  leave(key: number): void {
    const n = (this.counts.get(key) ?? 1) - 1;
    if (n <= 0) this.counts.delete(key);
    else this.counts.set(key, n);
  }
}
