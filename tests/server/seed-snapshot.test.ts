/**
 * The demo data, byte for byte: every table's rows and every stored file's bytes, with the
 * reference data and without it (its fall-backs), equal the snapshot taken of the seed before it
 * was split into its plan, entities and files (issue 20). A change meant to alter the demo data
 * updates the snapshot: `SEED_SNAPSHOT=write npx vitest run tests/server/seed-snapshot.test.ts`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBlob } from '../../server/db/blob-store';
import { openDb, type DB } from '../../server/db/schema';
import { ReferenceStore, DEFAULT_REFERENCE_DIR } from '../../server/reference';
import { seedDemoData } from '../../server/seed/index';
import { silent, tempDir, TODAY, waitForReferenceData } from './helpers';

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'seed-snapshot.json');

const sha = (s: string | Uint8Array) => crypto.createHash('sha256').update(s).digest('hex');

const RECORD_TABLES = new Set(['audit', 'kept_saves', 'kept_files', 'sessions']);

/** A stable digest of each table, and of the bytes of every stored file. */
function digest(db: DB): Record<string, { rows: number; sha256: string }> {
  const out: Record<string, { rows: number; sha256: string }> = {};
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
  for (const { name } of tables) {
    // the record the server keeps of what tablets and sign-ins do (issue 31 items 5, 9): empty after a seed, not the seed's data
    if (RECORD_TABLES.has(name)) continue;
    const rows = (db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[]).map((row) => {
      // A password hash is salted afresh each time: what stays is that there is one.
      if (name === 'users') return { ...row, password_hash: typeof row.password_hash === 'string' && row.password_hash.length > 0 };
      // the claim time and submitting account the server records (issue 31), none for seeded reports
      if (name === 'reports') {
        const { claimed_at, submitted_by_user_id, ...rest } = row;
        return claimed_at === null && submitted_by_user_id === null ? rest : row;
      }
      return row;
    });
    const lines = rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (v instanceof Uint8Array ? `bytes:${sha(v)}` : v))).sort();
    out[name] = { rows: rows.length, sha256: sha(lines.join('\n')) };
  }
  const files = db.prepare('SELECT DISTINCT sha256 FROM files ORDER BY sha256').all() as { sha256: string }[];
  out['file bytes'] = { rows: files.length, sha256: sha(files.map((f) => `${f.sha256}=${sha(readBlob(db, f.sha256) ?? '')}`).join('\n')) };
  return out;
}

async function seeded(referenceDir: string) {
  const dir = tempDir();
  try {
    const db = openDb(dir);
    const { ms: _ms, ...result } = await seedDemoData(db, new ReferenceStore(referenceDir, silent), { today: TODAY, seed: 7 });
    const d = { result, tables: digest(db) };
    db.close();
    return d;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('demo data snapshot', () => {
  it('seeds the same rows and the same file bytes as before the seed was split, with and without reference data', async () => {
    await waitForReferenceData();
    const empty = tempDir('pir-noref-');
    try {
      const now = { withReference: await seeded(DEFAULT_REFERENCE_DIR), withoutReference: await seeded(empty) };
      if (process.env.SEED_SNAPSHOT === 'write') fs.writeFileSync(FIXTURE, JSON.stringify(now, null, 2) + '\n');
      expect(now).toEqual(JSON.parse(fs.readFileSync(FIXTURE, 'utf8')));
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
