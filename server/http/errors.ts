/**
 * Error replies (SPEC §8, contract `errorReply`): every error is JSON `{message, data?}`.
 * Handlers throw `HttpError`; `onError` turns anything else into a 500 without leaking a stack trace.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorReply } from '../../lib/contract/index';
import { DEVICE_NAME_CONFUSABLE, DEVICE_OF_ANOTHER_USER, FINGERPRINT_MISMATCH, INVALID_CREDENTIALS, INVALID_DEVICE_NAME, SERVER_BUSY, TOO_MANY_REQUESTS } from '../../lib/contract/constants';

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Message constants used in replies; the app shows them as-is. */
export const Msg = {
  NOT_FOUND: 'NOT_FOUND',
  INVALID_CREDENTIALS,
  TOO_MANY_REQUESTS,
  DEVICE_OF_ANOTHER_USER,
  MALFORMED_JSON: 'MALFORMED_JSON',
  JSON_TOO_DEEP: 'JSON_TOO_DEEP',
  SERVER_BUSY,
  INVALID_DEVICE_NAME,
  DEVICE_NAME_CONFUSABLE,
  MALFORMED_MULTIPART: 'MALFORMED_MULTIPART',
  INCOMPLETE_BODY: 'INCOMPLETE_BODY',
  INVALID_REQUEST: 'INVALID_REQUEST',
  INVALID_ID: 'INVALID_ID',
  INVALID_FILE_URL: 'INVALID_FILE_URL',
  INVALID_PATH: 'INVALID_PATH',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  REPORT_NOT_FOUND: 'REPORT_NOT_FOUND',
  FILE_NOT_FOUND: 'FILE_NOT_FOUND',
  FILE_NOT_ANNOUNCED: 'FILE_NOT_ANNOUNCED',
  HASH_MISMATCH: 'HASH_MISMATCH',
  NOT_CLAIMED_BY_DEVICE: 'NOT_CLAIMED_BY_DEVICE',
  DEVICE_MISMATCH: 'DEVICE_MISMATCH',
  DEVICE_NAME_REQUIRED: 'DEVICE_NAME_REQUIRED',
  ALREADY_SUBMITTED: 'ALREADY_SUBMITTED',
  REPORT_MISMATCH: 'REPORT_MISMATCH',
  DUPLICATE_FILE_URL: 'DUPLICATE_FILE_URL',
  UNKNOWN_DATASET: 'UNKNOWN_DATASET',
  REFERENCE_DATA_UNAVAILABLE: 'REFERENCE_DATA_UNAVAILABLE',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  DOCUMENT_TOO_COMPLEX: 'DOCUMENT_TOO_COMPLEX',
  INVALID_IMAGE: 'INVALID_IMAGE',
  UNSUPPORTED_FILE_TYPE: 'UNSUPPORTED_FILE_TYPE',
  IMAGE_TOO_LARGE: 'IMAGE_TOO_LARGE',
  FINGERPRINT_MISMATCH,
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;

export function errorBody(message: string, data?: unknown): ErrorReply {
  return data === undefined ? { message } : { message, data };
}

export function jsonError(c: Context, status: ContentfulStatusCode, message: string, data?: unknown): Response {
  c.header('Cache-Control', 'no-store');
  return c.json(errorBody(message, data), status);
}

export type Logger = Pick<Console, 'info' | 'warn' | 'error'>;

/** Hono `onError`: known errors keep their status; unknown ones are logged and answered 500. */
export function makeErrorHandler(log: Logger) {
  return (err: Error, c: Context): Response => {
    if (err instanceof HttpError) return jsonError(c, err.status, err.message, err.data);
    if (err instanceof HTTPException) {
      const status = err.status as ContentfulStatusCode;
      if (status === 413) return jsonError(c, 413, Msg.PAYLOAD_TOO_LARGE);
      return jsonError(c, status, err.message || 'HTTP_ERROR');
    }
    log.error('[error] unexpected', { method: c.req.method, path: c.req.path }, err);
    return jsonError(c, 500, Msg.INTERNAL_ERROR);
  };
}
