/** Issue 22 item 4: the server's receipt kept with the report, checked against what was sent, kept by the merge. */
import { describe, expect, it } from 'vitest';
import type { StoredReceipt } from '@/lib/contract';
import { mergeFromServer } from '@/lib/reports/merge';
import { checkReceipt, receiptToShow, storedReceiptOf } from '@/lib/lifecycle/receipt';
import { report } from './fixtures/report';

const h = (c: string) => c.repeat(64);
const sent = [
  { fileUrl: 'signature_master.png', size: 900, sha256: h('a') },
  { fileUrl: 'picture_p1.jpg', size: 5000, sha256: h('b') },
];
const reply = {
  reportId: 1,
  submitDate: '2026-11-25T10:00:00.000Z',
  fingerprint: h('f'),
  files: [
    { fileUrl: 'picture_p1.jpg', part: 'pictures' as const, size: 5000, sha256: h('b') },
    { fileUrl: 'signature_master.png', part: 'signatures' as const, size: 900, sha256: h('a') },
  ],
  total: { files: 2, bytes: 5900 },
};
const now = new Date('2026-11-25T10:00:01.000Z');

describe('the server receipt', () => {
  it('is kept from a receipt reply, not from an older server’s true', () => {
    expect(storedReceiptOf(true, sent, now)).toBeNull();
    expect(storedReceiptOf(reply, sent, now)).toEqual({ receipt: reply, sent, receivedAt: now.toISOString() });
  });

  it('counts the files sent that the server holds unchanged', () => {
    expect(checkReceipt(storedReceiptOf(reply, sent, now)!)).toEqual({ held: 2, sent: 2, checked: true, bytes: 5900 });
    const differs = { ...reply, files: [reply.files[0]!, { ...reply.files[1]!, sha256: h('c') }] };
    expect(checkReceipt(storedReceiptOf(differs, sent, now)!)).toMatchObject({ held: 1, sent: 2, checked: false });
    const missing = { ...reply, files: [reply.files[0]!] };
    expect(checkReceipt(storedReceiptOf(missing, sent, now)!)).toMatchObject({ held: 1, checked: false });
  });

  it('shows on a submitted report, and survives the merge from the server (which never sends it)', () => {
    const stored = storedReceiptOf(reply, sent, now) as StoredReceipt;
    const local = report(1, 'submitted', { submissionReceipt: stored });
    expect(receiptToShow(local)).toBe(stored);
    expect(receiptToShow(report(1, 'readytosubmit', { submissionReceipt: stored }))).toBeNull();
    const merged = mergeFromServer([local], [report(1, 'submitted', { code: 'PIR-NEW' })], 'SFA-TAB-01');
    expect(merged.reports[0]).toMatchObject({ code: 'PIR-NEW', submissionReceipt: stored });
  });
});
