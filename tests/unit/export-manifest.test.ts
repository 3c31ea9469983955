import { describe, expect, it } from 'vitest';
import {
  exportFileName,
  filePath,
  isAllowedPath,
  manifestSchema,
  reportPath,
  safeName,
  DEFAULT_MAX_SIZE,
  DEFAULT_QUALITY_PERCENT,
  MAX_MAX_SIZE,
  MIN_MAX_SIZE,
} from '@/features/export/model/manifest';
import { bitsPerPixel, compressionLevel, estimateExportSize, estimateFileSize, fitBox, imageSize, planImage } from '@/features/export/model/images';
import { isExportable } from '@/features/export/data/actions';
import { exportZip, jpegBytes, seed } from './export-helpers';
import { emptyExtended, report } from './fixtures/report';

describe('export manifest', () => {
  it('SPEC §9 defaults: quality 30 %, max size 3000 px on a 500 to 3000 slider', () => {
    expect(DEFAULT_QUALITY_PERCENT).toBe(30);
    expect([DEFAULT_MAX_SIZE, MIN_MAX_SIZE, MAX_MAX_SIZE]).toEqual([3000, 500, 3000]);
  });

  it('an export’s manifest names app version, schema versions, device, user, date, reports and files with size and sha256', async () => {
    await seed();
    const { manifest } = await exportZip([101, 102]);
    expect(manifestSchema.parse(manifest)).toEqual(manifest);
    expect(manifest).toMatchObject({
      format: 'iotc-pir-export',
      formatVersion: 1,
      appVersion: '0.1.0',
      schema: { db: 1, cache: 1 },
      device: 'TAB-A',
      user: { id: 7, name: 'Amina Hoareau' },
      createdAt: '2026-11-21T10:30:00.000Z',
      images: { quality: 100, maxSize: 3000 },
    });
    expect(manifest.reports.map((r) => [r.id, r.path, r.status, r.claimedByDevice])).toEqual([
      [101, 'reports/101.json', 'inspecting', 'TAB-A'],
      [102, 'reports/102.json', 'readytosubmit', 'TAB-A'],
    ]);
    expect(manifest.files).toHaveLength(4);
    for (const f of [...manifest.files, ...manifest.reports]) {
      expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(f.size).toBeGreaterThan(0);
    }
  });

  it('refuses a manifest of another shape', () => {
    expect(manifestSchema.safeParse({ format: 'something-else', formatVersion: 1 }).success).toBe(false);
  });

  it('file names are safe: no folders, dots or spaces of their own', () => {
    expect(safeName('../../AUTF 25.pdf')).toBe('AUTF_25.pdf');
    expect(safeName('Façade été.jpg')).toBe('Facade_ete.jpg');
    expect(safeName('')).toBe('file');
    expect(filePath(102, 3, '../../etc/passwd')).toBe('files/102/003-etc_passwd');
    expect(reportPath(5)).toBe('reports/5.json');
    for (const ok of ['manifest.json', 'reports/12.json', 'files/12/001-picture_p1.jpg']) expect(isAllowedPath(ok), ok).toBe(true);
    for (const bad of ['../manifest.json', '/reports/1.json', 'reports/../1.json', 'files/1/001-..', 'files/1/../../x', 'files\\1\\001-a', 'files/1/001-a/b', 'other.txt', 'reports/1.json/'])
      expect(isAllowedPath(bad), bad).toBe(false);
  });

  it('names the download pir-export-{device}-{date}.zip', () => {
    expect(exportFileName('SFA-TAB-01', new Date(2026, 10, 21, 9, 5))).toBe('pir-export-SFA-TAB-01-2026-11-21-0905.zip');
    expect(exportFileName('tab / 2', new Date(2026, 0, 2, 13, 40))).toBe('pir-export-tab_2-2026-01-02-1340.zip');
  });

  it('offers reports past notready, and a notready one still holding entries (a lost claim)', () => {
    expect(isExportable(report(1, 'notready'))).toBe(false);
    expect(isExportable(report(1, 'claimed'))).toBe(false);
    expect(isExportable(report(1, 'notready', { extended: emptyExtended() }))).toBe(true);
    for (const s of ['preparing', 'ready', 'inspecting', 'signing', 'readytosubmit', 'submitting', 'submitted'] as const) expect(isExportable(report(1, s))).toBe(true);
  });
});

describe('export pictures and sizes', () => {
  it('reads JPEG and PNG dimensions from the header', () => {
    expect(imageSize(new Uint8Array(jpegBytes(64, 48)))).toEqual({ width: 64, height: 48 });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 244, 0, 0, 0, 200]);
    expect(imageSize(png)).toEqual({ width: 500, height: 200 });
    expect(imageSize(new TextEncoder().encode('%PDF-1.4'))).toBeNull();
  });

  it('stores pictures and PDFs (level 0), deflates data at level 9', () => {
    expect(compressionLevel('image/jpeg')).toBe(0);
    expect(compressionLevel('image/png')).toBe(0);
    expect(compressionLevel('application/pdf')).toBe(0);
    expect(compressionLevel('application/json')).toBe(9);
    expect(compressionLevel('image/tiff')).toBe(9);
  });

  it('reduces only JPEG photographs; at 100 % a picture that fits is copied as it is', () => {
    expect(planImage({ contentType: 'image/png', width: 4000, height: 3000 }, { quality: 30, maxSize: 1000 })).toEqual({ action: 'copy' });
    expect(planImage({ contentType: 'image/jpeg', width: 3000, height: 2250 }, { quality: 100, maxSize: 3000 })).toEqual({ action: 'copy' });
    expect(planImage({ contentType: 'image/jpeg', width: 3000, height: 4000 }, { quality: 100, maxSize: 3000 })).toEqual({ action: 'reduce', width: 2250, height: 3000 });
    expect(planImage({ contentType: 'image/jpeg', width: 3000, height: 2250 }, { quality: 30, maxSize: 1000 })).toEqual({ action: 'reduce', width: 1000, height: 750 });
    expect(planImage({ contentType: 'image/jpeg', width: null, height: null }, { quality: 30, maxSize: 1000 })).toEqual({ action: 'reduce', width: null, height: null });
    expect(fitBox(400, 300, 3000)).toEqual({ width: 400, height: 300 });
  });

  it('estimates smaller exports for lower quality and size, never more than the original', () => {
    const photo = { size: 1_500_000, contentType: 'image/jpeg', width: 3000, height: 2250 };
    const full = estimateFileSize(photo, { quality: 100, maxSize: 3000 });
    const q30 = estimateFileSize(photo, { quality: 30, maxSize: 3000 });
    const small = estimateFileSize(photo, { quality: 30, maxSize: 1000 });
    expect(full).toBe(1_500_000);
    expect(q30).toBeLessThan(full);
    expect(small).toBeLessThan(q30);
    expect(bitsPerPixel(30)).toBeLessThan(bitsPerPixel(70));
    const scanned = [{ id: 1, jsonSize: 40_000, files: [photo, { size: 20_000, contentType: 'image/png', width: 500, height: 200 }] }];
    expect(estimateExportSize(scanned, { quality: 30, maxSize: 1000 })).toBeLessThan(estimateExportSize(scanned, { quality: 100, maxSize: 3000 }));
  });
});
