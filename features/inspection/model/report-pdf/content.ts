/**
 * What the signed report's PDF says, from the resolved review: the header (report
 * number, vessel, place, date), every step, both signatures or the refusal, and the fingerprint's short
 * form when the report has one. Pure; labels come from the review's translator.
 */
import type { Pir } from '@/lib/contract';
import type { ResolveDeps, ResolvedSection } from '@/features/inspection/model/review';
import { EMPTY } from '@/features/inspection/model/review';
import type { ReportPdfContent } from './layout';
import { shortFingerprint } from './text';

export const MASTER_SIGNATURE_IMAGE = 'signature:master';
export const INSPECTOR_SIGNATURE_IMAGE = 'signature:inspector';

export function reportPdfContent(report: Pir, sections: ResolvedSection[], d: ResolveDeps): ReportPdfContent {
  const t = (key: string, values?: Record<string, string | number>) => d.t(key, values) ?? key;
  const x = report.extended?.pir;
  const s = report.inspectionSignatures;
  const port = x?.portOfInspection ?? report.portOfArrival;
  const when = x?.endOfInspection ?? x?.startOfInspection ?? report.startOfInspection;
  const inspector = x?.monitoringDetails.principalInspectorName || t('signature.inspector');
  const vessel = report.extended?.vessel.name || report.vesselIdentity.vesselName || EMPTY;
  return {
    title: t('review.pdf.document'),
    header: [
      [t('review.pdf.reportNumber'), report.code || EMPTY],
      [t('review.pdf.vessel'), vessel],
      [t('review.pdf.place'), port === null ? EMPTY : (d.ref('designatedPort', port) ?? d.ref('port', port) ?? `#${port}`)],
      [t('review.pdf.signedOn'), when ? d.date(when) : EMPTY],
    ],
    sections,
    signaturesTitle: t('review.pdf.signatures'),
    signatures: [
      {
        label: t('signature.master'),
        imageId: s.masterRefuses || !s.masterSignature ? null : MASTER_SIGNATURE_IMAGE,
        note: s.masterRefuses ? t('review.pdf.masterRefused') : s.masterSignature ? t('signature.masterSigner', { vessel }) : t('review.pdf.noSignature'),
      },
      {
        label: t('signature.inspector'),
        imageId: s.inspectorSignature ? INSPECTOR_SIGNATURE_IMAGE : null,
        note: s.inspectorSignature ? inspector : t('review.pdf.noSignature'),
      },
    ],
    fingerprint: s.fingerprint ? { label: t('review.pdf.fingerprint'), value: shortFingerprint(s.fingerprint) } : null,
    footer: `${report.code} · ${t('review.pdf.page', { n: '{n}', total: '{total}' })}`,
  };
}

/** The file name of the signed report, as it is downloaded or shared. */
export function reportPdfName(report: Pick<Pir, 'code' | 'id'>): string {
  const code = (report.code || String(report.id)).replace(/[^A-Za-z0-9._-]+/g, '_');
  return `PIR_${code}_signed.pdf`;
}
