/**
 * SPEC §4 merge from server: the listing updates the tablet's reports without ever overwriting
 * what the inspector did on this tablet. Pure.
 *
 * Fields the server owns (identity, forms, pictures, dates, claim) always come from the listing;
 * fields the tablet owns once it holds the claim (status, lifecycle, extended, step flags and
 * errors, signatures) are never replaced by the server's copy.
 */
import type { Pir } from '@/lib/contract';
import { STATUS_ORDER } from '@/lib/contract/constants';

export interface MergeResult {
  /** the tablet's reports after the merge, server order first, then kept local-only ones */
  reports: Pir[];
  /** reports whose stored copy must be written */
  changed: Pir[];
  /** new on the tablet */
  added: Pir[];
  /** gone from the server and below inspecting: deleted from the tablet (toast) */
  removed: Pir[];
  /** held by this tablet, now claimed by another device: reset to notready (warning toast) */
  lostClaim: Pir[];
  /** claimed by this tablet on the server but never prepared here: to prepare */
  toPrepare: Pir[];
}

const SERVER_FIELDS = [
  'fileId',
  'code',
  'createDate',
  'creator',
  'vesselIdentity',
  'fileAttachements',
  'submitedForms',
  'offlinePendingForms',
  'rarLink',
  'vesselPictures',
  'inspectionComment',
  'portOfArrival',
  'startOfInspection',
  'expectedArrival',
] as const satisfies readonly (keyof Pir)[];

/** Whether this tablet's copy carries work of its own (claimed and past notready). */
export function isHeldHere(report: Pick<Pir, 'status' | 'claimedByDevice'>, device: string): boolean {
  return report.claimedByDevice === device && report.status !== 'notready' && report.status !== 'submitted' && report.status !== 'claimed';
}

function withServerFields(local: Pir, server: Pir): Pir {
  const next = { ...local };
  for (const k of SERVER_FIELDS) (next as Record<string, unknown>)[k] = server[k];
  return next;
}

/**
 * A report this tablet does not work on (any more): the server's view wins, but a prepared copy keeps
 * its downloaded extended info with the step flags, errors and signatures that go with it (the work of
 * a claim this tablet lost stays whole through every later listing), a submitted report keeps the dates
 * of the lifecycle it went through here beside the server's, and the server's receipt of it stays.
 */
function asTheServerHasIt(local: Pir, server: Pir): Pir {
  const next: Pir = local.extended
    ? { ...server, extended: local.extended, inspectionstatus: local.inspectionstatus, inspectionErrors: local.inspectionErrors, inspectionSignatures: local.inspectionSignatures }
    : { ...server, extended: null };
  // The server's receipt of this tablet's submission is the tablet's own (the server never sends it).
  if (local.submissionReceipt) next.submissionReceipt = local.submissionReceipt;
  return server.status === 'submitted' ? { ...next, lifecycle: { ...local.lifecycle, ...server.lifecycle } } : next;
}

function same(a: Pir, b: Pir): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function mergeFromServer(local: readonly Pir[], server: readonly Pir[], device: string, archived: ReadonlySet<number> = new Set()): MergeResult {
  const byId = new Map(local.map((r) => [r.id, r]));
  const out: Pir[] = [];
  const result: MergeResult = { reports: out, changed: [], added: [], removed: [], lostClaim: [], toPrepare: [] };
  const seen = new Set<number>();

  for (const s of server) {
    seen.add(s.id);
    if (archived.has(s.id)) continue;
    const l = byId.get(s.id);

    if (!l) {
      // Held by this tablet on the server, but nothing here (new browser, erased data): download it
      // again, keeping the status the server knows.
      if (s.claimedByDevice === device && s.status !== 'submitted' && s.status !== 'notready' && s.status !== 'claimed') {
        const fresh: Pir = { ...s, extended: null };
        result.toPrepare.push(fresh);
        result.added.push(fresh);
        result.changed.push(fresh);
        out.push(fresh);
        continue;
      }
      const fresh = { ...s, extended: null };
      result.added.push(fresh);
      result.changed.push(fresh);
      out.push(fresh);
      continue;
    }

    let next: Pir;
    if (isHeldHere(l, device)) {
      if (s.status === 'submitted') {
        // The server finished the submission (e.g. verified after the tab died): adopt it.
        next = asTheServerHasIt(l, s);
      } else if (s.claimedByDevice && s.claimedByDevice !== device) {
        // Another device took the claim. The inspector's data stays on the tablet; the report goes back to notready.
        next = { ...withServerFields(l, s), status: 'notready', claimedByDevice: s.claimedByDevice, lifecycle: {} };
        result.lostClaim.push(next);
      } else {
        next = withServerFields(l, s);
        // Held here without its details (a download cut short, or overwritten by a merge that raced it):
        // download them again. The caller skips a report whose preparation is still queued.
        if (!next.extended && isHeldHere(next, device)) result.toPrepare.push(next);
      }
    } else {
      next = asTheServerHasIt(l, s);
      if (s.claimedByDevice === device && l.status === 'notready' && !['submitted', 'notready', 'claimed'].includes(s.status) && !l.extended) {
        next = { ...s, extended: null };
        result.toPrepare.push(next);
      }
    }
    if (!same(next, l)) result.changed.push(next);
    out.push(next);
  }

  for (const l of local) {
    if (seen.has(l.id)) continue;
    // SPEC §4: gone from the server — below inspecting it is removed, further along it is kept.
    if (l.status !== 'claimed' && STATUS_ORDER[l.status] >= STATUS_ORDER.inspecting) out.push(l);
    else result.removed.push(l);
  }
  return result;
}
