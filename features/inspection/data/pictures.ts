/**
 * Inspection pictures (`extended.pictures`) and attachments (`extended.attachments`) of a report
 * (SPEC §2 "Vessel attachment pages", §3): the image bytes are stored files (lib/media/file-ids.ts),
 * the report holds their descriptions. Every change is a step edit (editSteps): it clears the done
 * flag of the step it belongs to, and of any step pointing at what it removed, and checks them again;
 * the report is edited only while it is being inspected.
 *
 * An added file is stored before the report names it; a removed one is deleted after the report
 * stopped naming it (and that edit was stored), so a report never points at a missing file.
 */
import type { Attachment, Extended } from '@/lib/contract';
import type { StoredFileRecord } from '@/lib/local-data/db';
import { deleteFiles, putFile } from '@/lib/local-data/files-store';
import { smallCopyKey, storedSmallCopies } from '@/lib/local-data/small-copies';
import { flushEdits } from '@/lib/local-data/reports-store';
import { serverNow } from '@/lib/clock/clock';
import { currentDevice } from '@/lib/session/session-store';
import type { FormStep } from '@/lib/inspection/steps';
import { fishingAuthorisationStep } from '@/features/inspection/model/definitions/fishing-authorisations';
import { monitoringStep } from '@/features/inspection/model/definitions/monitoring';
import { pirAttachmentsStep } from '@/features/inspection/model/definitions/pir-attachments';
import { transhipmentAuthorisationStep } from '@/features/inspection/model/definitions/transhipment-authorisations';
import { vesselPicturesStep } from '@/features/inspection/model/definitions/vessel-pictures';
import type { StepDefinition } from '@/features/inspection/model/step-definition';
import { attachmentPdfName } from '@/lib/media/attachment-pdf';
import { attachmentPageFileId, attachmentPdfFileId, pictureFileId } from '@/lib/media/file-ids';
import { pictureFileName } from '@/lib/media/upload-names';
import { insertMarkup, removePicture } from '@/lib/media/markup';
import { MediaError, type ResizedImage } from '@/lib/media/resize';
import type { PreparedPir } from '../model/definitions/slices';
import { editSteps } from './edit-step';

export type InspectionPicture = Extended['pictures'][number];
export type PictureFields = Pick<InspectionPicture, 'type' | 'description' | 'date'>;

/** A local attachment is one made on this tablet (offline true, pages as stored images). */
export function isLocalAttachment(a: Attachment): boolean {
  return a.offline;
}

const newUid = () => crypto.randomUUID();

/**
 * The steps pictures and attachments belong to or are pointed at from, whose rules an edit here checks
 * again. Only these: the step chunks that edit pictures carry these definitions, not all 17.
 */
const MEDIA_STEPS = {
  vesselpictures: vesselPicturesStep,
  pirattachments: pirAttachmentsStep,
  monitoring: monitoringStep,
  RelevantFishingauthorisation: fishingAuthorisationStep,
  RelevantTranshipmentAuthorisation: transhipmentAuthorisationStep,
} satisfies Partial<Record<FormStep, StepDefinition>>;
export type MediaStep = keyof typeof MEDIA_STEPS;

/**
 * Applies a change to a report being inspected, as an edit of `steps` (and of the steps it says it
 * touched). Throws when the report is gone or no longer editable; returns whatever `change` reported.
 */
function edit<T>(reportId: number, steps: readonly MediaStep[], change: (r: PreparedPir) => { report: PreparedPir; result: T; touched?: MediaStep[] }): T {
  const outcome = editSteps(reportId, currentDevice(), (r) => {
    const c = change(r);
    return { report: c.report, result: c.result, steps: [...steps, ...(c.touched ?? [])].map((s): StepDefinition => MEDIA_STEPS[s]) };
  });
  if ('refused' in outcome) throw new MediaError(outcome.refused);
  return outcome.result;
}

/** Stored as a Blob: reading it back later (to show, hash or upload it) then costs the page no copy of its bytes. */
function fileRecord(id: string, reportId: number, filename: string, image: ResizedImage): StoredFileRecord {
  return {
    id,
    url: id,
    date: new Date().toISOString(),
    content: new Blob([image.bytes], { type: image.contentType }),
    width: image.width,
    height: image.height,
    filename,
    type: 'image',
    size: image.bytes.byteLength,
    pirId: reportId,
    contentType: image.contentType,
  };
}

