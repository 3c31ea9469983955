/**
 * Turns a failure's message into a translation key of the `errors` namespace (SPEC §8), or null
 * when the message is the server's own words, shown as they are.
 */
const KEYS: Record<string, string> = {
  'error.claim': 'claim',
  'error.upload': 'upload',
  'error.verify': 'verify',
  'error.fileDownload': 'fileDownload',
  'error.noSpace': 'noSpace',
  'error.storeFailed': 'storeFailed',
  stopped: 'stopped',
  'no response': 'noResponse',
  'no request': 'noRequest',
  'invalid reply': 'invalidReply',
  'missing PIR in task': 'missingPir',
  'could not load image': 'couldNotLoadImage',
  "couldn't get the pir from process subject": 'noPirForSubject',
  NOT_CLAIMED_BY_DEVICE: 'notClaimedByDevice',
  HASH_MISMATCH: 'hashMismatch',
  SESSION_EXPIRED: 'sessionExpired',
  REPORT_NOT_FOUND: 'reportNotFound',
  ALREADY_SUBMITTED: 'alreadySubmitted',
  FINGERPRINT_MISMATCH: 'fingerprintMismatch',
  INSPECTION_NOT_STARTED: 'inspectionNotStarted',
  INSPECTION_NOT_COMPLETED: 'inspectionNotCompleted',
  STEPS_INCOMPLETE: 'stepsIncomplete',
  SIGNATURE_MISSING: 'signatureMissing',
  SIGNATURE_NOT_IMAGE: 'signatureNotImage',
  IMPOSSIBLE_DATES: 'impossibleDates',
  FINGERPRINT_MISSING: 'fingerprintMissing',
  SAVED_BY_ANOTHER_TABLET: 'savedByAnotherTablet',
  SIGNATURES_OF_ANOTHER_TABLET: 'signaturesOfAnotherTablet',
  SERVER_BUSY: 'serverBusy',
  JSON_TOO_DEEP: 'jsonTooDeep',
  'transition.wrongStatus': 'wrongStatus',
  'transition.inspectorNameRequired': 'inspectorNameRequired',
  'transition.signaturesMissing': 'signaturesMissing',
  'transition.claimedByOtherDevice': 'claimedByOtherDevice',
  'transition.notClaimedByOtherDevice': 'wrongStatus',
  'transition.notPrepared': 'notPrepared',
};

export function errorKey(message: string): string | null {
  return KEYS[message] ?? null;
}
