import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Session, TokenService } from '../auth/jwt';
import type { DB } from '../db/schema';
import type { UserRow } from '../db/users';
import type { PdfPool } from '../documents/pdf-pool';
import type { ReferenceStore } from '../reference';
import type { Logger } from './errors';

export type AppEnv = {
  /** set by @hono/node-server on a real socket; absent for in-process app.request() */
  Bindings: { incoming?: IncomingMessage; outgoing?: ServerResponse };
  Variables: { session: Session; user: UserRow };
};

export interface Limits {
  json: number;
  save: number;
  file: number;
}

/** Everything a route needs; made once by createApp. */
export interface AppContext {
  db: DB;
  tokens: TokenService;
  refs: ReferenceStore;
  log: Logger;
  limits: Limits;
  /** PDF rendering off the event loop */
  pdf: PdfPool;
  now: () => Date;
}
