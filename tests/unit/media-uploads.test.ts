import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { QueryClient } from '@tanstack/react-query';
import jpeg from 'jpeg-js';
import { PDFDocument } from 'pdf-lib';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Pir } from '@/lib/contract';
import { saveParts } from '@/lib/contract';
import { createAppRuntime } from '@/lib/app/runtime';
import { localKeys } from '@/lib/local-data/cache';
import { db } from '@/lib/local-data/db';
import { getFile } from '@/lib/local-data/files-store';
import { contentBytes } from '@/lib/local-data/file-content';
import { allReports, flushEdits } from '@/lib/local-data/reports-store';
import { addAttachment, addAttachmentPage, addMarkedUpPicture, addPicture, deleteAttachment, deleteAttachmentPage, deletePicture, updatePicture } from '@/features/inspection/data/pictures';
import { attachmentPdfFileId, pictureFileId } from '@/lib/media/file-ids';
import type { ResizedImage } from '@/lib/media/resize';
import { collectUploads } from '@/lib/reports/actions';
import { sessionStore } from '@/lib/session/session-store';
import { newFishingAuthorization, newTranshipmentAuthorization } from '@/features/inspection/model/definitions';
import { emptyExtended, report } from './fixtures/report';

function image(width: number, height: number): ResizedImage {
  const data = Buffer.alloc(width * height * 4, 180);
  const bytes = jpeg.encode({ data, width, height }, 70).data;
  return { bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, width, height, contentType: 'image/jpeg' };
}

const ID = 41;
const current = () => allReports().find((r) => r.id === ID)!;
const sha = (b: ArrayBuffer) => createHash('sha256').update(Buffer.from(b)).digest('hex');

beforeEach(async () => {
  // This tablet, 'T', holds the report.
  sessionStore.set({ id: 1, name: 'Amina', username: 'amina', deviceName: 'T', inspector: true, adminUser: false, flagStateUser: false, portStateUser: true, loggedIn: true, token: null });
  const client = new QueryClient();
  createAppRuntime(client);
  const d = await db();
  await Promise.all([d.clear('files'), d.clear('reports')]);
  const r: Pir = report(ID, 'inspecting', {
    claimedByDevice: 'T',
    extended: {
      ...emptyExtended(),
      attachments: [{ uid: '25', type: 'AUTF', name: 'AUTF_25.pdf', offline: false, documentTag: 'AUTF', pictures: [] }],
    },
    inspectionstatus: { vesselpictures: true, pirattachments: true, monitoring: true },
  });
  client.setQueryData(localKeys.reports, [r]);
});

