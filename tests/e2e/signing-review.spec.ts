/**
 * Issue 22 items 1 and 2: the master reviews the whole report before signing, in English or French
 * without changing the inspector's language; once signed (or refused) and finished, the signed report
 * is made as a PDF on the tablet, offline, and read back here.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { PDFDocument, PDFDict, PDFName, PDFStream } from 'pdf-lib';
import type { Page } from '@playwright/test';
import type { Pir } from '@/lib/contract';
import enMessages from '@/messages/en.json' with { type: 'json' };
import frMessages from '@/messages/fr.json' with { type: 'json' };
import { FORM_STEPS } from '@/lib/inspection/steps';
import { shortFingerprint } from '@/features/inspection/model/report-pdf/text';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { pdfPagesText } from '../pdf-text';
import { bodyText } from '../adversarial-text';
import { expect, test } from './fixtures';
import { choose, claimAndStart, completeFormSteps, drawOn, goOffline, listingFor, login, makeJpeg, storedReport, waitForServiceWorker } from './helpers';

const amina = DEMO_USERS[0]!;
const SHOTS = '/tmp/shots-review';
const MESSAGES = { en: enMessages, fr: frMessages } as const;
type Lang = keyof typeof MESSAGES;

/** A 3,000-character finding, with accents. */
const longFinding = (lang: Lang) => {
  const head = `Écart relevé à la cale nº 2 (${lang}) ; contrôle effectué à bord, pesée « contestée » par l’équipage. `;
  let text = head;
  for (let i = 1; text.length < 3000; i++) text += `Ligne ${i} : poids déclaré différent du poids vérifié. `;
  return text.slice(0, 2999) + '.';
};


/**
 * Changes the app's settings, then reloads the page, or loads `at` afresh: with its step in the address
 * from the start. A step's hash set right after a reload, while the app was still starting, was once
 * lost from the address (what removed it was not found), and the page then followed the current step.
 */
