/**
 * The lifecycle transitions of SPEC §4, carried out: each one changes the stored report and the
 * work queued for it together (one IndexedDB transaction), then lets the task runner go.
 */
import { pictureFileName, signatureFileName } from '@/lib/media/upload-names';
import { attachmentPdfFileId, pictureFileId } from '@/lib/media/file-ids';
import type { Pir, Task } from '@/lib/contract';
import { IDEMPOTENCY_HEADER, pirCallId } from '@/lib/contract/constants';
import { paths, ROUTES } from '@/lib/contract/routes';
import { loadContract } from '@/lib/contract/load';
import { call } from '@/lib/api/client';
import { serverNow } from '@/lib/clock/clock';
import { commit, editReport, findReport, addArchived } from '@/lib/local-data/reports-store';
import { processesOf, saveProcess } from '@/lib/local-data/processes-store';
import { getFile, putFile } from '@/lib/local-data/files-store';
import { contentSize } from '@/lib/local-data/file-content';
import { fileSha256 } from '@/lib/local-data/file-hash';
import { checkSpace, requestPersistentStorage, STORAGE_MARGIN_BYTES } from '@/lib/storage/quota';
import { applyTaskEvent, processStatus } from '@/lib/tasks/model';
import { buildPrepareProcess, buildSubmitProcess, SUBTYPE, type UploadItem } from '@/lib/tasks/builders';
import { estimatedSize, remoteFilesOf } from '@/lib/reports/remote-files';
import { applyTransition, isHeldBy, needsClaim, type Transition } from '../lifecycle/transitions';
import { currentDevice } from '@/lib/session/session-store';
import { clearClaimRefusal } from '../tasks/claim-refusals';
import { mapLimit } from '@/lib/async/map-limit';
import { runner } from '@/lib/tasks/runtime';
import { ActionError } from './action-error';

export { ActionError };

const uid = () => crypto.randomUUID();

function transition(report: Pir, t: Transition): Pir {
  // SPEC §6: a report another tablet holds may be looked at here, not worked on.
  if (needsClaim(t.type) && !isHeldBy(report, currentDevice())) throw new ActionError('transition.claimedByOtherDevice');
  // The record's dates are the server's time, whatever the tablet's clock says.
  const r = applyTransition(report, t, serverNow());
  if (!r.ok) throw new ActionError(`transition.${r.reason}`);
  return r.report;
}

/** SPEC §4 claim (and reclaim): checks storage, then queues claim + preparation. */
export async function claimReport(report: Pir, device: string, opts: { reclaim?: boolean } = {}) {
  const needed = estimatedSize(remoteFilesOf(report));
  const space = await checkSpace(needed);
  if (!space.fits) throw new ActionError('error.noSpace', { needed: space.needed, reserve: STORAGE_MARGIN_BYTES, free: space.free ?? 0 });
  const next = transition(report, opts.reclaim ? { type: 'reclaim', device } : { type: 'claim', device });
  clearClaimRefusal(report.id);
  const process = buildPrepareProcess(next, { device, reclaim: Boolean(opts.reclaim), claim: true, uid, now: new Date(), restore: report });
  // A process of this report the server refused (a submission refused because another tablet took the
  // report) would hold the claim behind it for good: the claim replaces it. The report's data stays.
  const refused = processesOf(report.id).filter((p) => processStatus(p.tasks) === 'REJECTED');
  if (refused.length) await runner().cancel(report.id);
  await commit({ put: [next], processes: [process], removeProcesses: refused.map((p) => p.uid) });
  runner().kick();
  // Asked for, not waited on: the browser may take seconds to decide, and the claim must not (nor
  // the storage estimate above, which the browser would answer after it).
  void requestPersistentStorage();
}

/** Prepares again a report this tablet holds but has no copy of (found by the merge). */
export async function queuePreparation(report: Pir, device: string) {
  if (queuing.has(report.id) || processesOf(report.id).some((p) => p.type === 'prepare')) return;
  queuing.add(report.id);
  try {
    // Not news when it ends: the inspector had this report already (no "ready" toast for it).
    const process = { ...buildPrepareProcess(report, { device, reclaim: false, claim: false, uid, now: new Date(), restore: null }), quiet: true };
    await commit({ put: [report], processes: [process] });
  } finally {
    queuing.delete(report.id);
  }
  runner().kick();
}
/** Reports whose preparation is being queued right now (the cache shows it only once committed). */
const queuing = new Set<number>();