/** Stores a picture; the small copy made with it is ready for its card (small-copies.ts). */
async function storeImage(record: StoredFileRecord, image: ResizedImage) {
  await putFile(record);
  if (image.small) storedSmallCopies.put(smallCopyKey(record), image.small);
}

/** A deleted picture or attachment is no longer offered where the report pointed at it. */
function dropReferences(r: PreparedPir, uids: ReadonlySet<string>): { report: PreparedPir; touched: MediaStep[] } {
  const pir = r.extended.pir;
  const touched: MediaStep[] = [];
  let next = pir;
  if (pir.monitoredLanTrxAttachments.some((u) => uids.has(u))) {
    next = { ...next, monitoredLanTrxAttachments: pir.monitoredLanTrxAttachments.filter((u) => !uids.has(u)) };
    touched.push('monitoring');
  }
  if (pir.fishingAuthorizations.some((a) => a.attachment && uids.has(a.attachment))) {
    next = { ...next, fishingAuthorizations: pir.fishingAuthorizations.map((a) => (a.attachment && uids.has(a.attachment) ? { ...a, attachment: null } : a)) };
    touched.push('RelevantFishingauthorisation');
  }
  if (pir.transhipmentAuthorizations.some((a) => a.attachment && uids.has(a.attachment))) {
    next = {
      ...next,
      transhipmentAuthorizations: pir.transhipmentAuthorizations.map((a) => (a.attachment && uids.has(a.attachment) ? { ...a, attachment: null } : a)),
    };
    touched.push('RelevantTranshipmentAuthorisation');
  }
  return { report: next === pir ? r : { ...r, extended: { ...r.extended, pir: next } }, touched };
}

// ------------------------------------------------------------------ pictures

/** Stores a picture and adds it to the report (date defaults to now). Returns its uid. */
export async function addPicture(
  reportId: number,
  image: ResizedImage,
  fields: Partial<PictureFields> & { author: string },
  step: MediaStep = 'vesselpictures',
): Promise<string> {
  const uid = newUid();
  const id = pictureFileId(reportId, uid);
  await storeImage(fileRecord(id, reportId, pictureFileName(uid), image), image);
  const picture: InspectionPicture = {
    uid,
    type: fields.type ?? '',
    author: fields.author,
    description: fields.description ?? '',
    date: fields.date ?? serverNow().toISOString(),
  };
  try {
    edit(reportId, [step], (r) => ({ report: { ...r, extended: { ...r.extended, pictures: [...r.extended.pictures, picture] } }, result: uid }));
  } catch (e) {
    await deleteFiles([id]);
    throw e;
  }
  return uid;
}

export function updatePicture(reportId: number, uid: string, patch: Partial<PictureFields>, step: MediaStep = 'vesselpictures') {
  edit(reportId, [step], (r) => {
    const list = r.extended.pictures;
    if (!list.some((p) => p.uid === uid)) return { report: r, result: undefined };
    return { report: { ...r, extended: { ...r.extended, pictures: list.map((p) => (p.uid === uid ? { ...p, ...patch } : p)) } }, result: undefined };
  });
}

export async function deletePicture(reportId: number, uid: string, step: MediaStep = 'vesselpictures') {
  const removed = edit(reportId, [step], (r) => {
    if (!r.extended.pictures.some((p) => p.uid === uid)) return { report: r, result: false };
    const dropped = dropReferences({ ...r, extended: { ...r.extended, pictures: removePicture(r.extended.pictures, uid) } }, new Set([uid]));
    return { report: dropped.report, result: true, touched: dropped.touched };
  });
  if (!removed) return;
  await flushEdits();
  await deleteFiles([pictureFileId(reportId, uid)]);
}

/**
 * Stores a marked-up copy of picture `originalUid` and adds it beside the original: same
 * type and date, `description`, `markupOf` naming the original. The original and its file are not
 * touched. Returns the copy's uid.
 */
export async function addMarkedUpPicture(
  reportId: number,
  originalUid: string,
  image: ResizedImage,
  fields: { author: string; description: string },
  step: MediaStep = 'vesselpictures',
): Promise<string> {
  const uid = newUid();
  const id = pictureFileId(reportId, uid);
  await storeImage(fileRecord(id, reportId, pictureFileName(uid), image), image);
  try {
    const added = edit(reportId, [step], (r) => {
      const original = r.extended.pictures.find((p) => p.uid === originalUid);
      if (!original) return { report: r, result: false };
      const copy: InspectionPicture = { uid, type: original.type, author: fields.author, description: fields.description, date: original.date, markupOf: originalUid };
      return { report: { ...r, extended: { ...r.extended, pictures: insertMarkup(r.extended.pictures, originalUid, copy) } }, result: true };
    });
    if (!added) throw new MediaError('notFound');
  } catch (e) {
    await deleteFiles([id]);
    throw e;
  }
  return uid;
}

