/**
 * The signed PDF's fonts reach the tablet's worker offline (issue 29 item 4): the build copies them from
 * the npm package to where the worker fetches them, and the service worker's precache globs them. The
 * worker fetches them once; when they are missing the inspector is told so, in their language.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enMessages from '@/messages/en.json';
import frMessages from '@/messages/fr.json';

const root = process.cwd();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the signed PDF’s fonts', () => {
  it('are the files the build copies out of the npm package, under a path the precache globs', async () => {
    const { REPORT_PDF_FONT_URLS } = await import('@/features/inspection/data/report-pdf/fonts');
    const build = fs.readFileSync(path.join(root, 'scripts/build.mjs'), 'utf8');
    expect(build).toMatch(/globPatterns: \['\*\*\/\*\.\{[^}]*\bttf\b[^}]*\}'\]/);
    for (const url of Object.values(REPORT_PDF_FONT_URLS)) {
      const [, dir, file] = /^\/([^/]+)\/([^/]+\.ttf)$/.exec(url)!;
      expect(build).toContain(`path.join(out, '${dir}')`);
      expect(build).toContain(`'${file}'`);
      expect(fs.existsSync(path.join(root, 'node_modules/dejavu-fonts-ttf/ttf', file!))).toBe(true);
    }
  });

  it('are fetched once, and a missing font is told as such (not as a broken PDF)', async () => {
    const fetchMock = vi.fn(async (url: string) => new Response(new Uint8Array([url.length]), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { loadReportPdfFonts } = await import('@/features/inspection/data/report-pdf/fonts');
    const a = await loadReportPdfFonts();
    const b = await loadReportPdfFonts();
    expect(a).toBe(b);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    vi.resetModules();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('not found', { status: 404 })));
    const fonts = await import('@/features/inspection/data/report-pdf/fonts');
    await expect(fonts.loadReportPdfFonts()).rejects.toBeInstanceOf(fonts.ReportPdfFontsMissingError);
    // tried again next time (the app may have been updated meanwhile)
    vi.stubGlobal('fetch', vi.fn(async () => new Response(new Uint8Array([1]), { status: 200 })));
    await expect(fonts.loadReportPdfFonts()).resolves.toBeTruthy();
  });

  it('has the missing-fonts message in both languages', () => {
    expect(enMessages.review.pdf.fontsMissing).toMatch(/fonts/);
    expect(frMessages.review.pdf.fontsMissing).toMatch(/polices/);
  });
});
