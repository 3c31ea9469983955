/**
 * The demo's files: generated vessel pictures (JPEG) and the documents of each report (PDF forms,
 * authorisations, vessel-file documents), collected in memory and written in the seed's one
 * transaction. Each function renders one kind of document and returns the id it is stored under.
 */
import type { FormType } from '../../lib/contract/index';
import { putBlob, sha256Hex, type FileKind } from '../db/files';
import type { DB } from '../db/schema';
import { fmtDate } from '../documents/pir-pdf';
import { renderFormPdf, renderSimplePdf, type PdfTable } from '../documents/pdf';
import { HULL_COLOURS } from './catalog';
import { drawVesselScene } from './images';
import { iso } from './plan';

const AUTHORITY = 'Indian Ocean Tuna Commission - Port State Measures';

interface PendingFile {
  id: number;
  kind: FileKind;
  name: string;
  contentType: string;
  bytes: Uint8Array;
  reportId: number;
  createdAt: string;
}

/** Broadside sizes by hull colour: one large picture, the others of common camera sizes. */
const SIDE_SIZES: [number, number][] = [[2400, 1600], [640, 480], [800, 600], [1024, 768], [640, 480], [800, 600], [640, 480], [1280, 853], [800, 600], [640, 480]];

/** The files of the demo, numbered from `nextId` in the order they are made. */
export class SeedFiles {
  readonly files: PendingFile[] = [];
  /** a small pool of distinct JPEGs (one broadside + one bow view per hull colour), drawn on demand */
  private readonly pool = new Map<string, Uint8Array>();
  constructor(private nextId: number) {}

  add(f: Omit<PendingFile, 'id'>): number {
    const id = this.nextId++;
    this.files.push({ ...f, id });
    return id;
  }

  picture(colour: number, view: 'side' | 'bow'): Uint8Array {
    const key = `${colour}:${view}`;
    let bytes = this.pool.get(key);
    if (!bytes) {
      const [w, h] = view === 'side' ? SIDE_SIZES[colour % SIDE_SIZES.length]! : [640, 480];
      bytes = drawVesselScene({ width: w, height: h, hull: HULL_COLOURS[colour % HULL_COLOURS.length]!, view, seed: 1000 + colour * 7 + (view === 'bow' ? 3 : 0) });
      this.pool.set(key, bytes);
    }
    return bytes;
  }

