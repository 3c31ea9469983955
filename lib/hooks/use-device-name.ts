'use client';
import { sessionStore } from '@/lib/session/session-store';
import { useStore } from '@/lib/store/use-store';

/** This tablet's name, as the signed-in session knows it. */
export function useDeviceName(): string {
  return useStore(sessionStore)?.deviceName ?? '';
}
