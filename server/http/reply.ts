/** Replies built from contract schemas: the value is parsed before it is sent, so what leaves parses with the contract. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

export function sendJson<S extends z.ZodType>(c: Context, schema: S, value: z.input<S>, status: ContentfulStatusCode = 200): Response {
  const parsed = schema.parse(value); // a failure here is a server bug → 500 (logged)
  c.header('Cache-Control', 'no-store');
  return c.json(parsed as never, status);
}
