// Entry of the PDF worker thread (server/documents/pdf-pool.ts): the server runs TypeScript through tsx,
// and a worker thread starts without the parent's loaders, so it registers tsx before loading the worker.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
