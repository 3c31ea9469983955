/**
 * The vessel files page (SPEC §2): a report's server files sorted into the segments the page shows
 * (pictures, then one per form type), and the id each file has in the viewer's address. Pure.
 */
import type { FormType, Pir, RemoteDocument } from '@/lib/contract';
import { FORM_TYPES } from '@/lib/contract/constants';

/** The page's segments: the vessel's pictures, then each form type in SPEC order. */
export const VESSEL_SEGMENTS = ['pictures', ...FORM_TYPES] as const;
export type VesselSegment = (typeof VESSEL_SEGMENTS)[number];

export function isVesselSegment(value: string | null | undefined): value is VesselSegment {
  return (VESSEL_SEGMENTS as readonly string[]).includes(value ?? '');
}

function isFormType(value: string | null | undefined): value is FormType {
  return (FORM_TYPES as readonly string[]).includes(value ?? '');
}

export type ViewerKind = 'image' | 'pdf' | 'other';

/** What the viewer can do with a content type (images and PDFs are shown, the rest downloaded). */
export function viewerKind(contentType: string | null | undefined): ViewerKind {
  const ct = (contentType ?? '').toLowerCase();
  if (ct.startsWith('image/')) return 'image';
  if (ct.includes('pdf')) return 'pdf';
  return 'other';
}

/** One downloadable file, as the page lists it. */
export interface VesselFile {
  /** the file's id in the viewer's address (`fileKeyOf(link)`) */
  key: string;
  link: string;
  name: string;
  contentType: string;
  kind: ViewerKind;
  size: number | null;
  /** picture date, form submission date; null when unknown */
  date: string | null;
  /** document type code (documentTag) or picture type code (tagName) */
  tag: string | null;
  /** the segment the file is listed under */
  segment: VesselSegment;
}

/** A form (or a vessel-file document) with its attachments. */
export interface VesselForm {
  key: string;
  /** where it comes from: a submitted form, the RAR link, or a vessel-file document */
  source: 'form' | 'rar' | 'document';
  typeOfForm: FormType | null;
  name: string;
  date: string | null;
  file: VesselFile;
  attachments: VesselFile[];
}

const SERVER_FILE = /\/offline-api\/files\/([a-z]+)\/(\d+)\/?$/;

/**
 * The id of a file in the viewer's address `/pir/{id}/vessel/file/{fileId}`: `{kind}-{serverId}`
 * from a server download link (`/be/offline-api/files/documents/1042` → `documents-1042`), else the
 * link itself in base64url after `x-`. Never contains `/` or `.`, so the address stays one segment.
 */
export function fileKeyOf(link: string): string {
  const m = SERVER_FILE.exec(link);
  if (m) return `${m[1]}-${m[2]}`;
  return `x-${base64Url(link)}`;
}

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fileOf(
  doc: { downloadLink: string; name: string; contentType: string; size?: number },
  segment: VesselSegment,
  extra: { date?: string | null; tag?: string | null } = {},
): VesselFile {
  return {
    key: fileKeyOf(doc.downloadLink),
    link: doc.downloadLink,
    name: doc.name,
    contentType: doc.contentType,
    kind: viewerKind(doc.contentType),
    size: doc.size ?? null,
    date: extra.date ?? null,
    tag: extra.tag ?? null,
    segment,
  };
}

type FilesOfReport = Pick<Pir, 'vesselPictures' | 'submitedForms' | 'rarLink' | 'fileAttachements'>;

/** The vessel's pictures, as files of the pictures segment. */
export function picturesOf(report: Pick<Pir, 'vesselPictures'>): VesselFile[] {
  return report.vesselPictures
    .filter((p) => p.downloadLink)
    .map((p) => fileOf({ downloadLink: p.downloadLink, name: p.description || `picture_${p.id}`, contentType: p.contentType, size: p.size }, 'pictures', { date: p.photoTakingDate, tag: p.tagName }));
}

