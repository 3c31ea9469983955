import { describe, expect, it } from 'vitest';
import { PIR_STATUSES, type PirStatus } from '@/lib/contract';
import { groupReports, REPORT_GROUPS, reportGroup } from '@/lib/reports/groups';

const me = 'SFA-TAB-01';
const r = (id: number, status: PirStatus, claimedByDevice: string | null = null, expectedArrival: string | null = null) => ({
  id,
  status,
  claimedByDevice,
  expectedArrival,
});

describe('reports list groups (SPEC §2)', () => {
  it('keeps the spec order', () => {
    expect(REPORT_GROUPS).toEqual(['submitting', 'inspecting', 'ready', 'notready', 'claimedByOthers', 'submitted']);
  });

  it.each<[PirStatus, string]>([
    ['submitting', 'submitting'],
    ['readytosubmit', 'submitting'],
    ['inspecting', 'inspecting'],
    ['signing', 'inspecting'],
    ['ready', 'ready'],
    ['preparing', 'ready'],
    ['notready', 'notready'],
    ['submitted', 'submitted'],
    ['claimed', 'claimedByOthers'],
  ])('a report of mine in %s goes to %s', (status, group) => {
    expect(reportGroup(r(1, status, status === 'notready' ? null : me), me)).toBe(group);
  });

  it('puts reports claimed by another device under "claimed by others", whatever their status', () => {
    for (const status of PIR_STATUSES.filter((s) => s !== 'submitted')) {
      expect(reportGroup(r(1, status, 'MU-TAB-02'), me)).toBe('claimedByOthers');
    }
  });

  it('keeps submitted reports under submitted even when another device submitted them', () => {
    expect(reportGroup(r(1, 'submitted', 'MU-TAB-02'), me)).toBe('submitted');
  });

  it('sorts each group by expected arrival, undated last', () => {
    const groups = groupReports(
      [r(1, 'notready', null, null), r(2, 'notready', null, '2026-11-23T08:00:00Z'), r(3, 'notready', null, '2026-11-20T08:00:00Z')],
      me,
    );
    expect(groups.notready.map((x) => x.id)).toEqual([3, 2, 1]);
    expect(groups.submitted).toEqual([]);
  });
});
