/**
 * The crash test: acknowledged means durable. A real server process (server/main.ts) is killed with SIGKILL at
 * random moments while scripted tablets (server/testing/tablet.ts, the real HTTP API) claim, save,
 * upload and submit; it is restarted each time. While it is down, the data folder is checked against
 * everything the tablets were told was stored (read-only: the restarted server recovers its own log):
 *  - every acknowledged claim, save, upload and submission is there, files with their exact bytes (hash);
 *  - nothing half-written is visible: `verify` passes (every listed file has its bytes, every link
 *    points at a file; leftovers of a crash are complete files no row lists, or temporary upload files);
 *  - nothing is duplicated (one PIR form per report, one file row per uploaded file).
 * After the restart, the listing the tablets get agrees. At the end the tablets' retries must have
 * finished every report they started. The seed and the number of kills are printed for a replay
 * (the PRNG drives the kill times and the tablets' choices; timing on the machine still varies).
 */
import { type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { SubmitReceipt } from '../../lib/contract/index';
import { DB_FILE } from '../../server/db/schema';
import { verifyDataDir } from '../../server/ops/verify';
import { Prng } from '../../server/seed/prng';
import { DEMO_USERS } from '../../server/seed/index';
import { makeSaveFiles, retrying, saveForm, Tablet, type FileToSend, type Target } from '../../server/testing/tablet';
import { ROOT, rmrf, tmpDir } from './common';
import { seedBenchData } from './seed';
import { spawnListening } from './server';

export interface CrashOptions {
  kills: number;
  seed: number;
  /** time the server runs between its start and the kill, at random in [minMs, maxMs] */
  minMs?: number;
  maxMs?: number;
  /** bytes of each picture, at random in [20 KB, maxPictureBytes] */
  maxPictureBytes?: number;
  log?: (line: string) => void;
  /** keep the data folder (printed) */
  keep?: boolean;
  /**
   * After which restarts to wait for GET /be/health (it starts a PDF worker, so submissions get through
   * before the next kill) before the kill timer starts: every one (default), or every other one (faster;
   * the other restarts are killed while the first PDF of the process is still being made).
   */
  warm?: 'always' | 'alternate';
}

export interface CrashResult {
  seed: number;
  kills: number;
  seconds: number;
  acked: { claims: number; saves: number; uploads: number; submits: number };
  /** requests in flight at the moments of the kills, in total */
  inFlightAtKills: number;
  /** retries the tablets made (a call that failed because the server was down, then repeated) */
  retries: number;
  checks: number;
  failures: string[];
  /** `verify` warnings seen after kills (complete orphan files, temporary files), in total */
  leftovers: number;
  dataDir: string;
}

interface Work {
  device: string;
  claimed: boolean;
  /** acknowledged save versions, their files */
  saves: { v: number; files: FileToSend[] }[];
  /** a save sent and not yet acknowledged (it may or may not have happened) */
  pendingSave: number | null;
  uploaded: Set<string>;
  receipt: SubmitReceipt | null;
}

const exists = (p: string) => fs.existsSync(p);

export async function runCrashTest(opts: CrashOptions): Promise<CrashResult> {
  const log = opts.log ?? (() => {});
  const rnd = new Prng(opts.seed);
  const minMs = opts.minMs ?? 300;
  const maxMs = opts.maxMs ?? 4000;
  const maxPic = opts.maxPictureBytes ?? 400 * 1024;
  const t0 = performance.now();
  const dir = tmpDir('crash-');
  const reports = Math.max(60, opts.kills * 6);
  await seedBenchData(dir, { reports, notreadyShare: 1 });
  const args = [path.join(ROOT, 'server/main.ts'), '--port', '0', '--host', '127.0.0.1', '--data', dir, '--static', path.join(dir, 'no-static'), '--no-seed'];

  const result: CrashResult = { seed: opts.seed, kills: 0, seconds: 0, acked: { claims: 0, saves: 0, uploads: 0, submits: 0 }, inFlightAtKills: 0, retries: 0, checks: 0, failures: [], leftovers: 0, dataDir: dir };
  const fail = (s: string) => {
    if (result.failures.length < 200) result.failures.push(s);
    log(`FAILURE: ${s}`);
  };
  let server = await spawnListening(args);
  await healthy(server.url);
  const target: Target = { url: server.url };
  const work = new Map<number, Work>();
  let inFlight = 0;
  let stopping = false;

  const tablets = DEMO_USERS.map((u) => new Tablet(target, u, 30_000));
  const call = async <T>(fn: () => Promise<T>): Promise<T> => {
    inFlight++;
    try {
      return await retrying(fn, 180_000, () => result.retries++);
    } finally {
      inFlight--;
    }
  };
  for (const t of tablets) await call(() => t.login());
  await Promise.all(tablets.map((t) => call(() => t.listing())));
  const free = tablets[0]!.list.filter((p) => p.status === 'notready' && p.claimedByDevice === null).map((p) => p.id);

  const tabletLoop = async (t: Tablet, mine: number[]) => {
    for (const id of mine) {
      if (stopping) return;
      const w: Work = { device: t.device, claimed: false, saves: [], pendingSave: null, uploaded: new Set(), receipt: null };
      work.set(id, w);
      const won = await call(() => t.claim(id, `claim-${opts.seed}-${id}`));
      if (won !== id) {
        fail(`report ${id}: claim by ${t.device} refused (${won})`);
        return;
      }
      w.claimed = true;
      result.acked.claims++;
      const pir = t.list.find((p) => p.id === id)!;
      const ext = await call(() => t.extended(id));
      const versions = rnd.chance(0.3) ? 2 : 1;
      for (let v = 1; v <= versions; v++) {
        const files = makeSaveFiles(`${opts.seed}-${id}-v${v}`, rnd.int(1, 3), rnd.int(20 * 1024, maxPic));
        w.pendingSave = v;
        const form = await saveForm(pir, ext, files, `crash ${opts.seed} v${v}`);
        await call(() => t.save(id, form, `save-${opts.seed}-${id}-v${v}`));
        w.saves.push({ v, files });
        w.pendingSave = null;
        w.uploaded = new Set();
        result.acked.saves++;
        for (const f of files) {
          await call(() => t.upload(id, f, `up-${opts.seed}-${id}-${f.fileUrl}`));
          w.uploaded.add(f.fileUrl);
          result.acked.uploads++;
        }
      }
      const receipt = await call(() => t.completeSubmit(id));
      if (!receipt || typeof receipt !== 'object') {
        fail(`report ${id}: complete-submit answered ${JSON.stringify(receipt)} after every upload was acknowledged`);
        return;
      }
      w.receipt = receipt as SubmitReceipt;
      result.acked.submits++;
    }
  };
  const loops = tablets.map((t, i) => tabletLoop(t, free.filter((_, k) => k % tablets.length === i)).catch((e: unknown) => fail(`tablet ${t.device}: ${(e as Error).stack ?? e}`)));

  /** The data folder against what was acknowledged; the server is down or the acknowledgements frozen. */
  const check = (when: string) => {
    result.checks++;
    const v = verifyDataDir(dir, { allowCompleteOrphans: true });
    for (const p of v.problems) fail(`${when}: verify: ${p}`);
    result.leftovers += v.warnings.length;
    const db = new Database(path.join(dir, DB_FILE), { readonly: true, fileMustExist: true });
    try {
      const report = db.prepare('SELECT status, claimed_by_device, submitted_by_device, doc FROM reports WHERE id = ?');
      const save = db.prepare('SELECT pictures FROM saves WHERE report_id = ?');
      const announced = db.prepare('SELECT sha256, received_at FROM announced WHERE report_id = ? AND file_url = ?');
      const filesOf = db.prepare('SELECT kind, sha256 FROM files WHERE report_id = ?');
      const blob = db.prepare('SELECT 1 FROM blobs WHERE sha256 = ?');
      for (const [id, w] of work) {
        const r = report.get(id) as { status: string; claimed_by_device: string | null; submitted_by_device: string | null; doc: string } | undefined;
        if (!r) {
          fail(`${when}: report ${id} is gone`);
          continue;
        }
        const submitted = r.status === 'submitted';
        const forms = (JSON.parse(r.doc) as { submitedForms: { typeOfForm: string; attachments: unknown[] }[] }).submitedForms.filter((f) => f.typeOfForm === 'PIR');
        if (forms.length > 1) fail(`${when}: report ${id} has ${forms.length} PIR forms`);
        const rows = filesOf.all(id) as { kind: string; sha256: string }[];
        const keys = rows.map((f) => `${f.kind}:${f.sha256}`);
        if (new Set(keys).size !== keys.length) fail(`${when}: report ${id} has duplicated file rows`);
        if (w.receipt) {
          if (!submitted || r.submitted_by_device !== w.device) fail(`${when}: report ${id}: submission acknowledged, status ${r.status} by ${r.submitted_by_device}`);
          const last = w.saves[w.saves.length - 1]!;
          const want = last.files.filter((f) => f.part !== 'signatures').map((f) => f.sha256).sort();
          const got = rows.filter((f) => f.kind !== 'documents').map((f) => f.sha256).sort();
          if (JSON.stringify(got) !== JSON.stringify(want)) fail(`${when}: report ${id}: submitted files ${got.length}, acknowledged ${want.length}, or their bytes differ`);
          if (rows.filter((f) => f.kind === 'documents').length !== 1) fail(`${when}: report ${id}: ${rows.filter((f) => f.kind === 'documents').length} PIR PDFs`);
          if (forms.length !== 1) fail(`${when}: report ${id}: submitted with ${forms.length} PIR forms`);
          continue;
        }
        if (submitted) {
          // a submission in flight at the kill may have been committed: then it must be whole
          if (r.submitted_by_device !== w.device || forms.length !== 1) fail(`${when}: report ${id}: submitted without its form or by ${r.submitted_by_device}`);
          continue;
        }
        if (w.claimed && r.claimed_by_device !== w.device) fail(`${when}: report ${id}: claim acknowledged to ${w.device}, held by ${r.claimed_by_device}`);
        const last = w.saves[w.saves.length - 1];
        if (!last) continue;
        const s = save.get(id) as { pictures: string } | undefined;
        const urls = s ? (JSON.parse(s.pictures) as { fileUrl: string }[]).map((p) => p.fileUrl).join(',') : null;
        const acked = last.files.filter((f) => f.part === 'pictures').map((f) => f.fileUrl).join(',');
        if (urls !== acked) {
          // only a newer save, sent and not yet acknowledged, may have replaced it
          if (w.pendingSave === null || !urls?.includes(`-v${w.pendingSave}-`)) fail(`${when}: report ${id}: acknowledged save v${last.v} not found (pictures ${urls})`);
          continue;
        }
        for (const f of last.files) {
          if (!w.uploaded.has(f.fileUrl)) continue;
          const a = announced.get(id, f.fileUrl) as { sha256: string; received_at: string | null } | undefined;
          if (!a || a.sha256 !== f.sha256 || a.received_at === null) fail(`${when}: report ${id}: acknowledged upload ${f.fileUrl} not recorded as received`);
          else if (!blob.get(f.sha256)) fail(`${when}: report ${id}: acknowledged upload ${f.fileUrl}: bytes not listed`);
          else {
            const file = path.join(dir, 'blobs', f.sha256.slice(0, 2), f.sha256);
            if (!exists(file)) fail(`${when}: report ${id}: acknowledged upload ${f.fileUrl}: bytes missing on disk`);
            // verify above hashed every listed file
          }
        }
      }
    } finally {
      db.close();
    }
  };

  try {
    for (let k = 1; k <= opts.kills; k++) {
      const wait = rnd.int(minMs, maxMs);
      await new Promise((r) => setTimeout(r, wait));
      const at = inFlight;
      result.inFlightAtKills += at;
      await kill(server.proc);
      result.kills++;
      check(`after kill ${k}`);
      log(`kill ${k}/${opts.kills} after ${wait} ms (${at} requests in flight); acknowledged so far: ${JSON.stringify(result.acked)}; checks ${result.failures.length ? 'FAILED' : 'ok'}`);
      server = await spawnListening(args);
      if (opts.warm !== 'alternate' || k % 2 === 0) await healthy(server.url);
      target.url = server.url;
      // after the restart, the listing agrees on the submitted reports
      const t = tablets[k % tablets.length]!;
      const list = (await retrying(() => t.listing().then(() => t.list))).filter((p) => work.get(p.id)?.receipt);
      for (const p of list) if (p.status !== 'submitted') fail(`after restart ${k}: report ${p.id} listed as ${p.status}, its submission was acknowledged`);
    }
    // the tablets finish the report each holds; their retries must all end
    stopping = true;
    const done = await Promise.race([Promise.all(loops).then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 180_000))]);
    if (!done) fail('the tablets did not finish their reports within 3 minutes of the last restart');
    await server.stop();
    check('at the end');
    for (const [id, w] of work) if (!w.receipt) fail(`report ${id}: started by ${w.device}, never submitted (retries did not finish)`);
  } catch (e) {
    fail(`harness: ${(e as Error).stack ?? e}`);
  } finally {
    await server.stop();
    stopping = true;
    result.seconds = (performance.now() - t0) / 1000;
    if (!opts.keep) rmrf(dir);
  }
  return result;
}

/** Waits for GET /be/health to answer 200, as systemd's ExecStartPost does (it also starts a PDF worker). */
async function healthy(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${url}/be/health`).then((r) => r.status === 200, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url}/be/health never answered 200`);
}

function kill(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGKILL');
  });
}

export function describeResult(r: CrashResult): string {
  return (
    `crash test: seed ${r.seed}, ${r.kills} SIGKILLs in ${r.seconds.toFixed(0)} s, ${r.inFlightAtKills} calls in progress at the kills (a tablet retrying counts), ${r.retries} retries; ` +
    `acknowledged ${r.acked.claims} claims, ${r.acked.saves} saves, ${r.acked.uploads} uploads, ${r.acked.submits} submissions; ` +
    `${r.checks} checks, ${r.leftovers} leftover warnings; ${r.failures.length ? `${r.failures.length} FAILURES` : 'no failure'}. ` +
    `Replay: npm run bench:crash -- --seed ${r.seed} --kills ${r.kills}`
  );
}
