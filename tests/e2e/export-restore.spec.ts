import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync, type UnzipFileInfo } from 'fflate';
import type { Pir, PirStatus } from '@/lib/contract';
import { imageSize } from '@/features/export/model/images';
import type { Manifest } from '@/features/export/model/manifest';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { confirmStartInspection, listingFor, login } from './helpers';

const amina = DEMO_USERS[0]!;

/** The reports and the sha256 of every stored file of some reports, straight from IndexedDB. */
function tabletState(page: Page, ids: number[]): Promise<{ reports: Pir[]; files: Record<string, string> }> {
  return page.evaluate(async (ids) => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('pir-app');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = <T,>(store: string): Promise<T[]> =>
      new Promise((resolve, reject) => {
        const req = database.transaction(store).objectStore(store).getAll();
        req.onsuccess = () => resolve(req.result as T[]);
        req.onerror = () => reject(req.error);
      });
    const reports = (await all<Pir>('reports')).filter((r) => ids.includes(r.id)).sort((a, b) => a.id - b.id);
    const files: Record<string, string> = {};
    for (const f of await all<{ id: string; pirId: number; content: ArrayBuffer | Blob | null }>('files')) {
      if (!ids.includes(f.pirId) || !f.content) continue;
      // Downloads are stored as Blobs, what the tablet made (and restored files) as bytes.
      const bytes = f.content instanceof Blob ? await f.content.arrayBuffer() : f.content;
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
      files[f.id] = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
    }
    database.close();
    return { reports, files };
  }, ids);
}

/** Every report on the tablet, by id. */
function tabletReports(page: Page): Promise<Pick<Pir, 'id' | 'status' | 'claimedByDevice' | 'extended'>[]> {
  return page.evaluate(async () => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('pir-app');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const reports = await new Promise<Pir[]>((resolve, reject) => {
      const req = database.transaction('reports').objectStore('reports').getAll();
      req.onsuccess = () => resolve(req.result as Pir[]);
      req.onerror = () => reject(req.error);
    });
    database.close();
    return reports.map((r) => ({ id: r.id, status: r.status, claimedByDevice: r.claimedByDevice, extended: r.extended })).sort((a, b) => a.id - b.id);
  });
}

/** Processes (downloads, uploads) still stored on the tablet. */
function processCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('pir-app');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const count = await new Promise<number>((resolve, reject) => {
      const req = database.transaction('processes').objectStore('processes').count();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    database.close();
    return count;
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const byNumber = (a: number, b: number) => a - b;

/** The ids of the report cards in one group of the reports list, sorted. */
async function groupIds(page: Page, group: string): Promise<number[]> {
  const ids = await page.getByTestId(`group-${group}`).locator('[data-report-id]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-report-id'))));
  return [...new Set(ids)].sort(byNumber);
}

function readManifest(zip: string): Manifest {
  const entries = unzipSync(new Uint8Array(fs.readFileSync(zip)), { filter: (f) => f.name === 'manifest.json' });
  return JSON.parse(strFromU8(entries['manifest.json']!)) as Manifest;
}

function pickReports(listing: Pir[], count: number): Pir[] {
  const found = listing.filter((x) => x.status === 'notready' && !x.claimedByDevice && x.vesselPictures.length >= 1).slice(0, count);
  if (found.length < count) throw new Error('the demo data has too few unclaimed reports with pictures');
  return found;
}

async function claim(page: Page, report: Pir) {
  const card = page.locator(`[data-report-id="${report.id}"]`).first();
  await card.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText(`${report.vesselIdentity.vesselName} is ready for inspection.`)).toBeVisible({ timeout: 60_000 });
}

/** Starts the inspection and writes findings: work that exists only on this tablet. */
async function addWork(page: Page, report: Pir, findings: string) {
  await page.goto(`/pir/${report.id}/`);
  await page.getByRole('button', { name: 'Start inspection' }).click();
  await confirmStartInspection(page);
  await page.getByTestId('stepper-findings').click();
  await page.getByLabel('Findings of the inspector').fill(findings);
}

