/** Security headers on every response, and the Content-Security-Policy builder. */
import type { MiddlewareHandler } from 'hono';

/** The CSP: nothing from third-party origins; inline scripts only by their sha256 hashes. */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  const scripts = ["'self'", ...scriptHashes.map((h) => `'sha256-${h}'`)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(self), geolocation=(self), microphone=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

const DEFAULT_CSP = contentSecurityPolicy();

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    let headers = c.res.headers;
    try {
      headers.set('X-Content-Type-Options', 'nosniff');
    } catch {
      // immutable headers (e.g. a Response.redirect): copy the response
      c.res = new Response(c.res.body, c.res);
      headers = c.res.headers;
    }
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) headers.set(k, v);
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', DEFAULT_CSP);
  };
}
