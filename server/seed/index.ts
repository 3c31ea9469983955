/**
 * Demo data (created on first start or by `npm run seed`): three inspectors on named devices and
 * about 30 reports over every status, with generated vessel pictures (JPEG) and form documents (PDF).
 * Deterministic for a given PRNG seed and "today".
 *
 * Three parts: the plan (plan.ts: which reports, in which states, for whom), the entities
 * (entities.ts: each report's vessel, forms and extended info) and the files (files.ts: the
 * generated pictures and PDFs). This module runs them and writes the result in one transaction.
 */
import { hashPassword } from '../auth/password';
import { insertReport, type NewReport } from '../db/reports';
import type { DB } from '../db/schema';
import type { Logger } from '../http/errors';
import type { ReferenceStore } from '../reference';
import { DEMO_USERS } from './demo-users';
import { buildReport, resolveReferences, type SeedRun, type SeedUser } from './entities';
import { SeedFiles } from './files';
import { anotherTablet, iso, PLAN } from './plan';
import { Prng } from './prng';

export { DEMO_USERS } from './demo-users';
export { anotherTablet } from './plan';

export interface SeedOptions {
  /** the seed's "today" (default: now) */
  today?: Date;
  /** PRNG seed (default 2026) */
  seed?: number;
  log?: Logger;
}

export interface SeedResult {
  users: number;
  reports: number;
  files: number;
  ms: number;
  /** reference datasets the seed wanted but did not find (it used fall-backs) */
  missingReference: string[];
}

export async function seedDemoData(db: DB, refs: ReferenceStore, opts: SeedOptions = {}): Promise<SeedResult> {
  const t0 = performance.now();
  const now = opts.today ?? new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

  if ((db.prepare('SELECT COUNT(*) AS n FROM reports').get() as { n: number }).n > 0) {
    throw new Error('the database already holds reports: wipe it first (seed --force)');
  }
  const passwordHashes = Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));

  const run: SeedRun = {
    refs: resolveReferences(refs),
    files: new SeedFiles((db.prepare('SELECT COALESCE(MAX(id), 0) AS m FROM files').get() as { m: number }).m + 1),
    rng: new Prng(opts.seed ?? 2026),
    users: demoAccounts(db),
    today,
    now,
    year: today.getUTCFullYear(),
    perFlagCount: new Map(),
  };
  const reports: NewReport[] = [];
  for (const [i, plan] of PLAN.entries()) reports.push(await buildReport(run, i, plan));

  const hashes = await passwordHashes;
  db.transaction(() => {
    const insertUser = db.prepare(
      `INSERT INTO users (id, username, name, device_name, password_hash, inspector, admin_user, flag_state_user, port_state_user, created_at)
       VALUES (?, ?, ?, ?, ?, 1, 0, 0, 1, ?)`,
    );
    run.users.forEach((u, k) => {
      if (!u.exists) insertUser.run(u.id, u.username, u.name, u.deviceName, hashes[k]!, iso(now));
    });
    // each inspector's tablet and their other tablet (which holds some reports) are theirs
    const insertDevice = db.prepare('INSERT OR IGNORE INTO devices (name, user_id, registered_at) VALUES (?, ?, ?)');
    for (const u of run.users) {
      insertDevice.run(u.deviceName, u.id, iso(now));
      insertDevice.run(anotherTablet(u), u.id, iso(now));
    }
    run.files.write(db);
    for (const r of reports) insertReport(db, r);
  })();

  const result: SeedResult = {
    users: run.users.filter((u) => !u.exists).length,
    reports: reports.length,
    files: run.files.files.length,
    ms: Math.round(performance.now() - t0),
    missingReference: [...run.refs.lk.missing].sort(),
  };
  opts.log?.info(
    `[seed] ${result.users} users, ${result.reports} reports, ${result.files} files in ${result.ms} ms` +
      (result.missingReference.length ? ` (fall-backs for missing reference data: ${result.missingReference.join(', ')})` : ''),
  );
  return result;
}

/** The demo accounts: existing usernames are kept (and reused as creators), the others get the next ids. */
function demoAccounts(db: DB): SeedUser[] {
  const findUser = db.prepare('SELECT id FROM users WHERE username = ?');
  let nextUserId = (db.prepare('SELECT COALESCE(MAX(id), 0) AS m FROM users').get() as { m: number }).m + 1;
  return DEMO_USERS.map((u) => {
    const existing = findUser.get(u.username) as { id: number } | undefined;
    return { ...u, id: existing?.id ?? nextUserId++, exists: !!existing };
  });
}