  /** Writes the files and their bytes (each distinct content once); call inside the seed's transaction. */
  write(db: DB) {
    const insertFile = db.prepare('INSERT INTO files (id, kind, name, content_type, size, sha256, report_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    const shaOf = new Map<Uint8Array, string>();
    for (const f of this.files) {
      let sha = shaOf.get(f.bytes);
      if (!sha) {
        sha = sha256Hex(f.bytes);
        shaOf.set(f.bytes, sha);
        putBlob(db, f.bytes, sha);
      }
      insertFile.run(f.id, f.kind, f.name, f.contentType, f.bytes.byteLength, sha, f.reportId, f.createdAt);
    }
  }
}

/** What every form of one report shows: the vessel's fields and its declared catch. */
export interface ReportPapers {
  reportId: number;
  code: string;
  vesselName: string;
  /** the fields at the top of every form, before the form's own */
  fields: [string, string][];
  catchTable: PdfTable;
}

async function addForm(files: SeedFiles, papers: ReportPapers, type: FormType, date: Date, spec: Omit<Parameters<typeof renderFormPdf>[0], 'authority' | 'date' | 'footer'>) {
  const bytes = await renderFormPdf({ authority: AUTHORITY, date, ...spec, footer: `${papers.code} - ${type === 'PIR' ? 'Port Inspection Report' : type}` });
  return files.add({ kind: 'documents', name: `${type}_${papers.code}.pdf`, contentType: 'application/pdf', bytes, reportId: papers.reportId, createdAt: iso(date) });
}

/** The vessel's advance request for entry into port. */
export function arepForm(files: SeedFiles, papers: ReportPapers, date: Date, lastPort: string) {
  return addForm(files, papers, 'AREP', date, {
    title: 'Advance Request for Entry into Port (AREP)',
    subtitle: `${papers.code} - sent ${fmtDate(iso(date), true)}`,
    fields: [...papers.fields, ['Purpose of call', 'Landing'], ['Last port of call', lastPort]],
    tables: [papers.catchTable],
  });
}

/** The port State's reply to the request. */
export function raiarepForm(files: SeedFiles, papers: ReportPapers, date: Date, portName: string) {
  return addForm(files, papers, 'RAIAREP', date, {
    title: 'Reply to the Advance Request for Entry into Port (RAIAREP)',
    subtitle: `${papers.code} - answered ${fmtDate(iso(date), true)}`,
    fields: [...papers.fields, ['Decision', 'Entry authorised'], ['Conditions', 'Subject to port inspection']],
    paragraphs: [
      {
        heading: 'Decision of the port State',
        text: `Entry into the port of ${portName} is authorised for the purpose of landing. The vessel shall be made available for inspection on arrival and the master shall co-operate with the inspectors.`,
      },
    ],
  });
}

export interface AuthorisationRow {
  atf: boolean;
  identifier: string;
  issuedBy: string;
  validFrom: string | null;
  validTo: string | null;
}

/** The pre-arrival report, with the vessel's authorisations. */
export function rarForm(files: SeedFiles, papers: ReportPapers, date: Date, start: Date, authorisations: AuthorisationRow[]) {
  return addForm(files, papers, 'RAR', date, {
    title: 'Pre-arrival report of catch and authorisations (RAR)',
    subtitle: `${papers.code} - received ${fmtDate(iso(date), true)}`,
    fields: [...papers.fields, ['Expected start of inspection', fmtDate(iso(start), true)], ['Purpose of call', 'Landing']],
    tables: [
      papers.catchTable,
      {
        caption: 'Authorisations',
        headers: ['Type', 'Identifier', 'Issued by', 'Valid from', 'Valid to'],
        widths: [0.6, 1.8, 1.4, 1, 1],
        rows: authorisations.map((a) => [a.atf ? 'ATF' : 'CSFL', a.identifier, a.issuedBy, fmtDate(a.validFrom), fmtDate(a.validTo)]),
      },
    ],
  });
}

/** The inspection report of a submitted report, signed on the tablet. */
export function pirForm(files: SeedFiles, papers: ReportPapers, date: Date, facts: { start: Date; end: string | null; inspector: string; authority: string; findings: string }) {
  return addForm(files, papers, 'PIR', date, {
    title: 'Port Inspection Report (PIR)',
    subtitle: `${papers.code} - submitted ${fmtDate(iso(date), true)}`,
    fields: [
      ...papers.fields,
      ['Start of inspection', fmtDate(iso(facts.start), true)],
      ['End of inspection', fmtDate(facts.end, true)],
      ['Principal inspector', facts.inspector],
      ['Inspecting authority', facts.authority],
    ],
    tables: [papers.catchTable],
    paragraphs: [
      { heading: 'Findings of the inspector', text: facts.findings || 'No apparent infringement found.' },
      { heading: 'Comments of the master', text: 'No comment.' },
    ],
    signatures: [{ label: 'Master', note: 'Signed on the inspection tablet' }, { label: 'Inspector', note: facts.inspector }],
  });
}

/** An authorisation to fish (ATF, from the flag State) or a coastal State licence (CSFL), attached to the RAR. */
export async function authorisationDocument(
  files: SeedFiles,
  papers: ReportPapers,
  a: { atf: boolean; issuer: string; identifier: string; validFrom: Date; validTo: Date; imo: string; gear: string },
) {
  const bytes = await renderSimplePdf({
    authority: a.atf ? `Competent authority of ${a.issuer}` : 'Seychelles Fishing Authority',
    title: a.atf ? 'Authorisation to fish (ATF)' : 'Coastal State fishing licence (CSFL)',
    subtitle: a.identifier,
    date: a.validFrom,
    fields: [
      ['Vessel', papers.vesselName],
      ['IMO number', a.imo],
      ['Issued by', a.issuer],
      ['Identifier', a.identifier],
      ['Valid from', fmtDate(iso(a.validFrom))],
      ['Valid to', fmtDate(iso(a.validTo))],
      ['Gear', a.gear],
      ['Areas', 'FAO 51 - Western Indian Ocean; FAO 57 - Eastern Indian Ocean'],
    ],
    body: `The vessel ${papers.vesselName} is authorised to fish for tuna and tuna-like species in the IOTC area of competence, under the conditions of its licence, until ${fmtDate(iso(a.validTo))}.`,
  });
  return files.add({ kind: 'attachments', name: `AUTF_${a.identifier.replace(/\//g, '-')}.pdf`, contentType: 'application/pdf', bytes, reportId: papers.reportId, createdAt: iso(a.validFrom) });
}

/** A document of the vessel file (crew list, logbook, VMS report) sent by the vessel's agent. */
export async function vesselFileDocument(
  files: SeedFiles,
  papers: ReportPapers,
  d: { flagName: string; imo: string; ircs: string; type: { code: string; name: string }; date: Date; portName: string },
) {
  const bytes = await renderSimplePdf({
    authority: `${d.flagName} - ${papers.vesselName}`,
    title: d.type.name,
    subtitle: `${papers.vesselName} (IMO ${d.imo}) - ${fmtDate(iso(d.date))}`,
    date: d.date,
    fields: [
      ['Vessel', papers.vesselName],
      ['IRCS', d.ircs],
      ['Document type', `${d.type.code} - ${d.type.name}`],
      ['Date', fmtDate(iso(d.date), true)],
    ],
    body: `${d.type.name} provided by the vessel's agent ahead of the call at ${d.portName}.`,
  });
  return files.add({ kind: 'attachments', name: `${d.type.code}_${safeName(papers.vesselName)}.pdf`, contentType: 'application/pdf', bytes, reportId: papers.reportId, createdAt: iso(d.date) });
}

/** A picture of the vessel from its file. */
export function vesselPicture(files: SeedFiles, papers: ReportPapers, p: { tag: string; n: number; colour: number; taken: Date }) {
  const view = p.n % 2 === 0 ? 'side' : 'bow';
  const name = `${p.tag}_${safeName(papers.vesselName)}_${p.n + 1}.jpg`;
  return files.add({ kind: 'pictures', name, contentType: 'image/jpeg', bytes: files.picture(p.colour, view), reportId: papers.reportId, createdAt: iso(p.taken) });
}

/** A picture the inspector took, attached to the submitted inspection report. */
export function inspectionPhoto(files: SeedFiles, papers: ReportPapers, p: { n: number; colour: number; date: Date }) {
  const name = `inspection_${papers.reportId}_${p.n + 1}.jpg`;
  const id = files.add({ kind: 'attachments', name, contentType: 'image/jpeg', bytes: files.picture(p.colour, p.n === 0 ? 'bow' : 'side'), reportId: papers.reportId, createdAt: iso(p.date) });
  return { id, name };
}

const safeName = (vesselName: string) => vesselName.replace(/[^A-Za-z0-9]+/g, '-');
