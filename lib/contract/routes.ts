/**
 * Every /be call, once: its method, its path under BASE_PATH (Hono's syntax, which the server
 * registers as it is), whether it needs a bearer token and whether it takes an Idempotency-Key. The
 * server mounts each route from here (server/http/route.ts), the app builds its URLs with `paths`, and
 * the auth attack test loops over it. Plain values, no zod: the app's first scripts import it. The
 * body and reply schemas of each call are `routeSchemas` (./api.ts).
 */
import { BASE_PATH, type FILE_KINDS, type REFERENCE_DATASETS } from './constants';

export interface Route {
  method: 'GET' | 'POST';
  /** under BASE_PATH; `:name` is a parameter, `{…}` after it the pattern it matches */
  path: `/${string}`;
  /** needs `Authorization: Bearer <jwt>` (401 SESSION_EXPIRED without a valid one) */
  auth: boolean;
  /** a repeat with the same Idempotency-Key gets the first reply (server/http/idempotency.ts) */
  idempotencyKey: boolean;
}

export const ROUTES = {
  login: { method: 'POST', path: '/login', auth: false, idempotencyKey: false },
  refreshToken: { method: 'GET', path: '/refresh_token', auth: true, idempotencyKey: false },
  /** ends the session of the token it carries (a server without it answers 404) */
  logout: { method: 'POST', path: '/logout', auth: true, idempotencyKey: false },
  currentFiles: { method: 'GET', path: '/offline-api/current-files', auth: true, idempotencyKey: false },
  claim: { method: 'POST', path: '/offline-api/pir/:id/device-claim', auth: true, idempotencyKey: true },
  release: { method: 'POST', path: '/offline-api/pir/:id/device-release', auth: true, idempotencyKey: true },
  extended: { method: 'GET', path: '/offline-api/pir/:id', auth: true, idempotencyKey: false },
  save: { method: 'POST', path: '/offline-api/pir/:id/save', auth: true, idempotencyKey: true },
  // any rest of the path is the name, so a name with a slash is refused by the fileUrl schema (400), not unrouted
  submitFile: { method: 'POST', path: '/offline-api/submit-file/:id/:fileUrl{.+}', auth: true, idempotencyKey: true },
  completeSubmit: { method: 'GET', path: '/offline-api/pir/:id/complete-submit', auth: true, idempotencyKey: false },
  file: { method: 'GET', path: '/offline-api/files/:kind/:id', auth: true, idempotencyKey: false },
  referenceData: { method: 'GET', path: '/reference_data/:dataset', auth: true, idempotencyKey: false },
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof ROUTES;

type ParamOf<S extends string> = S extends `${infer Name}{${string}}` ? Name : S;
/** The parameter names of a path: '/pir/:id/x' → 'id'. */
type ParamsOf<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Segment}/${infer Tail}`
    ? ParamOf<Segment> | ParamsOf<`/${Tail}`>
    : ParamOf<Rest>
  : never;
type Filled<P extends string> = [ParamsOf<P>] extends [never] ? [] : [Record<ParamsOf<P>, string | number>];

/** A route's path with its parameters filled in (each encoded), relative to BASE_PATH as the app's HTTP client wants it. */
function fill<P extends string>(route: { readonly path: P }, ...[params]: Filled<P>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return route.path.slice(1).replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => encodeURIComponent(String(values[name])));
}

/** The app's URLs of each call, relative to BASE_PATH. */
export const paths = {
  login: () => fill(ROUTES.login),
  refreshToken: () => fill(ROUTES.refreshToken),
  logout: () => fill(ROUTES.logout),
  currentFiles: () => fill(ROUTES.currentFiles),
  claim: (id: number) => fill(ROUTES.claim, { id }),
  release: (id: number) => fill(ROUTES.release, { id }),
  extended: (id: number) => fill(ROUTES.extended, { id }),
  save: (id: number) => fill(ROUTES.save, { id }),
  submitFile: (id: number, fileUrl: string) => fill(ROUTES.submitFile, { id, fileUrl }),
  completeSubmit: (id: number) => fill(ROUTES.completeSubmit, { id }),
  file: (kind: (typeof FILE_KINDS)[number], id: number) => fill(ROUTES.file, { kind, id }),
  referenceData: (dataset: (typeof REFERENCE_DATASETS)[number]) => fill(ROUTES.referenceData, { dataset }),
} as const satisfies Record<RouteName, (...args: never[]) => string>;

/** Download links in the listing are absolute paths under BASE_PATH. */
export function downloadLink(kind: (typeof FILE_KINDS)[number], id: number): string {
  return `${BASE_PATH}/${paths.file(kind, id)}`;
}
