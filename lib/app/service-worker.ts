/**
 * The service worker registration and its updates (SPEC §4): an update waits until the
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
  const taken = takeOver(waiting, navigator.serviceWorker);
  waiting.postMessage({ type: 'SKIP_WAITING' });
  await taken;
  sessionStorage.setItem(UPDATED_FLAG, '1');
  updateSettings({ updateAvailable: false });
  window.location.reload();
}

type WorkerLike = Pick<ServiceWorker, 'state' | 'addEventListener' | 'removeEventListener'>;
type ContainerLike = Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'>;

/**
 * Resolves once the new version controls the page or is active, rejects only if it fails (turns
 * redundant). No time limit: on a slow tablet the waiting worker may take well over 10 s to take control, and an
 * update that then goes in must not be reported as failed.
 */
export function takeOver(worker: WorkerLike, container: ContainerLike): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      container.removeEventListener('controllerchange', onControl);
      worker.removeEventListener('statechange', onState);
    };
    const onControl = () => {
      done();
      resolve();
    };
    // Activated is installed too: the reload that follows loads the new version, even if this page
    // never heard its controllerchange.
    const onState = () => {
      if (worker.state === 'activated') return onControl();
      if (worker.state !== 'redundant') return;
      done();
      reject(new Error('error.ingestUpdate'));
    };
    container.addEventListener('controllerchange', onControl);
    worker.addEventListener('statechange', onState);
    onState();
  });
}

/** True once, after the reload that installed an update (for the "updated" toast). */
export function takeUpdatedFlag(): boolean {
  const was = sessionStorage.getItem(UPDATED_FLAG) === '1';
  sessionStorage.removeItem(UPDATED_FLAG);
  return was;
}
