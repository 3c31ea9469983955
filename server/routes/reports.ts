/**
 * Report calls (SPEC §7): listing, claim / reclaim / release, extended info, save (multipart),
 * file upload and complete-submit. Only the device holding the claim may save, upload and submit.
 */
import fs from 'node:fs';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  claimReply,
  completeSubmitReply,
  currentFilesReply,
  deviceRequest,
  downloadLink,
  extendedReply,
  fileUrl as fileUrlSchema,
  MAX_FILE_BYTES,
  MAX_JSON_BYTES,
  MAX_REPORT_BYTES,
  releaseReply,
  ROUTES,
  SAVE_PART_NAMES,
  saveParts,
  saveReply,
  UPLOAD_OK_PREFIX,
  type Extended,
  type Lifecycle,
  type Pir,
  type RemoteDocument,
  type SubmitReceipt,
  type SubmittedForm,
} from '../../lib/contract/index';
import { requireAuth } from '../auth/middleware';
import { commitTmp, dropUnreferenced, readBlob, readBlobHead, tmpPath } from '../db/blob-store';
import { addFile, listBlob } from '../db/files';
import {
  claimReport,
  extendedOf,
  findReport,
  getReport,
  listReportRows,
  parseId,
  releaseReport,
  toPir,
  type ReportDoc,
  type ReportRow,
  fileSizes,
  withSizes,
} from '../db/reports';
import { listingCache, matchesTag } from '../db/listing';
import { currentExtended, getAnnounced, getSave, listAnnounced, writeSave, type AnnouncedRow, type SavePart, type SaveRow } from '../db/saves';
import { computeFingerprint, type FingerprintFile } from '../../lib/inspection/fingerprint';
import { PdfBusyError, PdfTimeoutError } from '../documents/pdf-pool';
import { appendAudit, signaturesSavedByOthers } from '../db/audit';
import { keepOthersSave } from '../db/kept-saves';
import { checkSubmission, FORM_STEP_NAMES, SubmitRefusal } from '../workflow/submit-checks';
import { pdfPlace, pdfTicket } from '../documents/pdf-place';
import { PICTURE_MAX, pictureFits, readImageHeader, SIGNATURE_MAX, signatureFits } from '../documents/image-size';
import { pirPdfSpec } from '../documents/pir-pdf';
import { parseJsonText, readJson, requireMediaType, validate } from '../http/body';
import { ByteBudget, DEVICE_BODY_MAX, SAVE_MEMORY_BUDGET, serverBusy } from '../http/body-limits';
import { readSaveMultipart } from '../http/save-body';
import { HttpError, Msg } from '../http/errors';
import { PART_TYPES, sniffType } from '../http/file-type';
import { idempotency } from '../http/idempotency';
import { routesOn } from '../http/route';
import { sendJson } from '../http/reply';
import { closeAfterReply, declaredLength, InFlight, readHead, receiveTo } from '../http/upload';
import type { AppContext, AppEnv } from '../http/types';

/** Largest number of files one save may announce. */
const MAX_ANNOUNCED_FILES = 500;
/**
 * Uploads one inspector may have in flight at once; more are answered 429, which the
 * app retries. As many as the app's own transfer slots (TRANSFER_SLOTS in lib/tasks/runner.ts).
 */
export const MAX_UPLOADS_IN_FLIGHT = 8;
/** The head of an upload kept for its type and pixel-size checks (a JPEG's size may follow its EXIF). */
const HEAD_BYTES = 1024 * 1024;

function reportParam(ctx: AppContext, c: Context<AppEnv>): ReportRow {
  const id = parseId(c.req.param('id'));
  if (id === null) throw new HttpError(400, Msg.INVALID_ID, { id: c.req.param('id') ?? null });
  const row = findReport(ctx.db, id);
  if (!row) throw new HttpError(404, Msg.REPORT_NOT_FOUND, { id });
  return row;
}

function requireClaim(row: ReportRow, device: string): void {
  if (row.claimed_by_device !== device) {
    throw new HttpError(403, Msg.NOT_CLAIMED_BY_DEVICE, { claimedByDevice: row.claimed_by_device });
  }
}

