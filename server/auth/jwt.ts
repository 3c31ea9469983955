/**
 * Session tokens: HS256 JWTs (jose). The secret is random, made on first start and kept in the
 * data directory (mode 0600). sub = user id, dev = device name.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import type { Token } from '../../lib/contract/index';

export const SECRET_FILE = 'jwt-secret';
export const ISSUER = 'iotc-pir-be';
export const DEFAULT_TOKEN_TTL = 3600;
/** A session (login, then refreshes) lasts at most this long after the password was typed. */
export const DEFAULT_SESSION_MAX_AGE = 30 * 24 * 3600;

export function loadOrCreateSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const text = fs.readFileSync(file, 'utf8').trim();
    const bytes = Buffer.from(text, 'base64url');
    if (bytes.length >= 32) return new Uint8Array(bytes);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const secret = crypto.randomBytes(64);
  // 'wx' fails if another process created it meanwhile; then read theirs.
  try {
    fs.writeFileSync(file, secret.toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateSecret(dataDir);
    throw e;
  }
  fs.chmodSync(file, 0o600);
  return new Uint8Array(secret);
}

export interface Session {
  userId: number;
  device: string;
  /** when the password was typed for this session (ms since epoch): kept through refreshes */
  authTime: number;
  /** the session's id (server/db/sessions.ts), kept through refreshes; LEGACY_SESSION for an older token */
  sid: string;
}

/** The session id of a token issued before sessions were recorded. */
export const LEGACY_SESSION = '';

export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    readonly ttlSeconds: number = DEFAULT_TOKEN_TTL,
    readonly maxAgeSeconds: number = DEFAULT_SESSION_MAX_AGE,
  ) {}

  /**
   * A token for the session; `authTime` is when the password was typed (now, at login; kept on refresh).
   * It never outlives the session's absolute limit.
   */
  async issue(userId: number, device: string, authTime: number = Date.now(), sid?: string): Promise<Token> {
    const now = Math.floor(Date.now() / 1000);
    const exp = Math.min(now + this.ttlSeconds, Math.floor(authTime / 1000) + this.maxAgeSeconds);
    // a token without a session id (`sid`) is refused by verify(): every usable token belongs to a recorded session
    const jwt = await new SignJWT(sid ? { dev: device, auth: authTime, sid } : { dev: device, auth: authTime })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setJti(crypto.randomUUID())
      .setExpirationTime(exp)
      .sign(this.secret);
    return { jwt, expire: Math.max(1, exp - now) };
  }

  /** The session of a valid token, or null (bad signature, expired, malformed). */
  async verify(jwt: string): Promise<Session | null> {
    try {
      const { payload } = await jwtVerify(jwt, this.secret, { algorithms: ['HS256'], issuer: ISSUER });
      const userId = Number(payload.sub);
      const device = payload.dev;
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof device !== 'string' || !device) return null;
      // tokens made before sessions had an absolute limit count from when they were issued
      const authTime = typeof payload.auth === 'number' && Number.isSafeInteger(payload.auth) ? payload.auth : (payload.iat ?? 0) * 1000;
      if (Date.now() - authTime > this.maxAgeSeconds * 1000) return null;
      // a token of a server that did not record sessions (sid '') is accepted until it
      // expires, and its refresh records a session: an upgrade signs no inspector out
      const sid = payload.sid;
      if (sid === undefined) return { userId, device, authTime, sid: LEGACY_SESSION };
      if (typeof sid !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(sid)) return null;
      return { userId, device, authTime, sid };
    } catch {
      return null;
    }
  }
}
