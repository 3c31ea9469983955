/** Users: accounts of inspectors with the device they are registered on. */
import type { UserProfile } from '../../lib/contract/index';
import { hashPassword } from '../auth/password';
import { deviceOwner, registerDevice } from './devices';
import type { DB } from './schema';

export interface UserRow {
  id: number;
  username: string;
  name: string;
  device_name: string;
  password_hash: string;
  inspector: number;
  admin_user: number;
  flag_state_user: number;
  port_state_user: number;
  created_at: string;
  /** sessions authenticated before this (ms) are over */
  tokens_valid_after: number;
  disabled: number;
}

export interface NewUser {
  username: string;
  name: string;
  deviceName?: string;
  password: string;
  adminUser?: boolean;
  flagStateUser?: boolean;
  portStateUser?: boolean;
}

export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export function findUserByName(db: DB, username: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined;
}

export function findUserById(db: DB, id: number): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export function listUsers(db: DB): UserRow[] {
  return db.prepare('SELECT * FROM users ORDER BY id').all() as UserRow[];
}

export function countUsers(db: DB): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
}

export async function addUser(db: DB, u: NewUser): Promise<UserRow> {
  if (!USERNAME_PATTERN.test(u.username)) throw new Error(`invalid username "${u.username}" (letters, digits, . _ -)`);
  if (findUserByName(db, u.username)) throw new Error(`user "${u.username}" already exists`);
  const taken = u.deviceName ? deviceOwner(db, u.deviceName) : undefined;
  if (taken) throw new Error(`tablet "${u.deviceName}" is registered to user id ${taken.user_id} (move it with: device add)`);
  const passwordHash = await hashPassword(u.password);
  const info = db
    .prepare(
      `INSERT INTO users (username, name, device_name, password_hash, inspector, admin_user, flag_state_user, port_state_user, created_at)
       VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?)`,
    )
    .run(
      u.username,
      u.name,
      u.deviceName ?? '',
      passwordHash,
      u.adminUser ? 1 : 0,
      u.flagStateUser ? 1 : 0,
      u.portStateUser === false ? 0 : 1,
      new Date().toISOString(),
    );
  const created = findUserById(db, Number(info.lastInsertRowid))!;
  if (u.deviceName) registerDevice(db, u.deviceName, created.id, created.created_at);
  return created;
}

/** A new password ends every session of the user (tokens and refreshes alike). */
export async function setPassword(db: DB, username: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.prepare('UPDATE users SET password_hash = ?, tokens_valid_after = ? WHERE username = ?').run(passwordHash, Date.now(), username).changes === 1;
}

/** Disabling a user refuses their logins and ends every session; enabling lets them sign in again. */
export function setDisabled(db: DB, username: string, disabled: boolean): boolean {
  if (!disabled) return db.prepare('UPDATE users SET disabled = 0 WHERE username = ?').run(username).changes === 1;
  return db.prepare('UPDATE users SET disabled = 1, tokens_valid_after = ? WHERE username = ?').run(Date.now(), username).changes === 1;
}

/** Whether a session authenticated at `authTime` is still one of the user's. */
export function sessionValid(user: UserRow, authTime: number): boolean {
  return user.disabled === 0 && authTime >= user.tokens_valid_after;
}

export function toProfile(u: UserRow, deviceName: string): UserProfile {
  return {
    id: u.id,
    name: u.name,
    username: u.username,
    deviceName,
    inspector: u.inspector === 1,
    adminUser: u.admin_user === 1,
    flagStateUser: u.flag_state_user === 1,
    portStateUser: u.port_state_user === 1,
  };
}