/**
 * Pixel sizes are read from the header, before anything decodes the image: a signature must
 * be a PNG or JPEG of at most SIGNATURE_MAX, a picture that is an image at most PICTURE_MAX.
 */
function checkImage(part: string, bytes: Uint8Array, fileUrl: string): void {
  if (part !== 'signatures' && part !== 'pictures') return;
  const header = readImageHeader(bytes);
  if (part === 'signatures') {
    if (!header || (header.type !== 'png' && header.type !== 'jpeg')) throw new HttpError(400, Msg.INVALID_IMAGE, { fileUrl, expected: ['image/png', 'image/jpeg'] });
    if (!signatureFits(header)) throw new HttpError(400, Msg.IMAGE_TOO_LARGE, { fileUrl, width: header.width, height: header.height, max: SIGNATURE_MAX });
  } else if (header && !pictureFits(header)) {
    throw new HttpError(400, Msg.IMAGE_TOO_LARGE, { fileUrl, width: header.width, height: header.height, max: PICTURE_MAX });
  }
}

/**
 * A report changed after its signing is never submitted as signed. The fingerprint the
 * tablet took at endInspection is recomputed from the saved parts and the hashes of the files received
 * (each checked on arrival); a difference refuses complete-submit with 409 FINGERPRINT_MISMATCH and
 * nothing stored changes. A signed save without a fingerprint is refused (the save
 * route, and complete-submit below); see docs/decisions.md for what it proves and what it cannot.
 */
async function checkFingerprint(reportId: number, savedPir: Pir, extended: Extended, save: SaveRow, announced: AnnouncedRow[]): Promise<void> {
  const expected = savedPir.inspectionSignatures?.fingerprint;
  if (!expected) return;
  const received = new Map(announced.map((a) => [a.file_url, a]));
  const files: FingerprintFile[] = [];
  for (const part of ['pictures', 'attachments', 'signatures'] as const) {
    for (const entry of JSON.parse(save[part]) as Record<string, unknown>[]) {
      const a = received.get(String(entry.fileUrl));
      if (!a) continue;
      files.push({ part, fileUrl: a.file_url, size: a.size, sha256: a.sha256, meta: entry });
    }
  }
  const computed = await computeFingerprint({ reportId: savedPir.id, extended, masterRefuses: Boolean(savedPir.inspectionSignatures.masterRefuses), files });
  if (computed !== expected) throw new HttpError(409, Msg.FINGERPRINT_MISMATCH, { reportId, expected, computed });
}

/** The receipt of a verified submission, each file the server holds for it and the total. */
function receiptOf(reportId: number, save: SaveRow, announced: AnnouncedRow[], submitDate: string): SubmitReceipt {
  const files = announced
    .filter((a) => a.received_at !== null)
    .map((a) => ({ fileUrl: a.file_url, part: a.part, size: a.size, sha256: a.sha256 }));
  const fingerprint = (JSON.parse(save.pir) as Pir).inspectionSignatures?.fingerprint ?? null;
  return { reportId, submitDate, fingerprint, files, total: { files: files.length, bytes: files.reduce((n, f) => n + f.size, 0) } };
}

