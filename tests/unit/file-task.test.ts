import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUBTYPE } from '@/lib/tasks/builders';
import { handlers } from '@/lib/tasks/handlers';
import { getFile } from '@/lib/local-data/files-store';
import { contentBytes } from '@/lib/local-data/file-content';
import type { ProcessRecord } from '@/lib/local-data/db';
import { task } from './fixtures/report';

const SIZE = 300_000;

/** The server's reply: the file in three chunks. */
function serveFile() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const chunk = new Uint8Array(SIZE / 3).fill(7);
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          for (let i = 0; i < 3; i++) c.enqueue(chunk);
          c.close();
        },
      });
      return new Response(body, { headers: { 'Content-Length': String(SIZE), 'Content-Type': 'image/jpeg; charset=binary' } });
    }),
  );
}

async function runFileTask(attempts: number) {
  const shares: number[] = [];
  const t = task(`f${attempts}`, 'REGISTERED', {
    subtype: SUBTYPE.file,
    url: 'offline-api/files/pic.jpg',
    subject: 42,
    body: { fileId: `remote:pic-${attempts}`, filename: 'pic.jpg', contentType: 'image/jpeg' },
    completionDetails: attempts ? { attempts, retryAt: 0, lastError: 'no response' } : null,
  });
  const result = await handlers[SUBTYPE.file]!.execute(t, {
    process: {} as ProcessRecord,
    signal: new AbortController().signal,
    progress: (s) => shares.push(s),
    transferred: () => {},
  });
  return { result, shares, stored: await getFile(`remote:pic-${attempts}`) };
}

afterEach(() => vi.unstubAllGlobals());

describe('the file task of a preparation', () => {
  it('stores the downloaded file as a Blob with its size, type and report', async () => {
    serveFile();
    const { result, stored } = await runFileTask(0);
    expect(result).toEqual({ size: SIZE });
    expect(stored).toMatchObject({ size: SIZE, pirId: 42, contentType: 'image/jpeg', type: 'image', filename: 'pic.jpg' });
    expect(stored!.content).toBeInstanceOf(Blob);
    expect(new Uint8Array(await contentBytes(stored!.content!)).every((b) => b === 7)).toBe(true);
  });

  it('stops at once, with the reason, when the tablet cannot store the file (retrying would not mend it)', async () => {
    serveFile();
    const { FinalError } = await import('@/lib/tasks/runner');
    const { db } = await import('@/lib/local-data/db');
    const database = await db();
    const refuse = vi.spyOn(database, 'transaction').mockImplementation(() => {
      throw new DOMException('Error preparing Blob/File data to be stored in object store', 'UnknownError');
    });
    try {
      const failure = await runFileTask(5).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(FinalError);
      expect((failure as Error).message).toBe('error.storeFailed');
      expect((failure as InstanceType<typeof FinalError>).details).toMatchObject({ file: 'pic.jpg', reason: expect.stringContaining('UnknownError') });
    } finally {
      refuse.mockRestore();
    }
    expect(await getFile('remote:pic-5')).toBeUndefined();
  });

  it('takes a small file whole on its first try, and counts it on its way once a try failed', async () => {
    serveFile();
    expect((await runFileTask(0)).shares).toEqual([1]);
    expect((await runFileTask(1)).shares).toEqual([1 / 3, 2 / 3, 1]);
  });
});
