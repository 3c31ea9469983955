/**
 * What a restore will do, shown before it does it: each report in the file, whether it is new on
 * this tablet or replaces the tablet's copy (with that copy's status), and whether another device
 * holds its claim. Pure.
 */
import type { Pir, PirStatus } from '@/lib/contract';
import { isClaimedByOtherDevice } from '@/lib/reports/groups';
import type { Manifest } from './manifest';

interface RestorePlanItem {
  id: number;
  title: string;
  status: PirStatus;
  claimedByDevice: string | null;
  /** another device holds the claim: the report cannot be submitted from here without reclaiming */
  heldElsewhere: boolean;
  files: number;
  /** the tablet's own copy, which the restore replaces */
  replaces: { status: PirStatus; lastUpdateDate: string; newer: boolean } | null;
}

export interface RestorePlan {
  items: RestorePlanItem[];
  files: number;
  bytes: number;
  /** pictures the export made smaller */
  reducedPictures: number;
  device: string;
  userName: string | null;
  /** exported by someone else than the signed-in user, or the file does not say by whom */
  otherUser: boolean;
  createdAt: string;
  appVersion: string;
}

export function planRestore(manifest: Manifest, existing: readonly Pir[], device: string, userId: number | null): RestorePlan {
  const byId = new Map(existing.map((r) => [r.id, r]));
  const items = manifest.reports.map((r): RestorePlanItem => {
    const mine = byId.get(r.id);
    return {
      id: r.id,
      title: r.title,
      status: r.status,
      claimedByDevice: r.claimedByDevice,
      heldElsewhere: isClaimedByOtherDevice(r, device),
      files: manifest.files.filter((f) => f.record.pirId === r.id).length,
      replaces: mine ? { status: mine.status, lastUpdateDate: mine.lastUpdateDate, newer: mine.lastUpdateDate > r.lastUpdateDate } : null,
    };
  });
  return {
    items,
    files: manifest.files.length,
    bytes: manifest.files.reduce((n, f) => n + f.size, 0) + manifest.reports.reduce((n, r) => n + r.size, 0),
    reducedPictures: manifest.files.filter((f) => f.original !== null).length,
    device: manifest.device,
    userName: manifest.user?.name ?? null,
    // a file that names no user is not one this app wrote for a signed-in inspector: warned the same
    otherUser: manifest.user === null || (userId !== null && manifest.user.id !== userId),
    createdAt: manifest.createdAt,
    appVersion: manifest.appVersion,
  };
}