/** SPEC §4 release (online, after confirmation): the claim, the lifecycle and the tablet's copy go. */
export async function releaseReport(report: Pir, device: string) {
  await runner().cancel(report.id);
  const body = (await loadContract()).deviceRequest.parse({ deviceIdentifier: device });
  await call(paths.release(pirCallId(report)), (c) => c.routeSchemas.release.reply, { method: ROUTES.release.method, json: body, headers: { [IDEMPOTENCY_HEADER]: uid() } });
  const released = transition(report, { type: 'release' });
  const fresh: Pir = {
    ...released,
    extended: null,
    inspectionstatus: {},
    inspectionErrors: {},
    inspectionSignatures: { masterSignature: null, inspectorSignature: null, masterRefuses: false },
  };
  // Removing and re-adding drops its files and processes in the same transaction.
  await commit({ remove: [report.id] });
  await commit({ put: [fresh] });
}

export async function startInspection(report: Pir, inspectorName: string) {
  await commit({ put: [transition(report, { type: 'startInspection', inspectorName })] });
}

export async function startSigning(report: Pir) {
  await commit({ put: [transition(report, { type: 'startSigning' })] });
}

/**
 * SPEC §4 endInspection: the signatures are bound to what was signed. The fingerprint
 * is taken over the report as the save will send it (the contract's shape, the files' hashes and
 * announced metadata, local attachments as the PDF they make) and travels with the save.
 */
export async function endInspection(report: Pir) {
  const ended = transition(report, { type: 'endInspection' });
  const fingerprint = await fingerprintOf(ended);
  await commit({ put: [{ ...ended, inspectionSignatures: { ...ended.inspectionSignatures, fingerprint } }] });
}

/** The fingerprint of the report as it would be submitted now (lib/inspection/fingerprint.ts). */
export async function fingerprintOf(report: Pir): Promise<string> {
  if (!report.extended) throw new ActionError('transition.notPrepared');
  const [contract, { computeFingerprint }, uploads] = await Promise.all([loadContract(), import('@/lib/inspection/fingerprint'), collectUploads(report)]);
  // What the server keeps is what the contract's schemas make of the save: the same shape here.
  const extended = contract.extended.parse(report.extended);
  return computeFingerprint({
    reportId: report.id,
    extended,
    masterRefuses: report.inspectionSignatures.masterRefuses,
    files: uploads.map((u) => ({ part: u.part, fileUrl: u.fileUrl, size: u.size, sha256: u.sha256, meta: u.meta })),
  });
}

/** Files held in memory at once while reading and hashing them. */
const FILES_AT_ONCE = 6;

/**
 * The files a submission uploads: the signatures, every inspection picture and every local
 * attachment (as one PDF), in that order. Files are read, hashed and assembled concurrently.
 */
export async function collectUploads(report: Pir): Promise<UploadItem[]> {
  const [signatures, pictures, attachments] = await Promise.all([collectSignatureUploads(report), collectPictureUploads(report), collectAttachmentUploads(report)]);
  return [...signatures, ...pictures, ...attachments];
}

async function collectSignatureUploads(report: Pir): Promise<UploadItem[]> {
  const signatures = [
    ['master', report.inspectionSignatures.masterSignature],
    ['inspector', report.inspectionSignatures.inspectorSignature],
  ] as const;
  const items = await Promise.all(
    signatures.map(async ([role, fileId]): Promise<UploadItem | null> => {
      if (!fileId) return null;
      const f = await getFile(fileId);
      if (!f?.content) throw new ActionError('could not load image');
      return {
        part: 'signatures',
        storedFileId: fileId,
        fileUrl: signatureFileName(role),
        contentType: f.contentType,
        size: contentSize(f.content),
        sha256: await fileSha256(f.content),
        meta: { role },
      };
    }),
  );
  return items.filter((i) => i !== null);
}

/** Each inspection picture, as stored (already resized JPEG): `picture_{uid}.jpg`. */
async function collectPictureUploads(report: Pir): Promise<UploadItem[]> {
  return mapLimit(report.extended?.pictures ?? [], FILES_AT_ONCE, async (p): Promise<UploadItem> => {
    const storedFileId = pictureFileId(report.id, p.uid);
    const f = await getFile(storedFileId);
    if (!f?.content) throw new ActionError('could not load image', { file: storedFileId });
    return {
      part: 'pictures',
      storedFileId,
      fileUrl: pictureFileName(p.uid),
      contentType: f.contentType,
      size: contentSize(f.content),
      sha256: await fileSha256(f.content),
      meta: { uid: p.uid, type: p.type, author: p.author, description: p.description, date: p.date, ...(p.markupOf ? { markupOf: p.markupOf } : {}) },
    };
  });
}

/**
 * Each local attachment's pages assembled into one A4 PDF, `{type}_{uid}.pdf` (in a worker),
 * stored first as a file so that the upload task sends exactly the bytes announced (size and
 * sha256). Remote attachments are on the server already.
 */
