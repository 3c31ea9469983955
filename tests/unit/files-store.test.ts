import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { db, type StoredFileRecord } from '@/lib/local-data/db';
import { getFile, putFile } from '@/lib/local-data/files-store';

function record(id: string, content: ArrayBuffer | Blob = new Uint8Array([1, 2, 3]).buffer): StoredFileRecord {
  return { id, url: id, date: '2026-11-24T08:00:00.000Z', content, width: null, height: null, filename: `${id}.jpg`, type: 'image', size: 3, pirId: 7, contentType: 'image/jpeg' };
}

describe('storing files', () => {
  it('writes files that arrive while a write is under way together, each caller told once its file is stored', async () => {
    const database = await db();
    const transaction = vi.spyOn(database, 'transaction');
    const ids = Array.from({ length: 10 }, (_, i) => `batch-${i}`);
    const order: string[] = [];
    await Promise.all(ids.map((id) => putFile(record(id, new TextEncoder().encode(id).buffer)).then(() => order.push(id))));
    expect(order.sort()).toEqual([...ids].sort());
    for (const id of ids) expect(new TextDecoder().decode((await getFile(id))!.content as ArrayBuffer)).toBe(id);
    // The first file alone, the nine that came meanwhile in one more transaction.
    expect(transaction.mock.calls.filter(([store, mode]) => store === 'files' && mode === 'readwrite')).toHaveLength(2);
    transaction.mockRestore();
  });

  it('a browser that refuses Blobs (WebKit in private and WebDriver stores) gets the bytes, then bytes at once', async () => {
    const database = await db();
    const real = database.transaction.bind(database);
    const blobsSeen: string[] = [];
    const refuse = vi.spyOn(database, 'transaction').mockImplementation(((...args: Parameters<typeof real>) => {
      const tx = real(...args);
      const store = (tx as unknown as { store: { put: (value: StoredFileRecord) => Promise<unknown> } }).store;
      const put = store.put.bind(store);
      store.put = (value) => {
        if (!(value.content instanceof Blob)) return put(value);
        blobsSeen.push(value.id);
        return Promise.reject(new DOMException('Error preparing Blob/File data to be stored in object store', 'UnknownError'));
      };
      return tx;
    }) as typeof real);
    try {
      await putFile(record('refused-1', new Blob(['page one'], { type: 'image/jpeg' })));
      await putFile(record('refused-2', new Blob(['page two'], { type: 'image/jpeg' })));
    } finally {
      refuse.mockRestore();
    }
    expect(new TextDecoder().decode((await getFile('refused-1'))!.content as ArrayBuffer)).toBe('page one');
    expect(new TextDecoder().decode((await getFile('refused-2'))!.content as ArrayBuffer)).toBe('page two');
    // Refused once; the next file went as bytes straight away.
    expect(blobsSeen).toEqual(['refused-1']);
  });

  it('a write that fails fails its callers only, and the next files are stored', async () => {
    const bad = { ...record('bad'), content: (() => 1) as unknown as ArrayBuffer };
    await expect(putFile(bad)).rejects.toBeDefined();
    expect(await getFile('bad')).toBeUndefined();
    await putFile(record('after'));
    expect((await getFile('after'))?.filename).toBe('after.jpg');
  });
});
