/**
 * The operator's view of the record.
 * - `npm run server -- audit <report>`: the report's audit log (every claim, reclaim, release, save,
 *   upload and submission, with user, tablet, time and what changed), oldest first; `--json` one JSON
 *   object a line. `audit all` prints every entry.
 * - `npm run server -- drafts <report>`: the tablets' last saves kept when another tablet reclaimed,
 *   saved over or released the report; `--show N` prints kept save N's parts, `--out DIR` also writes
 *   them and the files it received into DIR.
 * - `gc --drafts-retention-days N` (server/cli.ts): kept saves older than N days are deleted.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CliTools } from '../auth/session-command';
import { readBlob } from '../db/blob-store';
import { formatAudit, listAudit } from '../db/audit';
import { getKeptSave, listKeptFiles, listKeptSaves, purgeKeptSaves } from '../db/kept-saves';
import { findReport, parseId } from '../db/reports';
import { openDb, type DB } from '../db/schema';

function reportOf(db: DB, raw: string, tools: CliTools): number {
  const id = parseId(raw);
  if (id === null) throw tools.usage(`"${raw}" is not a report id`);
  // a report's file id or its pending form id; a report since deleted is still in the log by its id
  return findReport(db, id)?.id ?? id;
}

export function auditCommand(args: string[], tools: CliTools): void {
  const { values, positionals } = tools.parse(args, { json: { type: 'boolean' } }, 1);
  const db = openDb(tools.dataDir(values));
  try {
    const all = positionals[0] === 'all';
    const id = all ? null : reportOf(db, positionals[0]!, tools);
    const rows = listAudit(db, id);
    if (!rows.length) {
      tools.out(all ? 'the audit log is empty' : `no audit entries for report ${id}`);
      return;
    }
    if (!values.json) tools.out(`${'time'.padEnd(24)}  ${'report'.padEnd(6)} ${'action'.padEnd(8)} ${'user'.padEnd(20)} ${'tablet'.padEnd(14)} what changed`);
    for (const r of rows) tools.out(values.json ? JSON.stringify({ ...r, detail: JSON.parse(r.detail) as unknown }) : formatAudit(r));
  } finally {
    db.close();
  }
}

export function draftsCommand(args: string[], tools: CliTools): void {
  const { values, positionals } = tools.parse(args, { show: { type: 'string' }, out: { type: 'string' } }, 1);
  const db = openDb(tools.dataDir(values));
  try {
    const id = reportOf(db, positionals[0]!, tools);
    const show = typeof values.show === 'string' ? values.show : undefined;
    if (show === undefined) {
      if (typeof values.out === 'string') throw tools.usage('--out needs --show <kept save id>');
      const kept = listKeptSaves(db, id);
      if (!kept.length) tools.out(`no kept saves for report ${id}`);
      for (const k of kept) {
        const files = listKeptFiles(db, k.id);
        tools.out(
          `#${String(k.id).padEnd(5)} tablet ${k.device.padEnd(14)} user #${String(k.user_id).padEnd(4)} saved ${k.saved_at}  kept ${k.kept_at} (${k.reason})  ${files.filter((f) => f.received_at).length}/${files.length} files received`,
        );
      }
      return;
    }
    if (!/^\d{1,10}$/.test(show)) throw tools.usage('--show needs a kept save id (a number)');
    const k = getKeptSave(db, Number(show));
    if (!k || k.report_id !== id) throw tools.usage(`no kept save #${show} for report ${id}`);
    const parts = {
      pir: JSON.parse(k.pir) as unknown,
      vessel: JSON.parse(k.vessel) as unknown,
      pictures: JSON.parse(k.pictures) as unknown,
      attachments: JSON.parse(k.attachments) as unknown,
      signatures: JSON.parse(k.signatures) as unknown,
    };
    const files = listKeptFiles(db, k.id);
    const out = typeof values.out === 'string' ? path.resolve(values.out) : null;
    if (!out) {
      tools.out(JSON.stringify({ id: k.id, report: k.report_id, device: k.device, userId: k.user_id, savedAt: k.saved_at, keptAt: k.kept_at, reason: k.reason, parts, files }, null, 2));
      return;
    }
    fs.mkdirSync(out, { recursive: true, mode: 0o700 });
    for (const [name, value] of Object.entries(parts)) fs.writeFileSync(path.join(out, `${name}.json`), `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
    let written = 0;
    for (const f of files) {
      const bytes = f.received_at ? readBlob(db, f.sha256) : undefined;
      if (!bytes) continue;
      // file names come from a tablet: only their last path segment, and never a dot file
      const name = path.basename(f.file_url).replace(/^\.+/, '_') || `file-${f.sha256.slice(0, 12)}`;
      fs.mkdirSync(path.join(out, 'files'), { recursive: true, mode: 0o700 });
      fs.writeFileSync(path.join(out, 'files', name), bytes, { mode: 0o600 });
      written++;
    }
    tools.out(`kept save #${k.id} of report ${id} (tablet ${k.device}, saved ${k.saved_at}) written to ${out}: 5 parts, ${written} file(s)`);
  } finally {
    db.close();
  }
}

/** gc's part for kept saves: deletes those kept more than `days` days ago; returns a line for the operator. */
export function purgeKeptDrafts(db: DB, days: number | null): string {
  if (days === null) {
    const n = listKeptSaves(db, null).length;
    return n ? `gc: ${n} kept save(s) of other tablets left (set --drafts-retention-days N to delete those older than N days)` : '';
  }
  const r = purgeKeptSaves(db, days * 86_400_000);
  return `gc: ${r.deleted} kept save(s) older than ${days} day(s) deleted (each recorded in the audit log)`;
}
