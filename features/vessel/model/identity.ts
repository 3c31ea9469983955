/** The vessel's identity chips and the link to its external vessel file (SPEC §1, §2). Pure. */
import type { Pir } from '@/lib/contract';

const IDENTITY_CHIPS = ['flagState', 'vesselFile', 'imo', 'iotcId', 'callSign', 'mmsi'] as const;
export type IdentityChip = (typeof IDENTITY_CHIPS)[number];

const present = (v: string | number | null | undefined): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

/**
 * The chips' values, in their order. Once the report is prepared, the vessel as the tablet holds it
 * (`extended.vessel`, which the inspector may have corrected) wins over the listing's identity; an
 * empty value falls back to the listing. `flagLabel` names a flag state id in the current language.
 */
export function identityChips(
  report: Pick<Pir, 'fileId' | 'vesselIdentity' | 'extended'>,
  flagLabel: (id: number) => string | undefined = () => undefined,
): { key: IdentityChip; value: string | null }[] {
  const id = report.vesselIdentity;
  const v = report.extended?.vessel;
  const flagId = v?.flagStateId ?? id.flagStateId;
  const flag = (flagId !== null && flagId !== undefined ? present(flagLabel(flagId)) : null) ?? present(id.flagState);
  const values: Record<IdentityChip, string | null> = {
    flagState: flag,
    vesselFile: present(report.fileId),
    imo: present(v?.imoId) ?? present(id.imoId),
    iotcId: present(v?.iotcId) ?? present(id.iotcId),
    callSign: present(v?.ircs) ?? present(id.ircs),
    mmsi: present(v?.mmsi) ?? present(id.mmsi),
  };
  return IDENTITY_CHIPS.map((key) => ({ key, value: values[key] }));
}

/** The vessel's name as the tablet holds it. */
export function vesselName(report: Pick<Pir, 'vesselIdentity' | 'extended'>): string {
  return present(report.extended?.vessel.name) ?? report.vesselIdentity.vesselName;
}

/**
 * The external vessel file `{host}/vfd/{fileId}/vesselfile.html`. `host` is an origin, possibly with
 * a path prefix; trailing slashes are dropped. An empty host gives a path on the app's own origin.
 */
export function vesselFileUrl(host: string | null | undefined, fileId: number | string): string {
  const base = (host ?? '').trim().replace(/\/+$/, '');
  return `${base}/vfd/${encodeURIComponent(String(fileId))}/vesselfile.html`;
}

/** The configured host (build-time `NEXT_PUBLIC_VESSEL_FILE_HOST`), else the given origin. */
export function vesselFileHost(configured: string | null | undefined, origin: string): string {
  const c = (configured ?? '').trim();
  return /^https?:\/\/[^/]/i.test(c) ? c : origin;
}