export function reportRoutes(ctx: AppContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const on = routesOn(r, { auth: requireAuth(ctx), idempotency: idempotency(ctx.db) });
  const { db } = ctx;
  const nowIso = () => ctx.now().toISOString();
  const uploadsInFlight = new InFlight(MAX_UPLOADS_IN_FLIGHT);
  const saveBudget = new ByteBudget(SAVE_MEMORY_BUDGET);

  const listing = listingCache(db, () => {
    const sizes = fileSizes(db);
    return JSON.stringify(currentFilesReply.parse(listReportRows(db).map((row) => withSizes(toPir(row), sizes))));
  });
  on(ROUTES.currentFiles, (c) => {
    const { body, etag } = listing();
    c.header('ETag', etag);
    c.header('Cache-Control', 'no-store');
    if (matchesTag(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
    c.header('Content-Type', 'application/json');
    return c.body(body);
  });

  // ------------------------------------------------------------------ claim / reclaim / release

  on(ROUTES.claim, async (c) => {
    const row = reportParam(ctx, c);
    const body = await readJson(c, deviceRequest, DEVICE_BODY_MAX);
    const { device } = c.get('session');
    if (body.deviceIdentifier !== device) throw new HttpError(403, Msg.DEVICE_MISMATCH, { tokenDevice: device });
    const reclaim = ['1', 'true'].includes(c.req.query('reclaim') ?? '');
    const user = c.get('user');
    // the claim, the copy of the former holder's last save and the audit entry at once
    const won = db.transaction((): boolean => {
      const before = getReport(db, row.id);
      const now = nowIso();
      if (!claimReport(db, row.id, device, reclaim, now)) return false;
      const kept = reclaim && before?.claimed_by_device && before.claimed_by_device !== device ? keepOthersSave(db, row.id, device, 'reclaim', now) : null;
      if (before?.claimed_by_device !== device) {
        appendAudit(db, {
          at: now,
          reportId: row.id,
          user,
          device,
          action: reclaim ? 'reclaim' : 'claim',
          detail: { from: before?.claimed_by_device ?? null, status: before?.status ?? null, ...(kept !== null ? { keptDraft: kept } : {}) },
        });
      }
      return true;
    })();
    if (won) ctx.log.info(reclaim ? '[claim] reclaimed' : '[claim] claimed', { report: row.id, device });
    return sendJson(c, claimReply, won ? row.id : 0);
  });

  on(ROUTES.release, async (c) => {
    const row = reportParam(ctx, c);
    const body = await readJson(c, deviceRequest, DEVICE_BODY_MAX);
    const { device } = c.get('session');
    if (body.deviceIdentifier !== device) throw new HttpError(403, Msg.DEVICE_MISMATCH, { tokenDevice: device });
    if (row.claimed_by_device === null) {
      // nothing to release: already free (a repeated release) — unless it was submitted
      if (row.status === 'submitted') throw new HttpError(409, Msg.ALREADY_SUBMITTED);
      return sendJson(c, releaseReply, 1);
    }
    requireClaim(row, device);
    const dropped = listAnnounced(db, row.id).map((a) => a.sha256);
    // another tablet's last save (this one reclaimed the report) is kept, not dropped
    const released = db.transaction((): boolean => {
      const now = nowIso();
      const save = getSave(db, row.id);
      if (getReport(db, row.id)?.claimed_by_device !== device) return false;
      const kept = keepOthersSave(db, row.id, device, 'release', now);
      if (!releaseReport(db, row.id, device, now)) throw new HttpError(403, Msg.NOT_CLAIMED_BY_DEVICE);
      appendAudit(db, {
        at: now,
        reportId: row.id,
        user: c.get('user'),
        device,
        action: 'release',
        detail: { status: row.status, ...(kept !== null ? { keptDraft: kept } : save ? { droppedOwnSave: save.saved_at } : {}) },
      });
      return true;
    })();
    if (!released) {
      throw new HttpError(403, Msg.NOT_CLAIMED_BY_DEVICE, { claimedByDevice: getReport(db, row.id)?.claimed_by_device ?? null });
    }
    // bytes uploaded for the dropped save that no file or other announcement references are deleted
    const deleted = dropUnreferenced(db, dropped);
    ctx.log.info('[release] released', { report: row.id, device, deletedBlobs: deleted });
    return sendJson(c, releaseReply, 1);
  });

  // ------------------------------------------------------------------ extended info

  on(ROUTES.extended, (c) => {
    const row = reportParam(ctx, c);
    // the latest save of a held report is its holder's unsubmitted draft: another
    // tablet gets the report's record without it (SPEC §6), and a reclaim makes the draft its own
    if (row.claimed_by_device !== null && row.claimed_by_device !== c.get('session').device) return sendJson(c, extendedReply, extendedOf(row));
    return sendJson(c, extendedReply, currentExtended(row, getSave(db, row.id)));
  });

  // ------------------------------------------------------------------ save

  on(ROUTES.save, async (c) => {
    const row = reportParam(ctx, c);
    requireMediaType(c, 'multipart/form-data');
    const { device } = c.get('session');
    requireClaim(row, device);
    // a save counts against the inspector's uploads in flight, and its body against the
    // server's budget of save bytes being read (server/http/save-body.ts)
    const inspector = c.get('user').id;
    if (!uploadsInFlight.enter(inspector)) {
      closeAfterReply(c);
      c.header('Retry-After', '1');
      throw new HttpError(429, Msg.TOO_MANY_REQUESTS, { retryAfter: 1, limit: MAX_UPLOADS_IN_FLIGHT });
    }
    const raw: Record<string, unknown> = {};
    try {
      const body = await readSaveMultipart(c, ctx.limits.save, saveBudget);
      try {
        const form = body.form;
        // parts the contract does not have are refused, not ignored
        for (const key of new Set(form.keys())) {
          if (!(SAVE_PART_NAMES as string[]).includes(key)) throw new HttpError(400, Msg.INVALID_REQUEST, [{ path: key.slice(0, 100), message: 'unknown part' }]);
        }
        for (const name of SAVE_PART_NAMES) {
          const all = form.getAll(name);
          if (all.length === 0) throw new HttpError(400, Msg.INVALID_REQUEST, [{ path: name, message: 'part missing' }]);
          // which of two parts would be the real one is ambiguous: refuse rather than pick the first
          if (all.length > 1) throw new HttpError(400, Msg.INVALID_REQUEST, [{ path: name, message: 'part repeated' }]);
          const part = all[0]!;
          const text = typeof part === 'string' ? part : await part.text();
          if (Buffer.byteLength(text) > MAX_JSON_BYTES) throw new HttpError(413, Msg.PAYLOAD_TOO_LARGE, { part: name, limit: MAX_JSON_BYTES });
          try {
            raw[name] = parseJsonText(text);
          } catch (e) {
            if (e instanceof HttpError && e.message === Msg.JSON_TOO_DEEP) throw new HttpError(400, Msg.JSON_TOO_DEEP, { part: name, ...(e.data as object) });
            throw new HttpError(400, Msg.MALFORMED_JSON, { part: name });
          }
        }
      } finally {
        body.done();
      }
    } finally {
      uploadsInFlight.leave(inspector);
    }
    const pir = validate(saveParts.pir, raw.pir, 'pir');
    const vessel = validate(saveParts.vessel, raw.vessel, 'vessel');
    const pictures = validate(saveParts.pictures, raw.pictures, 'pictures');
    const attachments = validate(saveParts.attachments, raw.attachments, 'attachments');
    const signatures = validate(saveParts.signatures, raw.signatures, 'signatures');
    if (pir.id !== row.id && pir.fileId !== row.id) {
      throw new HttpError(400, Msg.REPORT_MISMATCH, { reportId: row.id, pirId: pir.id, fileId: pir.fileId });
    }
    const files = [
      ...pictures.map((f) => ({ ...f, part: 'pictures' as SavePart })),
      ...attachments.map((f) => ({ ...f, part: 'attachments' as SavePart })),
      ...signatures.map((f) => ({ ...f, part: 'signatures' as SavePart })),
    ];
    if (files.length > MAX_ANNOUNCED_FILES) throw new HttpError(413, Msg.PAYLOAD_TOO_LARGE, { files: files.length, limit: MAX_ANNOUNCED_FILES });
    const total = files.reduce((sum, f) => sum + f.size, 0);
    if (total > MAX_REPORT_BYTES) throw new HttpError(413, Msg.PAYLOAD_TOO_LARGE, { reportBytes: total, limit: MAX_REPORT_BYTES });
    const seen = new Set<string>();
    for (const f of files) {
      if (seen.has(f.fileUrl)) throw new HttpError(400, Msg.DUPLICATE_FILE_URL, { fileUrl: f.fileUrl });
      seen.add(f.fileUrl);
    }

    const user = c.get('user');
    const before = listAnnounced(db, row.id).map((a) => a.sha256);
    db.transaction(() => {
      const current = getReport(db, row.id)!;
      requireClaim(current, device);
      if (current.status === 'submitted') throw new HttpError(409, Msg.ALREADY_SUBMITTED);
      const now = nowIso();
      const previous = getSave(db, row.id);
      // once a report has signatures (this save's, or this tablet's last save's), a save
      // without the fingerprint is refused; complete-submit recomputes and compares it
      const signed =
        signatures.length > 0 ||
        Boolean(pir.inspectionSignatures.inspectorSignature || pir.inspectionSignatures.masterSignature) ||
        (previous?.device === device && (JSON.parse(previous.signatures) as unknown[]).length > 0);
      if (signed && !pir.inspectionSignatures.fingerprint) {
        throw new HttpError(409, SubmitRefusal.FINGERPRINT_MISSING, { reportId: row.id, signatures: signatures.length });
      }
      // signatures another tablet saved for this report are not this tablet's to send
      const others = signaturesSavedByOthers(db, row.id, device);
      const borrowed = signatures.filter((s) => others.has(s.sha256));
      if (borrowed.length) throw new HttpError(409, SubmitRefusal.SIGNATURES_OF_ANOTHER_TABLET, { fileUrls: borrowed.map((s) => s.fileUrl) });
      // another tablet's last save is kept before this one replaces it
      const kept = keepOthersSave(db, row.id, device, 'saved over', now);
      writeSave(db, {
        reportId: row.id,
        userId: user.id,
        device,
        parts: { pir, vessel, pictures, attachments, signatures },
        files,
        now,
      });
      db.prepare('UPDATE reports SET updated_at = ? WHERE id = ?').run(now, row.id);
      appendAudit(db, {
        at: now,
        reportId: row.id,
        user,
        device,
        action: 'save',
        detail: {
          status: pir.status,
          files: files.length,
          bytes: total,
          signatures: signatures.map((s) => ({ role: s.role, sha256: s.sha256 })),
          masterRefuses: pir.inspectionSignatures.masterRefuses,
          fingerprint: pir.inspectionSignatures.fingerprint ?? null,
          replaced: previous ? { device: previous.device, savedAt: previous.saved_at } : null,
          ...(kept !== null ? { keptDraft: kept } : {}),
        },
      });
    })();
    // files the previous save announced and this one does not: their bytes go unless referenced elsewhere
    dropUnreferenced(db, before);
    ctx.log.info('[save] saved', { report: row.id, device, announced: files.length });
    return sendJson(c, saveReply, { saved: true, announced: files.map((f) => f.fileUrl) });
  });

  // ------------------------------------------------------------------ file upload

  on(ROUTES.submitFile, async (c) => {
    const rawName = c.req.param('fileUrl');
    const id = parseId(c.req.param('id'));
    if (id === null) throw new HttpError(400, Msg.INVALID_ID, { id: c.req.param('id') ?? null });
    const name = fileUrlSchema.safeParse(rawName);
    if (!name.success) throw new HttpError(400, Msg.INVALID_FILE_URL, { fileUrl: rawName });
    requireMediaType(c, 'application/octet-stream');
    const row = findReport(db, id);
    if (!row) throw new HttpError(404, Msg.REPORT_NOT_FOUND, { id });
    const { device } = c.get('session');
    requireClaim(row, device);
    const announced = getAnnounced(db, row.id, name.data);
    if (!announced) throw new HttpError(404, Msg.FILE_NOT_ANNOUNCED, { fileUrl: name.data });

    const mismatch = (received: unknown) =>
      new HttpError(400, Msg.HASH_MISMATCH, { fileUrl: name.data, expected: { size: announced.size, sha256: announced.sha256 }, received });
    // a body that cannot be the announced file is refused before a byte of it is read
    const limit = Math.min(ctx.limits.file, MAX_FILE_BYTES);
    const declared = declaredLength(c);
    if ((declared ?? announced.size) > limit || announced.size > limit) {
      closeAfterReply(c);
      throw new HttpError(413, Msg.PAYLOAD_TOO_LARGE, { limit });
    }
    if (declared !== null && declared !== announced.size) {
      closeAfterReply(c);
      throw mismatch({ size: declared });
    }
    const user = c.get('user');
    if (!uploadsInFlight.enter(user.id)) {
      closeAfterReply(c);
      c.header('Retry-After', '1');
      throw new HttpError(429, Msg.TOO_MANY_REQUESTS, { retryAfter: 1, limit: MAX_UPLOADS_IN_FLIGHT });
    }
    let received: { tmp: string; size: number; sha256: string };
    try {
      received = await receiveTo(c, tmpPath(db), announced.size, { fileUrl: name.data, sha256: announced.sha256 });
    } finally {
      uploadsInFlight.leave(user.id);
    }
    const { tmp, size, sha256: sha } = received;
    try {
      if (size !== announced.size || sha !== announced.sha256) throw mismatch({ size, sha256: sha });
      const head = readHead(tmp, HEAD_BYTES);
      checkImage(announced.part, head, name.data);
      // the type is what the bytes are, not what was announced: it is what the file is served as
      const type = sniffType(head);
      const allowed = PART_TYPES[announced.part] ?? [];
      if (!type || !allowed.includes(type)) throw new HttpError(400, Msg.UNSUPPORTED_FILE_TYPE, { fileUrl: name.data, allowed });
      // renamed into place and listed in one synchronous step: nothing else runs in between
      db.transaction(() => {
        const current = getReport(db, row.id)!;
        requireClaim(current, device);
        const still = getAnnounced(db, row.id, name.data);
        if (!still || still.sha256 !== sha) throw new HttpError(409, Msg.FILE_NOT_ANNOUNCED, { fileUrl: name.data });
        listBlob(db, sha, size);
        const now = nowIso();
        db.prepare('UPDATE announced SET received_at = ?, content_type = ? WHERE report_id = ? AND file_url = ?').run(now, type, row.id, name.data);
        appendAudit(db, { at: now, reportId: row.id, user, device, action: 'upload', detail: { fileUrl: name.data, part: announced.part, size, sha256: sha, contentType: type } });
        commitTmp(db, tmp, sha);
      })();
    } finally {
      fs.rmSync(tmp, { force: true });
    }
    c.header('Cache-Control', 'no-store');
    return c.text(`${UPLOAD_OK_PREFIX} ${size}`, 200, { 'Content-Type': 'text/plain; charset=utf-8' });
  });

  // ------------------------------------------------------------------ complete-submit

  // a place in the PDF pool first (503 SERVER_BUSY at once when there is none)
  // complete-submits of one report run one at a time; one overlapping another waits for
  // it and answers from what it left: the same receipt, when the first submitted the report
  const submitting = new Map<number, Promise<void>>();
  const oneSubmitAtATime: MiddlewareHandler<AppEnv> = async (c, next) => {
    const id = parseId(c.req.param('id'));
    const report = id === null ? undefined : findReport(db, id);
    if (!report) return next();
    for (let running = submitting.get(report.id); running; running = submitting.get(report.id)) await running;
    let done!: () => void;
    submitting.set(report.id, new Promise<void>((resolve) => (done = resolve)));
    try {
      await next();
    } finally {
      submitting.delete(report.id);
      done();
    }
  };

  on(ROUTES.completeSubmit, oneSubmitAtATime, pdfPlace(ctx), async (c) => {
    const row = reportParam(ctx, c);
    const { device } = c.get('session');
    if (row.status === 'submitted' && row.claimed_by_device === null) {
      // a repeated complete-submit from the device that submitted is a success, with the same receipt
      if (row.submitted_by_device === device) {
        const save = getSave(db, row.id);
        const submitted = (JSON.parse(row.lifecycle) as Lifecycle).submitted?.date ?? row.updated_at;
        return sendJson(c, completeSubmitReply, save ? receiptOf(row.id, save, listAnnounced(db, row.id), submitted) : true);
      }
      throw new HttpError(403, Msg.NOT_CLAIMED_BY_DEVICE, { claimedByDevice: null });
    }
    requireClaim(row, device);
    const save = getSave(db, row.id);
    const announced = listAnnounced(db, row.id);
    if (!save || announced.some((a) => a.received_at === null)) return sendJson(c, completeSubmitReply, false);

    // a tablet submits its own save, never one another tablet made, nor signatures
    // another tablet saved for this report (a reclaim does not hand them over)
    if (save.device !== device) throw new HttpError(409, SubmitRefusal.SAVED_BY_ANOTHER_TABLET, { savedBy: save.device, savedAt: save.saved_at });
    const others = signaturesSavedByOthers(db, row.id, device);
    const borrowed = announced.filter((a) => a.part === 'signatures' && others.has(a.sha256));
    if (borrowed.length) throw new HttpError(409, SubmitRefusal.SIGNATURES_OF_ANOTHER_TABLET, { fileUrls: borrowed.map((a) => a.file_url) });

    const savedPir = JSON.parse(save.pir) as Pir;
    const extended = currentExtended(row, save);
    // only a submission the app's flow makes (server/workflow/submit-checks.ts)
    const onRecord = JSON.parse(row.lifecycle) as Lifecycle;
    const checked = checkSubmission({
      savedPir,
      extended,
      save,
      announced,
      claimedAt: row.claimed_at ?? null,
      signedOnRecord: Boolean(onRecord.readytosubmit),
      now: ctx.now(),
      head: (sha) => readBlobHead(db, sha),
    });
    // signed (checked above), so fingerprinted
    if (checked.inspector && !savedPir.inspectionSignatures?.fingerprint) throw new HttpError(409, SubmitRefusal.FINGERPRINT_MISSING, { reportId: row.id });
    await checkFingerprint(row.id, savedPir, extended, save, announced);
    const user = c.get('user');

    const submitDate = ctx.now();
    const signatures = announced
      .filter((a) => a.part === 'signatures')
      .map((a) => {
        const meta = (JSON.parse(save.signatures) as { fileUrl: string; role: 'master' | 'inspector' }[]).find((s) => s.fileUrl === a.file_url);
        const data = readBlob(db, a.sha256);
        return meta && data ? { role: meta.role, bytes: new Uint8Array(data), contentType: a.content_type } : null;
      })
      .filter((s) => s !== null);
    const spec = pirPdfSpec(ctx.refs, {
      pir: { ...toPir(row), ...savedPir, startOfInspection: checked.startOfInspection, code: (JSON.parse(row.doc) as ReportDoc).code },
      vessel: JSON.parse(save.vessel),
      extended,
      submitDate,
      inspectorName: user.name,
      device,
      submittedBy: `${user.name} (${user.username})`,
      signatures,
    });
    let pdf: Uint8Array;
    try {
      pdf = await ctx.pdf.render(spec, pdfTicket(c));
    } catch (e) {
      if (e instanceof PdfTimeoutError) {
        ctx.log.warn('[submit] PDF over its time limit', { report: row.id, timeoutMs: ctx.pdf.timeoutMs });
        throw new HttpError(422, Msg.DOCUMENT_TOO_COMPLEX, { timeoutMs: ctx.pdf.timeoutMs });
      }
      // the PDF queue is full; nothing changed, the app's verify task asks again
      if (e instanceof PdfBusyError) {
        ctx.log.warn('[submit] PDF queue full', { report: row.id, queued: e.queued });
        throw serverBusy(c, e.retryAfter, { reason: 'documents being made' });
      }
      throw e;
    }

    const ok = db.transaction((): boolean => {
      const current = getReport(db, row.id)!;
      requireClaim(current, device);
      const pending = listAnnounced(db, row.id);
      if (pending.length !== announced.length || pending.some((a) => a.received_at === null)) return false;
      // a save that landed since the fingerprint was checked is checked on the next call
      if (getSave(db, row.id)?.saved_at !== save.saved_at) return false;
      const now = submitDate.toISOString();
      const doc = JSON.parse(current.doc) as ReportDoc;

      // uploaded attachments and pictures become downloadable documents of the submitted PIR
      const pictureMeta = new Map((JSON.parse(save.pictures) as { fileUrl: string; description: string; type: string }[]).map((p) => [p.fileUrl, p]));
      const attachmentMeta = new Map((JSON.parse(save.attachments) as { fileUrl: string; name: string; type: string }[]).map((p) => [p.fileUrl, p]));
      const attachmentsOut: RemoteDocument[] = [];
      for (const a of pending) {
        if (a.part === 'signatures') continue;
        const kind = a.part === 'pictures' ? 'pictures' : 'attachments';
        const meta = a.part === 'pictures' ? pictureMeta.get(a.file_url) : attachmentMeta.get(a.file_url);
        const name = (meta && 'name' in meta && meta.name) || a.file_url;
        const fileId = addFile(db, { kind, name, contentType: a.content_type, sha256: a.sha256, size: a.size, reportId: row.id, createdAt: now });
        attachmentsOut.push({ id: fileId, name, contentType: a.content_type, documentTag: meta?.type ?? null, downloadLink: downloadLink(kind, fileId) });
      }
      const pdfId = addFile(db, { kind: 'documents', name: `PIR_${doc.code}.pdf`, contentType: 'application/pdf', bytes: pdf, reportId: row.id, createdAt: now });
      const pendingForm = doc.offlinePendingForms.find((f) => f.typeOfForm === 'PIR');
      const form: SubmittedForm = {
        id: pendingForm?.id ?? current.pending_form_id ?? pdfId,
        name: pendingForm?.name ?? `PIR ${doc.code}`,
        typeOfForm: 'PIR',
        contentType: 'application/pdf',
        attachments: attachmentsOut,
        submitDate: now,
        downloadLink: downloadLink('documents', pdfId),
      };
      const nextDoc: ReportDoc = {
        ...doc,
        submitedForms: [...doc.submitedForms.filter((f) => !(f.typeOfForm === 'PIR' && f.id === form.id)), form],
        offlinePendingForms: doc.offlinePendingForms.filter((f) => f.typeOfForm !== 'PIR'),
        // what the checks vouched for, never the flow's fields as the tablet gave them
        startOfInspection: checked.startOfInspection,
        inspectionstatus: Object.fromEntries(FORM_STEP_NAMES.map((step) => [step, true])),
        inspectionSignatures: {
          masterSignature: checked.master?.file_url ?? null,
          inspectorSignature: checked.inspector?.file_url ?? null,
          masterRefuses: checked.masterRefuses,
          fingerprint: savedPir.inspectionSignatures.fingerprint ?? null,
          reviewLanguage: savedPir.inspectionSignatures.reviewLanguage ?? null,
        },
      };
      const lifecycle: Lifecycle = {
        ...(JSON.parse(current.lifecycle) as Lifecycle),
        ...checked.lifecycle,
        submitted: { date: now, previousStatus: 'submitting' },
      };
      // who submitted is the token's account and tablet
      db.prepare(
        `UPDATE reports SET status = 'submitted', claimed_by_device = NULL, claimed_at = NULL, submitted_by_device = ?, submitted_by_user_id = ?,
                lifecycle = ?, doc = ?, updated_at = ?
          WHERE id = ? AND claimed_by_device = ?`,
      ).run(device, user.id, JSON.stringify(lifecycle), JSON.stringify(nextDoc), now, row.id, device);
      appendAudit(db, {
        at: now,
        reportId: row.id,
        user,
        device,
        action: 'submit',
        detail: {
          fingerprint: savedPir.inspectionSignatures.fingerprint ?? null,
          savedAt: save.saved_at,
          form: form.id,
          pdf: pdfId,
          files: pending.map((a) => ({ fileUrl: a.file_url, part: a.part, size: a.size, sha256: a.sha256 })),
          startOfInspection: checked.startOfInspection,
          endOfInspection: checked.endOfInspection,
          principalInspector: extended.pir.monitoringDetails.principalInspectorName,
        },
      });
      return true;
    })();
    if (!ok) return sendJson(c, completeSubmitReply, false);
    ctx.log.info('[submit] submitted', { report: row.id, device });
    return sendJson(c, completeSubmitReply, receiptOf(row.id, save, listAnnounced(db, row.id), submitDate.toISOString()));
  });

  return r;
}
