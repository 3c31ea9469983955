/**
 * The data export file (SPEC §2 "Download data", §9): one zip holding `manifest.json`, each report as
 * `reports/{id}.json` and each stored file under `files/{reportId}/{nnn}-{safe name}`. The manifest
 * lists every other entry with its size and sha256, so a restore can check the whole file before it
 * writes anything. Pure: safe in the export worker, the page and Node.
 */
import '@/lib/contract/zod-config';
import { z } from 'zod';
import { pirStatus, storedFile } from '@/lib/contract';

export const EXPORT_FORMAT = 'iotc-pir-export';
/*
 * The manifest's `formatVersion` (the zip layout and manifest shape) and the version each report and
 * file record carries are those of lib/local-data/record-versions, which also migrates them; the
 * export data modules give its `migrate` to readExport (this folder stays pure).
 */
export const MANIFEST_PATH = 'manifest.json';

/** SPEC §9: image quality default 30 %; max size default 3000 px, slider 500 to 3000. */
export const DEFAULT_QUALITY_PERCENT = 30;
export const MIN_QUALITY_PERCENT = 5;
export const MAX_QUALITY_PERCENT = 100;
export const DEFAULT_MAX_SIZE = 3000;
export const MIN_MAX_SIZE = 500;
export const MAX_MAX_SIZE = 3000;
export const MAX_SIZE_STEP = 100;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'sha256');
const isoDate = z.string().min(1).max(40);

/** The only entry names a valid export holds (besides the manifest): no folders, dots or slashes of its own. */
const REPORT_PATH = /^reports\/[0-9]{1,15}\.json$/;
const FILE_PATH = /^files\/[0-9]{1,15}\/[0-9]{3,6}-[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;

export const reportPath = (id: number) => `reports/${id}.json`;

/** A name that is safe in any file system and zip tool: letters, digits, dot, dash and underscore. */
export function safeName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._-]+/, '')
    .replace(/\.{2,}/g, '.');
  return (cleaned || 'file').slice(0, 100);
}

/** `files/{reportId}/{nnn}-{name}`: the index keeps names unique, the name makes the zip readable. */
export function filePath(reportId: number, index: number, filename: string): string {
  return `files/${reportId}/${String(index).padStart(3, '0')}-${safeName(filename)}`;
}

export function isAllowedPath(name: string): boolean {
  return name === MANIFEST_PATH || REPORT_PATH.test(name) || FILE_PATH.test(name);
}

const manifestReport = z.object({
  id: z.number().int(),
  path: z.string().regex(REPORT_PATH),
  size: z.number().int().nonnegative(),
  sha256,
  status: pirStatus,
  title: z.string().max(300),
  claimedByDevice: z.string().max(100).nullable(),
  lastUpdateDate: isoDate,
});
export type ManifestReport = z.infer<typeof manifestReport>;

/** A stored file's record without its bytes (those are the zip entry), with its record version (none before versions). */
const fileRecordMeta = storedFile.omit({ content: true }).extend({ id: z.string().min(1).max(500), schemaVersion: z.number().int().min(1).optional() });

const manifestFile = z.object({
  path: z.string().regex(FILE_PATH),
  size: z.number().int().nonnegative(),
  sha256,
  record: fileRecordMeta,
  /** set when the picture was made smaller for the export: what the tablet held */
  original: z.object({ size: z.number().int().nonnegative(), width: z.number().int().nullable(), height: z.number().int().nullable() }).nullable(),
});
export type ManifestFile = z.infer<typeof manifestFile>;

export const manifestSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  formatVersion: z.number().int().min(1),
  appVersion: z.string().max(40),
  /** the versions of what the reports and files were stored with */
  schema: z.object({ db: z.number().int().min(1), cache: z.number().int().min(1) }),
  device: z.string().max(100),
  user: z.object({ id: z.number().int(), name: z.string().max(200) }).nullable(),
  createdAt: isoDate,
  images: z.object({
    quality: z.number().int().min(1).max(MAX_QUALITY_PERCENT),
    maxSize: z.number().int().min(1).max(100_000),
  }),
  reports: z.array(manifestReport).max(10_000),
  files: z.array(manifestFile).max(200_000),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** What decides whether this app can read a manifest at all. */
export const manifestHead = z.looseObject({
  format: z.literal(EXPORT_FORMAT),
  formatVersion: z.number().int().min(1),
  schema: z.looseObject({ db: z.number().int().min(1), cache: z.number().int().min(1) }),
});

/** The export's file name: `pir-export-{device}-{date}.zip`, with the local date and time. */
export function exportFileName(device: string, date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}-${p(date.getHours())}${p(date.getMinutes())}`;
  const dev = device.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'tablet';
  return `pir-export-${dev}-${stamp}.zip`;
}
