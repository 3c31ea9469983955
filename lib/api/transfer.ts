/**
 * File transfers with progress: downloads stream the body, uploads use XMLHttpRequest (whose
 * upload progress works on every browser, unlike streamed fetch bodies). Both carry the bearer
 * token and the 30 s timeout of SPEC §7; uploads carry an idempotency key.
 */
import { BASE_PATH, HTTP_TIMEOUT_MS, IDEMPOTENCY_HEADER, SESSION_EXPIRED } from '@/lib/contract/constants';
import { noteServerReply } from '@/lib/clock/clock';
import { noteServerAnswered, noteServerSilent } from './server-reach';
import { currentToken } from '@/lib/session/session-store';
import { ApiError, errorFromBody } from './errors';
import { notifySessionExpired } from './client';

export type Progress = (loaded: number, total: number | null) => void;

function absoluteUrl(link: string): string {
  return /^https?:\/\//.test(link) || link.startsWith('/') ? link : `${BASE_PATH}/${link}`;
}

/** Only this app's server tells the time (lib/clock): a link elsewhere answers with another clock. */
function fromServer(url: string): boolean {
  return url.startsWith(`${BASE_PATH}/`);
}

/** Files up to this size are fetched straight into a Blob (see `download`). */
export const DIRECT_DOWNLOAD_MAX_BYTES = 4 * 1024 * 1024;
/** The slowest link a direct download waits for: its deadline is 30 s plus its size at this rate. */
const SLOWEST_LINK_BYTES_PER_S = 32 * 1024;

/**
 * Downloads a file into a Blob, never gathered into one buffer in the page: the browser keeps it on
 * disk, and storing it in IndexedDB writes a reference instead of copying the bytes again.
 *
 * A file of up to 4 MB (the size is announced) goes straight from the network into the Blob, without
 * passing through the page's JavaScript: the fastest way, but nothing tells how far it is, so it has a
 * deadline (30 s plus its size at 32 KB/s: 158 s for 4 MB) instead of a silence timer, and its progress
 * jumps to the end. A bigger file, or one of unknown size, is counted on its way: progress within the
 * file, and a connection silent for 30 s aborts it; so is any file with `counted` (the task runner asks
 * for it when a file's first try failed: a slow link then still gets through). Preparing 45 files,
 * 87 MB: 1.02 s gathered into buffers, 0.76 s all counted, 0.64 s mostly direct.
 */
export async function download(
  link: string,
  options: {
    signal?: AbortSignal;
    onProgress?: Progress;
    /** count every file on its way, however small */
    counted?: boolean;
    /** the browser's fetch priority: 'low' for what can wait (a card's picture) */
    priority?: 'high' | 'low' | 'auto';
  } = {},
): Promise<{ content: Blob; contentType: string }> {
  const url = absoluteUrl(link);
  const idle = new AbortController();
  let timer = setTimeout(() => idle.abort(), HTTP_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, idle.signal]) : idle.signal;
  const token = currentToken();
  let res: Response;
  const sentAt = Date.now();
  try {
    // no-store: the file goes to IndexedDB (or stays in memory); a second copy in the browser's HTTP
    // cache would cost a disk write per file (preparation ran ~1.5x slower) and keep inspection files
    // outside the app's own storage, where erasing the tablet's data does not reach.
    const init: RequestInit & { priority?: string } = { cache: 'no-store', credentials: 'include', headers: token ? { Authorization: `Bearer ${token}` } : {}, signal };
    if (options.priority) init.priority = options.priority;
    res = await fetch(url, init);
  } catch {
    clearTimeout(timer);
    if (fromServer(url) && !options.signal?.aborted) noteServerSilent();
    throw new ApiError('no-response', 'no response', url);
  }
  if (fromServer(url)) {
    noteServerReply(res.headers.get('Date'), sentAt, Date.now());
    noteServerAnswered(res.status);
  }
  if (!res.ok) {
    clearTimeout(timer);
    const body = await res.text().catch(() => '');
    // SPEC §8: a 500 with an empty body is error.fileDownload; otherwise the server's message.
    const err = res.status === 500 && body.trim() === '' ? new ApiError('response', 'error.fileDownload', url, 500) : errorFromBody(res.status, url, body);
    if (res.status === 401 && err.message === SESSION_EXPIRED) notifySessionExpired(token);
    throw err;
  }
  // A compressed reply announces its compressed length, and the body arrives decoded: size unknown.
  const encoding = res.headers.get('Content-Encoding');
  const total = encoding && encoding !== 'identity' ? null : Number(res.headers.get('Content-Length')) || null;
  const contentType = res.headers.get('Content-Type') ?? 'application/octet-stream';
  let loaded = 0;
  let content: Blob;
  try {
    if (!options.counted && total !== null && total <= DIRECT_DOWNLOAD_MAX_BYTES) {
      clearTimeout(timer);
      timer = setTimeout(() => idle.abort(), HTTP_TIMEOUT_MS + (total / SLOWEST_LINK_BYTES_PER_S) * 1000);
      content = await res.blob();
      loaded = content.size;
      options.onProgress?.(loaded, total);
    } else {
      const counted = res.body?.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            loaded += chunk.byteLength;
            options.onProgress?.(loaded, total);
            clearTimeout(timer);
            timer = setTimeout(() => idle.abort(), HTTP_TIMEOUT_MS);
            controller.enqueue(chunk);
          },
        }),
      );
      content = counted ? await new Response(counted).blob() : await res.blob();
      if (!counted) loaded = content.size;
    }
  } catch {
    throw new ApiError('no-response', 'no response', url);
  } finally {
    clearTimeout(timer);
  }
  if (total !== null && loaded !== total) throw new ApiError('no-response', 'no response', url, undefined, { loaded, total });
  return { content, contentType };
}

/** Posts a stored file's content as application/octet-stream; resolves with the reply text. */
export function upload(
  path: string,
  bytes: ArrayBuffer | Blob,
  options: { idempotencyKey: string; signal?: AbortSignal; onProgress?: Progress },
): Promise<string> {
  const url = absoluteUrl(path);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = HTTP_TIMEOUT_MS;
    xhr.withCredentials = true;
    const token = currentToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader(IDEMPOTENCY_HEADER, options.idempotencyKey);
    xhr.upload.onprogress = (e) => options.onProgress?.(e.loaded, e.lengthComputable ? e.total : null);
    // The server's clock (lib/clock): timed from the body's last byte, so the upload's length does not count.
    let sentAt = Date.now();
    xhr.upload.onload = () => (sentAt = Date.now());
    xhr.onreadystatechange = () => {
      if (xhr.readyState === XMLHttpRequest.HEADERS_RECEIVED && fromServer(url)) {
        noteServerReply(xhr.getResponseHeader('Date'), sentAt, Date.now());
        noteServerAnswered(xhr.status);
      }
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(xhr.responseText);
      const err = errorFromBody(xhr.status, url, xhr.responseText);
      if (xhr.status === 401 && err.message === SESSION_EXPIRED) notifySessionExpired(token);
      reject(err);
    };
    const silent = () => {
      if (fromServer(url)) noteServerSilent();
      reject(new ApiError('no-response', 'no response', url));
    };
    xhr.onerror = silent;
    xhr.ontimeout = silent;
    xhr.onabort = () => reject(new ApiError('no-request', 'no request', url, undefined, 'aborted'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    // Sent as a Blob: bytes given to send() are copied on the page, and read again (whole) wherever the
    // request is observed; a Blob is handed to the browser as it is.
    xhr.send(bytes instanceof Blob ? bytes : new Blob([bytes]));
  });
}
