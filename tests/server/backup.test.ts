/**
 * Issue 34 item 3: `server backup` while tablets save and upload through the HTTP API, `server restore`
 * into a fresh folder, a server started on it, and the two compared; `server verify`; refusals of an
 * incomplete or altered backup and of a non-empty data folder.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { DB_FILE } from '../../server/db/schema';
import { backupDataDir, MANIFEST, restoreDataDir } from '../../server/ops/backup';
import { verifyDataDir } from '../../server/ops/verify';
import { makeSaveFiles, retrying, saveForm, sha256, Tablet, type Target } from '../../server/testing/tablet';
import { DEMO_USERS, silent, snapshot, tempDir, TODAY } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
let root: string;
let server: RunningServer;
let dataDir: string;

function cli(...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (out += d.toString()));
    p.on('exit', (code) => resolve({ code, out }));
  });
}

/** Every downloadable file of a data folder, by kind/id, with the hash of the bytes the server sends. */
async function downloads(url: string, jwt: string, db: Database.Database): Promise<Record<string, string>> {
  const rows = db.prepare('SELECT id, kind FROM files ORDER BY id').all() as { id: number; kind: string }[];
  const out: Record<string, string> = {};
  for (const r of rows) {
    const res = await fetch(`${url}/be/offline-api/files/${r.kind}/${r.id}`, { headers: { authorization: `Bearer ${jwt}` } });
    out[`${r.kind}/${r.id}`] = res.status === 200 ? sha256(new Uint8Array(await res.arrayBuffer())) : `status ${res.status}`;
  }
  return out;
}