describe('inspection pictures and attachments on a report', () => {
  it('adds a picture (file stored, step edited, date defaults to now), updates and deletes it with its file', async () => {
    const uid = await addPicture(ID, image(30, 20), { author: 'Amina Hoareau' });
    const r = current();
    expect(r.extended!.pictures).toEqual([{ uid, type: '', author: 'Amina Hoareau', description: '', date: expect.any(String) }]);
    expect(Date.now() - Date.parse(r.extended!.pictures[0]!.date!)).toBeLessThan(5000);
    expect(r.inspectionstatus.vesselpictures).toBe(false);
    const f = await getFile(pictureFileId(ID, uid));
    expect(f).toMatchObject({ width: 30, height: 20, contentType: 'image/jpeg', type: 'image', pirId: ID });

    // The step's messages are recomputed with each edit: a picture needs a type.
    expect(r.inspectionErrors.vesselpictures).toEqual({ isValid: false, errors: { 'pictures.0.type': [{ key: 'required' }] } });
    updatePicture(ID, uid, { type: 'PWHO', description: 'bow' });
    expect(current().extended!.pictures[0]).toMatchObject({ type: 'PWHO', description: 'bow' });
    expect(current().inspectionErrors.vesselpictures).toEqual({ isValid: true, errors: {} });

    await deletePicture(ID, uid);
    expect(current().extended!.pictures).toEqual([]);
    expect(await getFile(pictureFileId(ID, uid))).toBeUndefined();
  });

  it('makes a local attachment from its first page, adds and deletes pages, never the last one', async () => {
    const uid = await addAttachment(ID, 'CRLI', [image(20, 30)]);
    let a = current().extended!.attachments.find((x) => x.uid === uid)!;
    expect(a).toMatchObject({ type: 'CRLI', name: `CRLI_${uid}.pdf`, offline: true, documentTag: null });
    expect(a.pictures).toHaveLength(1);
    expect(current().inspectionstatus.pirattachments).toBe(false);

    const page2 = await addAttachmentPage(ID, uid, image(20, 30));
    a = current().extended!.attachments.find((x) => x.uid === uid)!;
    expect(a.pictures).toEqual([a.pictures[0], page2]);

    await deleteAttachmentPage(ID, uid, page2);
    expect(current().extended!.attachments.find((x) => x.uid === uid)!.pictures).toHaveLength(1);
    expect(await getFile(page2)).toBeUndefined();
    // The last page stays: the attachment is deleted instead.
    await deleteAttachmentPage(ID, uid, a.pictures[0]!);
    expect(current().extended!.attachments.find((x) => x.uid === uid)!.pictures).toHaveLength(1);

    // Remote attachments cannot be changed.
    await expect(addAttachmentPage(ID, '25', image(5, 5))).rejects.toThrow();
    await deleteAttachment(ID, '25');
    expect(current().extended!.attachments.some((x) => x.uid === '25')).toBe(true);
  });

  it('deleting an attachment drops its pages and the references to it (monitoring attachments)', async () => {
    const uid = await addAttachment(ID, 'MFR', [image(10, 10), image(10, 10)], 'monitoring');
    const pages = current().extended!.attachments.find((x) => x.uid === uid)!.pictures;
    const withRef = current();
    const { editReport } = await import('@/lib/local-data/reports-store');
    editReport(ID, () => ({ ...withRef, inspectionstatus: { ...withRef.inspectionstatus, monitoring: true }, extended: { ...withRef.extended!, pir: { ...withRef.extended!.pir, monitoredLanTrxAttachments: [uid] } } }));
    await deleteAttachment(ID, uid);
    expect(current().extended!.attachments.some((x) => x.uid === uid)).toBe(false);
    expect(current().extended!.pir.monitoredLanTrxAttachments).toEqual([]);
    expect(current().inspectionstatus.monitoring).toBe(false);
    for (const p of pages) expect(await getFile(p)).toBeUndefined();
  });

  it('an authorisation\'s attachment (SPEC §3: AUTF, TRAU) is made for its step, linked, sent with the submission, and unlinked when deleted', async () => {
    const { editReport } = await import('@/lib/local-data/reports-store');
    editReport(ID, (r) => ({
      ...r,
      inspectionstatus: { ...r.inspectionstatus, RelevantFishingauthorisation: true, RelevantTranshipmentAuthorisation: true },
      extended: {
        ...r.extended!,
        pir: { ...r.extended!.pir, fishingAuthorizations: [newFishingAuthorization('fa1')], transhipmentAuthorizations: [newTranshipmentAuthorization('ta1')] },
      },
    }));
    // A new document made from a step's picker is an edit of that step.
    const autf = await addAttachment(ID, 'AUTF', [image(20, 30)], 'RelevantFishingauthorisation');
    const trau = await addAttachment(ID, 'TRAU', [image(20, 30)], 'RelevantTranshipmentAuthorisation');
    expect(current().inspectionstatus).toMatchObject({ RelevantFishingauthorisation: false, RelevantTranshipmentAuthorisation: false, pirattachments: true });
    editReport(ID, (r) => ({
      ...r,
      inspectionstatus: { ...r.inspectionstatus, RelevantFishingauthorisation: true, RelevantTranshipmentAuthorisation: true },
      extended: {
        ...r.extended!,
        pir: {
          ...r.extended!.pir,
          fishingAuthorizations: r.extended!.pir.fishingAuthorizations.map((a) => ({ ...a, attachment: autf })),
          transhipmentAuthorizations: r.extended!.pir.transhipmentAuthorizations.map((a) => ({ ...a, attachment: trau })),
        },
      },
    }));
    await flushEdits();

    // The submission sends each as a PDF of its type; the links go with the report in the save.
    const sent = (await collectUploads(current())).filter((i) => i.part === 'attachments');
    expect(sent.map((i) => i.meta).sort((a, b) => String(a.type).localeCompare(String(b.type)))).toEqual([
      { uid: autf, type: 'AUTF', name: `AUTF_${autf}.pdf` },
      { uid: trau, type: 'TRAU', name: `TRAU_${trau}.pdf` },
    ]);
    const pirPart = saveParts.pir.parse(current());
    expect(pirPart.extended!.pir.fishingAuthorizations[0]!.attachment).toBe(autf);
    expect(pirPart.extended!.pir.transhipmentAuthorizations[0]!.attachment).toBe(trau);

    // Deleting the document drops the link and clears that step's done flag only.
    await deleteAttachment(ID, trau);
    expect(current().extended!.pir.transhipmentAuthorizations[0]!.attachment).toBeNull();
    expect(current().extended!.pir.fishingAuthorizations[0]!.attachment).toBe(autf);
    expect(current().inspectionstatus).toMatchObject({ RelevantFishingauthorisation: true, RelevantTranshipmentAuthorisation: false });
  });

  it('refuses changes once the report is no longer being inspected', async () => {
    const { editReport } = await import('@/lib/local-data/reports-store');
    editReport(ID, (r) => ({ ...r, status: 'signing' }));
    await expect(addPicture(ID, image(5, 5), { author: 'x' })).rejects.toMatchObject({ reason: 'notEditable' });
    await flushEdits();
    expect((await (await db()).getAllKeys('files')).filter((k) => k.startsWith('picture:'))).toEqual([]);
  });

  it('refuses changes to a report another tablet holds, even while it is inspecting (SPEC §6)', async () => {
    const { editReport } = await import('@/lib/local-data/reports-store');
    editReport(ID, (r) => ({ ...r, claimedByDevice: 'OTHER-TAB' }));
    await expect(addPicture(ID, image(5, 5), { author: 'x' })).rejects.toMatchObject({ reason: 'notEditable' });
    await flushEdits();
    expect(current().extended?.pictures).toEqual([]);
    expect((await (await db()).getAllKeys('files')).filter((k) => k.startsWith('picture:'))).toEqual([]);
  });
});

