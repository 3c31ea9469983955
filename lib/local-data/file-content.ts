// Reading a stored file's content, whichever form it was stored in.

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

/** sha256 of a stored file's content as lower-case hex (Web Crypto: the page, workers and Node). */
export async function contentSha256(content: FileContent): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await contentBytes(content));
  let hex = '';
  for (const b of new Uint8Array(digest)) hex += b.toString(16).padStart(2, '0');
  return hex;
}
