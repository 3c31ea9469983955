/**
 * The sha256 of a stored file, worked out in a worker: reading and hashing the pictures of a report
 * on the page held it 50–100 ms at a time on a slow tablet while the inspector signed or submitted.
 * A Blob goes to the worker as a handle, not a copy. Where the worker cannot start, the page hashes.
 */
import { workerCall } from '@/lib/workers/worker-call';
import { contentSha256, type FileContent } from './file-content';

const inWorker = workerCall<FileContent, string>(() => new Worker(new URL('./file-hash.worker.ts', import.meta.url), { type: 'module', name: 'file-hash' }));

export async function fileSha256(content: FileContent): Promise<string> {
  return (await inWorker(content)) ?? contentSha256(content);
}
