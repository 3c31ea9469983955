/**
 * Tablets bound to accounts: a tablet name belongs to one user. The first login that
 * names an unknown tablet registers it to that user; a login naming a tablet registered to someone
 * else is refused; the operator adds or moves one with `server device add`. Names compare without case.
 */
import type { DB } from './schema';

export interface DeviceRow {
  name: string;
  user_id: number;
  registered_at: string;
}

export function deviceOwner(db: DB, name: string): DeviceRow | undefined {
  return db.prepare('SELECT name, user_id, registered_at FROM devices WHERE name = ?').get(name) as DeviceRow | undefined;
}

/** Registers the tablet to the user unless it is registered already; returns its owner afterwards. */
export function claimDeviceName(db: DB, name: string, userId: number, now: string): DeviceRow {
  db.prepare('INSERT OR IGNORE INTO devices (name, user_id, registered_at) VALUES (?, ?, ?)').run(name, userId, now);
  return deviceOwner(db, name)!;
}

/** Operator: registers the tablet to the user, moving it from whoever had it. Returns the previous owner's id. */
export function registerDevice(db: DB, name: string, userId: number, now: string): number | null {
  return db.transaction(() => {
    const before = deviceOwner(db, name);
    if (before?.user_id === userId) return userId;
    if (before) db.prepare('UPDATE devices SET user_id = ?, registered_at = ? WHERE name = ?').run(userId, now, name);
    else db.prepare('INSERT INTO devices (name, user_id, registered_at) VALUES (?, ?, ?)').run(name, userId, now);
    return before?.user_id ?? null;
  })();
}

export function removeDevice(db: DB, name: string): boolean {
  return db.prepare('DELETE FROM devices WHERE name = ?').run(name).changes === 1;
}

export function listDevices(db: DB): (DeviceRow & { username: string })[] {
  return db.prepare('SELECT d.name, d.user_id, d.registered_at, u.username FROM devices d JOIN users u ON u.id = d.user_id ORDER BY u.username, d.name').all() as (DeviceRow & { username: string })[];
}