async function setSettings(page: Page, patch: { language?: Lang; darkMode?: boolean | null }, at?: string) {
  await page.evaluate((p) => {
    const s = JSON.parse(localStorage.getItem('settings') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('settings', JSON.stringify({ ...s, ...p }));
  }, patch);
  if (at) {
    await page.goto('about:blank');
    await page.goto(at);
  } else {
    await page.reload();
  }
}


/** The images drawn on each page of a PDF (pdf-lib: the page's XObjects that are images). */
function imagesPerPage(doc: PDFDocument): number[] {
  return doc.getPages().map((p) => {
    const xo = p.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    if (!xo) return 0;
    return xo.keys().filter((k) => {
      const o = xo.lookup(k);
      const dict = o instanceof PDFStream ? o.dict : o instanceof PDFDict ? o : null;
      return dict?.get(PDFName.of('Subtype'))?.toString() === '/Image';
    }).length;
  });
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Screenshots at the tablet's two orientations and a phone's, then back to landscape. */
async function shootSizes(page: Page, name: string, theme: string, show: () => Promise<void>) {
  for (const [w, h] of [
    [1280, 800],
    [800, 1280],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await show();
    await shoot(page, `${name}-${w}x${h}-${theme}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

for (const appLang of ['en', 'fr'] as const) {
  const other: Lang = appLang === 'en' ? 'fr' : 'en';
  const masterRefuses = appLang === 'fr';
  test(`the review before signing and the signed PDF made offline (app in ${appLang}, review also in ${other}${masterRefuses ? ', the master refuses' : ''})`, async ({ page, context, request }, testInfo) => {
    test.setTimeout(420_000);
    const pictures = appLang === 'en' ? 10 : 2;
    const attachmentsToAdd = appLang === 'en' ? 3 : 1;
    const vesselName = `Étoile du Nord ${appLang}`;
    const finding = longFinding(appLang);
    const masterComment = 'Le capitaine conteste la pesée ; il signera « sous réserve ».';
    const infringements = 'Journal de pêche incomplet (pages 12 à 14).';
    const actions = 'Rapport transmis à l’État du pavillon ; débarquement suspendu.';
    const picDescription = 'Vue de la proue, côté bâbord';

    const listing = await listingFor(request, amina);
    const report = listing.find((x) => x.status === 'notready' && !x.claimedByDevice && x.vesselPictures.length >= 1)!;
    await page.setViewportSize({ width: 1280, height: 800 });
    await login(page, amina);
    await setSettings(page, { language: 'en', darkMode: false });
    await waitForServiceWorker(page);

    await claimAndStart(page, report);
    const panel = page.locator('section[aria-labelledby="step-title"]');
    const complete = async (step: string) => {
      await panel.getByRole('button', { name: 'Mark complete' }).click();
      await expect(page.getByTestId(`stepper-${step}`)).toHaveAttribute('data-state', 'done');
      // back on the current step (the address loses its #step) before the next step is opened by its address
      await expect(page).not.toHaveURL(/#/);
    };

    // Pictures, typed; one with a description with accents.
    await page.goto(`/pir/${report.id}/#vesselpictures`);
    const pics = page.getByTestId('step-vesselpictures');
    await choose(
      page,
      () => pics.getByRole('button', { name: 'Choose a file' }).click(),
      Array.from({ length: pictures }, (_, i) => ({ name: `p${i}.jpg`, mimeType: 'image/jpeg', buffer: makeJpeg(1600, 1200, 20 * i) })),
    );
    const cards = pics.getByTestId('picture-card');
    await expect(cards).toHaveCount(pictures, { timeout: 60_000 });
    for (let i = 0; i < pictures; i++) {
      await cards.nth(i).getByRole('combobox', { name: 'Picture type' }).selectOption({ label: 'Picture: whole vessel' });
    }
    await cards.nth(0).getByLabel('Description').fill(picDescription);
    await complete('vesselpictures');

    // Attachments photographed on board.
    await page.goto(`/pir/${report.id}/#pirattachments`);
    const attachments = page.getByTestId('step-pirattachments');
    for (let i = 0; i < attachmentsToAdd; i++) {
      await attachments.getByRole('button', { name: 'New attachment' }).click();
      const draft = attachments.getByTestId('attachment-draft');
      await draft.getByRole('combobox', { name: 'Document type' }).selectOption({ label: 'Crew list' });
      await choose(page, () => draft.getByRole('button', { name: 'First page from a file' }).click(), [{ name: `crew${i}.jpg`, mimeType: 'image/jpeg', buffer: makeJpeg(620, 877, 40 * i) }]);
      await page.getByRole('alertdialog').getByRole('button', { name: 'No, done' }).click({ timeout: 20_000 });
      await expect(attachments.locator('[data-testid="attachment-card"][data-offline="true"]')).toHaveCount(i + 1);
    }
    await complete('pirattachments');

    await page.goto(`/pir/${report.id}/#updatevesselidentity`);
    await panel.getByLabel('Vessel name', { exact: true }).fill(vesselName);
    await complete('updatevesselidentity');

    await page.goto(`/pir/${report.id}/#findings`);
    await panel.getByLabel('Findings of the inspector').fill(finding);
    await panel.getByLabel('Comments of the master').fill(masterComment);
    await complete('findings');

    await page.goto(`/pir/${report.id}/#infringement`);
    await panel.getByRole('radiogroup', { name: 'Infringements found' }).getByRole('radio', { name: 'Yes' }).click();
    await panel.getByLabel('Infringements noted').fill(infringements);
    await panel.getByLabel('Actions taken').fill(actions);
    await complete('infringement');

    await completeFormSteps(page, report.id);

    // The inspector's language, then the signature step: the review is there before "Start signing".
    await setSettings(page, { language: appLang }, `/pir/${report.id}/#signature`);
    const review = page.getByTestId('report-review');
    await expect(review).toHaveAttribute('data-language', appLang);
    const checkReview = async (lang: Lang) => {
      const m = MESSAGES[lang];
      await expect(review).toHaveAttribute('data-language', lang);
      await expect(review.getByRole('heading', { name: m.review.title })).toBeVisible();
      for (const step of FORM_STEPS) {
        await expect(page.getByTestId(`review-${step}`).getByRole('heading', { level: 4 })).toHaveText(m.steps[step].title);
      }
      const row = (step: string, label: string) => page.getByTestId(`review-${step}`).getByTestId('review-row').filter({ has: page.getByText(label, { exact: true }) });
      await expect(row('updatevesselidentity', m.fields.vesselName).locator('dd')).toHaveText(vesselName);
      // the whole 3,000-character finding, nothing cut
      await expect(row('findings', m.findings.findingsByInspector).locator('dd')).toHaveText(finding);
      await expect(row('findings', m.findings.commentsByMaster).locator('dd')).toHaveText(masterComment);
      await expect(row('infringement', m.fields.hasInfringements).locator('dd')).toHaveText(m.review.yes);
      await expect(row('infringement', m.fields.infringementsNoted).locator('dd')).toHaveText(infringements);
      await expect(row('infringement', m.fields.actionsTaken).locator('dd')).toHaveText(actions);
      await expect(row('inspectioninformation', m.fields.principalInspectorId).locator('dd')).toHaveText('INS-0042');
      await expect(page.getByTestId('review-vesselpictures').getByText(picDescription, { exact: true })).toBeVisible();
      await expect(page.getByTestId('review-vesselpictures').getByRole('img')).toHaveCount(pictures);
      await expect(row('pirattachments', m.review.pages).locator('dd').filter({ hasText: /^1$/ })).toHaveCount(attachmentsToAdd);
      // every field of every step has a label from the step's form, never a bare field name
      for (const dt of await review.locator('[data-testid="review-row"] dt').allTextContents()) expect(dt).not.toMatch(/^[a-z]+[A-Z][A-Za-z]*$/);
    };
    await checkReview(appLang);
    await shootSizes(page, `review-${appLang}`, 'light', () => review.scrollIntoViewIfNeeded());

    // The master reads it in the other language; the inspector's setting does not change.
    const startSigning = MESSAGES[appLang].signature.startSigning;
    await review.getByTestId(`review-language-${other}`).click();
    await checkReview(other);
    await expect(page.getByRole('button', { name: startSigning, exact: true })).toBeVisible();
    expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('settings') ?? '{}') as { language: string }).language)).toBe(appLang);
    await expect(page.getByTestId('step-signature').getByRole('heading', { level: 2 })).toHaveText(MESSAGES[appLang].steps.signature.title);
    await page.getByTestId('review-findings').scrollIntoViewIfNeeded();
    await shoot(page, `review-${other}-on-${appLang}-1280x800-light`);
    await setSettings(page, { darkMode: true }, `/pir/${report.id}/#signature`);
    await review.getByTestId(`review-language-${other}`).click();
    await shootSizes(page, `review-${other}-on-${appLang}`, 'dark', () => page.getByTestId('review-catchonboard').scrollIntoViewIfNeeded());
    await checkReview(other);

    // Offline from here: signing, finishing and making the PDF need no network.
    await goOffline(context);
    const m = MESSAGES[appLang].signature;
    await page.getByRole('button', { name: startSigning, exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: startSigning }).click();
    // still there while signing, folded and read only
    await expect(page.getByTestId('report-review-folded')).toBeVisible();
    if (masterRefuses) {
      await page.getByRole('switch', { name: m.masterRefuses }).click();
    } else {
      await drawOn(page, 'pad-master');
      await page.getByTestId('pad-master').getByRole('button', { name: m.saveMaster }).click();
      await expect(page.getByTestId('pad-master')).toHaveAttribute('data-state', 'registered');
    }
    await drawOn(page, 'pad-inspector', 10);
    await page.getByTestId('pad-inspector').getByRole('button', { name: m.saveInspector }).click();
    await expect(page.getByTestId('pad-inspector')).toHaveAttribute('data-state', 'registered');

    // The longest main-thread task while the PDF is made (measured, reported, not asserted).
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: [number, number][] };
      w.longTasks = [];
      new PerformanceObserver((list) => w.longTasks.push(...list.getEntries().map((e): [number, number] => [e.startTime, e.duration]))).observe({ type: 'longtask' });
      // what ran in each long frame (Long Animation Frames), to tell the build's work from the rest
      const f = window as unknown as { frames: unknown[] };
      f.frames = [];
      new PerformanceObserver((list) =>
        f.frames.push(
          ...list.getEntries().map((e) => {
            const scripts = (e as unknown as { scripts: { invoker: string; sourceFunctionName: string; duration: number }[] }).scripts ?? [];
            const f = e as unknown as { renderStart: number; styleAndLayoutStart: number };
            return {
              start: Math.round(e.startTime),
              duration: Math.round(e.duration),
              // where the frame's time went: scripts before renderStart, then rendering, style and layout
              render: f.renderStart ? Math.round(f.styleAndLayoutStart - f.renderStart) : 0,
              styleAndLayout: f.styleAndLayoutStart ? Math.round(e.startTime + e.duration - f.styleAndLayoutStart) : 0,
              scripts: scripts.map((x) => `${x.invoker} ${x.sourceFunctionName} ${Math.round(x.duration)}ms`),
            };
          }),
        ),
      ).observe({ type: 'long-animation-frame' });
    });
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await page.getByRole('button', { name: m.finish }).click();
    await expect(page.getByTestId('stepper-signature')).toHaveAttribute('data-state', 'done');
    const pdfPanel = page.getByTestId('signed-pdf');
    await expect(pdfPanel).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
    const buildMs = Number(await pdfPanel.getAttribute('data-build-ms'));
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: [number, number][] }).longTasks);
    const buildStart = Number(await pdfPanel.getAttribute('data-build-start'));
    const during = longTasks.filter(([start, d]) => start + d >= buildStart).map(([, d]) => d);
    const longest = during.length ? Math.max(...during) : 0;
    const figures = `PDF build (${pictures} pictures, ${attachmentsToAdd} attachments): ${buildMs} ms; longest main-thread task while it was built: ${Math.round(longest)} ms (${during.length} over 50 ms); all long tasks from "Finish": ${JSON.stringify(longTasks.map(([s, d]) => [Math.round(s - buildStart), Math.round(d)]))}`;
    testInfo.annotations.push({ type: 'measure', description: figures });
    // made off the main thread, by the worker (offline: its script comes from the service worker's cache)
    expect(workers.length).toBeGreaterThan(0);
    console.log(figures);
    console.log('long animation frames from "Finish":', JSON.stringify(await page.evaluate(() => (window as unknown as { frames: unknown[] }).frames)));

    // Downloaded, then read back.
    const download = page.waitForEvent('download');
    await pdfPanel.getByTestId('signed-pdf-download').click();
    const file = await (await download).path();
    const bytes = new Uint8Array(fs.readFileSync(file));
    const pages = await pdfPagesText(bytes);
    const text = pages.join('\n');
    // A long finding flows onto the next page: read without the page footers drawn across it.
    const flat = (s: string) => s.replace(/\s+/g, '');
    const body = bodyText(pages);
    const pm = MESSAGES[other].review.pdf;
    expect(text).toContain(vesselName);
    expect(flat(body)).toContain(flat(finding));
    expect(text).toContain(infringements);
    expect(flat(body)).toContain(flat(actions));
    expect(text).toContain(MESSAGES[other].findings.findingsByInspector);
    expect(text).toContain(report.code);
    const doc = await PDFDocument.load(bytes);
    const images = imagesPerPage(doc).reduce((a, b) => a + b, 0);
    const stored = await storedReport(page, report.id);
    if (masterRefuses) {
      expect(text).toContain(pm.masterRefused);
      expect(images).toBe(pictures + 1);
    } else {
      expect(text).not.toContain(pm.masterRefused);
      expect(images).toBe(pictures + 2);
    }
    const fingerprint = stored.inspectionSignatures.fingerprint;
    if (fingerprint) expect(text).toContain(shortFingerprint(fingerprint));
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.writeFileSync(`${SHOTS}/signed-${appLang}-review-${other}.pdf`, bytes);

    // Opened in the app's viewer.
    await pdfPanel.getByTestId('signed-pdf-open').click();
    const viewer = page.getByTestId('signed-pdf-viewer');
    await expect(viewer.getByTestId('pdf-page').first().locator('canvas')).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(500);
    await shoot(page, `pdf-viewer-${other}-on-${appLang}-1280x800-dark`);
    await page.keyboard.press('Escape');
    await setSettings(page, { darkMode: false });
    await page.setViewportSize({ width: 800, height: 1280 });
    await expect(page.getByTestId('signed-pdf')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
    await page.getByTestId('signed-pdf-open').click();
    await expect(viewer.getByTestId('pdf-page').first().locator('canvas')).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(500);
    await shoot(page, `pdf-viewer-${appLang}-800x1280-light`);
  });
}

