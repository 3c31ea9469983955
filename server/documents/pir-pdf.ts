/** The PIR document made on complete-submit, from the report and its latest save. */
import type { Extended, ExtendedVessel, Pir, ReferenceDataset } from '../../lib/contract/index';
import type { ReferenceStore } from '../reference';
import type { FormPdfSpec, PdfSignature } from './pdf';

type RefEntry = { id: number; code: string; nameEn: string };
/** Each loaded list's entries by id and by code, built once per list (500 rows × 300 areas are 150,000 look-ups). */
const byId = new WeakMap<object, Map<number, RefEntry>>();
const byCode = new WeakMap<object, Map<string, RefEntry>>();

function indexOf<K>(cache: WeakMap<object, Map<K, RefEntry>>, list: readonly RefEntry[], key: (e: RefEntry) => K): Map<K, RefEntry> {
  let map = cache.get(list);
  if (!map) {
    map = new Map();
    for (const e of list) if (!map.has(key(e))) map.set(key(e), e);
    cache.set(list, map);
  }
  return map;
}

function refEntry(refs: ReferenceStore, dataset: ReferenceDataset, id: number): RefEntry | undefined {
  const list = refs.list(dataset) as readonly RefEntry[] | null;
  return list ? indexOf(byId, list, (e) => e.id).get(id) : undefined;
}

function refEntryByCode(refs: ReferenceStore, dataset: ReferenceDataset, code: string): RefEntry | undefined {
  const list = refs.list(dataset) as readonly RefEntry[] | null;
  return list ? indexOf(byCode, list, (e) => e.code).get(code) : undefined;
}

export function refLabel(refs: ReferenceStore, dataset: ReferenceDataset, id: number | null | undefined, style: 'code' | 'name' = 'name'): string {
  if (id === null || id === undefined) return '';
  const entry = refEntry(refs, dataset, id);
  if (!entry) return `#${id}`;
  return style === 'code' ? entry.code : entry.nameEn;
}

export function fmtDate(iso: string | null | undefined, withTime = false): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const s = d.toISOString();
  return withTime ? `${s.slice(0, 10)} ${s.slice(11, 16)} UTC` : s.slice(0, 10);
}

const yesNo = (v: boolean | null | undefined) => (v === true ? 'Yes' : v === false ? 'No' : '-');

export interface PirPdfInput {
  pir: Pir;
  vessel: ExtendedVessel;
  extended: Extended;
  submitDate: Date;
  inspectorName: string;
  device: string;
  /**
   * the account that submitted (from its token, never from the report): printed next
   * to the principal inspector the report names, who may be someone else
   */
  submittedBy?: string;
  signatures: { role: 'master' | 'inspector'; bytes: Uint8Array; contentType: string }[];
}

/** What the PIR shows, as plain data (labels resolved here; pdf-lib runs in the PDF worker, server/documents/pdf-pool.ts). */
export function pirPdfSpec(refs: ReferenceStore, input: PirPdfInput): FormPdfSpec {
  const { pir, vessel, extended, submitDate } = input;
  const x = extended.pir;
  const catches = x.catchOnboard.length ? x.catchOnboard : x.controlledCatches;
  const sig = (role: 'master' | 'inspector'): PdfSignature['image'] => {
    const s = input.signatures.find((v) => v.role === role);
    if (!s) return null;
    if (s.contentType.includes('png')) return { bytes: s.bytes, type: 'png' };
    if (s.contentType.includes('jpeg') || s.contentType.includes('jpg')) return { bytes: s.bytes, type: 'jpeg' };
    return null;
  };
  return {
    authority: 'Indian Ocean Tuna Commission - Port State Measures',
    title: 'Port Inspection Report (PIR)',
    subtitle: `${pir.code} - submitted ${fmtDate(submitDate.toISOString(), true)}`,
    date: submitDate,
    fields: [
      ['Vessel name', vessel.name || pir.vesselIdentity.vesselName],
      ['Flag state', refLabel(refs, 'flag', vessel.flagStateId) || pir.vesselIdentity.flagState],
      ['IMO number', vessel.imoId ?? ''],
      ['IOTC number', vessel.iotcId ?? ''],
      ['International radio call sign', vessel.ircs ?? ''],
      ['MMSI', vessel.mmsi ?? ''],
      ['Port of inspection', refLabel(refs, 'designatedPort', x.portOfInspection ?? pir.portOfArrival)],
      ['Last port of call', x.lastPortOfCallFreeForm],
      ['Start of inspection', fmtDate(x.startOfInspection ?? pir.startOfInspection, true)],
      ['End of inspection', fmtDate(x.endOfInspection, true)],
      ['Inspecting authority', refLabel(refs, 'authority', x.monitoringDetails.inspectingAuthority)],
      ['Principal inspector', x.monitoringDetails.principalInspectorName || input.inspectorName],
      ['Submitted by (account)', input.submittedBy ?? input.inspectorName],
      ['Inspector id', x.monitoringDetails.principalInspectorId],
      ['Submitted from device', input.device],
    ],
    tables: [
      {
        caption: 'Catch on board',
        headers: ['Species', 'Product form', 'Area', 'Declared (kg)', 'To land (kg)', 'Landed (kg)'],
        widths: [1.1, 1.6, 1, 1, 1, 1],
        rows: catches.map((k) => [
          refLabel(refs, 'species', k.species, 'code'),
          refLabel(refs, 'productForms', k.productForm),
          k.catchArea.map((a) => refLabel(refs, 'fishingArea', a, 'code')).join(', '),
          String(k.quantity ?? ''),
          String(k.quantityToLand ?? ''),
          String(k.monitoredLandedQuantity ?? ''),
        ]),
      },
    ],
    paragraphs: [
      {
        heading: 'Examinations',
        text: [
          `Logbook: ${yesNo(x.logBookExamination.status)} ${x.logBookExamination.comments}`,
          `Catch documentation scheme: ${yesNo(x.catchDocumentationSchemeCompliance.status)} ${x.catchDocumentationSchemeCompliance.comments}`,
          `Trade information scheme: ${yesNo(x.tradeInformationSchemeCompliance.status)} ${x.tradeInformationSchemeCompliance.comments}`,
          `Gear: ${yesNo(x.gearExamination.status)} ${x.gearExamination.comments}`,
        ].join('\n'),
      },
      { heading: 'Findings of the inspector', text: x.findingsByInspector },
      { heading: 'Comments of the master', text: x.commentsByMaster },
      // The inspector's own pictures, with what was written of each: part of what was inspected and signed.
      ...(extended.pictures.length
        ? [
            {
              heading: 'Pictures taken during the inspection',
              text: extended.pictures
                .map((p, i) => {
                  const type = refEntryByCode(refs, 'documentType', p.type)?.nameEn ?? p.type;
                  return `${i + 1}. ${[type, fmtDate(p.date, true)].filter(Boolean).join(', ')}${p.description ? `: ${p.description}` : ''}`;
                })
                .join('\n'),
            },
          ]
        : []),
      {
        heading: 'Infringements',
        text: x.hasInfringements ? `${x.infrigements}\nActions taken: ${x.actionsTaken}` : yesNo(x.hasInfringements),
      },
    ],
    signatures: [
      {
        label: 'Master',
        image: pir.inspectionSignatures.masterRefuses ? null : sig('master'),
        note: pir.inspectionSignatures.masterRefuses ? 'The master refused to sign.' : undefined,
      },
      { label: 'Inspector', image: sig('inspector'), note: x.monitoringDetails.principalInspectorName || input.inspectorName },
    ],
    footer: `${pir.code} - Port Inspection Report`,
  };
}
