'use client';
import { useEffect } from 'react';

/** The service worker precaches the whole app so it starts with no network. Production builds only. */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((e) => console.warn('Service worker registration failed', e));
  }, []);
  return null;
}