beforeAll(async () => {
  root = tempDir('pir-backup-');
  dataDir = path.join(root, 'data');
  server = await startServer({ dataDir, port: 0, staticDir: null, logger: silent, seed: { today: TODAY } });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('backup, restore, verify', { timeout: 60_000 }, () => {
  it('backs up under load, restores into a fresh folder, and a server started on it has what was acknowledged', async () => {
    const target: Target = { url: server.url };
    const tablets = DEMO_USERS.map((u) => new Tablet(target, u));
    await Promise.all(tablets.map((t) => t.login().then(() => t.listing())));
    const acked: { id: number; sha: string; file: string }[] = [];
    let stop = false;
    let before = 0;
    const work = tablets.map(async (t, i) => {
      const free = t.list.filter((p) => p.status === 'notready' && p.claimedByDevice === null).map((p) => p.id).filter((_, k) => k % tablets.length === i);
      for (const id of free) {
        if (stop) return;
        if ((await t.claim(id, `c-${id}`)) !== id) continue;
        const pir = t.list.find((p) => p.id === id)!;
        const files = makeSaveFiles(`bk-${id}`, 2, 200 * 1024);
        await t.save(id, await saveForm(pir, await t.extended(id), files, 'backup test'), `s-${id}`);
        for (const f of files) {
          if (stop) return;
          await retrying(() => t.upload(id, f, `u-${id}-${f.fileUrl}`));
          acked.push({ id, sha: f.sha256, file: f.fileUrl });
        }
      }
    });
    // the backup starts once some uploads are acknowledged, and runs while the tablets go on
    while (acked.length < 4) await new Promise((r) => setTimeout(r, 20));
    before = acked.length;
    const ackedBefore = acked.slice(0, before);
    const backup = await cli('backup', path.join(root, 'b1'));
    const during = acked.length - before;
    stop = true;
    await Promise.all(work);
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/backup: 30 reports/);
    // the load really ran while the backup was made
    expect(during).toBeGreaterThan(0);

    // restore into a fresh folder, start a server there
    const restored = path.join(root, 'restored');
    const r = await cli('restore', path.join(root, 'b1'), '--data', restored);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/verified/);
    expect(verifyDataDir(restored).ok).toBe(true);
    const second = await startServer({ dataDir: restored, port: 0, staticDir: null, logger: silent, seed: false });
    try {
      const db = second.app.ctx.db;
      // every upload acknowledged before the backup began is in it, with its bytes
      for (const a of ackedBefore) {
        const row = db.prepare('SELECT sha256, received_at FROM announced WHERE report_id = ? AND file_url = ?').get(a.id, a.file) as { sha256: string; received_at: string | null };
        expect(row, `${a.id} ${a.file}`).toMatchObject({ sha256: a.sha });
        expect(row.received_at).not.toBeNull();
      }
      // the tablets' sessions go on (the secret was restored) and every file downloads with its listed bytes
      const t = new Tablet({ url: second.url }, DEMO_USERS[0]!);
      t.jwt = tablets[0]!.jwt;
      expect((await t.listing()).list.length).toBe(30);
      const got = await downloads(second.url, t.jwt, db);
      const listed = Object.fromEntries((db.prepare('SELECT id, kind, sha256 FROM files').all() as { id: number; kind: string; sha256: string }[]).map((f) => [`${f.kind}/${f.id}`, f.sha256]));
      expect(got).toEqual(listed);
    } finally {
      await second.close();
    }

    // once quiet, a second backup restored is the same database and the same bytes as the original
    const quiet = await cli('backup', path.join(root, 'b2'));
    expect(quiet.code, quiet.out).toBe(0);
    const again = path.join(root, 'restored-2');
    expect((await cli('restore', path.join(root, 'b2'), '--data', again)).code).toBe(0);
    const a = new Database(path.join(dataDir, DB_FILE), { readonly: true });
    const b = new Database(path.join(again, DB_FILE), { readonly: true });
    try {
      expect(snapshot(b)).toBe(snapshot(a));
      const jwt = tablets[1]!.jwt;
      const third = await startServer({ dataDir: again, port: 0, staticDir: null, logger: silent, seed: false });
      try {
        expect(await downloads(third.url, jwt, b)).toEqual(await downloads(server.url, jwt, a));
      } finally {
        await third.close();
      }
    } finally {
      a.close();
      b.close();
    }
  });

  it('refuses an incomplete or altered backup, and a non-empty data folder without --force', async () => {
    const src = path.join(root, 'b2');
    const copy = (name: string) => {
      const d = path.join(root, name);
      fs.cpSync(src, d, { recursive: true });
      return d;
    };
    const fresh = path.join(root, 'fresh');
    // a byte changed in a stored file
    const altered = copy('altered');
    const blobs = path.join(altered, 'blobs');
    const sub = fs.readdirSync(blobs)[0]!;
    const victim = path.join(blobs, sub, fs.readdirSync(path.join(blobs, sub))[0]!);
    const bytes = fs.readFileSync(victim);
    const mid = bytes.length >> 1;
    bytes[mid] = bytes[mid]! ^ 1;
    fs.writeFileSync(victim, bytes);
    const r = await cli('restore', altered, '--data', fresh);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/incomplete or altered[\s\S]*SHA-256 differs/);
    // no manifest: an interrupted backup
    const partial = copy('partial');
    fs.rmSync(path.join(partial, MANIFEST));
    expect(() => restoreDataDir(partial, fresh)).toThrow(/incomplete backup/);
    // a stored file missing
    const missing = copy('missing');
    fs.rmSync(path.join(missing, 'blobs', sub), { recursive: true });
    expect(() => restoreDataDir(missing, fresh)).toThrow(/missing blobs\//);
    expect(fs.existsSync(fresh)).toBe(false);
    // a non-empty data folder: refused, then replaced with --force (the old one kept aside)
    fs.mkdirSync(fresh);
    fs.writeFileSync(path.join(fresh, 'something'), 'x');
    expect(() => restoreDataDir(src, fresh)).toThrow(/not empty/);
    expect(restoreDataDir(src, fresh, { force: true }).verify.ok).toBe(true);
    expect(fs.existsSync(path.join(fresh, DB_FILE))).toBe(true);
    expect(fs.readdirSync(root).some((n) => n.startsWith('fresh.before-restore-'))).toBe(true);
    // a backup into a non-empty folder is refused
    await expect(backupDataDir(dataDir, src)).rejects.toThrow(/not empty/);
    // --link-dest: the stored files of the previous backup are hard-linked, and the new backup restores on its own
    const linked = path.join(root, 'b3');
    await backupDataDir(dataDir, linked, undefined, src);
    const one = path.join(linked, 'blobs', sub, fs.readdirSync(path.join(linked, 'blobs', sub))[0]!);
    expect(fs.statSync(one).ino).toBe(fs.statSync(path.join(src, path.relative(linked, one))).ino);
    expect(restoreDataDir(linked, path.join(root, 'from-linked')).verify.ok).toBe(true);
  });

  it('verify finds missing bytes, wrong bytes, orphans and dangling links', async () => {
    const d = path.join(root, 'restored-2');
    expect((await cli('verify', '--data', d)).out).toMatch(/OK$/m);
    const db = new Database(path.join(d, DB_FILE));
    const [one, two] = db.prepare('SELECT sha256 FROM blobs ORDER BY sha256 LIMIT 2').all() as { sha256: string }[];
    const file = (sha: string) => path.join(d, 'blobs', sha.slice(0, 2), sha);
    fs.rmSync(file(one!.sha256));
    fs.appendFileSync(file(two!.sha256), 'x');
    const orphan = Buffer.from('orphan bytes');
    const orphanSha = sha256(orphan);
    fs.mkdirSync(path.dirname(file(orphanSha)), { recursive: true });
    fs.writeFileSync(file(orphanSha), orphan);
    const report = db.prepare("SELECT id, doc FROM reports WHERE doc LIKE '%offline-api/files/documents/%' LIMIT 1").get() as { id: number; doc: string };
    db.prepare('UPDATE reports SET doc = ? WHERE id = ?').run(report.doc.replace(/offline-api\/files\/documents\/\d+/, 'offline-api/files/documents/999999'), report.id);
    db.close();
    const r = await cli('verify', '--data', d);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`bytes ${one!.sha256}: listed, missing on disk`);
    expect(r.out).toContain(`bytes ${two!.sha256}:`);
    expect(r.out).toContain(`no row lists: ${file(orphanSha)} (complete`);
    expect(r.out).toContain(`report ${report.id}: links to file documents/999999`);
    // complete orphans may be allowed (what a crash leaves); the other problems stay
    const v = verifyDataDir(d, { allowCompleteOrphans: true });
    expect(v.warnings.some((w) => w.includes(orphanSha))).toBe(true);
    expect(v.problems).toHaveLength(3);
  });
});
