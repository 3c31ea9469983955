/**
 * A report's own outbox (SPEC §4 submit): what of the report is only on this tablet, what waits to
 * be sent, what is on its way, what was sent and what the server's receipt confirms — the entries
 * and each file the submission sends. Pure: the screens name the states.
 */
import type { Pir, Task } from '@/lib/contract';
import type { ProcessRecord } from '@/lib/local-data/db';
import { pictureFileName, signatureFileName, attachmentPdfName } from '@/lib/media/upload-names';
import { receiptToShow } from '@/lib/lifecycle/receipt';

export type OutboxState =
  /** kept on this tablet, not submitted yet */
  | 'onTablet'
  /** submitted, waiting for the network or the server */
  | 'waiting'
  | 'sending'
  /** the server acknowledged it */
  | 'sent'
  /** refused or given up: the submission must be retried */
  | 'failed'
  /** the server's receipt holds it unchanged (the entries: the fingerprint it checked) */
  | 'confirmed'
  /** the receipt holds another size or hash, or lacks it */
  | 'differs';

/** Which file of the report it is: a signature, an inspection picture, a document made on the tablet. */
type Identity = { fileUrl: string } & (
  | { part: 'signatures'; role: 'master' | 'inspector' }
  | { part: 'pictures'; pictureUid: string }
  | { part: 'attachments'; attachmentUid: string }
);

export type OutboxFile = Identity & { size: number | null; state: OutboxState };

export interface ReportOutbox {
  /** the report's entries (its text, the save) */
  entries: OutboxState;
  files: OutboxFile[];
}

/** The files a submission of the report sends, in the order it sends them (lib/reports/actions.ts collectUploads). */
function filesOfSubmission(report: Pick<Pir, 'inspectionSignatures' | 'extended'>): Identity[] {
  const out: Identity[] = [];
  const s = report.inspectionSignatures;
  if (s.masterSignature) out.push({ part: 'signatures', role: 'master', fileUrl: signatureFileName('master') });
  if (s.inspectorSignature) out.push({ part: 'signatures', role: 'inspector', fileUrl: signatureFileName('inspector') });
  for (const p of report.extended?.pictures ?? []) out.push({ part: 'pictures', pictureUid: p.uid, fileUrl: pictureFileName(p.uid) });
  for (const a of report.extended?.attachments ?? []) {
    if (a.offline && a.pictures.length > 0) out.push({ part: 'attachments', attachmentUid: a.uid, fileUrl: attachmentPdfName(a.type, a.uid) });
  }
  return out;
}

function taskState(t: Pick<Task, 'status'>): OutboxState {
  switch (t.status) {
    case 'REGISTERED':
      return 'sending';
    case 'COMPLETED':
    case 'RESOLVED':
    case 'IGNORED':
      return 'sent';
    case 'REJECTED':
      return 'failed';
    default:
      return 'waiting';
  }
}

/** The identity of a file an upload task sends, read from what it announces. */
function identityOfUpload(t: Task): Identity | null {
  const body = t.body as { part?: string; fileUrl?: string; meta?: Record<string, unknown> } | null;
  if (!body?.fileUrl) return null;
  const meta = body.meta ?? {};
  if (body.part === 'signatures' && (meta.role === 'master' || meta.role === 'inspector')) return { part: 'signatures', role: meta.role, fileUrl: body.fileUrl };
  if (body.part === 'pictures' && typeof meta.uid === 'string') return { part: 'pictures', pictureUid: meta.uid, fileUrl: body.fileUrl };
  if (body.part === 'attachments' && typeof meta.uid === 'string') return { part: 'attachments', attachmentUid: meta.uid, fileUrl: body.fileUrl };
  return null;
}

export function reportOutbox(
  report: Pick<Pir, 'status' | 'inspectionSignatures' | 'extended' | 'submissionReceipt'>,
  submit: Pick<ProcessRecord, 'tasks'> | undefined,
): ReportOutbox {
  const stored = receiptToShow(report);
  if (stored) {
    const held = new Map(stored.receipt.files.map((f) => [f.fileUrl, f]));
    const byUrl = new Map(filesOfSubmission(report).map((f) => [f.fileUrl, f]));
    const files = stored.sent.flatMap((s): OutboxFile[] => {
      const id = byUrl.get(s.fileUrl);
      if (!id) return [];
      const h = held.get(s.fileUrl);
      const same = h !== undefined && h.size === s.size && h.sha256 === s.sha256;
      return [{ ...id, size: s.size, state: same ? 'confirmed' : 'differs' }];
    });
    return { entries: stored.receipt.fingerprint ? 'confirmed' : 'sent', files };
  }
  if (report.status === 'submitted') return { entries: 'sent', files: filesOfSubmission(report).map((f) => ({ ...f, size: null, state: 'sent' })) };

  if (submit) {
    const save = submit.tasks.find((t) => t.subtype === 'save');
    const verify = submit.tasks.find((t) => t.subtype === 'verify');
    const uploads = submit.tasks.filter((t) => t.subtype === 'upload');
    const files = uploads.flatMap((t): OutboxFile[] => {
      const id = identityOfUpload(t);
      return id ? [{ ...id, size: (t.body as { size?: number }).size ?? null, state: taskState(t) }] : [];
    });
    const entries = verify?.status === 'REJECTED' ? 'failed' : save ? taskState(save) : 'waiting';
    return { entries, files };
  }
  return { entries: 'onTablet', files: filesOfSubmission(report).map((f) => ({ ...f, size: null, state: 'onTablet' })) };
}

/** How many of the report's files are in each state (the outbox's one-line summary). */
export function outboxCounts(outbox: ReportOutbox): Record<OutboxState, number> {
  const counts: Record<OutboxState, number> = { onTablet: 0, waiting: 0, sending: 0, sent: 0, failed: 0, confirmed: 0, differs: 0 };
  for (const f of outbox.files) counts[f.state]++;
  return counts;
}
