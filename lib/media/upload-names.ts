/** SPEC §3: the names the files of a submission carry on the server. Pure. */
export const pictureFileName = (uid: string) => `picture_${uid}.jpg`;
export const signatureFileName = (role: 'master' | 'inspector') => `signature_${role}.png`;
export { attachmentPdfName } from './attachment-pdf';