/** Changes the finding of a report as stored on the tablet (IndexedDB), from a page of the site that runs no app. */
async function changeStoredFinding(page: Page, id: number, finding: string) {
  // Every write of the app has landed: none is left in its write-ahead (WRITE_AHEAD_KEY in
  // lib/local-data/reports-store.ts), which the next start would replay over the change below.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pir-unsaved-edits'))).toBeNull();
  await page.goto('/manifest.webmanifest');
  await page.evaluate(
    ([reportId, text]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('pir-app');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('reports', 'readwrite');
          const store = tx.objectStore('reports');
          const get = store.get(reportId);
          get.onsuccess = () => {
            const r = get.result as Pir;
            r.extended!.pir.findingsByInspector = text;
            store.put(r);
          };
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
    [id, finding] as const,
  );
}

for (const lang of ['en', 'fr'] as const) {
  test(`a report changed on the tablet after it was signed is refused by the server, and nothing stored changes (${lang})`, async ({ page, request, server }) => {
    test.setTimeout(240_000);
    const m = MESSAGES[lang];
    const listing = await listingFor(request, amina);
    const report = listing.find((x) => x.status === 'notready' && !x.claimedByDevice)!;
    await login(page, amina);
    await setSettings(page, { language: 'en' });
    await claimAndStart(page, report);
    await completeFormSteps(page, report.id);

    await setSettings(page, { language: lang }, `/pir/${report.id}/#signature`);
    await page.getByRole('button', { name: m.signature.startSigning, exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: m.signature.startSigning }).click();
    await drawOn(page, 'pad-master');
    await page.getByTestId('pad-master').getByRole('button', { name: m.signature.saveMaster }).click();
    await drawOn(page, 'pad-inspector', 10);
    await page.getByTestId('pad-inspector').getByRole('button', { name: m.signature.saveInspector }).click();
    await page.getByRole('button', { name: m.signature.finish }).click();
    await expect(page.getByTestId('stepper-signature')).toHaveAttribute('data-state', 'done');
    const signed = await storedReport(page, report.id);
    expect(signed.status).toBe('readytosubmit');
    expect(signed.inspectionSignatures.fingerprint).toMatch(/^[0-9a-f]{64}$/);

    // Someone changes the finding on the tablet behind the app's back, after both signed.
    const changed = 'Aucune infraction constatée — modifié après la signature.';
    await changeStoredFinding(page, report.id, changed);
    await page.goto(`/pir/${report.id}/#submit`);
    await page.getByRole('button', { name: m.submit.submit, exact: true }).click();

    // The server refuses it with the clear error; the report stays ready to submit, as it was.
    const refusal = m.errors.fingerprintMismatch;
    await expect(page.getByTestId('rejected-task').filter({ hasText: refusal })).toHaveCount(1, { timeout: 60_000 });
    await expect(page.getByTestId('submit-status')).toHaveText(m.submit.failed);
    const kept = await storedReport(page, report.id);
    expect(kept.status).toBe('readytosubmit');
    expect(kept.extended!.pir.findingsByInspector).toBe(changed);
    expect(kept.inspectionSignatures.fingerprint).toBe(signed.inspectionSignatures.fingerprint);
    expect(kept.submissionReceipt ?? null).toBeNull();

    // Nothing was submitted: the server still has it claimed by this tablet, without a PIR form.
    const onServer = (await listingFor(request, amina)).find((r) => r.id === report.id)!;
    expect(onServer.status).not.toBe('submitted');
    expect(onServer.claimedByDevice).toBe(amina.deviceName);
    expect(onServer.submitedForms.filter((f) => f.typeOfForm === 'PIR')).toHaveLength(report.submitedForms.filter((f) => f.typeOfForm === 'PIR').length);
    const db = new Database(path.join(server.dataDir, 'pir.sqlite'), { readonly: true, fileMustExist: true });
    try {
      expect(db.prepare('SELECT status FROM reports WHERE id = ?').get(report.id)).toEqual({ status: onServer.status });
    } finally {
      db.close();
    }

    // What was signed is put back: Retry saves the report again before completing, and it goes.
    await changeStoredFinding(page, report.id, signed.extended!.pir.findingsByInspector!);
    await page.goto(`/pir/${report.id}/#submit`);
    await page.getByRole('button', { name: m.submit.retry }).click();
    await expect(page.getByTestId('stepper-submit')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    const sent = (await listingFor(request, amina)).find((r) => r.id === report.id)!;
    expect(sent.status).toBe('submitted');
  });
}
