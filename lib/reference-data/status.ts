/**
 * SPEC §4/§8: reference data flags — initialized (first load) and refreshed (silent refresh),
 * each unset, true or false.
 */
export interface ReferenceStatus {
  initialized: boolean | undefined;
  refreshed: boolean | undefined;
}

type Listener = () => void;
let status: ReferenceStatus = { initialized: undefined, refreshed: undefined };
const listeners = new Set<Listener>();

export const referenceStatus = {
  get: () => status,
  set(patch: Partial<ReferenceStatus>) {
    status = { ...status, ...patch };
    for (const l of listeners) l();
  },
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
