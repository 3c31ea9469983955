/** Shapes of the hand-authored reference lists (SPEC §3). Every name is given in English and French. */

/** A complete authored entry: id, code and both names. */
export interface AuthoredEntry {
  id: number;
  code: string;
  nameEn: string;
  nameFr: string;
}

/** An authored document type (also used for the vessel picture types). */
export interface AuthoredDocumentType extends AuthoredEntry {
  isPicture: boolean;
}

/** An authored purpose of port entry. */
export interface AuthoredPurpose extends AuthoredEntry {
  requireUserDetails: 0 | 1;
}

/**
 * An entry whose names may come from a public file: when `nameEn`/`nameFr` are absent the build
 * takes them from the source row named by `code` (or `sourceCode`).
 */
export interface SourcedEntry {
  id: number;
  code: string;
  sourceCode?: string;
  nameEn?: string;
  nameFr?: string;
}
