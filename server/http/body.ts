/**
 * Request bodies with hard size limits, content-type checks and contract validation.
 * Bodies are read as a stream and the read stops as soon as the limit is passed (413),
 * whether or not the client declared a Content-Length.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError, Msg } from './errors';
import { checkJsonDepth } from './body-limits';

function mediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

export function requireMediaType(c: Context, ...accepted: string[]): void {
  const type = mediaType(c);
  if (!accepted.includes(type)) {
    throw new HttpError(415, Msg.UNSUPPORTED_MEDIA_TYPE, { expected: accepted, received: type || null });
  }
}

/** Rejects early when the declared length is over the limit. */
export function checkDeclaredLength(c: Context, max: number): void {
  const declared = c.req.header('content-length');
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > max) {
    // the rest of the body is not read: the connection closes after the reply
    c.header('Connection', 'close');
    throw new HttpError(413, Msg.PAYLOAD_TOO_LARGE, { limit: max });
  }
}

/** The next chunk of a body; a client that went away mid-body is 400 INCOMPLETE_BODY. */
export async function readChunk(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<ReadableStreamReadResult<Uint8Array>> {
  try {
    return await reader.read();
  } catch {
    // the client went away mid-body (connection reset, fewer bytes than its Content-Length):
    // a client fault, answered 400 if anyone is still listening, and nothing is stored
    throw new HttpError(400, Msg.INCOMPLETE_BODY);
  }
}

async function readLimited(c: Context, max: number): Promise<Buffer> {
  checkDeclaredLength(c, max);
  const body = c.req.raw.body;
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await readChunk(reader);
      if (done) break;
      total += value.byteLength;
      if (total > max) {
        await reader.cancel().catch(() => {});
        throw new HttpError(413, Msg.PAYLOAD_TOO_LARGE, { limit: max });
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks, total);
}

export function parseJsonText(text: string): unknown {
  // nesting is bounded before JSON.parse spends time on it
  checkJsonDepth(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, Msg.MALFORMED_JSON);
  }
}

/** Compact, client-safe description of zod issues. */
function issuesOf(error: z.ZodError, prefix?: string): { path: string; message: string }[] {
  return error.issues.slice(0, 20).map((i) => ({
    path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'),
    message: i.message,
  }));
}

export function validate<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, Msg.INVALID_REQUEST, issuesOf(parsed.error, prefix));
  return parsed.data;
}

/** A JSON body: `application/json` (415 otherwise), at most `max` bytes (413), well formed (400), valid (400). */
export async function readJson<S extends z.ZodType>(c: Context, schema: S, max: number): Promise<z.infer<S>> {
  requireMediaType(c, 'application/json');
  const buf = await readLimited(c, max);
  return validate(schema, parseJsonText(buf.toString('utf8')));
}
