import { afterEach, describe, expect, it } from 'vitest';
import { checkSpace, STORAGE_MARGIN_BYTES } from '@/lib/storage/quota';
import { estimatedSize, remoteFilesOf } from '@/lib/reports/remote-files';
import { formatBytes } from '@/lib/format/bytes';
import { report } from './fixtures/report';

const MiB = 1024 * 1024;
const realNavigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');

function storage(quota: number, usage: number) {
  Object.defineProperty(globalThis, 'navigator', { value: { storage: { estimate: async () => ({ quota, usage }) } }, configurable: true });
}

afterEach(() => {
  if (realNavigator) Object.defineProperty(globalThis, 'navigator', realNavigator);
  else delete (globalThis as { navigator?: unknown }).navigator;
});

describe('storage check before a claim (issue 3)', () => {
  it('refuses a report that would not fit with the margin, giving both sizes', async () => {
    storage(100 * MiB, 90 * MiB);
    const r = await checkSpace(5 * MiB);
    expect(r).toEqual({ fits: false, needed: 5 * MiB, free: 10 * MiB });
  });

  it('accepts one that fits with the margin', async () => {
    storage(1000 * MiB, 100 * MiB);
    expect((await checkSpace(5 * MiB)).fits).toBe(true);
    storage(100 * MiB, 0);
    expect((await checkSpace(100 * MiB - STORAGE_MARGIN_BYTES)).fits).toBe(true);
    expect((await checkSpace(100 * MiB - STORAGE_MARGIN_BYTES + 1)).fits).toBe(false);
  });

  it('does not block a claim where the browser cannot tell', async () => {
    Object.defineProperty(globalThis, 'navigator', { value: {}, configurable: true });
    expect((await checkSpace(5 * MiB)).fits).toBe(true);
  });

  it('sizes a report from the listing, counting files of unknown size as 1 MiB', () => {
    const r = report(1, 'notready', {
      vesselPictures: [{ id: 1, contentType: 'image/jpeg', description: '', photoTakingDate: null, tagId: null, tagName: null, downloadLink: '/a', size: 300_000 }],
      fileAttachements: [{ id: 2, name: 'x.pdf', contentType: 'application/pdf', documentTag: null, downloadLink: '/b' }],
    });
    expect(estimatedSize(remoteFilesOf(r))).toBe(300_000 + MiB);
  });

  it('names sizes in KiB and MiB (base 1024)', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(10 * MiB)).toBe('10 MiB');
    expect(formatBytes(250 * MiB)).toBe('250 MiB');
    expect(formatBytes(1.5 * 1024 * MiB, 'fr')).toBe('1,5 GiB');
  });
});
