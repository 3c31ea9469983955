/**
 * Installing the app (SPEC §2): the browser's install prompt is captured as early as possible
 * (an inline script stores it in `window.__pirInstallPrompt` before React starts).
 */
import { updateSettings } from '@/lib/store/settings';

export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    __pirInstallPrompt?: InstallPromptEvent | null;
  }
}

/** Runs before the first paint (inline in <head>), so an early `beforeinstallprompt` is not missed. */
export const captureInstallPromptScript = `window.addEventListener('beforeinstallprompt',function(e){e.preventDefault();window.__pirInstallPrompt=e;window.dispatchEvent(new Event('pir-install-available'));});window.addEventListener('appinstalled',function(){window.__pirInstallPrompt=null;window.dispatchEvent(new Event('pir-installed'));});`;

export function installPrompt(): InstallPromptEvent | null {
  return typeof window === 'undefined' ? null : (window.__pirInstallPrompt ?? null);
}

export function subscribeInstall(cb: () => void): () => void {
  window.addEventListener('pir-install-available', cb);
  window.addEventListener('pir-installed', cb);
  return () => {
    window.removeEventListener('pir-install-available', cb);
    window.removeEventListener('pir-installed', cb);
  };
}

export async function promptInstall(): Promise<boolean> {
  const e = installPrompt();
  if (!e) return false;
  await e.prompt();
  const choice = await e.userChoice;
  window.__pirInstallPrompt = null;
  if (choice.outcome === 'accepted') updateSettings({ application: { installed: true } });
  window.dispatchEvent(new Event('pir-install-available'));
  return choice.outcome === 'accepted';
}

/** Whether the page runs as the installed app rather than in a browser tab. */
export function runsInstalled(): boolean {
  return typeof window !== 'undefined' && (window.matchMedia('(display-mode: standalone)').matches || window.matchMedia('(display-mode: fullscreen)').matches);
}

export function isAndroid(): boolean {
  return typeof navigator !== 'undefined' && /Android/i.test(navigator.userAgent);
}
