/** File downloads (`downloadLink()`): GET /be/offline-api/files/{pictures|documents|attachments}/{id}. */
import { Hono } from 'hono';
import { fileKind, ROUTES } from '../../lib/contract/index';
import { requireAuth } from '../auth/middleware';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { blobOnDisk, blobPath, readBlob, readBlobHead } from '../db/blob-store';
import { getFile } from '../db/files';
import { parseId } from '../db/reports';
import { HttpError, Msg } from '../http/errors';
import { downloadHeaders } from '../http/file-type';
import { routesOn } from '../http/route';
import type { AppContext, AppEnv } from '../http/types';

export function fileRoutes(ctx: AppContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const on = routesOn(r, { auth: requireAuth(ctx) });
  on(ROUTES.file, (c) => {
    const kind = fileKind.safeParse(c.req.param('kind'));
    if (!kind.success) throw new HttpError(404, Msg.NOT_FOUND);
    const id = parseId(c.req.param('id'));
    if (id === null) throw new HttpError(400, Msg.INVALID_ID, { id: c.req.param('id') });
    const file = getFile(ctx.db, kind.data, id);
    if (!file) throw new HttpError(404, Msg.FILE_NOT_FOUND, { kind: kind.data, id });
    const etag = `"${file.sha256.slice(0, 32)}"`;
    const head = readBlobHead(ctx.db, file.sha256);
    if (!head) throw new HttpError(404, Msg.FILE_NOT_FOUND, { kind: kind.data, id });
    const headers: Record<string, string> = { ...downloadHeaders(head, file.name), ETag: etag };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    headers['Content-Length'] = String(file.size);
    // streamed from disk: a 50 MB file is never held whole in memory
    if (blobOnDisk(ctx.db, file.sha256)) {
      return c.body(Readable.toWeb(fs.createReadStream(blobPath(ctx.db, file.sha256))) as ReadableStream<Uint8Array>, 200, headers);
    }
    return c.body(new Uint8Array(readBlob(ctx.db, file.sha256)!), 200, headers);
  });
  return r;
}
