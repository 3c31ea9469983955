import { describe, expect, it } from 'vitest';
import {
  cardAction,
  cardProgress,
  outboxSummary,
  sendState,
  documentSubmittedAt,
  firstVesselPicture,
  heldReportIds,
  inspectionScheduledAt,
  inspectionStartedAt,
  photoCount,
  picturesShownFirst,
  portOfArrivalId,
  showsClaimedNotice,
  showsCommentWarning,
} from '@/lib/reports/card';
import { FORM_STEPS } from '@/lib/inspection/steps';
import type { Pir, SubmittedForm, VesselPicture } from '@/lib/contract';
import { renderedSlides, slideWindow } from '@/features/reports/model/carousel-window';
import { emptyExtended, report } from './fixtures/report';

const me = 'SFA-TAB-01';
const picture = (id: number): VesselPicture => ({
  id,
  contentType: 'image/jpeg',
  description: '',
  photoTakingDate: null,
  tagId: null,
  tagName: 'PWHO',
  downloadLink: `/be/offline-api/files/pictures/${id}`,
});
const form = (typeOfForm: SubmittedForm['typeOfForm'], submitDate: string): SubmittedForm => ({
  id: 1,
  name: typeOfForm,
  typeOfForm,
  contentType: 'application/pdf',
  attachments: [],
  submitDate,
  downloadLink: '/x',
});

describe('report card (SPEC §2)', () => {
  it('uses the default port of arrival (64) when the report has none', () => {
    expect(portOfArrivalId(report(1, 'notready', { portOfArrival: null }))).toBe(64);
    expect(portOfArrivalId(report(1, 'notready', { portOfArrival: 120 }))).toBe(120);
  });

  it('dates the start of the inspection by the lifecycle, else by the extended report', () => {
    const extended = emptyExtended();
    extended.pir.startOfInspection = '2026-11-20T07:00:00.000Z';
    expect(inspectionStartedAt(report(1, 'ready'))).toBeNull();
    expect(inspectionStartedAt(report(1, 'inspecting', { extended }))).toBe('2026-11-20T07:00:00.000Z');
    expect(
      inspectionStartedAt(report(1, 'inspecting', { extended, lifecycle: { inspecting: { date: '2026-11-20T08:30:00.000Z', previousStatus: 'ready' } } })),
    ).toBe('2026-11-20T08:30:00.000Z');
  });

  it('schedules by startOfInspection', () => {
    expect(inspectionScheduledAt(report(1, 'notready', { startOfInspection: '2026-11-21T09:00:00.000Z' }))).toBe('2026-11-21T09:00:00.000Z');
    expect(inspectionScheduledAt(report(1, 'notready'))).toBeNull();
  });

  it('dates the submission by the latest submitted PIR form, else by the lifecycle', () => {
    expect(documentSubmittedAt(report(1, 'notready', { submitedForms: [form('RAR', '2026-11-01T00:00:00.000Z')] }))).toBeNull();
    expect(
      documentSubmittedAt(
        report(1, 'submitted', {
          submitedForms: [form('PIR', '2026-11-02T00:00:00.000Z'), form('RAR', '2026-11-09T00:00:00.000Z'), form('PIR', '2026-11-05T00:00:00.000Z')],
          lifecycle: { submitted: { date: '2026-11-01T00:00:00.000Z', previousStatus: 'submitting' } },
        }),
      ),
    ).toBe('2026-11-05T00:00:00.000Z');
    expect(documentSubmittedAt(report(1, 'submitted', { lifecycle: { submitted: { date: '2026-11-03T00:00:00.000Z', previousStatus: 'submitting' } } }))).toBe(
      '2026-11-03T00:00:00.000Z',
    );
  });

  it('counts vessel pictures, plus the inspection pictures once prepared', () => {
    expect(photoCount(report(1, 'notready', { vesselPictures: [picture(1), picture(2)] }))).toBe(2);
    const extended = emptyExtended();
    extended.pictures = [{ uid: 'a', type: 'PWHO', author: 'A', description: '', date: null }];
    expect(photoCount(report(1, 'inspecting', { vesselPictures: [picture(1), picture(2)], extended }))).toBe(3);
    expect(photoCount(report(1, 'notready'))).toBe(0);
  });

  it('shows the first vessel picture', () => {
    expect(firstVesselPicture(report(1, 'notready', { vesselPictures: [picture(7), picture(8)] }))?.id).toBe(7);
    expect(firstVesselPicture(report(1, 'notready'))).toBeNull();
  });

  it('flags an office comment until the report is submitted', () => {
    const comment = 'Check the logbook against the landing declaration.';
    for (const status of ['notready', 'ready', 'inspecting', 'signing', 'readytosubmit', 'submitting'] as const) {
      expect(showsCommentWarning(report(1, status, { inspectionComment: comment })), status).toBe(true);
    }
    expect(showsCommentWarning(report(1, 'submitted', { inspectionComment: comment }))).toBe(false);
    expect(showsCommentWarning(report(1, 'inspecting', { inspectionComment: null }))).toBe(false);
    expect(showsCommentWarning(report(1, 'inspecting', { inspectionComment: '  ' }))).toBe(false);
  });

  it('shows the inspection bar only while inspecting or signing: 0.8 × share of completed form steps, 0.01 if none', () => {
    expect(cardProgress(report(1, 'ready'))).toBeNull();
    expect(cardProgress(report(1, 'submitted'))).toBeNull();
    expect(cardProgress(report(1, 'inspecting'))).toBe(0.01);
    const half = Object.fromEntries(FORM_STEPS.slice(0, 4).map((s) => [s, true]));
    expect(cardProgress(report(1, 'inspecting', { inspectionstatus: half }))).toBeCloseTo((0.8 * 4) / FORM_STEPS.length);
    const all = Object.fromEntries(FORM_STEPS.map((s) => [s, true]));
    expect(cardProgress(report(1, 'signing', { inspectionstatus: all }))).toBeCloseTo(0.8);
  });

  it('names the other device holding a report, until it is submitted', () => {
    expect(showsClaimedNotice(report(1, 'notready', { claimedByDevice: 'MU-TAB-02' }), me)).toBe(true);
    expect(showsClaimedNotice(report(1, 'inspecting', { claimedByDevice: 'MU-TAB-02' }), me)).toBe(true);
    expect(showsClaimedNotice(report(1, 'notready', { claimedByDevice: me }), me)).toBe(false);
    expect(showsClaimedNotice(report(1, 'notready'), me)).toBe(false);
    expect(showsClaimedNotice(report(1, 'submitted', { claimedByDevice: 'MU-TAB-02' }), me)).toBe(false);
  });
});

