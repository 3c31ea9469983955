/** The two signatures of SPEC §2: stored as PNG files, referenced from the report. */
import { signatureFileName } from '@/lib/media/upload-names';
import type { Pir } from '@/lib/contract';
import { deleteFiles, putFile } from '@/lib/local-data/files-store';
import { editReport, flushEdits } from '@/lib/local-data/reports-store';
import { isHeldBy } from '@/lib/lifecycle/transitions';
import { serverNow } from '@/lib/clock/clock';
import { currentDevice } from '@/lib/session/session-store';

export type SignatureRole = 'master' | 'inspector';
const FIELD = { master: 'masterSignature', inspector: 'inspectorSignature' } as const;

/** SPEC §4, §6: signing happens on the tablet holding the claim, while the report is signing. */
export function canSign(report: Pick<Pir, 'status' | 'claimedByDevice'>, device: string): boolean {
  return report.status === 'signing' && isHeldBy(report, device);
}

/** SPEC §4: the inspector pad is usable only while signing, once the master signed or refused. */
export function padEnabled(report: Pick<Pir, 'status' | 'claimedByDevice' | 'inspectionSignatures'>, role: SignatureRole, device: string): boolean {
  if (!canSign(report, device)) return false;
  const s = report.inspectionSignatures;
  if (role === 'master') return !s.masterRefuses;
  return Boolean(s.masterSignature) || s.masterRefuses;
}

export async function registerSignature(reportId: number, role: SignatureRole, png: Blob) {
  const id = `signature:${reportId}:${role}:${crypto.randomUUID()}`;
  await putFile({
    id,
    url: id,
    // shown as the time of signing: the server's time, whatever the tablet's clock says
    date: serverNow().toISOString(),
    content: png,
    width: null,
    height: null,
    filename: signatureFileName(role),
    type: 'image',
    size: png.size,
    pirId: reportId,
    contentType: 'image/png',
  });
  let old: string | null = null;
  let kept = false;
  editReport(reportId, (r) => {
    if (!padEnabled(r, role, currentDevice())) return r;
    kept = true;
    old = r.inspectionSignatures[FIELD[role]];
    return { ...r, inspectionSignatures: { ...r.inspectionSignatures, [FIELD[role]]: id } };
  });
  await flushEdits();
  // A signature the report no longer takes (another tablet took the claim meanwhile) is not kept.
  if (!kept) {
    await deleteFiles([id]);
    return;
  }
  if (old) await deleteFiles([old]);
}

export async function resetSignature(reportId: number, role: SignatureRole) {
  let old: string | null = null;
  editReport(reportId, (r) => {
    if (!canSign(r, currentDevice())) return r;
    old = r.inspectionSignatures[FIELD[role]];
    return { ...r, inspectionSignatures: { ...r.inspectionSignatures, [FIELD[role]]: null } };
  });
  await flushEdits();
  if (old) await deleteFiles([old]);
}

/** SPEC §2: "master refuses" clears the master's signature. */
export async function setMasterRefuses(reportId: number, refuses: boolean) {
  let old: string | null = null;
  editReport(reportId, (r) => {
    if (!canSign(r, currentDevice())) return r;
    old = refuses ? r.inspectionSignatures.masterSignature : null;
    return { ...r, inspectionSignatures: { ...r.inspectionSignatures, masterRefuses: refuses, masterSignature: refuses ? null : r.inspectionSignatures.masterSignature } };
  });
  await flushEdits();
  if (old) await deleteFiles([old]);
}
