// Reading a stored file's content, whichever form it was stored in.
import { sha256Hex } from '@/lib/hash/sha256';

/** What a stored file holds: a Blob, or its bytes where the browser refused a Blob (files-store.ts). */
export type FileContent = ArrayBuffer | Blob;

/** The bytes of a stored file's content (a Blob is read from disk). */
export function contentBytes(content: FileContent): Promise<ArrayBuffer> {
  return content instanceof Blob ? content.arrayBuffer() : Promise.resolve(content);
}

/** Size in bytes of a stored file's content. */
export function contentSize(content: FileContent): number {
  return content instanceof Blob ? content.size : content.byteLength;
}

/** sha256 of a stored file's content as lower-case hex. */
export async function contentSha256(content: FileContent): Promise<string> {
  return sha256Hex(await contentBytes(content));
}
