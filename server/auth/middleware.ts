/**
 * Bearer-token guard: missing, malformed, tampered, expired or unknown-user tokens → 401 SESSION_EXPIRED;
 * so is a token for a tablet no longer registered to its user (moved or removed by the operator), one
 * whose password was typed before the user's password changed or the user was disabled, and one past
 * the session's absolute limit (TokenService.maxAgeSeconds), and one whose session was ended (logout,
 * `server session end`) or never recorded.
 */
import type { MiddlewareHandler } from 'hono';
import { SESSION_EXPIRED } from '../../lib/contract/index';
import { deviceOwner } from '../db/devices';
import { findUserById, sessionValid } from '../db/users';
import { sessionOpen } from '../db/sessions';
import { LEGACY_SESSION } from './jwt';
import { jsonError } from '../http/errors';
import type { AppContext, AppEnv } from '../http/types';

export function requireAuth(ctx: AppContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
    const session = match ? await ctx.tokens.verify(match[1]!) : null;
    const user = session ? findUserById(ctx.db, session.userId) : undefined;
    if (
      !session ||
      !user ||
      !sessionValid(user, session.authTime) ||
      deviceOwner(ctx.db, session.device)?.user_id !== user.id ||
      // a session ended by its logout or by the operator: its tokens are refused
      (session.sid !== LEGACY_SESSION && !sessionOpen(ctx.db, session.sid, user.id, session.device))
    ) {
      c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      return jsonError(c, 401, SESSION_EXPIRED);
    }
    c.set('session', session);
    c.set('user', user);
    await next();
  };
}
