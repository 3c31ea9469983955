import { vi } from 'vitest';

/** node's Request takes no relative URL; the browser resolves /be/… against the page. */
export function stubRelativeRequest() {
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'http://tablet.local') : input, init);
      }
    },
  );
}