// ------------------------------------------------------------------ attachments

/**
 * Makes a local attachment of a document type from its first page(s). An attachment is only
 * created with a page: a half-made one (no page yet) lives in the screen, not in the report.
 * Returns its uid.
 */
export async function addAttachment(reportId: number, type: string, pages: readonly ResizedImage[], step: MediaStep = 'pirattachments'): Promise<string> {
  if (pages.length === 0) throw new RangeError('an attachment needs at least one page');
  const uid = newUid();
  const records = pages.map((p, i) => fileRecord(attachmentPageFileId(reportId, uid, newUid()), reportId, `${type}_${uid}_${i + 1}.jpg`, p));
  for (const [i, rec] of records.entries()) await storeImage(rec, pages[i]!);
  const attachment: Attachment = {
    uid,
    type,
    name: attachmentPdfName(type, uid),
    offline: true,
    documentTag: null,
    pictures: records.map((rec) => rec.id),
  };
  try {
    edit(reportId, [step], (r) => ({ report: { ...r, extended: { ...r.extended, attachments: [...r.extended.attachments, attachment] } }, result: uid }));
  } catch (e) {
    await deleteFiles(records.map((rec) => rec.id));
    throw e;
  }
  return uid;
}

function withAttachment(r: PreparedPir, uid: string, change: (a: Attachment) => Attachment): PreparedPir {
  return { ...r, extended: { ...r.extended, attachments: r.extended.attachments.map((a) => (a.uid === uid ? change(a) : a)) } };
}

/** Adds a page at the end of a local attachment. Returns the page's file id. */
export async function addAttachmentPage(reportId: number, attachmentUid: string, image: ResizedImage, step: MediaStep = 'pirattachments'): Promise<string> {
  const id = attachmentPageFileId(reportId, attachmentUid, newUid());
  await storeImage(fileRecord(id, reportId, `page_${attachmentUid}.jpg`, image), image);
  try {
    const added = edit(reportId, [step], (r) => {
      const a = r.extended.attachments.find((x) => x.uid === attachmentUid);
      if (!a || !isLocalAttachment(a)) return { report: r, result: false };
      return { report: withAttachment(r, attachmentUid, (x) => ({ ...x, pictures: [...x.pictures, id] })), result: true };
    });
    if (!added) throw new MediaError('notFound');
  } catch (e) {
    await deleteFiles([id]);
    throw e;
  }
  return id;
}

/**
 * Removes one page of a local attachment. The last page is not removed this way: an attachment
 * without pages would upload an empty document — delete the attachment instead.
 */
export async function deleteAttachmentPage(reportId: number, attachmentUid: string, pageId: string, step: MediaStep = 'pirattachments') {
  const removed = edit(reportId, [step], (r) => {
    const a = r.extended.attachments.find((x) => x.uid === attachmentUid);
    if (!a || !isLocalAttachment(a) || !a.pictures.includes(pageId) || a.pictures.length <= 1) return { report: r, result: false };
    return { report: withAttachment(r, attachmentUid, (x) => ({ ...x, pictures: x.pictures.filter((p) => p !== pageId) })), result: true };
  });
  if (!removed) return;
  await flushEdits();
  await deleteFiles([pageId]);
}

/** Deletes a local attachment with its pages (remote ones come from the server and stay). */
export async function deleteAttachment(reportId: number, uid: string, step: MediaStep = 'pirattachments') {
  const pages = edit(reportId, [step], (r) => {
    const a = r.extended.attachments.find((x) => x.uid === uid);
    if (!a || !isLocalAttachment(a)) return { report: r, result: null as string[] | null };
    const dropped = dropReferences({ ...r, extended: { ...r.extended, attachments: r.extended.attachments.filter((x) => x.uid !== uid) } }, new Set([uid]));
    return { report: dropped.report, result: a.pictures, touched: dropped.touched };
  });
  if (!pages) return;
  await flushEdits();
  await deleteFiles([...pages, attachmentPdfFileId(reportId, uid)]);
}
