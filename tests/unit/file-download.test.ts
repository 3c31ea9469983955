import { afterEach, describe, expect, it, vi } from 'vitest';
import { DIRECT_DOWNLOAD_MAX_BYTES, download } from '@/lib/api/transfer';
import { ApiError } from '@/lib/api/errors';

/** A reply whose body arrives in the given chunks, then ends (or fails, or never ends). */
function reply(chunks: Uint8Array[], init: { length?: number; type?: string; end?: 'close' | 'error' | 'stall'; status?: number } = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      if ((init.end ?? 'close') === 'close') controller.close();
      if (init.end === 'error') controller.error(new TypeError('network error'));
    },
  });
  const headers: Record<string, string> = { 'Content-Type': init.type ?? 'image/jpeg' };
  if (init.length !== undefined) headers['Content-Length'] = String(init.length);
  return new Response(body, { status: init.status ?? 200, headers });
}

function serve(res: Response | ((signal: AbortSignal) => Response)) {
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => (typeof res === 'function' ? res(init.signal!) : res));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function bytes(n: number, seed = 1): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + seed) & 255;
  return b;
}

/** Equal bytes (compared natively: these are megabytes). */
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/** Replies announcing `length` bytes, sent by the test; as a browser does, an aborted request fails its body. */
function serveByHand(length: number) {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  serve(
    (signal) =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(c) {
            controller = c;
            signal.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
          },
        }),
        { headers: { 'Content-Length': String(length) } },
      ),
  );
  return { push: (chunk: Uint8Array) => controller!.enqueue(chunk), close: () => controller!.close() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('downloading a file', () => {
  it('gives the exact bytes as a Blob with the reply\'s content type, a big file\'s progress chunk by chunk', async () => {
    const parts = [bytes(DIRECT_DOWNLOAD_MAX_BYTES, 1), bytes(50_000, 2), bytes(3, 3)];
    const size = DIRECT_DOWNLOAD_MAX_BYTES + 50_003;
    serve(reply(parts, { length: size, type: 'application/pdf' }));
    const seen: [number, number | null][] = [];
    const { content, contentType } = await download('files/a.pdf', { onProgress: (l, t) => seen.push([l, t]) });
    expect(content).toBeInstanceOf(Blob);
    expect(contentType).toBe('application/pdf');
    const got = new Uint8Array(await content.arrayBuffer());
    const want = new Uint8Array(size);
    want.set(parts[0]!, 0);
    want.set(parts[1]!, DIRECT_DOWNLOAD_MAX_BYTES);
    want.set(parts[2]!, DIRECT_DOWNLOAD_MAX_BYTES + 50_000);
    expect(same(got, want)).toBe(true);
    expect(seen).toEqual([
      [DIRECT_DOWNLOAD_MAX_BYTES, size],
      [DIRECT_DOWNLOAD_MAX_BYTES + 50_000, size],
      [size, size],
    ]);
  });

  it('takes a file of up to 4 MB whole, its progress once at the end', async () => {
    const data = bytes(DIRECT_DOWNLOAD_MAX_BYTES, 5);
    serve(reply([data.subarray(0, 1000), data.subarray(1000)], { length: data.length }));
    const seen: [number, number | null][] = [];
    const { content } = await download('files/p.jpg', { onProgress: (l, t) => seen.push([l, t]) });
    expect(same(new Uint8Array(await content.arrayBuffer()), data)).toBe(true);
    expect(seen).toEqual([[data.length, data.length]]);
  });

  it('asks under /be with the no-store cache mode, so no second copy lands in the HTTP cache', async () => {
    const f = serve(reply([bytes(10)], { length: 10 }));
    await download('offline-api/files/x.jpg');
    const [url, init] = f.mock.calls[0]!;
    expect(url).toBe('/be/offline-api/files/x.jpg');
    expect(init.cache).toBe('no-store');
  });

  it('takes a reply without Content-Length whole', async () => {
    serve(reply([bytes(1000), bytes(24)]));
    const { content } = await download('files/b');
    expect(content.size).toBe(1024);
  });

  it('takes a compressed reply whole: its Content-Length is the compressed size, the body arrives decoded', async () => {
    const res = reply([bytes(4000)], { length: 1200 });
    res.headers.set('Content-Encoding', 'gzip');
    serve(res);
    const seen: [number, number | null][] = [];
    const { content } = await download('files/notes.json', { onProgress: (l, t) => seen.push([l, t]) });
    expect(content.size).toBe(4000);
    expect(seen).toEqual([[4000, null]]);
  });

  it('refuses a body shorter than its Content-Length (a dropped connection), as no response', async () => {
    serve(reply([bytes(1000)], { length: 5000 }));
    const err = await download('files/c').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'no-response', details: { loaded: 1000, total: 5000 } });
  });

  it('reports a body that fails midway as no response', async () => {
    serve(reply([bytes(1000)], { length: 5000, end: 'error' }));
    await expect(download('files/d')).rejects.toMatchObject({ kind: 'no-response' });
  });

  it('gives up on a big file\'s connection silent for 30 s, but not on one that keeps sending', async () => {
    vi.useFakeTimers();
    const big = 3 * 1024 * 1024 * 3;
    const { push, close } = serveByHand(big);
    // Sends a chunk every 20 s: 60 s in all, never 30 s silent.
    const slow = download('files/slow');
    for (let i = 0; i < 3; i++) {
      await vi.advanceTimersByTimeAsync(20_000);
      push(bytes(big / 3));
    }
    close();
    await expect(slow).resolves.toMatchObject({ content: expect.any(Blob) });

    const stalled = download('files/stalled').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    push(bytes(100));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await stalled).toMatchObject({ kind: 'no-response' });
  });

  it('gives a small file its deadline: 30 s plus its size at 32 KB/s, however it trickles in', async () => {
    vi.useFakeTimers();
    const size = 3 * 1024 * 1024; // 96 s at 32 KB/s: a deadline of 126 s
    const { push, close } = serveByHand(size);
    // Silent for 100 s, then the rest: in time.
    const late = download('files/late.jpg');
    await vi.advanceTimersByTimeAsync(100_000);
    push(bytes(size));
    close();
    await expect(late).resolves.toMatchObject({ content: expect.any(Blob) });

    // Still coming after 126 s: given up.
    const stalled = download('files/stalled.jpg').catch((e: unknown) => e);
    for (let i = 0; i < 12; i++) {
      await vi.advanceTimersByTimeAsync(10_000);
      push(bytes(1024));
    }
    expect(await Promise.race([stalled, Promise.resolve('pending')])).toBe('pending');
    await vi.advanceTimersByTimeAsync(7_000);
    expect(await stalled).toMatchObject({ kind: 'no-response' });
  });

  it('counts a small file on its way when asked (a retry): progress within it, the silence timer', async () => {
    const size = 200_000;
    serve(reply([bytes(100_000), bytes(100_000)], { length: size }));
    const seen: number[] = [];
    const { content } = await download('files/again.jpg', { counted: true, onProgress: (l) => seen.push(l) });
    expect(content.size).toBe(size);
    expect(seen).toEqual([100_000, 200_000]);
  });

  it('turns a 500 with an empty body into error.fileDownload', async () => {
    serve(new Response('', { status: 500 }));
    await expect(download('files/e')).rejects.toMatchObject({ kind: 'response', message: 'error.fileDownload', status: 500 });
  });
});
