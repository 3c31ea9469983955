/** Messages between the page and the export worker (types only: both sides import this). */
import type { ScannedReport } from '../model/images';
import type { Manifest } from '../model/manifest';
import type { RestoreResult } from './restore-write';
import type { AppVersions } from '../model/zip-reader';
import type { ExportProgress, ExportSettings } from './zip-writer';

export type WireSettings = Omit<ExportSettings, 'createdAt'> & { createdAt: string };

export type WorkerRequest =
  | { type: 'scan'; job: number; ids: number[] }
  | { type: 'export'; job: number; ids: number[]; settings: WireSettings }
  | { type: 'cancel'; job: number }
  /** reads and checks a zip; the checked bundle stays in the worker until apply or discard */
  | { type: 'read'; job: number; file: Blob; versions: AppVersions }
  | { type: 'apply'; job: number }
  | { type: 'discard' };

export interface WireError {
  code: string;
  values: Record<string, string | number>;
}

export type WorkerReply =
  | { type: 'scanned'; job: number; reports: ScannedReport[] }
  | { type: 'progress'; job: number; progress: ExportProgress }
  | { type: 'exported'; job: number; blob: Blob; size: number; reports: number; files: number; reduced: number }
  | { type: 'checked'; job: number; manifest: Manifest }
  | { type: 'applied'; job: number; result: RestoreResult }
  | { type: 'failed'; job: number; error: WireError };
