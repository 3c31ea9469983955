/**
 * The merge of the server's listing (SPEC §4), over any tablet state and any listing (fast-check):
 * it never loses what the tablet owns, a second merge of the same listing changes nothing, and an
 * archived report never comes back.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Pir, PirStatus } from '@/lib/contract';
import { STATUS_ORDER } from '@/lib/contract/constants';
import { isHeldHere, mergeFromServer } from '@/lib/reports/merge';
import { emptyExtended, report } from './fixtures/report';

const DEVICE = 'TAB-HERE';
const STATUSES: PirStatus[] = ['notready', 'claimed', 'ready', 'inspecting', 'signing', 'readytosubmit', 'submitting', 'submitted'];

const status = fc.constantFrom(...STATUSES);
const device = fc.constantFrom<string | null>(DEVICE, 'TAB-OTHER', null);

/** A report as the server lists it: the tablet-owned fields as the server last saw them. */
const serverReport = (id: number) =>
  fc.record({ status, claimedByDevice: device, inspectionComment: fc.option(fc.string({ maxLength: 12 })), port: fc.integer({ min: 1, max: 9 }) }).map((r) =>
    report(id, r.status, { claimedByDevice: r.claimedByDevice, inspectionComment: r.inspectionComment, portOfArrival: r.port }),
  );

/** A report as the tablet holds it, with work of its own (a finding, step flags, a signature). */
const localReport = (id: number) =>
  fc
    .record({ status, claimedByDevice: device, finding: fc.option(fc.string({ minLength: 1, maxLength: 12 })), done: fc.boolean(), signed: fc.boolean() })
    .map((r) => {
      // Steps are done and pads signed only on a report whose details are here.
      const extended = r.finding === null ? null : { ...emptyExtended(), pir: { ...emptyExtended().pir, inspectorComments: r.finding } };
      const signed = r.signed && extended !== null;
      return report(id, r.status, {
        claimedByDevice: r.claimedByDevice,
        extended,
        inspectionstatus: r.done && extended ? { findings: true } : {},
        inspectionSignatures: { masterSignature: signed ? 'sig-master' : null, inspectorSignature: signed ? 'sig-inspector' : null, masterRefuses: false },
        lifecycle: r.status === 'notready' ? {} : { [r.status]: { date: '2026-11-20T09:00:00.000Z', previousStatus: 'notready' } },
      });
    });

/** Ids 1..12: each may be on the server, on the tablet, both, or neither; some archived. */
const world = fc
  .record({
    onServer: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 12 }),
    onTablet: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 12 }),
    archived: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 4 }),
  })
  .chain(({ onServer, onTablet, archived }) =>
    fc.record({
      server: fc.tuple(...onServer.map(serverReport)) as fc.Arbitrary<Pir[]>,
      local: fc.tuple(...onTablet.map(localReport)) as fc.Arbitrary<Pir[]>,
      archived: fc.constant(new Set(archived.filter((id) => !onTablet.includes(id)))),
    }),
  );

/** What the tablet owns in a report it works on: never replaced by the server's copy. */
const owned = (r: Pir) => ({ extended: r.extended, inspectionstatus: r.inspectionstatus, inspectionErrors: r.inspectionErrors, inspectionSignatures: r.inspectionSignatures });

describe('merge of the listing, over any tablet and any listing', () => {
  it('never loses what the inspector did on this tablet: a report held here keeps its details, step flags and signatures', () => {
    fc.assert(
      fc.property(world, ({ server, local, archived }) => {
        const merged = mergeFromServer(local, server, DEVICE, archived);
        for (const l of local) {
          if (!isHeldHere(l, DEVICE)) continue;
          const after = merged.reports.find((r) => r.id === l.id);
          // Gone from the server below inspecting, a report is removed (SPEC §4): nothing was done in it yet.
          if (!after && STATUS_ORDER[l.status] < STATUS_ORDER.inspecting && !server.some((x) => x.id === l.id)) continue;
          // Otherwise it never leaves the tablet through a merge (at most it goes back to notready when another tablet took it).
          expect(after).toBeDefined();
          expect(owned(after!)).toEqual(owned(l));
          const s = server.find((x) => x.id === l.id);
          if (s && s.status !== 'submitted' && (s.claimedByDevice === DEVICE || s.claimedByDevice === null)) {
            expect(after!.status).toBe(l.status);
            expect(after!.lifecycle).toEqual(l.lifecycle);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a prepared copy keeps its downloaded details whatever the listing says of it', () => {
    fc.assert(
      fc.property(world, ({ server, local, archived }) => {
        const merged = mergeFromServer(local, server, DEVICE, archived);
        for (const l of local) {
          const after = merged.reports.find((r) => r.id === l.id);
          if (after && l.extended) expect(after.extended).toEqual(l.extended);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('is idempotent: the same listing again changes, adds and removes nothing, but a claim just lost, which is reset to notready once (SPEC §4) and then follows the server', () => {
    fc.assert(
      fc.property(world, ({ server, local, archived }) => {
        const first = mergeFromServer(local, server, DEVICE, archived);
        const second = mergeFromServer(first.reports, server, DEVICE, archived);
        const lost = new Set(first.lostClaim.map((r) => r.id));
        expect(second.changed.filter((r) => !lost.has(r.id))).toEqual([]);
        expect(second.added).toEqual([]);
        expect(second.removed).toEqual([]);
        expect(second.lostClaim).toEqual([]);
        // What the inspector did in a lost report is still there after the second listing.
        for (const r of second.changed) expect(owned(r)).toEqual(owned(first.reports.find((x) => x.id === r.id)!));
        const third = mergeFromServer(second.reports, server, DEVICE, archived);
        expect(third.changed).toEqual([]);
        expect(third.reports).toEqual(second.reports);
      }),
      { numRuns: 400 },
    );
  });

  it('an archived report never comes back from the listing', () => {
    fc.assert(
      fc.property(world, ({ server, local, archived }) => {
        const merged = mergeFromServer(local, server, DEVICE, archived);
        for (const id of archived) {
          expect(merged.reports.some((r) => r.id === id)).toBe(false);
          expect(merged.changed.some((r) => r.id === id)).toBe(false);
          expect(merged.toPrepare.some((r) => r.id === id)).toBe(false);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('takes every field the server owns from the listing', () => {
    fc.assert(
      fc.property(world, ({ server, local, archived }) => {
        const merged = mergeFromServer(local, server, DEVICE, archived);
        for (const s of server) {
          if (archived.has(s.id)) continue;
          const after = merged.reports.find((r) => r.id === s.id)!;
          expect(after.inspectionComment).toBe(s.inspectionComment);
          expect(after.portOfArrival).toBe(s.portOfArrival);
          // The claim too, unless the tablet holds it and the server names no other device.
          const l = local.find((x) => x.id === s.id);
          if (s.claimedByDevice !== null || !l || !isHeldHere(l, DEVICE)) expect(after.claimedByDevice).toBe(s.claimedByDevice);
        }
      }),
      { numRuns: 400 },
    );
  });
});