/** Opens the user menu (it stays open after a dialog it opened closes) with its advanced section shown. */
async function openMenu(page: Page) {
  const menu = page.getByRole('dialog', { name: 'Settings' });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: `User menu — ${amina.deviceName}` }).click();
  await expect(menu).toBeVisible();
  const advanced = menu.getByRole('switch', { name: 'Show advanced features' });
  if ((await advanced.getAttribute('aria-checked')) !== 'true') await advanced.click();
  return menu;
}

/** Exports every report with the dialog; returns the saved zip's path. */
async function exportAll(page: Page, opts: { keepPictures: boolean }): Promise<string> {
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: 'Download data' }).click();
  const dialog = page.getByTestId('download-data-dialog');
  await expect(dialog.getByRole('heading', { name: 'Download data' })).toBeVisible();
  await expect(dialog.getByRole('slider', { name: 'Image quality' })).toHaveAttribute('aria-valuenow', '30');
  await expect(dialog.getByRole('slider', { name: 'Maximum picture size' })).toHaveAttribute('aria-valuenow', '3000');
  if (opts.keepPictures) {
    // 100 %: pictures that fit are copied byte for byte (a reduced copy would not be the same bytes).
    await dialog.getByRole('slider', { name: 'Image quality' }).press('End');
    await expect(dialog.getByRole('slider', { name: 'Image quality' })).toHaveAttribute('aria-valuenow', '100');
  }
  await expect(dialog.getByTestId('export-estimate')).toContainText(/Estimated size: about [\d.,]+ (B|KiB|MiB)/);
  const downloading = page.waitForEvent('download', { timeout: 120_000 });
  await dialog.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^pir-export-${amina.deviceName}-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.zip$`));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pir-export-')), download.suggestedFilename());
  await download.saveAs(file);
  await expect(dialog.getByTestId('export-result')).toContainText(/Saved pir-export-.*: [\d.,]+ (KiB|MiB)/);
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toBeHidden();
  return file;
}

async function restoreFrom(page: Page, file: string) {
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: 'Restore data from a file' }).click();
  const dialog = page.getByTestId('restore-data-dialog');
  await expect(dialog.getByRole('heading', { name: 'Restore data from a file' })).toBeVisible();
  await dialog.getByLabel('Choose a file').setInputFiles(file);
  return dialog;
}

test('export all reports, erase all data, restore: the same reports and the same file bytes come back', async ({ page, request }) => {
  test.setTimeout(300_000);
  const listing = await listingFor(request, amina);
  const reports = pickReports(listing, 2);
  const ids = reports.map((r) => r.id);
  // The demo data already has reports this tablet holds on the server: the tablet downloads them at sign-in.
  const heldHere = (statuses: PirStatus[]) => listing.filter((r) => r.claimedByDevice === amina.deviceName && statuses.includes(r.status)).map((r) => r.id);
  const inspecting = [...heldHere(['inspecting', 'signing']), ...ids].sort(byNumber);
  const unsent = heldHere(['inspecting', 'signing', 'readytosubmit', 'submitting']).length + ids.length;

  await login(page, amina);
  for (const r of reports) await claim(page, r);
  const findings = reports.map((r, i) => `Hold ${i + 3} at −18 °C; logbook pages 12-14 missing (${r.code})`);
  for (const [i, r] of reports.entries()) await addWork(page, r, findings[i]!);

  await page.goto('/reports/');
  await expect.poll(() => groupIds(page, 'inspecting')).toEqual(inspecting);
  await expect.poll(async () => (await tabletState(page, ids)).reports.map((r) => r.extended?.pir.findingsByInspector)).toEqual(findings);
  // Every download the sign-in started has finished: the state below is the one the export sees.
  await expect.poll(() => processCount(page), { timeout: 60_000 }).toBe(0);
  const exportable = (await tabletReports(page)).filter((r) => (r.status !== 'notready' && r.status !== 'claimed') || r.extended).map((r) => r.id);
  expect(exportable).toEqual(expect.arrayContaining(inspecting));
  const before = await tabletState(page, exportable);
  expect(Object.keys(before.files).length).toBeGreaterThanOrEqual(ids.length);

  // "Download data" offers every report past notready, all chosen: the zip holds exactly those.
  const zip = await exportAll(page, { keepPictures: true });
  const manifest = readManifest(zip);
  expect(manifest.reports.map((r) => r.id).sort(byNumber)).toEqual(exportable);
  expect(manifest.device).toBe(amina.deviceName);
  expect(manifest.user?.name).toBe(amina.name);
  expect(manifest.files.length).toBe(Object.keys(before.files).length);
  const heldElsewhere = manifest.reports.filter((r) => r.claimedByDevice && r.claimedByDevice !== amina.deviceName).length;

  // Erase all data, after confirmation: the tablet's work is gone, the user is still signed in.
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: 'Erase all data' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Erase all data?' });
  await expect(confirm.getByTestId('erase-unsent')).toContainText(`${unsent} reports hold work not yet sent`);
  await confirm.getByRole('button', { name: 'Erase all data' }).click();
  await expect(page.getByText('All data on this tablet was erased.')).toBeVisible();
  await page.keyboard.press('Escape');
  // The inspector's own work leaves the list (the listing may already bring back, at once, the reports the
  // server says this tablet holds: they are downloaded again, as after the reload below).
  await expect.poll(async () => (await groupIds(page, 'inspecting')).filter((id) => ids.includes(id))).toEqual([]);
  await expect.poll(async () => (await tabletState(page, ids)).reports.some((r) => findings.includes(r.extended?.pir.findingsByInspector ?? ''))).toBe(false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  // The server's listing comes back (SPEC §4 merge), the reports it says this tablet holds are
  // downloaded again; the inspector's own work is not on the server and stays lost until the restore.
  await expect.poll(() => groupIds(page, 'inspecting')).toEqual(inspecting.filter((id) => !ids.includes(id)));
  await expect.poll(() => processCount(page), { timeout: 60_000 }).toBe(0);
  expect((await tabletState(page, ids)).reports.some((r) => findings.includes(r.extended?.pir.findingsByInspector ?? ''))).toBe(false);

  // Restore: checked, shown (every report of the file, each replacing the copy the listing brought back), then written.
  const dialog = await restoreFrom(page, zip);
  await expect(dialog.getByTestId('restore-item')).toHaveCount(manifest.reports.length);
  await expect(dialog.getByTestId('restore-plan')).toContainText(`Exported from ${amina.deviceName} by ${amina.name}`);
  for (const r of reports) await expect(dialog.locator(`[data-report-id="${r.id}"]`)).toContainText(r.vesselIdentity.vesselName);
  await expect(dialog.getByTestId('restore-replaces')).toHaveCount(manifest.reports.length);
  await expect(dialog.getByTestId('restore-held-elsewhere')).toHaveCount(heldElsewhere);
  await dialog.getByRole('button', { name: `Restore and replace ${manifest.reports.length} reports` }).click();
  await expect(dialog.getByTestId('restore-done')).toHaveText(`${manifest.reports.length} reports restored.`);
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();

  // The list is as it was before the export: the same reports in "inspecting", the same data and bytes.
  await expect.poll(() => groupIds(page, 'inspecting')).toEqual(inspecting);
  const after = await tabletState(page, exportable);
  expect(after.files).toEqual(before.files);
  expect(after.reports.filter((r) => ids.includes(r.id)).map((r) => r.extended?.pir.findingsByInspector)).toEqual(findings);
  expect(after.reports).toEqual(before.reports);

  // Still there after a reload (and a new merge with the server's listing); the user is still signed in.
  await page.reload();
  await expect.poll(() => groupIds(page, 'inspecting')).toEqual(inspecting);
  await expect.poll(async () => (await tabletState(page, exportable)).reports).toEqual(before.reports);
});

test('a corrupted or truncated zip is refused with a clear message, and nothing changes', async ({ page, request }) => {
  test.setTimeout(180_000);
  const [report] = pickReports(await listingFor(request, amina), 1);
  await login(page, amina);
  await claim(page, report!);
  await addWork(page, report!, 'Findings that must survive a bad restore');
  await page.goto('/reports/');
  const zip = await exportAll(page, { keepPictures: false });

  await expect.poll(async () => (await tabletState(page, [report!.id])).reports[0]?.extended?.pir.findingsByInspector).toBe('Findings that must survive a bad restore');
  const before = await tabletState(page, [report!.id]);

  const bytes = fs.readFileSync(zip);
  const corrupted = Buffer.from(bytes);
  const middle = Math.floor(corrupted.length / 2);
  for (let i = middle; i < middle + 16; i++) corrupted[i] = corrupted[i]! ^ 0xff;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pir-bad-'));
  const cases: [string, Buffer, RegExp][] = [
    ['corrupted.zip', corrupted, /damaged.*Nothing was changed\./],
    ['truncated.zip', bytes.subarray(0, Math.floor(bytes.length * 0.7)), /incomplete or damaged.*Nothing was changed\./],
    ['notes.zip', Buffer.from('These are my notes, not a zip file.'), /not a zip file.*Nothing was changed\./],
    // Made to harm (issue 31): one of the report's files filed under another report's key.
    ['altered.zip', editedManifest(bytes, (m) => (m.files[0]!.record.id = `picture:${report!.id + 1}:p1`)), /filed under another report than .*Nothing was changed\./],
  ];
  for (const [name, content, message] of cases) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    const dialog = await restoreFrom(page, file);
    await expect(dialog.getByTestId('restore-error')).toHaveText(message);
    await expect(dialog.getByTestId('restore-plan')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.keyboard.press('Escape');
    expect(await tabletState(page, [report!.id])).toEqual(before);
  }

  // A file that hides who exported it is shown as such before anything is restored.
  const anonymous = path.join(dir, 'anonymous.zip');
  fs.writeFileSync(anonymous, editedManifest(bytes, (m) => (m.user = null)));
  const dialog = await restoreFrom(page, anonymous);
  await expect(dialog.getByTestId('restore-other-user')).toHaveText('This file does not say who exported it. Restore it only if you know where it comes from.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.keyboard.press('Escape');
  expect(await tabletState(page, [report!.id])).toEqual(before);
});

function editedManifest(zip: Buffer, edit: (m: Manifest) => void): Buffer {
  const entries = unzipSync(zip);
  const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as Manifest;
  edit(manifest);
  entries['manifest.json'] = strToU8(JSON.stringify(manifest));
  return Buffer.from(zipSync(entries));
}

// How long the page's main thread is busy during such an export is measured by bench/, never here.
test('an export of 200 pictures is built off the page with a progress bar: a valid zip, pictures reduced and stored as they are', async ({ page, request }) => {
  test.setTimeout(300_000);
  const [report] = pickReports(await listingFor(request, amina), 1);
  await login(page, amina);
  await claim(page, report!);

  // 200 photographs (2000 × 1500 JPEG) stored for the report, as the picture step stores them.
  const stored = await page.evaluate(async (pirId) => {
    const canvas = new OffscreenCanvas(2000, 1500);
    const ctx = canvas.getContext('2d')!;
    const sky = ctx.createLinearGradient(0, 0, 0, 1500);
    sky.addColorStop(0, '#7fb2e5');
    sky.addColorStop(1, '#0b3d5c');
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, 2000, 1500);
    for (let i = 0; i < 2000; i++) {
      ctx.fillStyle = `hsl(${(i * 37) % 360} 60% ${30 + (i % 40)}%)`;
      ctx.fillRect((i * 7919) % 2000, (i * 104729) % 1500, 8 + (i % 60), 8 + (i % 45));
    }
    const bytes = await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.7 })).arrayBuffer();
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('pir-app');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = database.transaction('files', 'readwrite');
    for (let i = 0; i < 200; i++) {
      tx.objectStore('files').put({
        id: `picture:${pirId}:many-${i}`,
        url: `picture:${pirId}:many-${i}`,
        date: new Date().toISOString(),
        content: bytes,
        width: 2000,
        height: 1500,
        filename: `picture_many-${i}.jpg`,
        type: 'image',
        size: bytes.byteLength,
        pirId,
        contentType: 'image/jpeg',
      });
    }
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    database.close();
    return bytes.byteLength;
  }, report!.id);
  expect(stored).toBeGreaterThan(100_000);

  const menu = await openMenu(page);
  await menu.getByRole('button', { name: 'Download data' }).click();
  const dialog = page.getByTestId('download-data-dialog');
  // One report only, this one: the estimate counts its 200 pictures.
  await dialog.getByRole('switch', { name: 'One report only' }).click();
  await dialog.getByRole('button', { name: 'Change' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a report' });
  await picker.getByRole('option', { name: new RegExp(`^${escapeRegExp(report!.vesselIdentity.vesselName)} · `) }).click();
  await expect(picker).toBeHidden();
  await expect(dialog.getByTestId('export-chosen').locator('li')).toHaveCount(1);
  await expect(dialog.getByTestId('export-estimate')).toContainText(/about [\d.,]+ MiB/, { timeout: 60_000 });
  // Maximum picture size 1000 px: the slider's smallest value is 500, in steps of 100.
  const maxSize = dialog.getByRole('slider', { name: 'Maximum picture size' });
  await maxSize.press('Home');
  await expect(maxSize).toHaveAttribute('aria-valuenow', '500');
  for (let i = 0; i < 5; i++) await maxSize.press('ArrowRight');
  await expect(maxSize).toHaveAttribute('aria-valuenow', '1000');

  const downloading = page.waitForEvent('download', { timeout: 240_000 });
  await dialog.getByRole('button', { name: 'Export' }).click();
  await expect(dialog.getByTestId('export-progress').getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
  const download = await downloading;
  await expect(dialog.getByTestId('export-result')).toBeVisible();

  const file = (await download.path())!;
  const infos: UnzipFileInfo[] = [];
  const entries = unzipSync(new Uint8Array(fs.readFileSync(file)), {
    filter: (f) => {
      infos.push(f);
      return true;
    },
  });
  const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as Manifest;
  expect(manifest.reports.map((r) => r.id)).toEqual([report!.id]);
  expect(manifest.images).toEqual({ quality: 30, maxSize: 1000 });
  // Every JPEG is reduced: the 200 and the report's own vessel pictures.
  const jpegs = manifest.files.filter((f) => f.record.contentType === 'image/jpeg');
  expect(manifest.files.filter((f) => f.original !== null)).toEqual(jpegs);
  await expect(dialog.getByTestId('export-result')).toContainText(`1 report, ${manifest.files.length} files. ${jpegs.length} pictures were reduced.`);
  const many = manifest.files.filter((f) => f.record.id.startsWith(`picture:${report!.id}:many-`));
  expect(many).toHaveLength(200);
  expect(Object.keys(entries).sort()).toEqual(['manifest.json', ...manifest.reports.map((r) => r.path), ...manifest.files.map((f) => f.path)].sort());
  for (const f of many) {
    const bytes = entries[f.path]!;
    expect(bytes.length).toBe(f.size);
    expect(bytes.length).toBeLessThan(stored);
    expect(imageSize(bytes)).toEqual({ width: 1000, height: 750 });
    expect(f.record).toMatchObject({ width: 1000, height: 750, contentType: 'image/jpeg', size: f.size });
    expect(f.original).toEqual({ size: stored, width: 2000, height: 1500 });
  }
  // Pictures are stored as they are (already compressed), the data deflated.
  const method = new Map(infos.map((i) => [i.name, i.compression]));
  for (const f of manifest.files.filter((x) => x.record.contentType === 'image/jpeg')) expect(method.get(f.path)).toBe(0);
  expect(method.get('manifest.json')).toBe(8);
  expect(method.get(manifest.reports[0]!.path)).toBe(8);
});
