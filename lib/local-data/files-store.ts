/** Files the tablet keeps (pictures, documents, signatures): bytes plus content type, by id. */
import type { StoredFile } from '@/lib/contract';
import { db, type StoredFileRecord } from './db';

interface Waiting {
  record: StoredFileRecord;
  resolve: () => void;
  reject: (e: unknown) => void;
}
let waiting: Waiting[] = [];
let writing = false;

/**
 * Stores a file; resolves once it is written. Files that arrive while a write is under way go
 * together in the next transaction: writes to one store run one after the other, and each costs a
 * commit, so 45 downloads written one by one queued behind each other at the end of a preparation.
 *
 * A Blob is stored as its bytes: WebKit refuses Blobs in IndexedDB in some stores (private browsing,
 * WebDriver sessions) and has had Blob bugs in the others; bytes are stored by every engine.
 */
export async function putFile(record: StoredFileRecord): Promise<void> {
  const content = record.content instanceof Blob ? await record.content.arrayBuffer() : record.content;
  return new Promise((resolve, reject) => {
    waiting.push({ record: { ...record, content }, resolve, reject });
    if (!writing) void writeWaiting();
  });
}

async function writeWaiting() {
  writing = true;
  try {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const tx = (await db()).transaction('files', 'readwrite');
        await Promise.all([...batch.map((w) => tx.store.put(w.record)), tx.done]);
        for (const w of batch) w.resolve();
      } catch (e) {
        for (const w of batch) w.reject(e);
      }
    }
  } finally {
    writing = false;
  }
}

export async function getFile(id: string): Promise<StoredFileRecord | undefined> {
  return (await db()).get('files', id);
}

export async function hasFile(id: string): Promise<boolean> {
  return (await (await db()).getKey('files', id)) !== undefined;
}

export async function fileIdsOfReport(pirId: number): Promise<string[]> {
  return (await db()).getAllKeysFromIndex('files', 'byPir', pirId);
}

export async function deleteFiles(ids: readonly string[]) {
  const tx = (await db()).transaction('files', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

/** The stored-file type of a content type (SPEC §3: image, imageb64, pdf, other). */
export function storedFileType(contentType: string): StoredFile['type'] {
  if (contentType.includes('image')) return 'image';
  if (contentType.includes('pdf')) return 'pdf';
  return 'other';
}

/** Id of the stored copy of a file the server offers at a download link. */
export function remoteFileId(downloadLink: string): string {
  return `remote:${downloadLink}`;
}
