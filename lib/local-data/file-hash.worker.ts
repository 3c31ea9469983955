/// <reference lib="webworker" />
/** The file hashing worker (see file-hash.ts). */
import { contentSha256, type FileContent } from './file-content';
import { serveWorkerCalls } from '@/lib/workers/worker-call';

serveWorkerCalls<FileContent, string>(async (content) => ({ reply: await contentSha256(content) }));
