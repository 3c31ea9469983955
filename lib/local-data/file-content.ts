// Reading a stored file's content, whichever form it was stored in.

/** What a stored file holds: a Blob (downloads) or bytes (what the tablet made, restored files). */
export type FileContent = ArrayBuffer | Blob;

/** The bytes of a stored file's content (a Blob is read from disk). */
export function contentBytes(content: FileContent): Promise<ArrayBuffer> {
  return content instanceof Blob ? content.arrayBuffer() : Promise.resolve(content);
}

/** Size in bytes of a stored file's content. */
export function contentSize(content: FileContent): number {
  return content instanceof Blob ? content.size : content.byteLength;
}
