/** Files the tablet keeps (pictures, documents, signatures): bytes plus content type, by id. */
import type { StoredFile } from '@/lib/contract';
import { db, type StoredFileRecord } from './db';

export async function putFile(record: StoredFileRecord) {
  await (await db()).put('files', record);
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
