/**
 * SPEC §7 calls: payloads and replies, shared by the app and the reference server. The calls
 * themselves (method, path, token, idempotency) are ROUTES in ./routes.ts.
 */
import './zod-config';
import { z } from 'zod';
import { MAX_FILE_BYTES, FILE_KINDS } from './constants';
import { extended, extendedVessel, pir, submitReceipt, token, userProfile } from './entities';
import { referenceSchemas } from './reference';
import type { RouteName } from './routes';

/** Error replies (SPEC §8): a message, and optional details. */
export const errorReply = z.object({
  message: z.string(),
  data: z.unknown().optional(),
});
export type ErrorReply = z.infer<typeof errorReply>;

// ---------------------------------------------------------------- login and token

export const loginRequest = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
  /** the tablet's name; empty means "the device registered for this user" */
  deviceName: z.string().trim().max(100),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginReply = z.object({ user: userProfile, token });
export type LoginReply = z.infer<typeof loginReply>;

export const refreshReply = z.object({ token });

/** POST /logout, no body: the session of the bearer token is over. */
export const logoutReply = z.object({ loggedOut: z.literal(true) });

// ---------------------------------------------------------------- reports

export const currentFilesReply = z.array(pir);

export const deviceRequest = z.object({ deviceIdentifier: z.string().trim().min(1).max(100) });
export type DeviceRequest = z.infer<typeof deviceRequest>;
/** non-zero on success; 0 when the report is claimed by another device or not claimable */
export const claimReply = z.number().int();
export const releaseReply = z.number().int();

export const extendedReply = extended;

/** A file name inside a report, as used in `submit-file/{id}/{fileUrl}`: no slashes, no dot-dot. */
export const fileUrl = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/, 'fileUrl must be a plain file name')
  .refine((s) => !s.includes('..'), 'fileUrl must not contain ..');

/** A file the save announces; complete-submit checks each arrived whole. */
export const announcedFile = z.object({
  fileUrl,
  /** a media type (no line breaks or other control characters); the server keeps the type the bytes show */
  contentType: z
    .string()
    .max(120)
    .regex(/^([A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+( *;[ -~]*)?)?$/, 'contentType must be a media type'),
  size: z.number().int().nonnegative().max(MAX_FILE_BYTES),
  /** hex SHA-256 of the bytes that will be uploaded */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type AnnouncedFile = z.infer<typeof announcedFile>;

/** Multipart parts of `save`, each a JSON text. */
export const saveParts = {
  pir,
  vessel: extendedVessel,
  pictures: z.array(
    announcedFile.extend({
      uid: z.string().max(60),
      type: z.string().max(20),
      author: z.string().max(200),
      description: z.string().max(1000),
      date: z.string().max(40).nullable(),
      /** a marked-up copy: the uid of its original picture */
      markupOf: z.string().max(60).nullable().optional(),
    }),
  ),
  attachments: z.array(
    announcedFile.extend({
      uid: z.string().max(60),
      type: z.string().max(20),
      name: z.string().max(300),
    }),
  ),
  signatures: z.array(
    announcedFile.extend({
      role: z.enum(['master', 'inspector']),
    }),
  ),
} as const;
export const SAVE_PART_NAMES = Object.keys(saveParts) as (keyof typeof saveParts)[];

export const saveReply = z.object({
  saved: z.literal(true),
  /** the fileUrls the server now expects through submit-file */
  announced: z.array(z.string()),
});

/**
 * Truthy only when every announced file was received whole and the fingerprint (if any) matches:
 * the receipt, or `true` from an older server; `false` while files are still missing.
 */
export const completeSubmitReply = z.union([z.boolean(), submitReceipt]);
export type CompleteSubmitReply = z.infer<typeof completeSubmitReply>;

export const fileKind = z.enum(FILE_KINDS);

// ---------------------------------------------------------------- by call

/**
 * Each call of ROUTES (./routes.ts) with its body and reply schemas; null where the body or reply is
 * not JSON. A call added to ROUTES is a type error here until its schemas are named.
 */
export const routeSchemas = {
  login: { body: loginRequest, reply: loginReply },
  refreshToken: { body: null, reply: refreshReply },
  logout: { body: null, reply: logoutReply },
  currentFiles: { body: null, reply: currentFilesReply },
  claim: { body: deviceRequest, reply: claimReply },
  release: { body: deviceRequest, reply: releaseReply },
  extended: { body: null, reply: extendedReply },
  /** multipart: one JSON text per part */
  save: { body: saveParts, reply: saveReply },
  /** the file's bytes; the reply is text that begins with UPLOAD_OK_PREFIX */
  submitFile: { body: null, reply: null },
  completeSubmit: { body: null, reply: completeSubmitReply },
  /** the file's bytes */
  file: { body: null, reply: null },
  /** one schema per dataset */
  referenceData: { body: null, reply: referenceSchemas },
} as const satisfies Record<RouteName, { body: unknown; reply: unknown }>;
