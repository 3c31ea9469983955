/**
 * The ids under which a report's inspection files are stored on the tablet (all among the report's
 * files, so releasing or archiving the report drops them). Pure.
 * - a picture: `picture:{reportId}:{uid}`
 * - an attachment page: `attachment-page:{reportId}:{attachmentUid}:{pageUid}`; the attachment's
 *   `pictures` list holds these ids, in page order
 * - an attachment assembled for upload: `attachment-pdf:{reportId}:{uid}` (built at submit)
 */
export const pictureFileId = (reportId: number, uid: string) => `picture:${reportId}:${uid}`;
export const attachmentPageFileId = (reportId: number, attachmentUid: string, pageUid: string) => `attachment-page:${reportId}:${attachmentUid}:${pageUid}`;
export const attachmentPdfFileId = (reportId: number, uid: string) => `attachment-pdf:${reportId}:${uid}`;
