/**
 * The listing every tablet refetches each 30 s (SPEC §9), built once per change of what it shows.
 * Its entity tag is a hash of its bytes: a tablet that holds those bytes is answered 304 with no
 * body, and a full listing costs only its sending while nothing changes.
 */
import { createHash } from 'node:crypto';
import type { DB } from './schema';

export interface BuiltListing {
  /** the JSON text sent */
  body: string;
  /** strong entity tag: a hash of the body */
  etag: string;
}

/** Keeps the listing built for the database's current listing version (see listing_version in schema.ts). */
export function listingCache(db: DB, build: () => string): () => BuiltListing {
  const version = db.prepare('SELECT version FROM listing_version WHERE id = 1').pluck();
  let held: (BuiltListing & { version: number }) | null = null;
  return () => {
    const now = version.get() as number;
    if (held?.version !== now) {
      const body = build();
      held = { version: now, body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
    }
    return held;
  };
}

/** Whether an If-None-Match header names this tag (weak comparison, RFC 9110 §13.1.2). */
export function matchesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
