/** Files the tablet keeps (pictures, documents, signatures): bytes plus content type, by id. */
import type { StoredFile } from '@/lib/contract';
import { db, type StoredFileRecord } from './db';
import { migrate, stamp } from './record-versions';

interface Waiting {
  record: StoredFileRecord;
  resolve: () => void;
  reject: (e: unknown) => void;
}
let waiting: Waiting[] = [];
let writing = false;

/**
 * Whether this browser refused a Blob in IndexedDB: WebKit does in its private and WebDriver stores
 * ("Error preparing Blob/File data to be stored in object store"). From then on files are stored as
 * their bytes. Blobs stay the first choice: a Blob put costs nothing on the page, bytes cost a copy
 * (preparing a 45-file, 87.5 MB report in Chromium: 1.43 s with bytes, 0.81 s with Blobs).
 */
let blobsRefused = false;

/**
 * Stores a file; resolves once it is written. Files that arrive while a write is under way go
 * together in the next transaction: writes to one store run one after the other, and each costs a
 * commit, so 45 downloads written one by one queued behind each other at the end of a preparation.
 */
export function putFile(record: StoredFileRecord): Promise<void> {
  return new Promise((resolve, reject) => {
    waiting.push({ record, resolve, reject });
    if (!writing) void writeWaiting();
  });
}

async function put(records: StoredFileRecord[]) {
  const tx = (await db()).transaction('files', 'readwrite');
  await Promise.all([...records.map((r) => tx.store.put(stamp('file', r))), tx.done]);
}

const asBytes = async (r: StoredFileRecord): Promise<StoredFileRecord> => (r.content instanceof Blob ? { ...r, content: await r.content.arrayBuffer() } : r);

async function writeWaiting() {
  writing = true;
  try {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        let records = batch.map((w) => w.record);
        if (blobsRefused) records = await Promise.all(records.map(asBytes));
        try {
          await put(records);
        } catch (e) {
          if (!records.some((r) => r.content instanceof Blob)) throw e;
          // Refused with a Blob in it: once more as bytes; if that goes in, the browser takes no Blobs.
          await put(await Promise.all(records.map(asBytes)));
          blobsRefused = true;
        }
        for (const w of batch) w.resolve();
      } catch (e) {
        for (const w of batch) w.reject(e);
      }
    }
  } finally {
    writing = false;
  }
}

/** A stored file brought up to date; undefined when missing, or stored by a newer version of the app (left as it is). */
export async function getFile(id: string): Promise<StoredFileRecord | undefined> {
  const stored = await (await db()).get('files', id);
  if (stored === undefined) return undefined;
  const m = migrate<StoredFileRecord>('file', stored);
  if (m.ok) return m.record;
  if (m.reason === 'newer') console.warn(`file ${id}: stored by a newer version of the app (record version ${m.version}), left as it is`);
  return undefined;
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
