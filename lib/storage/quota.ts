/** The tablet's storage: kept persistent (so the browser does not evict reports), and checked before a claim. */

export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    return (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    return false;
  }
}

export async function isStoragePersistent(): Promise<boolean | null> {
  try {
    return navigator.storage?.persisted ? await navigator.storage.persisted() : null;
  } catch {
    return null;
  }
}

export interface SpaceCheck {
  fits: boolean;
  needed: number;
  free: number | null;
}

/** Margin kept free beside a report's files: its data, signatures and pictures taken on board. */
export const STORAGE_MARGIN_BYTES = 20 * 1024 * 1024;

export async function checkSpace(needed: number): Promise<SpaceCheck> {
  try {
    const e = await navigator.storage?.estimate?.();
    if (!e || e.quota === undefined || e.usage === undefined) return { fits: true, needed, free: null };
    const free = e.quota - e.usage;
    return { fits: needed + STORAGE_MARGIN_BYTES <= free, needed, free };
  } catch {
    return { fits: true, needed, free: null };
  }
}
