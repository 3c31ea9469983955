/**
 * SPEC §3 entities as zod schemas. The wire shapes are lenient where an inspection in progress
 * legitimately holds empty values; the per-step validators (stricter) live with the inspection forms.
 * Dates are ISO 8601 strings. Reference-data links are numeric ids.
 */
import './zod-config';
import { z } from 'zod';
import { STORED_FILE_TYPES, TASK_STATUSES, LANGUAGES, FONT_SIZES, VMS_ON_BOARD } from './constants';
import { formType, pirStatus, stepName } from './status';

const id = z.number().int();
const isoDate = z.string().min(1).max(40);
const text = (max = 4000) => z.string().max(max);
const nullableText = (max = 4000) => text(max).nullable();
/**
 * Every list has a ceiling (the PIR PDF joins lists into cells, and a report must stay a
 * size a tablet and the server handle at once). Far above real use: 133 fishing areas exist, an
 * inspection records tens of catches, a save announces at most 500 files.
 */
export const LIST_LIMITS = {
  /** ids picked from one reference list (areas, species, gears, purposes, VMS types) */
  ids: 300,
  /** rows of a table in a form (catches, authorisations, listings, transhipments) */
  rows: 500,
  /** files of a report (pictures, attachments, pages, forms) */
  files: 500,
} as const;
const ids = () => z.array(id).max(LIST_LIMITS.ids);
const rows = <T extends z.ZodType>(item: T) => z.array(item).max(LIST_LIMITS.rows);
const filesOf = <T extends z.ZodType>(item: T) => z.array(item).max(LIST_LIMITS.files);

// ---------------------------------------------------------------- user

export const token = z.object({
  jwt: z.string().min(1),
  /** lifetime in seconds */
  expire: z.number().int().positive(),
});
export type Token = z.infer<typeof token>;