describe('collectUploads: what a submission sends', () => {
  it('sends each picture as picture_{uid}.jpg and each local attachment as one PDF {type}_{uid}.pdf, sha256 and size of those bytes', async () => {
    const pic = await addPicture(ID, image(40, 30), { author: 'Amina Hoareau', type: 'PWHO', description: 'whole' });
    const att = await addAttachment(ID, 'CRLI', [image(20, 30), image(30, 20)]);
    await flushEdits();
    const items = await collectUploads(current());

    const picture = items.find((i) => i.part === 'pictures')!;
    const stored = await getFile(pictureFileId(ID, pic));
    expect(picture).toMatchObject({ storedFileId: pictureFileId(ID, pic), fileUrl: `picture_${pic}.jpg`, contentType: 'image/jpeg', size: stored!.size });
    expect(picture.sha256).toBe(sha(await contentBytes(stored!.content!)));
    expect(picture.meta).toEqual({ uid: pic, type: 'PWHO', author: 'Amina Hoareau', description: 'whole', date: expect.any(String) });

    const attachments = items.filter((i) => i.part === 'attachments');
    // The remote AUTF attachment is on the server already.
    expect(attachments).toHaveLength(1);
    const pdfItem = attachments[0]!;
    expect(pdfItem).toMatchObject({ storedFileId: attachmentPdfFileId(ID, att), fileUrl: `CRLI_${att}.pdf`, contentType: 'application/pdf' });
    expect(pdfItem.meta).toEqual({ uid: att, type: 'CRLI', name: `CRLI_${att}.pdf` });
    const pdf = await getFile(pdfItem.storedFileId);
    expect(pdf).toMatchObject({ type: 'pdf', contentType: 'application/pdf', pirId: ID });
    const pdfBytes = await contentBytes(pdf!.content!);
    expect(pdfItem.size).toBe(pdfBytes.byteLength);
    expect(pdfItem.sha256).toBe(sha(pdfBytes));
    expect((await PDFDocument.load(pdfBytes)).getPageCount()).toBe(2);

    // What the save announces passes the contract.
    const announce = (part: 'pictures' | 'attachments') =>
      items.filter((u) => u.part === part).map((u) => ({ fileUrl: u.fileUrl, contentType: u.contentType, size: u.size, sha256: u.sha256, ...u.meta }));
    expect(saveParts.pictures.safeParse(announce('pictures')).success).toBe(true);
    expect(saveParts.attachments.safeParse(announce('attachments')).success).toBe(true);
    // So does the report itself, whose local attachment lists its pages by their (long) file ids.
    expect(saveParts.pir.safeParse(current()).error?.issues).toBeUndefined();
  });
});

