/** What each task does: its request, and how its result is applied on the tablet. */
import type { Extended, Task } from '@/lib/contract';
import { IDEMPOTENCY_HEADER, UPLOAD_OK_PREFIX } from '@/lib/contract/constants';
import { loadContract } from '@/lib/contract/load';
import { call } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { download, upload } from '@/lib/api/transfer';
import { editReport, allReports } from '@/lib/local-data/reports-store';
import { getFile, putFile, storedFileType } from '@/lib/local-data/files-store';
import { SUBTYPE, type UploadItem } from './builders';
import { FinalError, PausedError, retryState, type TaskHandler } from './runner';

/** How many times the server may answer that a submission is not complete before it counts as refused. */
export const VERIFY_ATTEMPTS = 8;

/** The message of a file the tablet could not store (errors.storeFailed). */
const STORE_FAILED = 'error.storeFailed';

/** Which failures retrying can mend: no answer, server errors, timeouts, rate limits. */
export function isTransient(e: unknown): boolean {
  if (!(e instanceof ApiError)) return !(e instanceof FinalError);
  if (e.kind === 'no-response' || e.kind === 'invalid-reply') return true;
  if (e.kind === 'no-request') return e.details !== 'aborted';
  const s = e.status ?? 0;
  return s >= 500 || s === 408 || s === 429;
}

/** Re-raises a failure as final (4xx), paused (session gone) or transient (retried). */
function classify(e: unknown): never {
  if (e instanceof ApiError && e.status === 401) throw new PausedError(e.message);
  if (isTransient(e)) throw e;
  if (e instanceof ApiError) throw new FinalError(e.message, { status: e.status, details: e.details, url: e.url });
  throw e;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    classify(e);
  }
}

const idem = (t: Task) => ({ [IDEMPOTENCY_HEADER]: t.uid });

function reportOf(t: Task) {
  const r = allReports().find((x) => x.id === t.subject);
  if (!r) throw new FinalError('missing PIR in task');
  return r;
}

/**
 * A file the tablet cannot store (storage refused or full) will not be stored by trying again in a
 * few seconds: the task stops at once with the reason, and the inspector sees it and may retry.
 */
async function storeOrStop(record: Parameters<typeof putFile>[0]) {
  try {
    await putFile(record);
  } catch (e) {
    throw new FinalError(STORE_FAILED, { file: record.filename, reason: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
  }
}

/** A claim that takes a report from the tablet holding it (`?reclaim=1`, see buildPrepareProcess). */
export function isReclaim(t: Pick<Task, 'subtype' | 'url'>): boolean {
  return t.subtype === SUBTYPE.claim && /[?&]reclaim=1(&|$)/.test(t.url);
}

/**
 * The task kinds. Batches (SPEC §4 files side by side): a preparation's claim and extended info run
 * beside the downloads after them, the extended info needing nothing from the files nor they from it,
 * the claim's files downloaded while it is on its way rather than one round trip later; a claim
 * refused for good stops them, and the preparation's files are deleted with it (docs/decisions.md).
 */
export const handlers: Record<string, TaskHandler> = {
  [SUBTYPE.claim]: {
    // A reclaim runs alone: the extended info then holds the other tablet's draft, which the server gives
    // only to the tablet holding the report (docs/decisions.md), so it is asked for after.
    batch: (t) => (isReclaim(t) ? undefined : 'download'),
    stopsItsBatch: true,
    async execute(t, { signal }) {
      const reply = await guarded(() => call(t.url, (c) => c.claimReply, { method: 'post', json: t.body, headers: idem(t), signal }));
      // SPEC §5: a claim reply of 0 is an error.
      if (reply === 0) throw new FinalError('error.claim');
      return reply;
    },
  },

  [SUBTYPE.extended]: {
    batch: 'download',
    execute: (t, { signal }) => guarded(() => call(t.url, (c) => c.extendedReply, { signal })),
    async resolve(t, result) {
      const ext = (await loadContract()).extended.parse(result) as Extended;
      // Never overwrite what the inspector typed on this tablet with the server's copy.
      editReport(t.subject, (r) => (r.extended ? r : { ...r, extended: ext }), { byInspector: false });
    },
  },

  [SUBTYPE.file]: {
    batch: 'download',
    transfer: true,
    storedLazily: true,
    async execute(t, { signal, progress, transferred }) {
      const body = t.body as { fileId: string; filename: string; contentType: string };
      // A file that failed once is counted on its way on the next tries: on a very slow link a small
      // file can miss its deadline, never the 30 s silence timer while bytes still come.
      const counted = retryState(t).attempts > 0;
      const { content, contentType } = await guarded(() =>
        download(t.url, { signal, counted, onProgress: (loaded, total) => total && progress(loaded / total) }),
      );
      transferred();
      const type = contentType.split(';')[0]!.trim() || body.contentType;
      await storeOrStop({
        id: body.fileId,
        url: t.url,
        date: new Date().toISOString(),
        content,
        width: null,
        height: null,
        filename: body.filename,
        type: storedFileType(type),
        size: content.size,
        pirId: t.subject,
        contentType: type,
      });
      return { size: content.size };
    },
  },

  [SUBTYPE.save]: {
    sends: true,
    async execute(t, { signal }) {
      const report = reportOf(t);
      if (!report.extended) throw new FinalError('missing PIR in task');
      const uploads = (t.body as { uploads: UploadItem[] }).uploads;
      const announce = (part: UploadItem['part']) =>
        uploads.filter((u) => u.part === part).map((u) => ({ fileUrl: u.fileUrl, contentType: u.contentType, size: u.size, sha256: u.sha256, ...u.meta }));
      const form = new FormData();
      form.set('pir', JSON.stringify(report));
      form.set('vessel', JSON.stringify(report.extended.vessel));
      form.set('pictures', JSON.stringify(announce('pictures')));
      form.set('attachments', JSON.stringify(announce('attachments')));
      form.set('signatures', JSON.stringify(announce('signatures')));
      return guarded(() => call(t.url, (c) => c.saveReply, { method: 'post', body: form, headers: idem(t), signal }));
    },
  },

  [SUBTYPE.upload]: {
    batch: 'upload',
    transfer: true,
    sends: true,
    async execute(t, { signal, progress }) {
      const item = t.body as UploadItem;
      const file = await getFile(item.storedFileId);
      if (!file?.content) throw new FinalError('could not load image', { file: item.storedFileId });
      const reply = await guarded(() =>
        upload(t.url, file.content!, { idempotencyKey: t.uid, signal, onProgress: (loaded, total) => total && progress(loaded / total) }),
      );
      // SPEC §5: an upload reply must begin with ok.
      if (!reply.startsWith(UPLOAD_OK_PREFIX)) throw new FinalError('error.upload', { reply: reply.slice(0, 200) });
      return reply;
    },
  },

  [SUBTYPE.verify]: {
    async execute(t, { signal }) {
      const ok = await guarded(() => call(t.url, (c) => c.completeSubmitReply, { signal }));
      // Not everything arrived yet: worth asking again a few times; the server answering "no" on and
      // on is a refusal it means (error.verify), not a network to wait for.
      if (!ok) throw retryState(t).attempts + 1 >= VERIFY_ATTEMPTS ? new FinalError('error.verify') : new Error('error.verify');
      return ok;
    },
  },
};