/** The user as the server describes it (login reply). */
export const userProfile = z.object({
  id,
  name: text(200),
  username: text(100),
  deviceName: text(100),
  inspector: z.boolean(),
  adminUser: z.boolean(),
  flagStateUser: z.boolean(),
  portStateUser: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** The user as the device keeps it (SPEC §3 User). */
export const user = userProfile.extend({
  loggedIn: z.boolean(),
  token: token
    .extend({
      /** When the token dies, by this tablet's clock (ms): its lifetime counts from when it was received, not from when the app opened. */
      expiresAt: z.number().int().positive().optional(),
    })
    .nullable(),
});
export type User = z.infer<typeof user>;
export type StoredToken = NonNullable<User['token']>;

// ---------------------------------------------------------------- listing parts

export const vesselIdentity = z.object({
  vesselName: text(200),
  flagState: text(200),
  flagStateId: id.nullable(),
  iotcId: nullableText(40),
  imoId: nullableText(20),
  ircs: nullableText(20),
  mmsi: nullableText(20),
  vesselId: id.nullable(),
});
export type VesselIdentity = z.infer<typeof vesselIdentity>;

/** A document attached to a remote form or to the vessel file. */
export const remoteDocument = z.object({
  id,
  name: text(300),
  contentType: text(120),
  documentTag: nullableText(20),
  downloadLink: text(500),
  /** bytes; lets the tablet check its storage before a claim */
  size: z.number().int().nonnegative().optional(),
});
export type RemoteDocument = z.infer<typeof remoteDocument>;

export const submittedForm = z.object({
  id,
  name: text(300),
  typeOfForm: formType,
  contentType: text(120),
  attachments: filesOf(remoteDocument),
  submitDate: isoDate,
  downloadLink: text(500),
  size: z.number().int().nonnegative().optional(),
});
export type SubmittedForm = z.infer<typeof submittedForm>;

export const offlinePendingForm = z.object({
  id,
  name: text(300),
  typeOfForm: formType,
});
export type OfflinePendingForm = z.infer<typeof offlinePendingForm>;

export const rarLink = z.object({
  name: text(300),
  downloadLink: text(500),
  contentType: text(120),
});

export const vesselPicture = z.object({
  id,
  contentType: text(120),
  description: text(1000),
  photoTakingDate: isoDate.nullable(),
  tagId: id.nullable(),
  tagName: nullableText(20),
  downloadLink: text(500),
  size: z.number().int().nonnegative().optional(),
});
export type VesselPicture = z.infer<typeof vesselPicture>;

export const lifecycleEntry = z.object({
  date: isoDate,
  previousStatus: pirStatus.nullable(),
});
export const lifecycle = z.partialRecord(pirStatus, lifecycleEntry);
export type Lifecycle = z.infer<typeof lifecycle>;

export const stepErrors = z.object({
  /** field path → translation keys (with arguments) */
  errors: z
    .record(
      z.string().max(200),
      z.array(z.object({ key: z.string().max(200), values: z.record(z.string().max(100), z.union([z.string().max(1000), z.number()])).optional() })).max(50),
    )
    .refine((r) => Object.keys(r).length <= 1000, 'too many fields'),
  isValid: z.boolean(),
});
export type StepErrors = z.infer<typeof stepErrors>;

export const inspectionSignatures = z.object({
  /** stored-file id of the signature image, or null */
  masterSignature: nullableText(200),
  inspectorSignature: nullableText(200),
  masterRefuses: z.boolean(),
  /**
   * hex SHA-256 over the canonical form of the report's content and its files' hashes, taken when the
   * inspection is completed (endInspection); the server recomputes it at complete-submit
   */
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/).nullable().optional(),
  /** the language the master chose to read the review and its PDF in (kept with the report: a reload must not change it) */
  reviewLanguage: z.enum(LANGUAGES).nullable().optional(),
});
export type InspectionSignatures = z.infer<typeof inspectionSignatures>;

// ---------------------------------------------------------------- extended (downloaded at preparation)

export const dimension = z.object({
  length: z.number().nullable(),
  beam: z.number().nullable(),
  draft: z.number().nullable(),
});

export const extendedVessel = z.object({
  name: text(200),
  flagStateId: id.nullable(),
  typeId: id.nullable(),
  gearIds: ids(),
  iotcId: nullableText(40),
  ircs: nullableText(20),
  registrationPort: nullableText(200),
  mmsi: nullableText(20),
  externalId: nullableText(60),
  certificateRegistryId: nullableText(60),
  imoId: nullableText(20),
  additionalRfmoIdEntity: id.nullable(),
  additionalRfmoIdCode: nullableText(60),
  dimension,
  totalVolumeOfFishHolds: z.number().nullable(),
  vmsType: ids(),
  vmsTypeOtherName: nullableText(200),
  inmarsat: nullableText(20),
  /**
   * SPEC §3 "VMS on board": one of VMS_ON_BOARD, null while unanswered. Optional on the wire
   * (read as null): reports stored or saved before the field existed stay valid.
   */
  vmsOnBoard: z.enum(VMS_ON_BOARD).nullable().default(null),
});
export type ExtendedVessel = z.infer<typeof extendedVessel>;

const yesNo = z.boolean().nullable();

export const examination = z.object({ status: yesNo, comments: text() });

export const rfmoListing = z.object({
  uid: text(60),
  rfmo: id.nullable(),
  flagstateStatus: nullableText(60),
  vesselIdentifer: nullableText(100),
  vesselOnAuthorizedList: yesNo,
  vesselOnIUUList: yesNo,
});

export const fishingAuthorization = z.object({
  uid: text(60),
  identifier: text(200),
  /** ATF when true, CSFL when false (SPEC §3: new ones default to ATF) */
  isTypeATF: z.boolean(),
  issuedBy: id.nullable(),
  validFrom: isoDate.nullable(),
  validTo: isoDate.nullable(),
  fishingAreas: ids(),
  species: ids(),
  gear: ids(),
  /** uid of an attachment tagged AUTF */
  attachment: nullableText(60),
  srcForm: text(20),
  objection: z.boolean(),
  comments: text(),
});
export type FishingAuthorization = z.infer<typeof fishingAuthorization>;

export const transhipmentAuthorization = fishingAuthorization.omit({
  isTypeATF: true,
  fishingAreas: true,
  species: true,
  gear: true,
});

const quantity = z.number().nullable();

export const controlledCatch = z.object({
  uid: text(60),
  species: id.nullable(),
  productForm: id.nullable(),
  catchArea: ids(),
  quantity,
  quantityToLand: quantity,
  monitoredLandedQuantity: quantity,
  quantityToTransship: quantity,
  monitoredTranshippedQuantity: quantity,
});

/** SPEC §3 "Catch onboard entry". */
export const catchOnboard = controlledCatch.extend({
  deltaLanded: quantity,
  deltaTranshipped: quantity,
  objection: z.boolean(),
  comments: text(),
});

export const retainedCatch = z.object({
  uid: text(60),
  species: id.nullable(),
  productForm: id.nullable(),
  catchArea: ids(),
  declaredQuantity: quantity,
  actualQuantity: quantity,
  deltaRetained: quantity,
  objection: z.boolean(),
  comments: text(),
});

export const transhipmentContent = z.object({
  uid: text(60),
  species: id.nullable(),
  productForm: id.nullable(),
  catchArea: ids(),
  quantity,
  objection: z.boolean(),
  comments: text(),
});

export const transhipmentInfo = z.object({
  uid: text(60),
  /** timestamp, ISO */
  date: isoDate.nullable(),
  isAtPort: yesNo,
  atPort: id.nullable(),
  /** "latitude-longitude" joined by a dash */
  atSea: nullableText(60),
  /** receive (true) or offload (false, the default) */
  isReceived: z.boolean(),
  name: text(200),
  flagState: id.nullable(),
  idNumber: text(100),
  srcForm: text(20),
  content: rows(transhipmentContent),
});

export const monitoringDetails = z.object({
  inspectingAuthority: id.nullable(),
  principalInspectorId: text(100),
  principalInspectorName: text(200),
  principalInspectorEmail: text(200),
});

export const extendedPir = z.object({
  monitoringDetails,
  portOfInspection: id.nullable(),
  lastPortOfCallFreeForm: text(300),
  lastPortOfCallEntryDate: isoDate.nullable(),
  purposes: ids(),
  purposeDetails: text(),
  rfmoIuuListing: rows(rfmoListing),
  fishingAuthorizations: rows(fishingAuthorization),
  transhipmentAuthorizations: rows(transhipmentAuthorization),
  controlledCatches: rows(controlledCatch),
  /** SPEC leaves the onboard list's name unshown; see docs/decisions.md */
  catchOnboard: rows(catchOnboard),
  retainedCatches: rows(retainedCatch),
  monitoredLanTrx: yesNo,
  monitoredLanTrxAttachments: filesOf(text(60)),
  logBookExamination: examination,
  catchDocumentationSchemeCompliance: examination,
  tradeInformationSchemeCompliance: examination,
  gearExamination: examination,
  gearType: id.nullable(),
  findingsByInspector: text(),
  commentsByMaster: text(),
  hasInfringements: yesNo,
  infrigements: text(),
  actionsTaken: text(),
  transhipmentInfo: rows(transhipmentInfo),
  startOfInspection: isoDate.nullable(),
  endOfInspection: isoDate.nullable(),
});
export type ExtendedPir = z.infer<typeof extendedPir>;

/** extended.pictures: pictures taken during the inspection. */
export const inspectionPicture = z.object({
  uid: text(60),
  type: text(20),
  author: text(200),
  description: text(1000),
  date: isoDate.nullable(),
  /** a marked-up copy: the uid of the picture it was drawn on; absent on an original */
  markupOf: text(60).nullable().optional(),
});

/** SPEC §3 Attachment: remote ones carry a documentTag, local ones a list of page pictures. */
export const attachment = z.object({
  uid: text(60),
  type: text(20),
  name: text(300),
  offline: z.boolean(),
  documentTag: nullableText(20),
  // local page ids: attachment-page:{report}:{attachment uid}:{page uid}, about 100 characters
  pictures: filesOf(text(200)),
});
export type Attachment = z.infer<typeof attachment>;

export const extended = z.object({
  vessel: extendedVessel,
  pir: extendedPir,
  pictures: filesOf(inspectionPicture),
  attachments: filesOf(attachment),
});
export type Extended = z.infer<typeof extended>;

// ---------------------------------------------------------------- the server's receipt

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/** A file the server holds for a submitted report, as complete-submit's receipt lists it. */
export const receiptFile = z.object({
  fileUrl: text(200),
  part: z.enum(['pictures', 'attachments', 'signatures']),
  size: z.number().int().nonnegative(),
  sha256: sha256Hex,
});
export type ReceiptFile = z.infer<typeof receiptFile>;

/** complete-submit's reply once a submission is verified: each file the server holds, and the total. */
export const submitReceipt = z.object({
  reportId: id,
  submitDate: isoDate,
  /** the fingerprint the server checked, or null for a report saved without one */
  fingerprint: sha256Hex.nullable(),
  files: filesOf(receiptFile),
  total: z.object({ files: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
});
export type SubmitReceipt = z.infer<typeof submitReceipt>;

/**
 * The receipt as the tablet keeps it with the report until it is archived: the server's reply and
 * the files the tablet sent (to say "the server holds 9 of 9 files, checked").
 */
export const storedReceipt = z.object({
  receipt: submitReceipt,
  sent: filesOf(receiptFile.pick({ fileUrl: true, size: true, sha256: true })),
  receivedAt: isoDate,
});
export type StoredReceipt = z.infer<typeof storedReceipt>;

// ---------------------------------------------------------------- the report

export const pir = z.object({
  id,
  fileId: id,
  status: pirStatus,
  code: text(60),
  createDate: isoDate,
  lastUpdateDate: isoDate,
  creator: z.object({ id, name: text(200) }),
  vesselIdentity,
  fileAttachements: filesOf(remoteDocument),
  submitedForms: filesOf(submittedForm),
  offlinePendingForms: filesOf(offlinePendingForm),
  rarLink: rarLink.nullable(),
  vesselPictures: filesOf(vesselPicture),
  claimedByDevice: nullableText(100),
  inspectionComment: nullableText(),
  portOfArrival: id.nullable(),
  startOfInspection: isoDate.nullable(),
  expectedArrival: isoDate.nullable(),
  lifecycle,
  extended: extended.nullable(),
  inspectionstatus: z.partialRecord(stepName, z.boolean()),
  inspectionErrors: z.partialRecord(stepName, stepErrors),
  inspectionSignatures,
  /** the tablet's own: the server's receipt of the submission; never sent by the server */
  submissionReceipt: storedReceipt.nullable().optional(),
});
export type Pir = z.infer<typeof pir>;

// ---------------------------------------------------------------- local records


/**
 * SPEC §3 stored file; content is kept in IndexedDB, never in the query cache: a Blob for files
 * downloaded from the server (stored without passing through the page's memory), bytes for what the
 * tablet made itself (pictures, signatures, attachment PDFs) and for restored files.
 */
export const storedFile = z.object({
  url: text(500),
  date: isoDate,
  content: z.union([z.instanceof(ArrayBuffer), z.instanceof(Blob)]).nullable(),
  width: z.number().int().nonnegative().nullable(),
  height: z.number().int().nonnegative().nullable(),
  filename: text(300),
  type: z.enum(STORED_FILE_TYPES),
  size: z.number().int().nonnegative(),
  pirId: id,
  contentType: text(120),
});
export type StoredFile = z.infer<typeof storedFile>;

export const taskStatus = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof taskStatus>;

export const task = z.object({
  type: text(60),
  subtype: text(60),
  method: z.enum(['GET', 'POST']),
  url: text(1000),
  uid: text(60),
  body: z.unknown(),
  subject: id,
  status: taskStatus,
  description: text(500),
  name: text(300),
  canIgnore: z.boolean(),
  /** 0..100 */
  completion: z.number().min(0).max(100),
  completionDetails: z.unknown(),
  result: z.unknown(),
  /** liveness counter, bumped while the task runs */
  iamAlive: z.number().int().nonnegative(),
});
export type Task = z.infer<typeof task>;

export const process = z.object({
  type: text(60),
  subject: id,
  uid: text(60),
  description: text(500),
  tasks: z.array(task),
});
export type Process = z.infer<typeof process>;


/** Values kept in localStorage besides the settings and the user. */
export const storedDeviceName = z.string().max(100);
export const storedReportId = z.string().max(40).nullable();

export const settings = z.object({
  /** null until the inspector chooses: the app follows the system's light or dark */
  darkMode: z.boolean().nullable(),
  showAdvancedFeatures: z.boolean(),
  onLine: z.boolean(),
  updateAvailable: z.boolean(),
  /** null until the inspector chooses: the app speaks the tablet's language (en or fr, else en) */
  language: z.enum(LANGUAGES).nullable(),
  fontSize: z.enum(FONT_SIZES),
  filters: z.object({ ports: z.array(id) }),
  application: z.object({ installed: z.boolean() }),
});
export type Settings = z.infer<typeof settings>;
export type Language = NonNullable<Settings['language']>;
export type FontSize = Settings['fontSize'];