describe('carousel window (SPEC §9 overscan 5)', () => {
  it('renders every slide of a short carousel', () => {
    expect(slideWindow(13, [])).toEqual({ from: 0, to: 12 });
    expect(slideWindow(0, [])).toEqual({ from: 0, to: -1 });
  });
  it('renders the slides in view plus 5 on each side of a long one', () => {
    expect(slideWindow(5000, [])).toEqual({ from: 0, to: 7 });
    expect(slideWindow(5000, [0, 1, 2])).toEqual({ from: 0, to: 7 });
    expect(slideWindow(5000, [100, 101, 102])).toEqual({ from: 95, to: 107 });
    expect(slideWindow(5000, [4998, 4999])).toEqual({ from: 4993, to: 4999 });
  });
  it('ignores indices left over from a longer list', () => {
    expect(slideWindow(30, [40, 41])).toEqual({ from: 0, to: 7 });
  });
  it('before the carousel has started (its first frame), renders only the slides that can be in view, short or long', () => {
    expect(renderedSlides(13, [], false)).toEqual({ from: 0, to: 2 });
    expect(renderedSlides(5000, [], false)).toEqual({ from: 0, to: 2 });
    expect(renderedSlides(2, [], false)).toEqual({ from: 0, to: 1 });
    expect(renderedSlides(0, [], false)).toEqual({ from: 0, to: -1 });
  });
  it('once started, every slide of a short carousel and the window with its overscan of a long one', () => {
    expect(renderedSlides(13, [0, 1, 2], true)).toEqual({ from: 0, to: 12 });
    expect(renderedSlides(5000, [100, 101, 102], true)).toEqual({ from: 95, to: 107 });
  });
});

describe('card pictures fetched with the listing', () => {
  const withPicture = (id: number, status: Parameters<typeof report>[1], over: Parameters<typeof report>[2] = {}) =>
    report(id, status, { vesselPictures: [picture(id * 10), picture(id * 10 + 1)], expectedArrival: `2026-11-${String(id).padStart(2, '0')}T00:00:00Z`, ...over });

  it('takes the first cards of each group in display order, each report\'s first picture', () => {
    const listing = [
      ...[1, 2, 3, 4, 5].map((id) => withPicture(id, 'notready')),
      withPicture(6, 'submitted'),
      withPicture(7, 'inspecting', { claimedByDevice: me }),
      withPicture(8, 'notready', { claimedByDevice: 'MU-TAB-02' }),
    ];
    const links = picturesShownFirst(listing, new Set(), me, 3).map((p) => p.downloadLink);
    // inspecting, then not ready (three soonest), claimed by others, submitted
    expect(links).toEqual([70, 10, 20, 30, 80, 60].map((id) => `/be/offline-api/files/pictures/${id}`));
  });

  it('leaves out reports whose files the tablet holds, and reports without pictures', () => {
    const listing = [withPicture(1, 'ready', { claimedByDevice: me }), withPicture(2, 'notready', { vesselPictures: [] }), withPicture(3, 'notready')];
    const held = heldReportIds([report(1, 'ready', { claimedByDevice: me })], me);
    expect(picturesShownFirst(listing, held, me).map((p) => p.id)).toEqual([30]);
  });

  it('holds files of the reports claimed here past not ready, not of others\' or of not-ready ones', () => {
    const local = [
      report(1, 'preparing', { claimedByDevice: me }),
      report(2, 'submitted', { claimedByDevice: me }),
      report(3, 'notready', { claimedByDevice: me }),
      report(4, 'inspecting', { claimedByDevice: 'MU-TAB-02' }),
      report(5, 'notready'),
    ];
    expect([...heldReportIds(local, me)].sort()).toEqual([1, 2]);
  });
});

