/** Why a restore was refused (the dialog translates exportData.errors.{code}); nothing was written. */
export const RESTORE_ERRORS = [
  'notZip',
  'damaged',
  'noManifest',
  'badManifest',
  'newerVersion',
  'unexpectedPath',
  'missingEntry',
  'sizeMismatch',
  'hashMismatch',
  'badReport',
  'foreignFile',
  'tooLarge',
  'unreadable',
] as const;
export type RestoreErrorCode = (typeof RESTORE_ERRORS)[number];

export class RestoreError extends Error {
  constructor(
    readonly code: RestoreErrorCode,
    readonly values: Record<string, string | number> = {},
  ) {
    super(`exportData.errors.${code}`);
    this.name = 'RestoreError';
  }
}
