'use client';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/calls';
import { queryKeys } from '@/lib/query/client';

/** SPEC §9: the list refetches every 30 s. */
export const AUTO_REFRESH_MS = 30_000;

/** The server's listing of reports, kept on the tablet for offline use. */
export function useCurrentFiles(enabled = true) {
  return useQuery({
    queryKey: queryKeys.currentFiles,
    queryFn: api.currentFiles,
    refetchInterval: AUTO_REFRESH_MS,
    enabled,
  });
}
