/**
 * File transfers with progress: downloads stream the body, uploads use XMLHttpRequest (whose
 * upload progress works on every browser, unlike streamed fetch bodies). Both carry the bearer
 * token and the 30 s timeout of SPEC §7; uploads carry an idempotency key.
 */
import { BASE_PATH, HTTP_TIMEOUT_MS, IDEMPOTENCY_HEADER, SESSION_EXPIRED } from '@/lib/contract/constants';
import { currentToken } from '@/lib/session/session-store';
import { ApiError, errorFromBody } from './errors';
import { notifySessionExpired } from './client';

export type Progress = (loaded: number, total: number | null) => void;

export function absoluteUrl(link: string): string {
  return /^https?:\/\//.test(link) || link.startsWith('/') ? link : `${BASE_PATH}/${link}`;
}

/** Downloads a file; a silent connection for 30 s aborts it. */
export async function download(link: string, options: { signal?: AbortSignal; onProgress?: Progress } = {}): Promise<{ bytes: ArrayBuffer; contentType: string }> {
  const url = absoluteUrl(link);
  const idle = new AbortController();
  let timer = setTimeout(() => idle.abort(), HTTP_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, idle.signal]) : idle.signal;
  const token = currentToken();
  let res: Response;
  try {
    // no-store: the bytes go to IndexedDB (or stay in memory); a second copy in the browser's HTTP
    // cache would cost a disk write per file (preparation ran ~1.5x slower) and keep inspection files
    // outside the app's own storage, where erasing the tablet's data does not reach.
    res = await fetch(url, { cache: 'no-store', credentials: 'include', headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  } catch {
    clearTimeout(timer);
    throw new ApiError('no-response', 'no response', url);
  }
  if (!res.ok) {
    clearTimeout(timer);
    const body = await res.text().catch(() => '');
    // SPEC §8: a 500 with an empty body is error.fileDownload; otherwise the server's message.
    const err = res.status === 500 && body.trim() === '' ? new ApiError('response', 'error.fileDownload', url, 500) : errorFromBody(res.status, url, body);
    if (res.status === 401 && err.message === SESSION_EXPIRED) notifySessionExpired();
    throw err;
  }
  const total = Number(res.headers.get('Content-Length')) || null;
  const contentType = res.headers.get('Content-Type') ?? 'application/octet-stream';
  const reader = res.body?.getReader();
  if (!reader) {
    clearTimeout(timer);
    return { bytes: await res.arrayBuffer(), contentType };
  }
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      options.onProgress?.(loaded, total);
      clearTimeout(timer);
      timer = setTimeout(() => idle.abort(), HTTP_TIMEOUT_MS);
    }
  } catch {
    throw new ApiError('no-response', 'no response', url);
  } finally {
    clearTimeout(timer);
  }
  if (total !== null && loaded !== total) throw new ApiError('no-response', 'no response', url, undefined, { loaded, total });
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { bytes: bytes.buffer, contentType };
}

/** Posts bytes as application/octet-stream; resolves with the reply text. */
export function upload(
  path: string,
  bytes: ArrayBuffer,
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
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(xhr.responseText);
      const err = errorFromBody(xhr.status, url, xhr.responseText);
      if (xhr.status === 401 && err.message === SESSION_EXPIRED) notifySessionExpired();
      reject(err);
    };
    xhr.onerror = () => reject(new ApiError('no-response', 'no response', url));
    xhr.ontimeout = () => reject(new ApiError('no-response', 'no response', url));
    xhr.onabort = () => reject(new ApiError('no-request', 'no request', url, undefined, 'aborted'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(bytes);
  });
}
