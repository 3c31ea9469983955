/**
 * The service worker registration and its updates (SPEC §4, issue 6): an update waits until the
 * inspector installs it; then the waiting worker takes over and the page reloads once.
 */
import { updateSettings } from '@/lib/store/settings';

let registration: ServiceWorkerRegistration | null = null;
const UPDATED_FLAG = 'pir-app-updated';

function watch(reg: ServiceWorkerRegistration) {
  const mark = () => updateSettings({ updateAvailable: Boolean(reg.waiting && navigator.serviceWorker.controller) });
  mark();
  reg.addEventListener('updatefound', () => {
    const installing = reg.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') mark();
    });
  });
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  watch(registration);
}

/** Asks for a newer version; resolves true when one is waiting to be installed. */
export async function checkForUpdates(): Promise<boolean> {
  const reg = registration ?? (await navigator.serviceWorker?.getRegistration());
  if (!reg) throw new Error('error.checkForUpdates');
  await reg.update();
  if (reg.installing) {
    await new Promise<void>((resolve) => {
      const worker = reg.installing!;
      worker.addEventListener('statechange', () => {
        if (worker.state === 'installed' || worker.state === 'redundant') resolve();
      });
    });
  }
  const available = Boolean(reg.waiting);
  updateSettings({ updateAvailable: available });
  return available;
}

/** Activates the waiting version and reloads once it controls the page. */
export async function installUpdate(): Promise<void> {
  const reg = registration ?? (await navigator.serviceWorker?.getRegistration());
  const waiting = reg?.waiting;
  if (!waiting) throw new Error('error.ingestUpdate');
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('error.ingestUpdate')), 10_000);
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
    waiting.postMessage({ type: 'SKIP_WAITING' });
  });
  sessionStorage.setItem(UPDATED_FLAG, '1');
  updateSettings({ updateAvailable: false });
  window.location.reload();
}

/** True once, after the reload that installed an update (for the "updated" toast). */
export function takeUpdatedFlag(): boolean {
  const was = sessionStorage.getItem(UPDATED_FLAG) === '1';
  sessionStorage.removeItem(UPDATED_FLAG);
  return was;
}
