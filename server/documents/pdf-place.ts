/**
 * Complete-submit takes its place in the PDF pool before it prepares the document. When
 * the workers and the bounded queue are all taken it is answered 503 SERVER_BUSY with Retry-After at
 * once, having parsed, hashed and drawn nothing (nothing stored changes; the app's verify task asks
 * again). The place is given back when the request ends without rendering.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { serverBusy } from '../http/body-limits';
import type { AppContext, AppEnv } from '../http/types';
import type { PdfTicket } from './pdf-pool';

const tickets = new WeakMap<Request, PdfTicket>();

export function pdfPlace(ctx: AppContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ticket = ctx.pdf.reserve();
    if (!ticket) {
      ctx.log.warn('[submit] PDF queue full', { path: c.req.path, retryAfter: ctx.pdf.retryAfter });
      throw serverBusy(c, ctx.pdf.retryAfter, { reason: 'documents being made' });
    }
    tickets.set(c.req.raw, ticket);
    try {
      await next();
    } finally {
      ctx.pdf.release(ticket);
    }
  };
}

/** The place this request holds (render(spec, pdfTicket(c))). */
export function pdfTicket(c: Context): PdfTicket | null {
  return tickets.get(c.req.raw) ?? null;
}
