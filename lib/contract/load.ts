import type * as Contract from './index';

export type ContractModule = typeof Contract;

let loading: Promise<ContractModule> | undefined;

/**
 * The zod schemas, fetched on first use: replies and stored values are checked against them, but
 * zod (~30 KB gz) stays out of every route's first scripts. Plain values come from ./constants.
 */
export function loadContract(): Promise<ContractModule> {
  loading ??= import('./index').catch((e: unknown) => {
    loading = undefined;
    throw e;
  });
  return loading;
}
