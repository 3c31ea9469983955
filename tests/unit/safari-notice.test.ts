import { describe, expect, it } from 'vitest';
import { isAppleWebKit, showsSafariStorageNotice, STORAGE_NOTICE_QUIET_MS } from '@/lib/app/install';

const UA = {
  iPadSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  iPadOld: 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  iPhoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  iPhoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  macChrome: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  desktopChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0',
  webkitGtk: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/60.5 Safari/605.1.15',
};

describe("Safari's 7-day storage limit", () => {
  it('applies to Safari on iPad (which says Macintosh, with touch), iPhone and Mac, and to every browser on iPad and iPhone', () => {
    expect(isAppleWebKit(UA.iPadSafari, 5)).toBe(true);
    expect(isAppleWebKit(UA.iPadOld, 5)).toBe(true);
    expect(isAppleWebKit(UA.iPhoneSafari, 5)).toBe(true);
    expect(isAppleWebKit(UA.iPhoneChrome, 5)).toBe(true);
    expect(isAppleWebKit(UA.macSafari, 0)).toBe(true);
  });

  it('does not apply to Chrome or Firefox on a Mac, Android, Linux, or WebKitGTK', () => {
    expect(isAppleWebKit(UA.macChrome, 0)).toBe(false);
    expect(isAppleWebKit(UA.macFirefox, 0)).toBe(false);
    expect(isAppleWebKit(UA.androidChrome, 5)).toBe(false);
    expect(isAppleWebKit(UA.desktopChrome, 0)).toBe(false);
    expect(isAppleWebKit(UA.linuxFirefox, 0)).toBe(false);
    expect(isAppleWebKit(UA.webkitGtk, 0)).toBe(false);
  });

  it('is told in a tab, not in the installed app, and again a day after it was dismissed', () => {
    const now = 1_800_000_000_000;
    expect(showsSafariStorageNotice({ appleWebKit: true, installed: false, dismissedAt: null, now })).toBe(true);
    expect(showsSafariStorageNotice({ appleWebKit: true, installed: true, dismissedAt: null, now })).toBe(false);
    expect(showsSafariStorageNotice({ appleWebKit: false, installed: false, dismissedAt: null, now })).toBe(false);
    expect(showsSafariStorageNotice({ appleWebKit: true, installed: false, dismissedAt: now - 3600_000, now })).toBe(false);
    expect(showsSafariStorageNotice({ appleWebKit: true, installed: false, dismissedAt: now - STORAGE_NOTICE_QUIET_MS, now })).toBe(true);
  });
});
