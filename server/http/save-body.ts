/**
 * The body of a save, read with a bound on memory: at most `max` bytes (413 at once
 * for a longer declared length, the connection closed), and the bytes held by every save being read
 * at once at most the server's budget (ByteBudget): a save that would pass it is answered 503
 * SERVER_BUSY with Retry-After, which the app retries. A declared length is taken from the budget before
 * a byte is read; a chunked body takes it chunk by chunk. The caller gives it back with `done()` once
 * the parts are parsed.
 */
import type { Context } from 'hono';
import { checkDeclaredLength, readChunk, requireMediaType } from './body';
import { serverBusy, type ByteBudget } from './body-limits';
import { HttpError, Msg } from './errors';
import { closeAfterReply, declaredLength } from './upload';

export interface SaveBody {
  form: FormData;
  /** gives the body's bytes back to the budget */
  done(): void;
}

export async function readSaveMultipart(c: Context, max: number, budget: ByteBudget): Promise<SaveBody> {
  requireMediaType(c, 'multipart/form-data');
  checkDeclaredLength(c, max);
  let taken = 0;
  const give = () => {
    budget.give(taken);
    taken = 0;
  };
  const declared = declaredLength(c);
  if (declared !== null) {
    if (!budget.take(declared)) {
      closeAfterReply(c);
      throw serverBusy(c, 2, { reason: 'saves in progress' });
    }
    taken = declared;
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    const reader = c.req.raw.body?.getReader();
    if (reader) {
      try {
        for (;;) {
          const { done, value } = await readChunk(reader);
          if (done) break;
          total += value.byteLength;
          if (total > max) {
            await reader.cancel().catch(() => {});
            closeAfterReply(c);
            throw new HttpError(413, Msg.PAYLOAD_TOO_LARGE, { limit: max });
          }
          if (total > taken) {
            if (!budget.take(total - taken)) {
              await reader.cancel().catch(() => {});
              closeAfterReply(c);
              throw serverBusy(c, 2, { reason: 'saves in progress' });
            }
            taken = total;
          }
          chunks.push(value);
        }
      } finally {
        reader.releaseLock();
      }
    }
    const buf = Buffer.concat(chunks, total);
    chunks.length = 0;
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) as Uint8Array<ArrayBuffer>, {
        headers: { 'content-type': c.req.header('content-type')! },
      }).formData();
    } catch {
      throw new HttpError(400, Msg.MALFORMED_MULTIPART);
    }
    return { form, done: give };
  } catch (e) {
    give();
    throw e;
  }
}
