/** argon2id password hashes (@node-rs/argon2, OWASP-recommended parameters). */
import { hash, verify, type Options } from '@node-rs/argon2';
import crypto from 'node:crypto';

/** Argon2id is the library's default algorithm (Algorithm.Argon2id = 2, a const enum we cannot import here). */
const OPTIONS: Options = { algorithm: 2 as NonNullable<Options['algorithm']>, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/** Verifies; with no stored hash, spends the same time on a dummy hash so unknown users are not revealed by timing. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A readable random password (no ambiguous characters), e.g. for `user add` without --password. */
export function generatePassword(length = 14): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.randomBytes(length);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}