/** A vessel-file document belongs to a form type when its document type is one (e.g. `PIR`). */
function documentFormType(doc: RemoteDocument): FormType | null {
  const tag = doc.documentTag?.trim().toUpperCase() ?? null;
  return isFormType(tag) ? tag : null;
}

/**
 * The vessel-file documents of no form type (crew list, logbook, VMS report...): listed with the
 * pictures, as the vessel's own material rather than a form.
 */
export function vesselDocumentsOf(report: Pick<Pir, 'fileAttachements'>): VesselFile[] {
  return report.fileAttachements
    .filter((d) => d.downloadLink && documentFormType(d) === null)
    .map((d) => fileOf(d, 'pictures', { tag: d.documentTag }));
}

/**
 * The forms of one type, oldest first: the submitted forms of that type with their attachments; for
 * RAR also the RAR link when it is not one of those forms already; and the vessel-file documents
 * whose document type is that form type.
 */
export function formsOfType(report: FilesOfReport, type: FormType): VesselForm[] {
  const forms: VesselForm[] = report.submitedForms
    .filter((f) => f.typeOfForm === type && f.downloadLink)
    .map((f) => {
      const file = fileOf(f, type, { date: f.submitDate });
      return {
        key: file.key,
        source: 'form' as const,
        typeOfForm: type,
        name: f.name,
        date: f.submitDate,
        file,
        attachments: f.attachments.filter((a) => a.downloadLink).map((a) => fileOf(a, type, { date: f.submitDate, tag: a.documentTag })),
      };
    })
    .sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
  const rar = report.rarLink;
  if (type === 'RAR' && rar?.downloadLink && !forms.some((f) => f.file.link === rar.downloadLink)) {
    const file = fileOf(rar, 'RAR');
    forms.push({ key: file.key, source: 'rar', typeOfForm: 'RAR', name: rar.name, date: null, file, attachments: [] });
  }
  for (const d of report.fileAttachements) {
    if (!d.downloadLink || documentFormType(d) !== type) continue;
    const file = fileOf(d, type, { tag: d.documentTag });
    forms.push({ key: file.key, source: 'document', typeOfForm: type, name: d.name, date: null, file, attachments: [] });
  }
  return forms;
}

/** How many files each segment lists (a form counts with its attachments). */
export function segmentCounts(report: FilesOfReport): Record<VesselSegment, number> {
  const out = { pictures: picturesOf(report).length + vesselDocumentsOf(report).length } as Record<VesselSegment, number>;
  for (const type of FORM_TYPES) out[type] = formsOfType(report, type).reduce((n, f) => n + 1 + f.attachments.length, 0);
  return out;
}

/** Every file the page lists, each once (the first segment that lists it wins). */
export function allVesselFiles(report: FilesOfReport): VesselFile[] {
  const out = new Map<string, VesselFile>();
  const add = (f: VesselFile) => {
    if (!out.has(f.key)) out.set(f.key, f);
  };
  picturesOf(report).forEach(add);
  vesselDocumentsOf(report).forEach(add);
  for (const type of FORM_TYPES) for (const form of formsOfType(report, type)) [form.file, ...form.attachments].forEach(add);
  return [...out.values()];
}

/** The file an address names, or null when the report has no such file. */
export function findVesselFile(report: FilesOfReport, key: string): VesselFile | null {
  return allVesselFiles(report).find((f) => f.key === key) ?? null;
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/tiff': 'tiff',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** The name a downloaded copy gets: the file's name, made safe, with an extension matching its type. */
export function downloadName(name: string, contentType: string): string {
  const safe = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').replace(/\s+/g, ' ').trim() || 'file';
  const ext = EXTENSIONS[contentType.split(';')[0]!.trim().toLowerCase()];
  if (!ext || /\.[a-z0-9]{2,5}$/i.test(safe)) return safe;
  return `${safe}.${ext}`;
}
