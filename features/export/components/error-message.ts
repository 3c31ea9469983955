import type { ExportFailure } from '@/features/export/data/client';
import { RESTORE_ERRORS } from '@/features/export/model/errors';

type Translate = (key: string, values?: Record<string, string | number>) => string;

const KNOWN = new Set<string>([...RESTORE_ERRORS, 'cancelled', 'worker', 'unexpected']);

/** The translated text of an export or restore failure, with what it names (path, report, version, sizes). */
export function errorMessage(t: Translate, failure: ExportFailure, size: (bytes: number) => string): string {
  const code = KNOWN.has(failure.code) ? failure.code : 'unexpected';
  const v = failure.values;
  return t(code, {
    path: String(v.path ?? ''),
    version: String(v.version ?? '?'),
    title: String(v.title ?? ''),
    id: String(v.id ?? ''),
    field: String(v.field || '—'),
    message: String(v.message ?? failure.code),
    size: size(Number(v.size ?? 0)),
    free: size(Number(v.free ?? 0)),
  });
}
