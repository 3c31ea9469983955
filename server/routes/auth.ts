/** POST /be/login, GET /be/refresh_token and POST /be/logout (SPEC §7). */
import { Hono } from 'hono';
import {
  loginReply,
  loginRequest,
  logoutReply,
  refreshReply,
  ROUTES,
  type LoginReply,
} from '../../lib/contract/index';
import { confusableWith, normaliseDeviceName } from '../auth/device-name';
import { LoginThrottle, type LoginThrottleOptions } from '../auth/login-throttle';
import { LEGACY_SESSION } from '../auth/jwt';
import { requireAuth } from '../auth/middleware';
import { verifyPassword } from '../auth/password';
import { claimDeviceName, deviceOwner } from '../db/devices';
import { createSession, endSession, newSessionId, noteRefresh } from '../db/sessions';
import { findUserByName, toProfile } from '../db/users';
import { readJson } from '../http/body';
import { LOGIN_BODY_MAX } from '../http/body-limits';
import { HttpError, jsonError, Msg } from '../http/errors';
import { clientAddress, RateLimiter, type RateLimitOptions, type TrustProxy } from '../http/rate-limit';
import { sendJson } from '../http/reply';
import { routesOn } from '../http/route';
import type { AppContext, AppEnv } from '../http/types';

export interface AuthRouteOptions {
  rateLimit: RateLimitOptions;
  trustProxy: TrustProxy;
  loginThrottle?: LoginThrottleOptions;
}

export function authRoutes(ctx: AppContext, opts: AuthRouteOptions): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const on = routesOn(r, { auth: requireAuth(ctx) });
  const limiter = new RateLimiter(opts.rateLimit);
  const throttle = new LoginThrottle(opts.loginThrottle, ctx.log);
  const tooMany = (c: Parameters<typeof jsonError>[0], wait: number) => {
    c.header('Retry-After', String(wait));
    return jsonError(c, 429, Msg.TOO_MANY_REQUESTS, { retryAfter: wait });
  };

  on(ROUTES.login, async (c) => {
    const address = clientAddress(c, opts.trustProxy);
    // before the body is read: every attempt from the address counts, then its failures
    const wait = limiter.hit(address);
    if (wait > 0) return tooMany(c, wait);
    const blocked = throttle.checkAddress(address);
    if (blocked.retryAfter > 0) return tooMany(c, blocked.retryAfter);
    // a login is under 2 KB; nesting is bounded before parsing (server/http/body-limits.ts)
    const body = await readJson(c, loginRequest, LOGIN_BODY_MAX);
    // failures slow down the (username, address) they come from, never another address
    const verdict = throttle.check(body.username, address);
    if (verdict.retryAfter > 0) return tooMany(c, verdict.retryAfter);
    const user = findUserByName(ctx.db, body.username);
    const ok = await verifyPassword(user?.password_hash ?? null, body.password);
    if (!user || !ok || user.disabled) {
      throttle.failed(body.username, address);
      ctx.log.warn('[login] failed', { username: body.username, from: address });
      throw new HttpError(401, Msg.INVALID_CREDENTIALS);
    }
    throttle.succeeded(body.username, address);
    // the name as listings will show it
    const named = normaliseDeviceName(body.deviceName);
    if (!named.ok) {
      ctx.log.warn('[login] refused: tablet name not allowed', { username: body.username, device: body.deviceName, reason: named.reason, codePoint: named.codePoint });
      throw new HttpError(400, Msg.INVALID_DEVICE_NAME, { deviceName: body.deviceName, reason: named.reason, ...(named.codePoint ? { codePoint: named.codePoint } : {}) });
    }
    const device = named.name || user.device_name;
    if (!device) throw new HttpError(400, Msg.DEVICE_NAME_REQUIRED);
    if (!deviceOwner(ctx.db, device)) {
      // a new name must not look like a registered one
      const names = (ctx.db.prepare('SELECT name FROM devices').all() as { name: string }[]).map((d) => d.name);
      const similar = confusableWith(device, names);
      if (similar) {
        ctx.log.warn('[login] refused: tablet name looks like a registered one', { username: body.username, device, similarTo: similar });
        throw new HttpError(409, Msg.DEVICE_NAME_CONFUSABLE, { deviceName: device, similarTo: similar });
      }
    }
    // a tablet name belongs to one inspector: the first to sign in with it, or whom the operator chose
    const owner = claimDeviceName(ctx.db, device, user.id, ctx.now().toISOString());
    if (owner.user_id !== user.id) {
      ctx.log.warn('[login] refused: tablet registered to another user', { username: body.username, device });
      throw new HttpError(403, Msg.DEVICE_OF_ANOTHER_USER, { deviceName: device });
    }
    // the session is recorded; its tokens carry its id and end with it
    const sid = newSessionId();
    const authTime = Date.now();
    const token = await ctx.tokens.issue(user.id, owner.name, authTime, sid);
    createSession(ctx.db, { id: sid, userId: user.id, device: owner.name, authTime, address, expiresAt: Date.now() + token.expire * 1000, now: ctx.now() });
    const reply: LoginReply = { user: toProfile(user, owner.name), token };
    return sendJson(c, loginReply, reply);
  });

  on(ROUTES.refreshToken, async (c) => {
    // the new token keeps the session's login time: refreshing never extends it past its limit
    const { userId, device, authTime, sid: held } = c.get('session');
    // a token from before sessions were recorded gets one now
    const sid = held === LEGACY_SESSION ? newSessionId() : held;
    const token = await ctx.tokens.issue(userId, device, authTime, sid);
    if (held === LEGACY_SESSION) {
      createSession(ctx.db, { id: sid, userId, device, authTime, address: clientAddress(c, opts.trustProxy), expiresAt: Date.now() + token.expire * 1000, now: ctx.now() });
    } else noteRefresh(ctx.db, sid, Date.now() + token.expire * 1000, ctx.now());
    return sendJson(c, refreshReply, { token });
  });

  // the app's logout ends its own session; the token (and any refreshed from it) is refused after
  on(ROUTES.logout, (c) => {
    const { sid, device } = c.get('session');
    if (sid !== LEGACY_SESSION) endSession(ctx.db, sid, 'logout', ctx.now());
    ctx.log.info('[logout] session ended', { user: c.get('user').username, device, session: sid });
    return sendJson(c, logoutReply, { loggedOut: true });
  });

  return r;
}
