/**
 * Mounts the calls of the contract's ROUTES (lib/contract/routes.ts) on a router: the route's method
 * and path, then the bearer guard when it needs a token and the idempotency record when it takes a
 * key (in that order: the record is kept per user and device), then the route's own handlers.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import type { H } from 'hono/types';
import type { Route } from '../../lib/contract/index';
import type { AppEnv } from './types';

interface RouteGuards {
  /** requireAuth(ctx) */
  auth: MiddlewareHandler<AppEnv>;
  /** idempotency(db): one per router, its routes share its replays in flight */
  idempotency?: MiddlewareHandler<AppEnv>;
}

export function routesOn(r: Hono<AppEnv>, guards: RouteGuards) {
  return <P extends string>(route: Route & { readonly path: P }, ...handlers: H<AppEnv, P>[]): void => {
    const { idempotency } = guards;
    if (route.idempotencyKey && !idempotency) throw new Error(`${route.method} ${route.path} takes an Idempotency-Key: its router needs the idempotency record`);
    const guarded: H<AppEnv, P>[] = [...(route.auth ? [guards.auth] : []), ...(route.idempotencyKey && idempotency ? [idempotency] : []), ...handlers];
    // a list of one path: Hono's typing takes any number of handlers only in that form
    r.on(route.method, [route.path], ...guarded);
  };
}