describe('a marked-up copy of a picture (issue 21)', () => {
  it('is stored as a picture of its own beside the untouched original, and sent as a normal picture naming its original', async () => {
    const a = await addPicture(ID, image(40, 30), { author: 'Amina', type: 'PWHO', description: 'hold' });
    const b = await addPicture(ID, image(40, 30), { author: 'Amina', type: 'PPBR' });
    await flushEdits();
    const originalBytes = sha(await contentBytes((await getFile(pictureFileId(ID, a)))!.content!));
    const before = current().extended!.pictures.find((p) => p.uid === a)!;
    const { editReport } = await import('@/lib/local-data/reports-store');
    editReport(ID, (r) => ({ ...r, inspectionstatus: { ...r.inspectionstatus, vesselpictures: true } }));

    const copy = await addMarkedUpPicture(ID, a, image(40, 30), { author: 'Ravi', description: 'Marked up: hold' });
    await flushEdits();
    const pictures = current().extended!.pictures;
    expect(pictures.map((p) => p.uid)).toEqual([a, copy, b]);
    expect(pictures[0]).toEqual(before);
    expect(pictures[1]).toEqual({ uid: copy, type: 'PWHO', author: 'Ravi', description: 'Marked up: hold', date: before.date, markupOf: a });
    expect(current().inspectionstatus.vesselpictures).toBe(false);
    expect(sha(await contentBytes((await getFile(pictureFileId(ID, a)))!.content!))).toBe(originalBytes);
    expect(await getFile(pictureFileId(ID, copy))).toMatchObject({ filename: `picture_${copy}.jpg`, contentType: 'image/jpeg', pirId: ID });

    const sent = (await collectUploads(current())).filter((i) => i.part === 'pictures');
    expect(sent.map((i) => i.fileUrl)).toEqual([`picture_${a}.jpg`, `picture_${copy}.jpg`, `picture_${b}.jpg`]);
    expect(sent[0]!.meta).not.toHaveProperty('markupOf');
    expect(sent[1]!.meta).toMatchObject({ uid: copy, type: 'PWHO', markupOf: a });
    const announced = sent.map((u) => ({ fileUrl: u.fileUrl, contentType: u.contentType, size: u.size, sha256: u.sha256, ...u.meta }));
    expect(saveParts.pictures.safeParse(announced).error?.issues).toBeUndefined();
    expect(saveParts.pir.safeParse(current()).error?.issues).toBeUndefined();

    // Deleting the original keeps the copy, no longer linked.
    await deletePicture(ID, a);
    await flushEdits();
    expect(current().extended!.pictures.map((p) => [p.uid, p.markupOf ?? null])).toEqual([
      [copy, null],
      [b, null],
    ]);
  });

  it('is refused (and nothing stored) when the original is gone or the report is no longer editable', async () => {
    await expect(addMarkedUpPicture(ID, 'missing', image(5, 5), { author: 'x', description: 'x' })).rejects.toMatchObject({ reason: 'notFound' });
    const a = await addPicture(ID, image(5, 5), { author: 'x' });
    const { editReport } = await import('@/lib/local-data/reports-store');
    editReport(ID, (r) => ({ ...r, status: 'signing' }));
    await expect(addMarkedUpPicture(ID, a, image(5, 5), { author: 'x', description: 'x' })).rejects.toMatchObject({ reason: 'notEditable' });
    await flushEdits();
    expect(current().extended!.pictures.map((p) => p.uid)).toEqual([a]);
    expect((await (await db()).getAllKeys('files')).filter((k) => k.startsWith('picture:'))).toEqual([pictureFileId(ID, a)]);
  });
});
