/**
 * A report's own outbox (SPEC §4 submit): its entries and each file it sends, from "on this tablet"
 * through waiting, sending and sent to confirmed by the server's receipt, in the order a submission sends them.
 */
import { describe, expect, it } from 'vitest';
import type { Pir } from '@/lib/contract';
import { buildSubmitProcess, type UploadItem } from '@/lib/tasks/builders';
import { storedReceiptOf } from '@/lib/lifecycle/receipt';
import { outboxCounts, reportOutbox } from '@/lib/reports/report-outbox';
import { emptyExtended, report } from './fixtures/report';

const h = (c: string) => c.repeat(64);

function signed(status: Pir['status']): Pir {
  const extended = emptyExtended();
  extended.pictures = [
    { uid: 'p1', type: 'BOW', author: 'Claire', description: 'Bow', date: null },
    { uid: 'p2', type: 'STERN', author: 'Claire', description: 'Stern', date: null },
  ];
  extended.attachments = [
    { uid: 'a1', type: 'LOGBOOK', name: 'Logbook', offline: true, documentTag: null, pictures: ['attachment-page:1:a1:x'] },
    // a remote attachment is on the server already, and a local one with no page is not kept
    { uid: 'a2', type: 'LICENCE', name: 'Licence', offline: false, documentTag: 'LIC', pictures: [] },
    { uid: 'a3', type: 'OTHER', name: 'Draft', offline: true, documentTag: null, pictures: [] },
  ];
  return report(1, status, { extended, inspectionSignatures: { masterSignature: 'signature:1:master:s', inspectorSignature: 'signature:1:inspector:s', masterRefuses: false } });
}

const uploads: UploadItem[] = [
  { part: 'signatures', storedFileId: 's', fileUrl: 'signature_master.png', contentType: 'image/png', size: 900, sha256: h('a'), meta: { role: 'master' } },
  { part: 'signatures', storedFileId: 's', fileUrl: 'signature_inspector.png', contentType: 'image/png', size: 800, sha256: h('b'), meta: { role: 'inspector' } },
  { part: 'pictures', storedFileId: 'p', fileUrl: 'picture_p1.jpg', contentType: 'image/jpeg', size: 5000, sha256: h('c'), meta: { uid: 'p1' } },
  { part: 'pictures', storedFileId: 'p', fileUrl: 'picture_p2.jpg', contentType: 'image/jpeg', size: 6000, sha256: h('d'), meta: { uid: 'p2' } },
  { part: 'attachments', storedFileId: 'a', fileUrl: 'LOGBOOK_a1.pdf', contentType: 'application/pdf', size: 7000, sha256: h('e'), meta: { uid: 'a1' } },
];
let n = 0;
const submitProcess = (r: Pir) => buildSubmitProcess(r, uploads, { uid: () => `u${n++}`, now: new Date('2026-11-27T10:00:00Z') });

describe('a report’s own outbox', () => {
  it('before submitting: the entries and every file the submission will send are on this tablet, not sent', () => {
    const o = reportOutbox(signed('readytosubmit'), undefined);
    expect(o.entries).toBe('onTablet');
    expect(o.files.map((f) => [f.fileUrl, f.state])).toEqual([
      ['signature_master.png', 'onTablet'],
      ['signature_inspector.png', 'onTablet'],
      ['picture_p1.jpg', 'onTablet'],
      ['picture_p2.jpg', 'onTablet'],
      ['LOGBOOK_a1.pdf', 'onTablet'],
    ]);
  });

  it('a report with no file of its own (only the vessel’s photos on file) has none to send', () => {
    const r = report(2, 'readytosubmit', { extended: emptyExtended(), vesselPictures: [{ id: 1 } as Pir['vesselPictures'][number]] });
    expect(reportOutbox(r, undefined).files).toEqual([]);
  });

  it('while submitting: each file’s state is its upload task’s, with the size announced', () => {
    const p = submitProcess(signed('submitting'));
    const status = ['RESOLVED', 'RESOLVED', 'RESOLVED', 'REGISTERED', 'REJECTED', 'UNDEFINED', 'UNDEFINED'] as const;
    p.tasks = p.tasks.map((t, i) => ({ ...t, status: status[i]! }));
    const o = reportOutbox(signed('submitting'), p);
    expect(o.entries).toBe('sent');
    expect(o.files.map((f) => [f.fileUrl, f.state, f.size])).toEqual([
      ['signature_master.png', 'sent', 900],
      ['signature_inspector.png', 'sent', 800],
      ['picture_p1.jpg', 'sending', 5000],
      ['picture_p2.jpg', 'failed', 6000],
      ['LOGBOOK_a1.pdf', 'waiting', 7000],
    ]);
    expect(outboxCounts(o)).toMatchObject({ sent: 2, sending: 1, failed: 1, waiting: 1 });
    // nothing acknowledged yet: the entries wait too
    expect(reportOutbox(signed('submitting'), submitProcess(signed('submitting'))).entries).toBe('waiting');
  });

  it('after the receipt: a file held unchanged is confirmed, one held with other bytes or missing differs', () => {
    const files = uploads.map((u) => ({ fileUrl: u.fileUrl, part: u.part, size: u.size, sha256: u.sha256 }));
    files[3] = { ...files[3]!, sha256: h('9') };
    const receipt = { reportId: 1, submitDate: '2026-11-27T10:01:00Z', fingerprint: h('f'), files: files.slice(0, 4), total: { files: 4, bytes: 1 } };
    const r = { ...signed('submitted'), submissionReceipt: storedReceiptOf(receipt, uploads, new Date()) };
    const o = reportOutbox(r, undefined);
    expect(o.entries).toBe('confirmed');
    expect(o.files.map((f) => f.state)).toEqual(['confirmed', 'confirmed', 'confirmed', 'differs', 'differs']);
  });
});
