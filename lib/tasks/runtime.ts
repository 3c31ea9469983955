/**
 * The app's one task runner, wired to the lifecycle: a finished preparation makes the report
 * ready, a finished submission makes it submitted; a failure restores the state before it.
 */
import { appRuntime } from '@/lib/app/runtime';
import { queryClient } from '@/lib/local-data/cache';
import type { ProcessRecord } from '@/lib/local-data/db';
import { allReports, commit, findReport } from '@/lib/local-data/reports-store';
import { processesOf } from '@/lib/local-data/processes-store';
import { reportError } from '@/lib/errors/error-bus';
import { noteClaimRefused } from '@/lib/tasks/claim-refusals';
import { sessionStore } from '@/lib/session/session-store';
import { queryKeys } from '@/lib/query/client';
import { applyTransition, isSubmissionStalled } from '@/lib/lifecycle/transitions';
import { serverNow } from '@/lib/clock/clock';
import { buildDetailsProcess, PROCESS_TYPE, SUBTYPE, type UploadItem } from './builders';
import { storedReceiptOf } from '@/lib/lifecycle/receipt';
import { emitLifecycleEvent } from './events';
import { handlers } from './handlers';
import { processStatus, rejectionMessage } from './model';
import { TaskRunner } from './runner';

function firstRejection(p: ProcessRecord): string {
  const t = p.tasks.find((x) => x.status === 'REJECTED');
  return (t && rejectionMessage(t)) ?? 'error';
}

/** SPEC §8: the message of a process whose report is not on the tablet. */
export const NO_PIR_FOR_SUBJECT = "couldn't get the pir from process subject";

/**
 * A process whose report is not on the tablet (a restore or a damaged store left it behind): the
 * task list is restored without it, and the inspector is told (SPEC §8). A process removed with its
 * report (released, archived, gone from the server) is already gone from the store: nothing to say.
 */
async function dropOrphan(p: ProcessRecord) {
  if (!processesOf(p.subject).some((x) => x.uid === p.uid)) return;
  await commit({ removeProcesses: [p.uid] });
  reportError(new Error(NO_PIR_FOR_SUBJECT));
}

/** A process finished: its report moves on (exported for tests). */
export async function onComplete(p: ProcessRecord) {
  const report = findReport(p.subject);
  if (!report) return dropOrphan(p);
  if (p.type === PROCESS_TYPE.prepare) {
    if (!report.extended) {
      // Never ready without its details: fetch them again now rather than at the next listing.
      const again = buildDetailsProcess(report, { uid: () => crypto.randomUUID(), now: new Date() });
      await commit({ removeProcesses: [p.uid], processes: [p.quiet ? { ...again, quiet: true } : again] });
      appRuntime().runner?.kick();
      return;
    }
    const r = applyTransition(report, { type: 'prepared' }, serverNow());
    const next = r.ok ? r.report : report;
    await commit({ put: [next], removeProcesses: [p.uid] });
    // A download again of a report the tablet had already ready is not told (p.quiet).
    if (r.ok && !p.quiet) emitLifecycleEvent({ type: 'pirReady', report: next });
  } else if (p.type === PROCESS_TYPE.submit) {
    const now = serverNow();
    const r = applyTransition(report, { type: 'submitted' }, now);
    // The server's receipt stays with the report (IndexedDB) until it is archived.
    const verify = p.tasks.find((t) => t.subtype === SUBTYPE.verify);
    const sent = (p.tasks.find((t) => t.subtype === SUBTYPE.save)?.body as { uploads?: UploadItem[] } | undefined)?.uploads ?? [];
    const receipt = storedReceiptOf(verify?.result, sent, now);
    const next = r.ok ? (receipt ? { ...r.report, submissionReceipt: receipt } : r.report) : report;
    await commit({ put: [next], removeProcesses: [p.uid] });
    if (r.ok) emitLifecycleEvent({ type: 'pirSubmitted', report: next });
    void queryClient().invalidateQueries({ queryKey: queryKeys.currentFiles });
  } else {
    await commit({ removeProcesses: [p.uid] });
  }
}

/** A process stopped on a rejected task (exported for tests). */
export async function onRejected(p: ProcessRecord) {
  const report = findReport(p.subject);
  const message = firstRejection(p);
  if (!report) return dropOrphan(p);
  if (p.type === PROCESS_TYPE.prepare) {
    const claim = p.tasks.find((t) => t.subtype === SUBTYPE.claim);
    if (claim?.status === 'REJECTED') {
      // SPEC §4: a failed claim restores the report as it was, without the files downloaded beside the claim.
      const stored = p.tasks.filter((t) => t.subtype === SUBTYPE.file && t.status === 'RESOLVED').map((t) => (t.body as { fileId: string }).fileId);
      await commit({ put: p.restore ? [p.restore] : [], removeProcesses: [p.uid], removeFiles: stored });
      noteClaimRefused(report.id, message);
      emitLifecycleEvent({ type: 'claimFailed', report: p.restore ?? report, message });
      // Someone else probably holds it now: fetch the listing to show who.
      void queryClient().invalidateQueries({ queryKey: queryKeys.currentFiles });
    } else {
      emitLifecycleEvent({ type: 'prepareFailed', report, message });
    }
  } else if (p.type === PROCESS_TYPE.submit) {
    // SPEC §4: a failed submission restores the prior state; the process stays so a retry resumes it.
    const r = applyTransition(report, { type: 'submitFailed' }, serverNow());
    if (r.ok) await commit({ put: [r.report] });
    emitLifecycleEvent({ type: 'submitFailed', report, message });
  }
}

/** SPEC §4: submitting for more than 60 s with no active process counts as failed; a retry is offered. */
async function checkStalledSubmissions() {
  // the server's time, as the submission's start was recorded in it
  const now = serverNow();
  const device = sessionStore.get()?.deviceName;
  for (const report of allReports()) {
    // Only this tablet's own submissions: another device's report shows the server's status (a restored
    // or listed copy "submitting" elsewhere is not a submission that failed here).
    if (report.status !== 'submitting' || !device || report.claimedByDevice !== device) continue;
    const active = processesOf(report.id).some((p) => p.type === PROCESS_TYPE.submit && processStatus(p.tasks) !== 'REJECTED');
    if (!isSubmissionStalled(report, active, now)) continue;
    const r = applyTransition(report, { type: 'submitFailed' }, now);
    if (!r.ok) continue;
    await commit({ put: [r.report] });
    emitLifecycleEvent({ type: 'submitFailed', report, message: 'stopped' });
  }
}

export function runner(): TaskRunner {
  const app = appRuntime();
  app.runner ??= new TaskRunner({
    handlers,
    canRun: () => navigator.onLine && Boolean(sessionStore.get()?.loggedIn && sessionStore.get()?.token),
    onComplete,
    onRejected,
    onPass: checkStalledSubmissions,
    now: () => Date.now(),
  });
  return app.runner;
}
