/// <reference lib="webworker" />
import { Serwist, type PrecacheEntry, type SerwistGlobalConfig, type SerwistPlugin } from 'serwist';
import { shellPath } from '@/lib/routes/shell-path';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}
declare const self: ServiceWorkerGlobalScope;

/** Other precache keys a request may be stored under: the trailing-slash form, and the route's shell. */
function alternatives({ url }: { url: URL }): URL[] {
  const out: URL[] = [];
  const path = url.pathname;
  const slashed = !path.endsWith('/') && !/\.[a-z0-9]+$/i.test(path) ? `${path}/` : path;
  for (const p of [slashed, shellPath(slashed)]) {
    if (p !== path) {
      const u = new URL(url.href);
      u.pathname = p;
      u.search = '';
      out.push(u);
    }
  }
  return out;
}

/**
 * A worker script answered from the cache would start with the cached response's URL, which has no
 * fragment; Turbopack's worker bootstrap reads its chunk list from `#params=…` in the worker's URL and
 * fails without it ("Missing worker bootstrap config"). A response built here has no URL of its own,
 * so the worker keeps the URL it was created with, fragment included.
 */
const workerScriptUrl: SerwistPlugin = {
  handlerWillRespond: ({ request, event, response }) => {
    const destination = request.destination || (event as FetchEvent | undefined)?.request?.destination;
    if ((destination !== 'worker' && destination !== 'sharedworker') || !response.ok || response.type === 'opaque') return response;
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
  },
};

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: {
    cleanupOutdatedCaches: true,
    ignoreURLParametersMatching: [/^_rsc$/, /^utm_/],
    urlManipulation: alternatives,
    plugins: [workerScriptUrl],
  },
  // An update waits for the inspector's word: a reload must never throw away a form or a signature.
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
  fallbacks: {
    entries: [{ url: '/404.html', matcher: ({ request }) => request.destination === 'document' }],
  },
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') void self.skipWaiting();
});

serwist.addEventListeners();
