/**
 * The fingerprint binding the signatures to what was signed. A hex SHA-256 over a
 * canonical form of the report's content and its files' hashes, taken by the tablet when the
 * inspection is completed (endInspection) and recomputed by the server at complete-submit from what it
 * received. Shared by the app and the server: pure, no browser-only or server-only import; the digest
 * is Web Crypto's `crypto.subtle.digest` (browsers and Node 18+).
 *
 * What counts (the content the inspector and the master sign):
 * - `report`: the report's id (a fingerprint never fits another report);
 * - `vessel`: extended.vessel, the vessel as the vessel-identity step edits it;
 * - `pir`: extended.pir, every step's content (catches, findings, infringements, comments, transhipments,
 *   the start and end of the inspection as printed on the report);
 * - `pictures`: extended.pictures (uid, type, author, description, date);
 * - `attachments`: extended.attachments without their local page ids (storage keys of this tablet; the
 *   pages count through the hash of the PDF they make);
 * - `masterRefuses`;
 * - `files`: every file the submission uploads (signature images, pictures, local attachments as PDF),
 *   each with its part, name, size, SHA-256 and the metadata announced with it, in file-name order.
 *
 * What does not (volatile, or the server's own): status, lifecycle, createDate, lastUpdateDate,
 * claimedByDevice, inspectionstatus, inspectionErrors, offlinePendingForms, submitedForms,
 * fileAttachements, vesselPictures, rarLink, creator, inspectionComment, portOfArrival, expectedArrival,
 * the top-level startOfInspection and vesselIdentity (the listing's copy, which the merge from the
 * server refreshes and the steps never edit), the signature stored-file ids (local keys: the images
 * count through their hashes), the fingerprint itself, a file's announced content type (the bytes count
 * through their hash) and the submission receipt.
 */
import type { Extended } from '../contract/entities';
import { sha256Hex } from '../hash/sha256';

/** The version of the canonical form, part of what is hashed. */
const FINGERPRINT_VERSION = 1;

/** A file the submission uploads, as the save announces it. */
export interface FingerprintFile {
  part: 'pictures' | 'attachments' | 'signatures';
  fileUrl: string;
  size: number;
  sha256: string;
  /** the part's own fields (uid, type, author, description, date; uid, type, name; role) */
  meta: Record<string, unknown>;
}

export interface FingerprintInput {
  reportId: number;
  extended: Extended;
  masterRefuses: boolean;
  files: readonly FingerprintFile[];
}

/** The announced fields that are not metadata (hashed apart, or not at all). */
const NOT_META = new Set(['fileUrl', 'contentType', 'size', 'sha256', 'part']);

/** The metadata of an announced file (a save part's entry): its fields but name, type, size and hash. */
export function announcedMeta(entry: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entry).filter(([k]) => !NOT_META.has(k)));
}

/** The signed content, as a plain value (before its canonical text). */
export function signedContent(input: FingerprintInput) {
  const { extended } = input;
  return {
    v: FINGERPRINT_VERSION,
    report: input.reportId,
    vessel: extended.vessel,
    pir: extended.pir,
    pictures: extended.pictures,
    attachments: extended.attachments.map(({ pictures: _pages, ...a }) => a),
    masterRefuses: input.masterRefuses,
    files: [...input.files]
      .sort((a, b) => (a.fileUrl < b.fileUrl ? -1 : a.fileUrl > b.fileUrl ? 1 : 0))
      .map((f) => ({ part: f.part, fileUrl: f.fileUrl, size: f.size, sha256: f.sha256, meta: announcedMeta(f.meta) })),
  };
}

/**
 * Canonical JSON: object keys sorted (by UTF-16 code units), no white space, keys whose value is
 * undefined left out (as JSON does), array order kept (the order of catches or rows is content).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && typeof v !== 'function')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

function sha256HexOf(text: string): Promise<string> {
  return sha256Hex(new TextEncoder().encode(text));
}

/** The fingerprint: hex SHA-256 of the canonical form of the signed content. */
export function computeFingerprint(input: FingerprintInput): Promise<string> {
  return sha256HexOf(canonicalJson(signedContent(input)));
}

/** Its short form, as printed for people (the PDF, the screen): four groups of four. */
export function shortFingerprint(fingerprint: string): string {
  return (fingerprint.slice(0, 16).match(/.{4}/g) ?? []).join(' ');
}
