'use client';
import { createContext, use } from 'react';
import type { AppRuntime } from '@/lib/app/runtime';

/** The running app (lib/app/runtime.ts), handed down from the providers. */
export const AppRuntimeContext = createContext<AppRuntime | null>(null);

export function useAppRuntime(): AppRuntime {
  const runtime = use(AppRuntimeContext);
  if (!runtime) throw new Error('useAppRuntime outside the providers');
  return runtime;
}
