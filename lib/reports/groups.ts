import type { Pir, PirStatus } from '@/lib/contract';

/** SPEC §2: the reports list groups, in display order. */
export const REPORT_GROUPS = ['submitting', 'inspecting', 'ready', 'notready', 'claimedByOthers', 'submitted'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

const GROUP_OF_STATUS: Record<PirStatus, ReportGroup> = {
  submitting: 'submitting',
  // Signed and waiting to be sent: it belongs with the reports on their way to the server (docs/decisions.md).
  readytosubmit: 'submitting',
  inspecting: 'inspecting',
  signing: 'inspecting',
  ready: 'ready',
  preparing: 'ready',
  notready: 'notready',
  claimed: 'claimedByOthers',
  submitted: 'submitted',
};

export function isClaimedByOtherDevice(report: Pick<Pir, 'claimedByDevice'>, deviceName: string): boolean {
  return Boolean(report.claimedByDevice) && report.claimedByDevice !== deviceName;
}

export function reportGroup(report: Pick<Pir, 'status' | 'claimedByDevice'>, deviceName: string): ReportGroup {
  if (report.status === 'submitted') return 'submitted';
  if (isClaimedByOtherDevice(report, deviceName)) return 'claimedByOthers';
  return GROUP_OF_STATUS[report.status];
}

/** Reports by group, each group in arrival order (soonest first, undated last). */
export function groupReports<T extends Pick<Pir, 'status' | 'claimedByDevice' | 'expectedArrival' | 'id'>>(
  reports: readonly T[],
  deviceName: string,
): Record<ReportGroup, T[]> {
  const groups = Object.fromEntries(REPORT_GROUPS.map((g) => [g, [] as T[]])) as Record<ReportGroup, T[]>;
  for (const r of reports) groups[reportGroup(r, deviceName)].push(r);
  for (const g of REPORT_GROUPS) groups[g].sort(byArrival);
  return groups;
}

function byArrival(a: Pick<Pir, 'expectedArrival' | 'id'>, b: Pick<Pir, 'expectedArrival' | 'id'>): number {
  if (a.expectedArrival && b.expectedArrival) return a.expectedArrival.localeCompare(b.expectedArrival) || a.id - b.id;
  if (a.expectedArrival) return -1;
  if (b.expectedArrival) return 1;
  return a.id - b.id;
}

/** The name an inspector knows the report by. */
export function reportTitle(report: Pick<Pir, 'vesselIdentity' | 'code'>): string {
  return report.vesselIdentity.vesselName || report.code;
}
