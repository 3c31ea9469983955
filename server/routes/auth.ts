/** POST /be/login and GET /be/refresh_token (SPEC §7). */
import { Hono } from 'hono';
import {
  loginReply,
  loginRequest,
  MAX_JSON_BYTES,
  refreshReply,
  type LoginReply,
} from '../../lib/contract/index';
import { requireAuth } from '../auth/middleware';
import { verifyPassword } from '../auth/password';
import { claimDeviceName } from '../db/devices';
import { findUserByName, toProfile } from '../db/users';
import { readJson } from '../http/body';
import { HttpError, jsonError, Msg } from '../http/errors';
import { clientAddress, RateLimiter, UsernameThrottle, type RateLimitOptions, type TrustProxy, type UsernameThrottleOptions } from '../http/rate-limit';
import { sendJson } from '../http/reply';
import type { AppContext, AppEnv } from '../http/types';

export interface AuthRouteOptions {
  rateLimit: RateLimitOptions;
  trustProxy: TrustProxy;
  usernameThrottle?: UsernameThrottleOptions;
}

export function authRoutes(ctx: AppContext, opts: AuthRouteOptions): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const limiter = new RateLimiter(opts.rateLimit);
  const throttle = new UsernameThrottle(opts.usernameThrottle);

  r.post('/login', async (c) => {
    const wait = limiter.hit(clientAddress(c, opts.trustProxy));
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return jsonError(c, 429, Msg.TOO_MANY_REQUESTS, { retryAfter: wait });
    }
    const body = await readJson(c, loginRequest, MAX_JSON_BYTES);
    const user = findUserByName(ctx.db, body.username);
    // failed logins slow down the next ones for that username, whichever address they come from
    const ok = await throttle.inTurn(body.username, () => verifyPassword(user?.password_hash ?? null, body.password));
    if (ok === null) {
      const retry = Math.max(1, Math.ceil(throttle.delayFor(body.username) / 1000));
      c.header('Retry-After', String(retry));
      return jsonError(c, 429, Msg.TOO_MANY_REQUESTS, { retryAfter: retry });
    }
    if (!ok) throttle.failed(body.username);
    else throttle.succeeded(body.username);
    if (!user || !ok || user.disabled) {
      ctx.log.warn('[login] failed', { username: body.username, from: clientAddress(c, opts.trustProxy) });
      throw new HttpError(401, Msg.INVALID_CREDENTIALS);
    }
    const device = body.deviceName || user.device_name;
    if (!device) throw new HttpError(400, Msg.DEVICE_NAME_REQUIRED);
    // a tablet name belongs to one inspector: the first to sign in with it, or whom the operator chose
    const owner = claimDeviceName(ctx.db, device, user.id, ctx.now().toISOString());
    if (owner.user_id !== user.id) {
      ctx.log.warn('[login] refused: tablet registered to another user', { username: body.username, device });
      throw new HttpError(403, Msg.DEVICE_OF_ANOTHER_USER, { deviceName: device });
    }
    const token = await ctx.tokens.issue(user.id, device);
    const reply: LoginReply = { user: toProfile(user, device), token };
    return sendJson(c, loginReply, reply);
  });

  r.get('/refresh_token', requireAuth(ctx), async (c) => {
    // the new token keeps the session's login time: refreshing never extends it past its limit
    const { userId, device, authTime } = c.get('session');
    return sendJson(c, refreshReply, { token: await ctx.tokens.issue(userId, device, authTime) });
  });

  return r;
}
