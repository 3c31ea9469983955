/**
 * The server's receipt of a submission, kept with the report until it is archived,
 * and checked against the files the tablet sent. Pure.
 */
import type { Pir, ReceiptFile, StoredReceipt, SubmitReceipt } from '@/lib/contract';

type Sent = Pick<ReceiptFile, 'fileUrl' | 'size' | 'sha256'>;

/** The receipt to keep from complete-submit's reply: none from an older server's `true`. */
export function storedReceiptOf(reply: unknown, sent: readonly Sent[], now: Date): StoredReceipt | null {
  if (!isReceipt(reply)) return null;
  return { receipt: reply, sent: sent.map(({ fileUrl, size, sha256 }) => ({ fileUrl, size, sha256 })), receivedAt: now.toISOString() };
}

function isReceipt(x: unknown): x is SubmitReceipt {
  return typeof x === 'object' && x !== null && Array.isArray((x as SubmitReceipt).files) && typeof (x as SubmitReceipt).total === 'object';
}

export interface ReceiptCheck {
  /** files sent that the server holds with the same size and SHA-256 */
  held: number;
  /** files the tablet sent */
  sent: number;
  /** every file sent is held, unchanged */
  checked: boolean;
  /** total size the server holds, in bytes */
  bytes: number;
}

export function checkReceipt(stored: StoredReceipt): ReceiptCheck {
  const byName = new Map(stored.receipt.files.map((f) => [f.fileUrl, f]));
  const held = stored.sent.filter((s) => {
    const f = byName.get(s.fileUrl);
    return f !== undefined && f.size === s.size && f.sha256 === s.sha256;
  }).length;
  return { held, sent: stored.sent.length, checked: held === stored.sent.length, bytes: stored.receipt.total.bytes };
}

/** The receipt shown for a report: a submitted report's, until it is archived. */
export function receiptToShow(report: Pick<Pir, 'status' | 'submissionReceipt'>): StoredReceipt | null {
  return report.status === 'submitted' ? (report.submissionReceipt ?? null) : null;
}
