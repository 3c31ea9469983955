/**
 * The contract's ROUTES and the server agree: every call of the table is mounted at its method and
 * path (a request reaches the route, not the 404 of an unknown one), and the server mounts no /be call
 * the table leaves out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_PATH, ROUTES, SESSION_EXPIRED } from '../../lib/contract/index';
import { makeApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t?.close());

/** A value for each path parameter; routing comes before any lookup, so they need not exist. */
const SAMPLE: Record<string, string> = { id: '1001', fileUrl: 'pic-1.jpg', kind: 'pictures', dataset: 'flag' };
const PARAM = /:(\w+)(?:\{[^}]*\})?/g;
const sample = (path: string) => BASE_PATH + path.replace(PARAM, (_, name: string) => SAMPLE[name] ?? `no-sample-for-${name}`);

async function isUnknownRoute(res: Response): Promise<boolean> {
  if (res.status !== 404) return false;
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  return body?.message === 'NOT_FOUND';
}

describe('every call of ROUTES is mounted by the server', () => {
  for (const [name, route] of Object.entries(ROUTES)) {
    it(`${name}: ${route.method} ${route.path}`, async () => {
      for (const [, param] of route.path.matchAll(PARAM)) expect(SAMPLE, `a sample value for :${param}`).toHaveProperty(param!);
      const mounted = t.app.routes.some((r) => r.method === route.method && r.path === BASE_PATH + route.path);
      expect(mounted, 'registered at the table’s method and path').toBe(true);

      // with its method, no token: the route answers (a call that needs one refuses it), never the unknown-route 404
      const init: RequestInit = route.method === 'POST' ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' } : { method: 'GET' };
      const res = await t.app.request(sample(route.path), init);
      if (route.auth) {
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ message: SESSION_EXPIRED });
      } else {
        expect(await isUnknownRoute(res), `${res.status}`).toBe(false);
      }

      // with the other method: nothing there
      const other = route.method === 'GET' ? 'POST' : 'GET';
      expect(await isUnknownRoute(await t.app.request(sample(route.path), { method: other })), other).toBe(true);
    });
  }

  it('mounts no /be call the table leaves out (but the operators’ health check)', () => {
    const mounted = new Set(
      t.app.routes
        // middlewares and the catch-alls are mounted for every method
        .filter((r) => r.method !== 'ALL' && r.path.startsWith(`${BASE_PATH}/`))
        .map((r) => `${r.method} ${r.path}`),
    );
    const listed = [...Object.values(ROUTES).map((r) => `${r.method} ${BASE_PATH}${r.path}`), `GET ${BASE_PATH}/health`];
    expect([...mounted].sort()).toEqual(listed.sort());
  });
});
