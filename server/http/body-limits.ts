/**
 * Each route reads at most the largest body it can legally receive, JSON
 * nesting is bounded before anything parses it, and the bytes of saves being read are bounded server-wide.
 *
 * - A login is `{username ≤ 100, password ≤ 200, deviceName ≤ 100}` (lib/contract/api.ts): at most 400
 *   UTF-16 units of 3 UTF-8 bytes each plus its keys, about 1.3 KB. 2 KB is read at most.
 * - A claim or release is `{deviceIdentifier ≤ 100}`: 1 KB.
 * - A save is five JSON parts of at most MAX_JSON_BYTES each plus their multipart framing.
 * - No JSON text the contract describes nests deeper than a dozen levels; MAX_JSON_DEPTH leaves room
 *   and refuses the `[[[[…` bodies that cost the event loop a third of a second per megabyte.
 */
import type { Context } from 'hono';
import { MAX_JSON_BYTES, SAVE_PART_NAMES } from '../../lib/contract/index';
import { HttpError, Msg } from './errors';

export const LOGIN_BODY_MAX = 2 * 1024;
export const DEVICE_BODY_MAX = 1024;
/** Five parts of at most MAX_JSON_BYTES, and room for their headers and boundaries. */
export const SAVE_BODY_MAX = SAVE_PART_NAMES.length * MAX_JSON_BYTES + 64 * 1024;
/** Deepest nesting of arrays and objects a JSON body may have. */
const MAX_JSON_DEPTH = 32;
/**
 * Bytes of save bodies being read at once, server-wide: a save over it waits for the
 * app's retry (503 SERVER_BUSY with Retry-After). Six saves of the largest legal size, hundreds of usual ones.
 */
export const SAVE_MEMORY_BUDGET = 64 * 1024 * 1024;

/**
 * Refuses (400 JSON_TOO_DEEP) a JSON text nesting arrays or objects deeper than `max`, in one pass
 * over its characters (strings skipped) before JSON.parse sees it. Malformed texts are left to JSON.parse.
 */
export function checkJsonDepth(text: string, max = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c /* \ */) i++;
      else if (ch === 0x22 /* " */) inString = false;
      continue;
    }
    if (ch === 0x22) inString = true;
    else if (ch === 0x5b /* [ */ || ch === 0x7b /* { */) {
      if (++depth > max) throw new HttpError(400, Msg.JSON_TOO_DEEP, { maxDepth: max });
    } else if (ch === 0x5d /* ] */ || ch === 0x7d /* } */) depth--;
  }
}

/** A count of bytes shared by requests (save bodies being read); `take` is false when it would pass the limit. */
export class ByteBudget {
  private used = 0;
  constructor(readonly limit: number) {}
  take(n: number): boolean {
    if (this.used + n > this.limit) return false;
    this.used += n;
    return true;
  }
  give(n: number): void {
    this.used = Math.max(0, this.used - n);
  }
  get inUse(): number {
    return this.used;
  }
}

/** 503 SERVER_BUSY: the app's task runner retries it (a 5xx is transient), after `retryAfter` seconds. */
export function serverBusy(c: Context, retryAfter: number, data: Record<string, unknown> = {}): HttpError {
  c.header('Retry-After', String(retryAfter));
  return new HttpError(503, Msg.SERVER_BUSY, { retryAfter, ...data });
}