async function collectAttachmentUploads(report: Pir): Promise<UploadItem[]> {
  const local = (report.extended?.attachments ?? []).filter((a) => a.offline && a.pictures.length > 0);
  if (local.length === 0) return [];
  const [{ attachmentPdfName, ATTACHMENT_PDF_CONTENT_TYPE }, { buildAttachmentPdfOffThread }] = await Promise.all([
    import('@/lib/media/attachment-pdf'),
    import('@/lib/media/attachment-pdf-builder'),
  ]);
  return mapLimit(local, 2, async (a): Promise<UploadItem> => {
    const pages = await Promise.all(
      a.pictures.map(async (pageId) => {
        const f = await getFile(pageId);
        if (!f?.content) throw new ActionError('could not load image', { file: pageId });
        return f.content;
      }),
    );
    const name = attachmentPdfName(a.type, a.uid);
    const content = await buildAttachmentPdfOffThread(pages, name);
    const storedFileId = attachmentPdfFileId(report.id, a.uid);
    const [sha256] = await Promise.all([
      fileSha256(content),
      putFile({
        id: storedFileId,
        url: storedFileId,
        date: new Date().toISOString(),
        content,
        width: null,
        height: null,
        filename: name,
        type: 'pdf',
        size: content.size,
        pirId: report.id,
        contentType: ATTACHMENT_PDF_CONTENT_TYPE,
      }),
    ]);
    return { part: 'attachments', storedFileId, fileUrl: name, contentType: ATTACHMENT_PDF_CONTENT_TYPE, size: content.size, sha256, meta: { uid: a.uid, type: a.type, name } };
  });
}

/** SPEC §4 submit: to submitting, with save, one upload per file and the verification queued. */
export async function submitReport(report: Pir) {
  const existing = processesOf(report.id).find((p) => p.type === 'submit');
  const next = transition(report, { type: 'submit' });
  if (existing) {
    // A failed submission is resumed where it stopped: done uploads are not sent again. The report is
    // saved again as the tablet holds it now (a refused fingerprint is mended by restoring what was
    // signed), under a new key so the server does not answer with the earlier save.
    const again = (t: Task): Task => ({ ...t, uid: uid(), status: 'UNDEFINED', completion: 0, result: null, completionDetails: null });
    const retried = {
      ...existing,
      tasks: existing.tasks.map((t) =>
        t.subtype === SUBTYPE.save || t.subtype === SUBTYPE.verify ? again(t) : t.status === 'REJECTED' ? applyTaskEvent({ ...t, completionDetails: null }, { type: 'retry' }) : t,
      ),
    };
    await commit({ put: [next], processes: [retried] });
  } else {
    const process = buildSubmitProcess(next, await collectUploads(next), { uid, now: new Date() });
    await commit({ put: [next], processes: [process] });
  }
  runner().kick();
}

/** SPEC §4 cancelSubmit (advanced mode): back to readytosubmit, the submit process deleted. */
export async function cancelSubmit(report: Pir) {
  await runner().cancel(report.id);
  const procs = processesOf(report.id).filter((p) => p.type === 'submit');
  await commit({ put: [transition(report, { type: 'cancelSubmit' })], removeProcesses: procs.map((p) => p.uid) });
}

/** SPEC §4 archive (after confirmation): the submitted report leaves the tablet. */
export async function archiveReport(report: Pir) {
  if (report.status !== 'submitted') throw new ActionError('transition.wrongStatus');
  await addArchived(report.id);
  await commit({ remove: [report.id] });
}

/** The inspector retries a rejected task (SPEC §4: rejected → undefined). */
export async function retryTask(processUid: string, taskUid: string, subject: number) {
  const p = processesOf(subject).find((x) => x.uid === processUid);
  if (!p) return;
  const report = findReport(subject);
  // A failed submission went back to readytosubmit: retrying puts it on its way again, saved anew.
  if (report?.status === 'readytosubmit' && p.type === 'submit') return submitReport(report);
  await saveProcess({ ...p, tasks: p.tasks.map((t) => (t.uid === taskUid ? applyTaskEvent({ ...t, completionDetails: null }, { type: 'retry' }) : t)) });
  runner().kick();
}

/** The inspector ignores a rejected task that may be ignored (a file that could not be fetched). */
export async function ignoreTask(processUid: string, taskUid: string, subject: number) {
  const p = processesOf(subject).find((x) => x.uid === processUid);
  if (!p) return;
  await saveProcess({ ...p, tasks: p.tasks.map((t) => (t.uid === taskUid ? applyTaskEvent(t, { type: 'ignore' }) : t)) });
  runner().kick();
}

export { editReport };
