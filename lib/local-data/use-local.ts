'use client';
import { useQuery } from '@tanstack/react-query';
import type { Pir } from '@/lib/contract';
import { localKeys } from './cache';
import type { ProcessRecord } from './db';
import { loadProcesses } from './processes-store';
import { loadReports } from './reports-store';

const localOptions = {
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  networkMode: 'always',
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  retry: false,
} as const;

/**
 * The reports as stored, without TanStack's structural sharing: an edit already keeps every report and
 * part it does not change, and comparing the edited report deeply, twice per keystroke (the list, then
 * the report picked from it), was the largest script of typing in a step of 20 catches.
 */
const reportOptions = { ...localOptions, structuralSharing: false } as const;

/** Every report on the tablet. */
export function useLocalReports() {
  return useQuery<Pir[]>({ queryKey: localKeys.reports, queryFn: loadReports, ...reportOptions });
}

/** One report on the tablet, by its id or its call id. */
export function useLocalReport(id: string | number | null) {
  return useQuery<Pir[], Error, Pir | undefined>({
    queryKey: localKeys.reports,
    queryFn: loadReports,
    ...reportOptions,
    select: (list) => {
      if (id === null) return undefined;
      const n = Number(id);
      return list.find((r) => r.id === n) ?? list.find((r) => r.offlinePendingForms.some((f) => f.id === n));
    },
  });
}

export function useProcesses() {
  return useQuery<ProcessRecord[]>({ queryKey: localKeys.processes, queryFn: loadProcesses, ...localOptions });
}

/** The processes under way for one report. */
export function useProcessesOf(subject: number | undefined) {
  return useQuery<ProcessRecord[], Error, ProcessRecord[]>({
    queryKey: localKeys.processes,
    queryFn: loadProcesses,
    ...localOptions,
    select: (list) => list.filter((p) => p.subject === subject),
  });
}
