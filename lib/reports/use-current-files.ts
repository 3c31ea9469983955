'use client';
import { useQuery, type QueryFunctionContext } from '@tanstack/react-query';
import { callUnlessUnchanged } from '@/lib/api/client';
import type { Pir } from '@/lib/contract';
import { paths } from '@/lib/contract/routes';
import { queryKeys } from '@/lib/query/client';

/** SPEC §9: the list refetches every 30 s. */
const AUTO_REFRESH_MS = 30_000;

/**
 * When the server last answered for the listing (ms), kept across reloads: the listing itself is not kept
 * (the tablet's reports hold it), and offline after a reload the list still says how fresh it is.
 */
const CHECKED_KEY = 'listing-checked-at';

export function listingCheckedAt(): number {
  if (typeof localStorage === 'undefined') return 0;
  return Number(localStorage.getItem(CHECKED_KEY)) || 0;
}

/** The server's entity tag of each listing held, kept beside it in memory (a reload asks in full). */
const etags = new WeakMap<Pir[], string>();

/**
 * The listing, asked for with the tag of the one held: an unchanged listing comes back as 304 with no
 * body, and the one held is kept as it is (same object: nothing parsed, re-rendered or stored again).
 */
async function fetchListing({ client, queryKey }: QueryFunctionContext): Promise<Pir[]> {
  const held = client.getQueryData<Pir[]>(queryKey);
  const reply = await callUnlessUnchanged(paths.currentFiles(), (c) => c.routeSchemas.currentFiles.reply, (held && etags.get(held)) ?? null);
  localStorage.setItem(CHECKED_KEY, String(Date.now()));
  if (reply.unchanged) return held!;
  if (reply.etag) etags.set(reply.data, reply.etag);
  return reply.data;
}

/** The server's listing of reports, kept on the tablet for offline use. */
export function useCurrentFiles(enabled = true) {
  return useQuery({
    queryKey: queryKeys.currentFiles,
    queryFn: fetchListing,
    refetchInterval: AUTO_REFRESH_MS,
    // The listing held must be the very object its tag is kept on (structural sharing would hand back
    // another one after a change, and the next refetch would go out without its tag).
    structuralSharing: false,
    // Offline there is nothing to ask: the query waits for the network (no request, no schemas loaded
    // during an offline start), and goes out when it returns.
    networkMode: 'online',
    enabled,
  });
}
