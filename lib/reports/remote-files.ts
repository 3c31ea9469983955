/** The files the server offers with a report, as the tablet downloads them (SPEC §4 preparation). Pure. */
import type { Pir } from '@/lib/contract';

export interface RemoteFile {
  link: string;
  filename: string;
  contentType: string;
  size?: number;
}

/** Every file of a report the server offers: vessel pictures, forms and their attachments, vessel-file documents. */
export function remoteFilesOf(report: Pick<Pir, 'vesselPictures' | 'submitedForms' | 'fileAttachements' | 'rarLink'>): RemoteFile[] {
  const out = new Map<string, RemoteFile>();
  const add = (f: RemoteFile) => {
    if (f.link && !out.has(f.link)) out.set(f.link, f);
  };
  for (const p of report.vesselPictures) add({ link: p.downloadLink, filename: p.description || `picture_${p.id}`, contentType: p.contentType, size: p.size });
  for (const f of report.submitedForms) {
    add({ link: f.downloadLink, filename: f.name, contentType: f.contentType, size: f.size });
    for (const a of f.attachments) add({ link: a.downloadLink, filename: a.name, contentType: a.contentType, size: a.size });
  }
  for (const a of report.fileAttachements) add({ link: a.downloadLink, filename: a.name, contentType: a.contentType, size: a.size });
  if (report.rarLink) add({ link: report.rarLink.downloadLink, filename: report.rarLink.name, contentType: report.rarLink.contentType });
  return [...out.values()];
}

/** Bytes a report's files take, where the server says; files of unknown size count as `unknownSize`. */
export function estimatedSize(files: readonly RemoteFile[], unknownSize = 1024 * 1024): number {
  return files.reduce((sum, f) => sum + (f.size ?? unknownSize), 0);
}
