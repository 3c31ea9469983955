import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Pir } from '@/lib/contract';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { choose, confirmStartInspection, listingFor, login, makeJpeg } from './helpers';

/**
 * The three tasks a new inspector does first, tap by tap, in each shape (issue 32): find today's
 * report and start it; fill a step, hit an error and fix it; know what was sent and what waits. What
 * the screens count and say is checked against what the tablet stores and the server holds.
 */
const amina = DEMO_USERS[0]!;
const SHAPES = [
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
  { width: 390, height: 844 },
] as const;

/** Every report the tablet stores (IndexedDB): the truth the screens must tell. */
function storedReports(page: Page): Promise<Pir[]> {
  return page.evaluate(
    () =>
      new Promise<Pir[]>((resolve, reject) => {
        const open = indexedDB.open('pir-app');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('reports').objectStore('reports').getAll();
          req.onsuccess = () => resolve(req.result as Pir[]);
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

/** Today's and tomorrow's work this tablet holds, soonest first, worked out here from the stored reports (in the browser's time zone). */
function todaysWork(page: Page, reports: Pir[], device: string): Promise<{ id: number; day: string }[]> {
  return page.evaluate(
    ({ reports, device }) => {
      const now = new Date();
      const day = (offset: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset).getTime();
      return reports
        .filter((r) => r.claimedByDevice === device && ['preparing', 'ready', 'inspecting', 'signing'].includes(r.status))
        .map((r) => ({ id: r.id, at: Date.parse(r.startOfInspection ?? r.expectedArrival ?? '') }))
        .filter(({ at }) => at >= day(0) && at < day(2))
        .sort((a, b) => a.at - b.at || a.id - b.id)
        .map(({ id, at }) => ({ id, day: at < day(1) ? 'today' : 'tomorrow' }));
    },
    { reports, device },
  );
}

/** The files a submission of the report sends: its signatures, its inspection pictures, its documents made on the tablet. */
const ownFiles = (r: Pir) =>
  [r.inspectionSignatures.masterSignature, r.inspectionSignatures.inspectorSignature].filter(Boolean).length +
  (r.extended?.pictures.length ?? 0) +
  (r.extended?.attachments.filter((a) => a.offline && a.pictures.length > 0).length ?? 0);

for (const shape of SHAPES) {
  test(`three tasks at ${shape.width}×${shape.height}: find today's report and start it; fill a step, hit an error, fix it; know what was sent and what waits`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(shape);
    const listing = await listingFor(request, amina);
    // Ready for inspection on this tablet, planned for today or tomorrow: signing in downloads it again.
    const todays = listing.find((r) => r.status === 'ready' && r.claimedByDevice === amina.deviceName)!;
    const signed = listing.find((r) => r.status === 'readytosubmit' && r.claimedByDevice === amina.deviceName)!;
    await login(page, amina);

    // ---- 1. Find today's report and start it.
    const today = page.getByTestId('today-on-tablet');
    await expect(today.locator(`[data-today-report="${todays.id}"]`)).toContainText('Ready', { timeout: 90_000 });
    await expect.poll(async () => (await storedReports(page)).find((r) => r.id === todays.id)?.extended != null, { timeout: 90_000 }).toBe(true);
    const expected = await todaysWork(page, await storedReports(page), amina.deviceName);
    expect(expected.map((e) => e.id)).toContain(todays.id);
    const shown = await today.locator('[data-today-report]').evaluateAll((items) => items.map((li) => ({ id: Number(li.getAttribute('data-today-report')), day: li.getAttribute('data-day')! })));
    expect(shown, 'today and tomorrow on this tablet, as stored').toEqual(expected);
    // On the first screen, above the groups.
    const box = (await today.boundingBox())!;
    expect(box.y).toBeLessThan(shape.height);
    await today.locator(`[data-today-report="${todays.id}"] a`).click();
    await expect(page).toHaveURL(new RegExp(`/pir/${todays.id}/`));
    await page.getByRole('button', { name: 'Start inspection' }).click();
    await confirmStartInspection(page);
    expect((await storedReports(page)).find((r) => r.id === todays.id)!.status).toBe('inspecting');

    // ---- 2. Fill a step, hit an error, fix it.
    await page.goto(`/pir/${todays.id}/#updatevesselidentity`);
    const step = page.getByTestId('step-updatevesselidentity');
    const mmsi = step.getByLabel('MMSI', { exact: true });
    const beforeEdit = Date.now();
    await mmsi.fill('12345');
    await mmsi.blur();
    await expect(step.getByText('The MMSI must be exactly 9 digits')).toBeVisible();
    const markComplete = step.getByRole('button', { name: 'Mark complete' });
    await expect(markComplete).toBeDisabled();
    // What needs attention is named, before any tap.
    await expect(step.getByTestId('step-blocked')).toContainText('MMSI');
    await mmsi.fill('664123456');
    await mmsi.blur();
    await expect(step.getByText('The MMSI must be exactly 9 digits')).toHaveCount(0);
    await markComplete.click();
    await expect(page.getByTestId('stepper-updatevesselidentity')).toHaveAttribute('data-state', 'done');
    // Kept, and said so in words, not only by a tick.
    await expect(page.getByText(/Vessel identity.*complete/).first()).toBeVisible();
    const kept = (await storedReports(page)).find((r) => r.id === todays.id)!;
    expect(kept.extended!.vessel.mmsi).toBe('664123456');
    // Its card says when it was last edited on this tablet: these edits (the last of them, the step
    // marked complete, may be stored a moment after the tick shows), not the sign-in.
    await page.goto('/reports/');
    const sendState = page.locator(`[data-report-id="${todays.id}"]`).first().getByTestId('card-send-state');
    await expect
      .poll(async () => {
        const last = (await storedReports(page)).find((r) => r.id === todays.id)!.lastUpdateDate;
        if (Date.parse(last) < beforeEdit) return `stored ${last}, before the edits`;
        const editedAt = await page.evaluate(
          (iso) => new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(iso)),
          last,
        );
        const shown = (await sendState.textContent())?.replace(/\s+/g, ' ').trim();
        return shown === `Saved on the tablet ${editedAt} · not sent` || `shown "${shown}", stored ${editedAt}`;
      })
      .toBe(true);

    // ---- 3. Know what was sent and what waits.
    // A picture of the inspection is the report's own file: its outbox says it is on this tablet, not sent.
    await page.goto(`/pir/${todays.id}/#vesselpictures`);
    const pictures = page.getByTestId('step-vesselpictures');
    await choose(page, () => pictures.getByRole('button', { name: 'Take a picture' }).click(), [{ name: 'bow.jpg', mimeType: 'image/jpeg', buffer: makeJpeg(1600, 1200) }]);
    await expect(pictures.getByTestId('picture-card')).toHaveCount(1, { timeout: 20_000 });
    await page.goto(`/pir/${todays.id}/#submit`);
    const ownOutbox = page.getByTestId('report-outbox');
    await expect(ownOutbox.getByTestId('outbox-entries')).toContainText('On this tablet · not sent');
    await expect(ownOutbox.getByTestId('outbox-file')).toHaveCount(1);
    await expect.poll(async () => ownFiles((await storedReports(page)).find((r) => r.id === todays.id)!), { message: 'the picture is stored' }).toBe(1);
    await expect(ownOutbox.getByTestId('outbox-file')).toHaveAttribute('data-state', 'onTablet');
    await expect(ownOutbox.getByTestId('outbox-file')).toContainText('Inspection picture 1');
    await expect(ownOutbox.getByTestId('outbox-file')).toContainText('On this tablet · not sent');

    const stored = await storedReports(page);
    const mine = stored.filter((r) => r.claimedByDevice === amina.deviceName);
    const toSend = mine.filter((r) => r.status === 'readytosubmit').length;
    const sending = mine.filter((r) => r.status === 'submitting').length;
    const midnight = new Date(new Date().toDateString()).getTime();
    const sentToday = () => listing.filter((r) => r.status === 'submitted' && Date.parse(r.lifecycle.submitted?.date ?? '') >= midnight).length;
    expect(toSend, 'a report still being inspected is not in the outbox').toBe(1);
    await page.goto('/reports/');
    await expect(page.getByTestId('outbox')).toHaveText(`${toSend} signed, to send · ${sending} sending · ${sentToday()} sent today`);
    // The same count on every screen, on the Reports tab.
    await page.goto('/calendar/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByTestId('tab-outbox')).toHaveText(String(toSend + sending));
    await expect(nav.getByRole('link', { name: `Reports, ${toSend + sending} signed report not sent yet` })).toBeVisible();

    // The signed report's own outbox: its entries and each of its files, on the tablet, not sent.
    await page.goto('/reports/');
    await page.locator(`[data-report-id="${signed.id}"]`).first().getByTestId('card-main-action').click();
    await expect(page).toHaveURL(new RegExp(`/pir/${signed.id}/#submit$`));
    const outbox = page.getByTestId('report-outbox');
    const before = stored.find((r) => r.id === signed.id)!;
    await expect(outbox.getByTestId('outbox-entries')).toHaveAttribute('data-state', 'onTablet');
    await expect(outbox.getByTestId('outbox-entries')).toContainText('On this tablet · not sent');
    await expect(outbox.getByTestId('outbox-file')).toHaveCount(ownFiles(before));
    for (const row of await outbox.getByTestId('outbox-file').all()) await expect(row).toHaveAttribute('data-state', 'onTablet');

    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByTestId('submit-status')).toHaveText(/^Submitted on/, { timeout: 60_000 });
    // Confirmed when the server checked the fingerprint of what was signed; the demo's signed report predates fingerprints.
    const checked = Boolean(before.inspectionSignatures.fingerprint);
    await expect(outbox.getByTestId('outbox-entries')).toHaveAttribute('data-state', checked ? 'confirmed' : 'sent');
    await expect(outbox.getByTestId('outbox-entries')).toContainText(checked ? 'Confirmed by the server' : 'Sent to the server');
    const after = (await storedReports(page)).find((r) => r.id === signed.id)!;
    const sent = after.submissionReceipt!.sent.length;
    expect(sent).toBe(ownFiles(before));
    await expect(outbox.getByTestId('outbox-file')).toHaveCount(sent);
    for (const row of await outbox.getByTestId('outbox-file').all()) await expect(row).toHaveAttribute('data-state', 'confirmed');
    await expect(page.getByTestId('receipt-summary')).toHaveText(
      sent === 0
        ? 'The server holds the report’s entries. It was sent with no file of its own (the vessel’s photos on file stay on the server).'
        : `The server holds ${sent} of ${sent} file${sent === 1 ? '' : 's'}, checked`,
    );
    // The server holds it, and the outbox moved it from "to send" to "sent today".
    expect((await listingFor(request, amina)).find((r) => r.id === signed.id)!.status).toBe('submitted');
    await page.goto('/reports/');
    await expect(page.getByTestId('outbox')).toHaveText(`${toSend - 1} signed, to send · ${sending} sending · ${sentToday() + 1} sent today`);
    await expect(nav.getByTestId('tab-outbox')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'nothing scrolls sideways').toBeLessThanOrEqual(0);
  });
}
