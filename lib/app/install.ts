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

/** Whether the page runs as the installed app rather than in a browser tab (Safari says so on its own). */
export function runsInstalled(): boolean {
  return (
    typeof window !== 'undefined' &&
    (window.matchMedia('(display-mode: standalone)').matches ||
      window.matchMedia('(display-mode: fullscreen)').matches ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true)
  );
}

/**
 * Whether the browser is Apple's WebKit (Safari, and every browser on iPad and iPhone, which all use
 * it): in a tab, it deletes a site's script-written storage after 7 days without use; an app added to
 * the Home Screen is spared. iPadOS asks for desktop pages with a Mac user agent: a Mac with a touch
 * screen is an iPad.
 */
export function isAppleWebKit(userAgent: string, maxTouchPoints: number): boolean {
  if (/iPad|iPhone|iPod/.test(userAgent)) return true;
  if (!/Macintosh/.test(userAgent)) return false;
  if (maxTouchPoints > 1) return true;
  return /Safari\//.test(userAgent) && !/Chrome|Chromium|CriOS|Edg|Firefox|FxiOS|OPR/.test(userAgent);
}

/** How long a dismissed notice stays away: it comes back the next day, the risk being the same. */
export const STORAGE_NOTICE_QUIET_MS = 24 * 3600 * 1000;

/** Whether to tell the inspector that Safari may delete the reports (in a tab, not dismissed lately). */
export function showsSafariStorageNotice(opts: { appleWebKit: boolean; installed: boolean; dismissedAt: number | null; now: number }): boolean {
  if (!opts.appleWebKit || opts.installed) return false;
  return opts.dismissedAt === null || opts.now - opts.dismissedAt >= STORAGE_NOTICE_QUIET_MS;
}

export function isAndroid(): boolean {
  return typeof navigator !== 'undefined' && /Android/i.test(navigator.userAgent);
}
