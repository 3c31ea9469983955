import { errorReply } from '@/lib/contract';

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

/** Reads an error body: the contract's `{message, data}`, or plain text. */
export function errorFromBody(status: number, url: string, body: string): ApiError {
  try {
    const parsed = errorReply.safeParse(JSON.parse(body));
    if (parsed.success) return new ApiError('response', parsed.data.message, url, status, parsed.data.data);
  } catch {
    // not JSON
  }
  return new ApiError('response', body.trim() || `HTTP ${status}`, url, status);
}