describe('the card\'s main action (issue 21)', () => {
  const at = (status: Parameters<typeof report>[1], over: Partial<Pir> = {}) => ({ ...report(1, status, { claimedByDevice: me, ...over }) });
  it('claims a free report, reclaims one another tablet holds', () => {
    expect(cardAction(report(1, 'notready'), me, false)).toEqual({ kind: 'claim' });
    expect(cardAction(at('inspecting', { claimedByDevice: 'MU-TAB-02' }), me, false)).toEqual({ kind: 'reclaim' });
    expect(cardAction(at('submitting', { claimedByDevice: 'MU-TAB-02' }), me, false)).toEqual({ kind: 'open', label: 'open', step: null });
  });
  it('opens, continues, submits or retries this tablet\'s own reports, never releases them', () => {
    expect(cardAction(at('ready'), me, false)).toEqual({ kind: 'open', label: 'open', step: 'inspection started' });
    expect(cardAction(at('inspecting'), me, false)).toEqual({ kind: 'open', label: 'continue', step: null });
    expect(cardAction(at('signing'), me, false)).toEqual({ kind: 'open', label: 'continue', step: null });
    expect(cardAction(at('readytosubmit'), me, false)).toEqual({ kind: 'open', label: 'submit', step: 'submit' });
    expect(cardAction(at('readytosubmit'), me, true)).toEqual({ kind: 'open', label: 'retry', step: 'submit' });
    const stalled = at('readytosubmit', { lifecycle: { submitting: { date: 'x', previousStatus: 'readytosubmit' }, readytosubmit: { date: 'y', previousStatus: 'submitting' } } });
    expect(cardAction(stalled, me, false)).toEqual({ kind: 'open', label: 'retry', step: 'submit' });
    expect(cardAction(at('submitting'), me, false)).toEqual({ kind: 'open', label: 'open', step: 'submit' });
    expect(cardAction(at('submitted', { claimedByDevice: null }), me, false)).toEqual({ kind: 'open', label: 'open', step: null });
  });
});

describe('what has left the tablet (issue 21)', () => {
  const now = new Date('2026-11-25T15:00:00');
  const today = new Date('2026-11-25T09:30:00').toISOString();
  const yesterday = new Date('2026-11-24T18:00:00').toISOString();
  const held = (status: Parameters<typeof report>[1], over: Partial<Pir> = {}) => report(1, status, { claimedByDevice: me, lastUpdateDate: today, ...over });
  it('a report worked on here is saved (when) and not sent, then sending; a submitted one was sent (when)', () => {
    expect(sendState(held('inspecting'), me)).toEqual({ kind: 'saved', at: today });
    expect(sendState(held('signing'), me)).toEqual({ kind: 'saved', at: today });
    expect(sendState(held('readytosubmit'), me)).toEqual({ kind: 'saved', at: today });
    expect(sendState(held('submitting'), me)).toEqual({ kind: 'sending' });
    expect(sendState(held('submitted', { lifecycle: { submitted: { date: today, previousStatus: 'submitting' } } }), me)).toEqual({ kind: 'sent', at: today });
  });
  it('nothing for reports with no work of this tablet', () => {
    expect(sendState(held('inspecting', { claimedByDevice: 'MU-TAB-02' }), me)).toBeNull();
    expect(sendState(held('ready'), me)).toBeNull();
    expect(sendState(report(1, 'notready'), me)).toBeNull();
  });
  it('the outbox counts what is signed and waiting (not what is still being inspected), sending, and sent since midnight', () => {
    const reports = [
      held('inspecting'),
      held('signing'),
      held('readytosubmit'),
      held('submitting'),
      held('inspecting', { claimedByDevice: 'MU-TAB-02' }),
      held('submitted', { lifecycle: { submitted: { date: today, previousStatus: 'submitting' } } }),
      held('submitted', { lifecycle: { submitted: { date: yesterday, previousStatus: 'submitting' } } }),
    ];
    expect(outboxSummary(reports, me, now)).toEqual({ toSend: 1, sending: 1, sentToday: 1 });
  });
});
