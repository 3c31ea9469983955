/**
 * The processes the lifecycle queues (SPEC §4): preparing a claimed report, and submitting it.
 * Pure: ids and the time come from the caller.
 */
import type { Pir, Task } from '@/lib/contract';
import { pirCallId } from '@/lib/contract/constants';
import { paths, ROUTES } from '@/lib/contract/routes';
import { remoteFileId } from '@/lib/local-data/files-store';
import type { ProcessRecord } from '@/lib/local-data/db';
import { remoteFilesOf } from '@/lib/reports/remote-files';

export const PROCESS_TYPE = { prepare: 'prepare', submit: 'submit' } as const;

/** Task subtypes; how each runs (side by side, stopping the others) is in its handler (./handlers.ts). */
export const SUBTYPE = { claim: 'claim', extended: 'extended', file: 'file', save: 'save', upload: 'upload', verify: 'verify' } as const;

function task(over: Partial<Task> & Pick<Task, 'type' | 'subtype' | 'method' | 'url' | 'uid' | 'subject' | 'name' | 'description'>): Task {
  return { body: null, status: 'UNDEFINED', canIgnore: false, completion: 0, completionDetails: null, result: null, iamAlive: 0, ...over };
}

/** A preparation's task that downloads the report's details (its extended info). */
function extendedTask(report: Pir, uid: string): Task {
  const type = PROCESS_TYPE.prepare;
  return task({ type, subtype: SUBTYPE.extended, method: ROUTES.extended.method, url: paths.extended(pirCallId(report)), uid, subject: report.id, name: report.code, description: 'process.extended' });
}

export function buildPrepareProcess(
  report: Pir,
  opts: { device: string; reclaim: boolean; claim: boolean; uid: () => string; now: Date; restore: Pir | null },
): ProcessRecord {
  const id = pirCallId(report);
  const subject = report.id;
  const type = PROCESS_TYPE.prepare;
  const tasks: Task[] = [];
  if (opts.claim) {
    tasks.push(
      task({
        type,
        subtype: SUBTYPE.claim,
        method: ROUTES.claim.method,
        url: paths.claim(id) + (opts.reclaim ? '?reclaim=1' : ''),
        uid: opts.uid(),
        subject,
        body: { deviceIdentifier: opts.device },
        name: report.code,
        description: opts.reclaim ? 'process.reclaim' : 'process.claim',
      }),
    );
  }
  tasks.push(extendedTask(report, opts.uid()));
  for (const f of remoteFilesOf(report)) {
    tasks.push(
      task({
        type,
        subtype: SUBTYPE.file,
        method: 'GET',
        url: f.link,
        uid: opts.uid(),
        subject,
        body: { fileId: remoteFileId(f.link), filename: f.filename, contentType: f.contentType },
        name: f.filename,
        description: 'process.file',
        // SPEC §4: a file that cannot be fetched may be ignored; the report is still usable.
        canIgnore: true,
      }),
    );
  }
  return { type, subject, uid: opts.uid(), description: 'process.prepare', tasks, createdAt: opts.now.toISOString(), restore: opts.restore };
}

/**
 * Fetching a held report's details again, alone: its preparation ended but the details did not
 * stay on the tablet (their write was cut short by a reload). Its files are stored already.
 */
export function buildDetailsProcess(report: Pir, opts: { uid: () => string; now: Date }): ProcessRecord {
  const tasks = [extendedTask(report, opts.uid())];
  return { type: PROCESS_TYPE.prepare, subject: report.id, uid: opts.uid(), description: 'process.prepare', tasks, createdAt: opts.now.toISOString(), restore: null };
}

/** A file the submission uploads, as announced in the save. */
export interface UploadItem {
  part: 'pictures' | 'attachments' | 'signatures';
  storedFileId: string;
  fileUrl: string;
  contentType: string;
  size: number;
  sha256: string;
  /** the part's extra fields (uid, type, author, ... or role) */
  meta: Record<string, unknown>;
}

export function buildSubmitProcess(report: Pir, uploads: readonly UploadItem[], opts: { uid: () => string; now: Date }): ProcessRecord {
  const id = pirCallId(report);
  const subject = report.id;
  const type = PROCESS_TYPE.submit;
  const tasks: Task[] = [
    task({ type, subtype: SUBTYPE.save, method: ROUTES.save.method, url: paths.save(id), uid: opts.uid(), subject, body: { uploads }, name: report.code, description: 'process.save' }),
    ...uploads.map((u) =>
      task({
        type,
        subtype: SUBTYPE.upload,
        method: ROUTES.submitFile.method,
        url: paths.submitFile(id, u.fileUrl),
        uid: opts.uid(),
        subject,
        body: u,
        name: u.fileUrl,
        description: 'process.upload',
      }),
    ),
    task({ type, subtype: SUBTYPE.verify, method: ROUTES.completeSubmit.method, url: paths.completeSubmit(id), uid: opts.uid(), subject, name: report.code, description: 'process.verify' }),
  ];
  return { type, subject, uid: opts.uid(), description: 'process.submit', tasks, createdAt: opts.now.toISOString(), restore: null };
}
