/** The app's URLs (`paths`) are the contract's ROUTES with their parameters filled in and encoded. */
import { describe, expect, it } from 'vitest';
import { downloadLink, paths, ROUTES } from '@/lib/contract/routes';

describe('paths', () => {
  it('fills each route’s parameters, relative to /be', () => {
    expect(paths.login()).toBe('login');
    expect(paths.refreshToken()).toBe('refresh_token');
    expect(paths.logout()).toBe('logout');
    expect(paths.currentFiles()).toBe('offline-api/current-files');
    expect(paths.claim(7001)).toBe('offline-api/pir/7001/device-claim');
    expect(paths.release(7001)).toBe('offline-api/pir/7001/device-release');
    expect(paths.extended(7001)).toBe('offline-api/pir/7001');
    expect(paths.save(7001)).toBe('offline-api/pir/7001/save');
    expect(paths.completeSubmit(7001)).toBe('offline-api/pir/7001/complete-submit');
    expect(paths.submitFile(7001, 'pic-1.jpg')).toBe('offline-api/submit-file/7001/pic-1.jpg');
    expect(paths.file('documents', 12)).toBe('offline-api/files/documents/12');
    expect(paths.referenceData('speciesForFishingAuthorization')).toBe('reference_data/speciesForFishingAuthorization');
    expect(downloadLink('pictures', 3)).toBe('/be/offline-api/files/pictures/3');
  });

  it('encodes a file name, so it stays one segment', () => {
    expect(paths.submitFile(1, 'a b/../c?.jpg')).toBe('offline-api/submit-file/1/a%20b%2F..%2Fc%3F.jpg');
  });

  it('only a POST takes an Idempotency-Key, and every call but login needs a token', () => {
    for (const [name, route] of Object.entries(ROUTES)) {
      if (route.idempotencyKey) expect(route.method, name).toBe('POST');
      expect(route.auth, name).toBe(name !== 'login');
    }
  });
});
