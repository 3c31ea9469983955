import type { ErrorReply } from '@/lib/contract';

/**
 * SPEC §8: a server error carries the server's message and details; otherwise the request got
 * no response (network, timeout) or was never sent.
 */
export type ApiErrorKind = 'response' | 'no-response' | 'no-request' | 'invalid-reply';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly url: string,
    readonly status?: number,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Reads an error body: the contract's `{message, data}` (errorReply), or plain text. Checked by
 * hand: two fields, read on every failed transfer, without waiting for the zod contract to load.
 */
export function errorFromBody(status: number, url: string, body: string): ApiError {
  try {
    const reply = JSON.parse(body) as Partial<ErrorReply> | null;
    if (reply && typeof reply === 'object' && !Array.isArray(reply) && typeof reply.message === 'string') {
      return new ApiError('response', reply.message, url, status, reply.data);
    }
  } catch {
    // not JSON
  }
  return new ApiError('response', body.trim() || `HTTP ${status}`, url, status);
}
