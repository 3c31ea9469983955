import { describe, expect, it } from 'vitest';
import { mergeFromServer } from '@/lib/reports/merge';
import { emptyExtended, report } from './fixtures/report';

const me = 'SFA-TAB-01';
const other = 'MU-TAB-02';

describe('merge from server (SPEC §4)', () => {
  it('adds reports new on the server', () => {
    const r = mergeFromServer([], [report(1, 'notready'), report(2, 'notready', { claimedByDevice: other })], me);
    expect(r.added.map((x) => x.id)).toEqual([1, 2]);
    expect(r.reports.map((x) => x.status)).toEqual(['notready', 'notready']);
  });

  it('removes reports no longer on the server below inspecting, and keeps those further along', () => {
    const local = [report(1, 'notready'), report(2, 'ready', { claimedByDevice: me }), report(3, 'inspecting', { claimedByDevice: me }), report(4, 'submitted')];
    const r = mergeFromServer(local, [], me);
    expect(r.removed.map((x) => x.id)).toEqual([1, 2]);
    expect(r.reports.map((x) => x.id)).toEqual([3, 4]);
  });

  it('resets to notready a report held here that another device now claims, keeping the inspector\'s data', () => {
    const ext = emptyExtended();
    ext.pir.findingsByInspector = 'Logbook incomplete';
    const local = [report(1, 'inspecting', { claimedByDevice: me, extended: ext, lifecycle: { inspecting: { date: 'x', previousStatus: 'ready' } } })];
    const r = mergeFromServer(local, [report(1, 'notready', { claimedByDevice: other })], me);
    expect(r.lostClaim.map((x) => x.id)).toEqual([1]);
    expect(r.reports[0]).toMatchObject({ status: 'notready', claimedByDevice: other, lifecycle: {} });
    expect(r.reports[0]!.extended?.pir.findingsByInspector).toBe('Logbook incomplete');
  });

  it('never overwrites the tablet\'s work with the server copy, but takes the server\'s own fields', () => {
    const ext = emptyExtended();
    ext.pir.findingsByInspector = 'typed offline';
    const local = report(1, 'signing', {
      claimedByDevice: me,
      extended: ext,
      inspectionstatus: { findings: true },
      inspectionSignatures: { masterSignature: 'm', inspectorSignature: null, masterRefuses: false },
    });
    const server = report(1, 'notready', { claimedByDevice: me, inspectionComment: 'Check the freezer hold', expectedArrival: '2026-11-22T06:00:00.000Z' });
    const r = mergeFromServer([local], [server], me);
    expect(r.reports[0]).toMatchObject({
      status: 'signing',
      inspectionstatus: { findings: true },
      inspectionSignatures: local.inspectionSignatures,
      inspectionComment: 'Check the freezer hold',
      expectedArrival: '2026-11-22T06:00:00.000Z',
    });
    expect(r.reports[0]!.extended?.pir.findingsByInspector).toBe('typed offline');
    expect(r.lostClaim).toEqual([]);
  });

  it('adopts a submission the server completed while the tablet still showed submitting', () => {
    const local = report(1, 'submitting', { claimedByDevice: me, extended: emptyExtended() });
    const server = report(1, 'submitted', { claimedByDevice: null, lifecycle: { submitted: { date: 'd', previousStatus: 'submitting' } } });
    const r = mergeFromServer([local], [server], me);
    expect(r.reports[0]).toMatchObject({ status: 'submitted', claimedByDevice: null });
    expect(r.reports[0]!.lifecycle.submitted?.date).toBe('d');
  });

  it('downloads again a report the server says this tablet holds but the tablet has no copy of, keeping its status', () => {
    const r = mergeFromServer([], [report(1, 'inspecting', { claimedByDevice: me }), report(2, 'preparing', { claimedByDevice: me })], me);
    expect(r.toPrepare.map((x) => [x.id, x.status])).toEqual([
      [1, 'inspecting'],
      [2, 'preparing'],
    ]);
  });

  it('downloads again the details of a report held here that has none, and not those of one that has them', () => {
    const local = [report(1, 'inspecting', { claimedByDevice: me, extended: null }), report(2, 'inspecting', { claimedByDevice: me, extended: emptyExtended() })];
    const r = mergeFromServer(local, [report(1, 'inspecting', { claimedByDevice: me }), report(2, 'inspecting', { claimedByDevice: me })], me);
    expect(r.toPrepare.map((x) => [x.id, x.status])).toEqual([[1, 'inspecting']]);
  });

  it('follows the server for reports not worked on here, keeping downloaded extended info', () => {
    const ext = emptyExtended();
    const local = [report(1, 'notready', { extended: ext })];
    const r = mergeFromServer(local, [report(1, 'notready', { claimedByDevice: other })], me);
    expect(r.reports[0]).toMatchObject({ claimedByDevice: other, extended: ext });
    expect(r.changed).toHaveLength(1);
  });

  it('reports nothing changed when nothing did', () => {
    const local = [report(1, 'notready')];
    expect(mergeFromServer(local, [report(1, 'notready')], me).changed).toEqual([]);
  });

  it('does not bring back archived reports', () => {
    expect(mergeFromServer([], [report(1, 'submitted')], me, new Set([1])).reports).toEqual([]);
  });
});
