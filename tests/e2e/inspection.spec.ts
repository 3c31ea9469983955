import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import Database from 'better-sqlite3';
import path from 'node:path';
import en from '@/messages/en.json' with { type: 'json' };
import fr from '@/messages/fr.json' with { type: 'json' };
import { FORM_STEPS } from '@/lib/inspection/steps';
import type { Pir } from '@/lib/contract';
import { pirCallId, STEP_NAMES } from '@/lib/contract/constants';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { choose, listingFor, login, makeJpeg } from './helpers';



type Messages = typeof en;
const rajesh = DEMO_USERS[1]!;

/** ICU-lite: fills {name} arguments of a message. */
const fill = (message: string, values: Record<string, string | number> = {}) => message.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
const exact = (s: string) => new RegExp(`^${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

class Inspector {
  constructor(
    readonly page: Page,
    readonly m: Messages,
  ) {}
  panel() {
    return this.page.locator('section[aria-labelledby="step-title"]');
  }
  async open(reportId: number, step: string) {
    await this.page.goto(`/pir/${reportId}/#${encodeURIComponent(step)}`);
    await expect(this.page.getByRole('heading', { level: 2, name: this.m.steps[step as keyof Messages['steps']].title })).toBeVisible();
  }
  field(label: string) {
    return this.panel().getByLabel(label, { exact: true }).first();
  }
  /** Types into a field and leaves it, as an inspector moving on does (its message may then show). */
  async type(label: string, value: string) {
    await this.field(label).fill(value);
    await this.field(label).blur();
  }
  messages() {
    return this.panel().getByTestId('field-error');
  }
  async choose(label: string, search: string) {
    await this.panel().getByRole('button', { name: label, exact: true }).first().click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('textbox').fill(search);
    await dialog.getByRole('option').first().click();
    if (await dialog.getByRole('button', { name: this.m.select.apply }).isVisible()) await dialog.getByRole('button', { name: this.m.select.apply }).click();
    await expect(dialog).toBeHidden();
  }
  async answer(groupLabel: string, yes: boolean, nth = 0) {
    await this.panel().getByRole('radiogroup', { name: groupLabel }).nth(nth).getByRole('radio', { name: yes ? this.m.common.yes : this.m.common.no }).click();
  }
  async expectMessage(text: string) {
    await expect(this.panel().getByTestId('field-error').filter({ hasText: text }).first()).toBeVisible();
  }
  async complete(step: string) {
    const button = this.panel().getByRole('button', { name: this.m.inspection.markComplete });
    await expect(button).toBeEnabled();
    await button.click();
    await expect(this.page.getByTestId(`stepper-${step}`)).toHaveAttribute('data-state', 'done');
  }
}

async function draw(page: Page, testId: string, how: 'mouse' | 'touch') {
  const pad = page.getByTestId(testId).getByRole('application');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const points = Array.from({ length: 14 }, (_, i) => ({ x: box.x + box.width * (0.1 + i * 0.06), y: box.y + box.height * (0.5 + 0.2 * Math.sin(i)) }));
  if (how === 'mouse') {
    await page.mouse.move(points[0]!.x, points[0]!.y);
    await page.mouse.down();
    for (const p of points) await page.mouse.move(p.x, p.y);
    await page.mouse.up();
    return;
  }
  // A finger: real touch events, which the browser turns into pointer events of type touch.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: points[0]!.x, y: points[0]!.y }] });
  for (const p of points) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: p.x, y: p.y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

for (const [language, m, dark] of [
  ['en', en, false],
  ['fr', fr, true],
] as const) {
  test(`a whole inspection in ${language === 'en' ? 'English (light)' : 'French (dark)'}: every step with its rules, both signatures, submitted`, async ({ page, request, server }, testInfo) => {
    test.setTimeout(240_000);
    const listing = await listingFor(request, rajesh);
    const report = listing.filter((r) => r.status === 'notready' && !r.claimedByDevice)[language === 'en' ? 0 : 1] as Pir;
    const ui = new Inspector(page, m);
    const f = m.fields;
    const v = (key: keyof Messages['validation'], label = '', values: Record<string, string | number> = {}) => fill(m.validation[key], { field: label, ...values });

    await page.addInitScript(
      ([lang, isDark]) => {
        if (!localStorage.getItem('settings'))
          localStorage.setItem('settings', JSON.stringify({ darkMode: isDark, showAdvancedFeatures: false, onLine: true, updateAvailable: false, language: lang, fontSize: 'medium', filters: { ports: [] }, application: { installed: false } }));
      },
      [language, dark] as const,
    );
    await login(page, rajesh);
    await page.locator(`[data-report-id="${report.id}"]`).getByRole('button', { name: m.actions.claim }).click();
    await expect(page.locator(`[data-report-id="${report.id}"] [data-status]`)).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });

    await ui.open(report.id, 'inspection started');
    await ui.panel().getByRole('button', { name: m.inspection.start }).click();
    await page.getByRole('dialog').getByRole('button', { name: m.inspection.start }).click();
    await expect(page.getByTestId('stepper-inspection started')).toHaveAttribute('data-state', 'done');

    const shot = async (name: string) => {
      const file = testInfo.outputPath(`${language}-${dark ? 'dark' : 'light'}-${name.replace(/\s+/g, '-')}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(name, { path: file, contentType: 'image/png' });
    };

    const actions: Partial<Record<(typeof FORM_STEPS)[number], () => Promise<void>>> = {
      updatevesselidentity: async () => {
        await ui.type(f.mmsi, '12345');
        await ui.expectMessage(v('mmsi'));
        await ui.type(f.mmsi, '664123456');
        await ui.type(f.imo, '9074728');
        await ui.expectMessage(v('imo'));
        await ui.type(f.imo, '9074729');
        // SPEC §3 "VMS on board": a three-way answer, optional, kept across a reload
        const vmsOnBoard = ui.panel().getByRole('radiogroup', { name: f.vmsOnBoard });
        await expect(vmsOnBoard.getByRole('radio')).toHaveText([f.vmsOnBoardNational, f.vmsOnBoardRfmo, f.vmsOnBoardNo]);
        await expect(vmsOnBoard.getByRole('radio', { checked: true })).toHaveCount(0);
        await vmsOnBoard.getByRole('radio', { name: f.vmsOnBoardRfmo }).click();
        await expect(vmsOnBoard.getByRole('radio', { name: f.vmsOnBoardRfmo })).toHaveAttribute('aria-checked', 'true');
        await page.reload();
        await expect(vmsOnBoard.getByRole('radio', { name: f.vmsOnBoardRfmo })).toHaveAttribute('aria-checked', 'true');
        await expect(vmsOnBoard.getByRole('radio', { checked: true })).toHaveCount(1);
        await expect(ui.field(f.imo)).toHaveValue('9074729');
      },
      inspectioninformation: async () => {
        await ui.type(f.principalInspectorId, 'MU-INS-0042');
        await ui.type(f.principalInspectorEmail, 'not-an-email');
        await ui.expectMessage(v('email', f.principalInspectorEmail));
        await ui.type(f.principalInspectorEmail, 'rajesh@fisheries.example.mu');
      },
      purposeandportofcall: async () => {
        // Required fields are marked, from the step's rules; the marker stays out of the field's name.
        await expect(ui.panel().getByTestId('required-legend')).toHaveText(m.inspection.requiredLegend);
        await expect(ui.panel().locator('[data-field="lastPortOfCallFreeForm"]')).toHaveAttribute('data-required', 'true');
        await expect(ui.panel().locator('[data-field="lastPortOfCallFreeForm"]').getByTestId('required-mark')).toBeVisible();
        await expect(ui.field(f.lastPortOfCall)).toHaveAttribute('aria-required', 'true');
        await expect(ui.panel().locator('[data-field="lastPortOfCallEntryDate"]')).not.toHaveAttribute('data-required');
        // Emptied, the field says nothing while the inspector is in it; leaving it shows its message.
        await ui.field(f.lastPortOfCall).fill('');
        await expect(ui.messages()).toHaveCount(0);
        await ui.field(f.lastPortOfCall).blur();
        await ui.expectMessage(v('required', f.lastPortOfCall));
        await ui.type(f.lastPortOfCall, 'Port Louis');
      },
      statusinrfmo: async () => {
        for (let i = 0; i < 2; i++) {
          await ui.panel().getByRole('button', { name: f.addRfmo }).click();
          await ui.choose(f.rfmo, 'NASCO');
        }
        await ui.expectMessage(v('notUnique', f.rfmo));
        await ui.panel().getByRole('button', { name: fill(m.lists.delete, { item: fill(f.rfmoListing, { n: 1 }) }) }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: m.lists.deleteConfirm }).click();
        await ui.type(f.flagstateStatus, 'CNCP');
        await ui.answer(f.vesselOnAuthorizedList, true);
        // The identifier this answer asks for is not yet shown as an error: it has not been left...
        await expect(ui.messages().filter({ hasText: v('required', f.vesselIdentifier) })).toHaveCount(0);
        // ...until the inspector taps the count beside "Mark complete": every message, the first field focused.
        await expect(ui.panel().getByRole('button', { name: m.inspection.markComplete })).toBeDisabled();
        await ui.panel().getByTestId('step-blocked').click();
        await ui.expectMessage(v('required', f.vesselIdentifier));
        await expect(ui.field(f.vesselIdentifier)).toBeFocused();
        await ui.type(f.vesselIdentifier, 'NASCO-0001');
        await ui.answer(f.vesselOnIUUList, false);
      },
      RelevantFishingauthorisation: async () => {
        await ui.panel().getByRole('button', { name: f.addAuthorisation }).click();
        // A new entry opens without messages, its required fields marked.
        await expect(ui.panel().getByTestId('list-item').first().getByTestId('required-mark').first()).toBeVisible();
        await expect(ui.messages()).toHaveCount(0);
        // The greyed "Mark complete" still answers a tap: it shows every message and goes to the first field.
        const markComplete = ui.panel().getByRole('button', { name: m.inspection.markComplete });
        await expect(markComplete).toBeDisabled();
        await markComplete.click({ force: true });
        await ui.expectMessage(v('required', f.identifier));
        await expect(ui.field(f.identifier)).toBeFocused();
        await expect(page.getByTestId(`stepper-RelevantFishingauthorisation`)).toHaveAttribute('data-state', 'errors');
        await ui.type(f.identifier, 'ATF/MU/2026/117');
        await ui.choose(f.issuedBy, language === 'en' ? 'Mauritius' : 'Maurice');
        await ui.field(f.validFrom).fill('2026-06-01');
        await ui.field(f.validTo).fill('2026-01-01');
        await ui.expectMessage(v('dateOrder', f.validFrom));
        await ui.field(f.validTo).fill('2027-05-31');
        // SPEC §3: its document, type AUTF, photographed from the authorisation and linked to it
        const picker = ui.panel().getByTestId('list-item').first().getByTestId('attachment-picker');
        await choose(page, () => picker.getByRole('button', { name: fill(m.media.picker.newFile, { type: 'AUTF' }) }).click(), [
          { name: 'licence.jpg', mimeType: 'image/jpeg', buffer: makeJpeg(1240, 1754, 60) },
        ]);
        await page.getByRole('alertdialog').getByRole('button', { name: m.media.attachments.anotherDone }).click();
        await expect(picker.getByRole('checkbox', { checked: true })).toHaveCount(1);
      },
      ControlledCatches: async () => {
        // The demo data leaves the monitored quantities to the inspector.
        for (const label of [m.catches.monitoredLandedQuantity, m.catches.monitoredTranshippedQuantity]) {
          const inputs = ui.panel().getByLabel(label, { exact: true });
          await inputs.first().fill('-5');
          await inputs.first().blur();
          await ui.expectMessage(v('lowerThan', label, { value: 0 }));
          for (let i = 0; i < (await inputs.count()); i++) await inputs.nth(i).fill('0');
        }
      },
      monitoring: async () => ui.answer(f.monitoredLanTrx, false),
      examinations: async () => {
        for (let i = 0; i < 4; i++) await ui.answer(f.examined, true, i);
      },
      findings: async () => {
        await ui.type(m.findings.findingsByInspector, 'Logbook complete; catch matches the landing declaration.');
      },
      infringement: async () => {
        await ui.answer(f.hasInfringements, true);
        // SPEC §5: only the answer is required; the texts open with a yes.
        await expect(ui.panel().getByRole('button', { name: m.inspection.markComplete })).toBeEnabled();
        await expect(ui.panel().getByTestId('field-error')).toHaveCount(0);
        await ui.type(f.infringementsNoted, 'Two sharks landed without fins attached.');
        await ui.type(f.actionsTaken, 'Flag state notified.');
      },
    };

    for (const step of FORM_STEPS) {
      await ui.open(report.id, step);
      await actions[step]?.();
      await shot(step);
      await ui.complete(step);
    }
    await expect(page.getByTestId('inspection-progress')).toHaveAttribute('aria-label', fill(m.pir.progress, { percent: 80 }));

    // Signatures: the master with the mouse, the inspector with a finger.
    await ui.open(report.id, 'signature');
    await ui.panel().getByRole('button', { name: m.signature.startSigning }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: m.signature.startSigning }).click();
    // Each action is named for what it does; a pad not yet usable says why (issue 21).
    await expect(page.getByTestId('pad-inspector').getByTestId('pad-unavailable')).toHaveText(m.signature.waitMaster);
    await draw(page, 'pad-master', 'mouse');
    await page.getByTestId('pad-master').getByRole('button', { name: m.signature.saveMaster }).click();
    await expect(page.getByTestId('pad-master')).toHaveAttribute('data-state', 'registered');
    await expect(page.getByTestId('pad-master').getByTestId('signed-by')).toContainText(fill(m.signature.masterSigner, { vessel: report.vesselIdentity.vesselName }));
    await expect(page.getByTestId('pad-inspector').getByTestId('pad-unavailable')).toHaveCount(0);
    await draw(page, 'pad-inspector', 'touch');
    await expect(page.getByTestId('pad-inspector')).toHaveAttribute('data-state', 'drawn');
    await expect(page.getByTestId('pad-inspector')).toContainText(m.signature.states.drawn);
    await page.getByTestId('pad-inspector').getByRole('button', { name: m.signature.saveInspector }).click();
    await expect(page.getByTestId('pad-inspector')).toHaveAttribute('data-state', 'registered');
    await expect(page.getByTestId('pad-inspector').getByTestId('signed-by')).toBeVisible();
    await shot('signature');
    await ui.panel().getByRole('button', { name: m.signature.finish, exact: true }).click();
    await expect(page.getByTestId('stepper-signature')).toHaveAttribute('data-state', 'done');

    await ui.open(report.id, 'submit');
    await ui.panel().getByRole('button', { name: exact(m.submit.submit) }).click();
    await expect(page.getByTestId('submit-status')).toContainText(m.submit.submitted.split('{date}')[0]!.trim(), { timeout: 60_000 });
    await shot('submit');

    const db = new Database(path.join(server.dataDir, 'pir.sqlite'), { readonly: true, fileMustExist: true });
    try {
      const saved = JSON.parse((db.prepare('SELECT pir FROM saves WHERE report_id = ?').get(report.id) as { pir: string }).pir) as Pir;
      expect(saved.extended?.vessel.mmsi).toBe('664123456');
      expect(saved.extended?.vessel.vmsOnBoard).toBe('yes-rmfo');
      // the authorisation's AUTF document: linked in the saved report, and arrived with the submitted PIR
      const licence = saved.extended?.pir.fishingAuthorizations.find((a) => a.identifier === 'ATF/MU/2026/117')?.attachment;
      expect(licence).toEqual(expect.any(String));
      expect(saved.extended?.attachments.find((a) => a.uid === licence)?.type).toBe('AUTF');
      const sentAttachments = JSON.parse((db.prepare('SELECT attachments FROM saves WHERE report_id = ?').get(report.id) as { attachments: string }).attachments) as { uid: string; type: string }[];
      expect(sentAttachments.find((a) => a.uid === licence)?.type).toBe('AUTF');
      const doc = JSON.parse((db.prepare('SELECT doc FROM reports WHERE id = ?').get(report.id) as { doc: string }).doc) as Pick<Pir, 'submitedForms'>;
      expect(doc.submitedForms.find((form) => form.typeOfForm === 'PIR')?.attachments.map((a) => a.documentTag)).toContain('AUTF');
      const vessel = JSON.parse((db.prepare('SELECT vessel FROM saves WHERE report_id = ?').get(report.id) as { vessel: string }).vessel) as { vmsOnBoard: unknown };
      expect(vessel.vmsOnBoard).toBe('yes-rmfo');
      expect(saved.extended?.pir.monitoringDetails.principalInspectorEmail).toBe('rajesh@fisheries.example.mu');
      expect(saved.extended?.pir.infrigements).toBe('Two sharks landed without fins attached.');
      expect(saved.extended?.pir.rfmoIuuListing.filter((r) => r.vesselIdentifer === 'NASCO-0001')).toHaveLength(1);
      expect(Object.values(saved.inspectionstatus).filter(Boolean)).toHaveLength(FORM_STEPS.length);
    } finally {
      db.close();
    }
  });
}

test('a tablet downloading again a report it holds shows its form steps only once the details are here, with the server\'s values', async ({ page, request }) => {
  const report = (await listingFor(request, rajesh)).find((r) => r.status === 'inspecting' && r.claimedByDevice === rajesh.deviceName) as Pir;
  // A new browser as this tablet: the listing says it holds the report, its details are not here yet.
  const extended = `**/be/offline-api/pir/${pirCallId(report)}`;
  await page.route(extended, (route) => route.abort('connectionfailed'));
  await login(page, rajesh);
  await expect(page.locator(`[data-report-id="${report.id}"]`)).toBeVisible();
  const ui = new Inspector(page, en);
  await ui.open(report.id, 'updatevesselidentity');
  await expect(ui.panel().getByTestId('details-not-here')).toHaveText(en.inspection.detailsNotHere);
  await expect(ui.panel().getByRole('textbox')).toHaveCount(0);
  await expect(ui.panel().getByTestId('step-blocked')).toHaveCount(0);
  // Nor can it be signed or submitted.
  for (const step of ['signature', 'submit']) {
    await ui.open(report.id, step);
    await expect(ui.panel().getByTestId('details-not-here')).toBeVisible();
    await expect(ui.panel().getByRole('button')).toHaveCount(0);
  }
  await ui.open(report.id, 'updatevesselidentity');

  // The details arrive (the download is retried by itself): the form opens with them.
  await page.unroute(extended);
  await expect(ui.panel().getByTestId('details-not-here')).toBeHidden({ timeout: 30_000 });
  const details = await (await request.post('/be/login', { data: { username: rajesh.username, password: rajesh.password, deviceName: '' } })).json() as { token: { jwt: string } };
  const server = (await (await request.get(`/be/offline-api/pir/${pirCallId(report)}`, { headers: { Authorization: `Bearer ${details.token.jwt}` } })).json()) as NonNullable<Pir['extended']>;
  await expect(ui.field(en.fields.mmsi)).toHaveValue(server.vessel.mmsi ?? '');
});

test('when the details cannot be downloaded, a step says so and where to retry; the retry brings them', async ({ page, request }) => {
  const report = (await listingFor(request, rajesh)).find((r) => r.status === 'inspecting' && r.claimedByDevice === rajesh.deviceName) as Pir;
  // The server refuses the details (a final error: no automatic retry).
  const extended = `**/be/offline-api/pir/${pirCallId(report)}`;
  await page.route(extended, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ message: 'Not found' }) }));
  await login(page, rajesh);
  await expect(page.locator(`[data-report-id="${report.id}"]`)).toBeVisible();
  const ui = new Inspector(page, en);
  await ui.open(report.id, 'catchonboard');
  const failed = ui.panel().getByTestId('details-failed');
  await expect(failed).toContainText(en.inspection.detailsFailed, { timeout: 30_000 });
  // Its preparation on this tablet is not done: the stepper says so where the retry is.
  await expect(page.getByTestId('stepper-claimedandprepared')).toHaveAttribute('data-state', 'todo');

  await page.unroute(extended);
  await failed.getByRole('link', { name: fill(en.inspection.detailsRetryIn, { step: en.steps.claimedandprepared.title }) }).click();
  await expect(page.getByRole('heading', { level: 2, name: en.steps.claimedandprepared.title })).toBeVisible();
  // Not "downloaded on this tablet", nor done: the details are missing.
  await expect(ui.panel()).toContainText(fill(en.inspection.claimedNotHere, { device: rajesh.deviceName }));
  await expect(ui.panel().getByText(en.inspection.done, { exact: true })).toHaveCount(0);
  await ui.panel().getByRole('button', { name: en.process.retry }).first().click();
  await ui.open(report.id, 'catchonboard');
  await expect(ui.panel().getByTestId('details-failed')).toHaveCount(0);
  await expect(ui.panel().getByTestId('details-not-here')).toHaveCount(0, { timeout: 30_000 });
  await expect(ui.panel().getByRole('button', { name: en.inspection.markComplete })).toBeVisible();
  await expect(page.getByTestId('stepper-claimedandprepared')).toHaveAttribute('data-state', 'done');
});

const settingsFor = (page: Page, language: 'en' | 'fr', dark: boolean) =>
  page.addInitScript(
    ([lang, isDark]) => {
      if (!localStorage.getItem('settings'))
        localStorage.setItem('settings', JSON.stringify({ darkMode: isDark, showAdvancedFeatures: false, onLine: true, updateAvailable: false, language: lang, fontSize: 'medium', filters: { ports: [] }, application: { installed: false } }));
    },
    [language, dark] as const,
  );

/** The top of an element, in the viewport's coordinates. */
const topOf = (page: Page, testId: string) => page.getByTestId(testId).evaluate((el) => el.getBoundingClientRect().top);

for (const [language, m, viewport] of [
  ['en', en, { width: 1280, height: 800 }],
  // a landscape tablet of 1024 px: a portrait one folds the list into the navigator, as a phone does
  ['fr', fr, { width: 1024, height: 768 }],
] as const) {
  test(`on a tablet (${viewport.width}x${viewport.height}, ${language}) the step list stays in view and a chosen step shows from its top, ending with Previous and Next`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const report = (await listingFor(request, rajesh)).find((r) => r.status === 'inspecting' && r.claimedByDevice === rajesh.deviceName) as Pir;
    await settingsFor(page, language, false);
    await login(page, rajesh);
    const ui = new Inspector(page, m);
    await ui.open(report.id, 'catchonboard');
    await expect(ui.panel().getByRole('button', { name: m.inspection.markComplete })).toBeVisible({ timeout: 30_000 });
    // Add entries until the step is longer than the screen, then go to its end.
    for (let i = 0; i < 3; i++) await ui.panel().getByRole('button', { name: m.catches.addCatch }).click();
    await page.getByTestId('step-end-nav').scrollIntoViewIfNeeded();
    expect(await topOf(page, 'step-column')).toBeLessThan(0);
    // The list is still in view beside the step (scrolling on its own), and a step low in it opens from its top.
    await expect(page.getByTestId('steps-aside')).toBeInViewport();
    expect(await topOf(page, 'steps-aside')).toBeGreaterThanOrEqual(0);
    await page.getByTestId('stepper-comments').click();
    await expect(page.getByRole('heading', { level: 2, name: m.steps.comments.title })).toBeInViewport();
    expect(await topOf(page, 'step-column')).toBeGreaterThanOrEqual(0);
    await expect(page.getByTestId('stepper-comments')).toHaveAttribute('aria-current', 'step');
    await expect(page.getByTestId('stepper-comments')).toBeInViewport();

    // Each step ends with Previous and Next, naming the steps they open.
    await expect(page.getByTestId('step-end-previous')).toContainText(m.steps.infringement.title);
    await expect(page.getByTestId('step-end-next')).toContainText(m.steps.signature.title);
    await page.getByTestId('step-end-previous').click();
    await expect(page.getByRole('heading', { level: 2, name: m.steps.infringement.title })).toBeInViewport();
    // From the end of a long step, Previous opens the one before from its top.
    await page.getByTestId('stepper-catchonboard').click();
    await page.getByTestId('step-end-nav').scrollIntoViewIfNeeded();
    await page.getByTestId('step-end-next').click();
    await expect(page.getByRole('heading', { level: 2, name: m.steps.catchretained.title })).toBeInViewport();
    expect(await topOf(page, 'step-column')).toBeGreaterThanOrEqual(0);
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 800, height: 1280 },
]) test(`on a phone or a portrait tablet (fr, ${viewport.width}x${viewport.height}), Next at the end of a step opens the next one under the step navigator`, async ({ page, request }) => {
  await page.setViewportSize(viewport);
  const report = (await listingFor(request, rajesh)).find((r) => r.status === 'inspecting' && r.claimedByDevice === rajesh.deviceName) as Pir;
  await settingsFor(page, 'fr', true);
  await login(page, rajesh);
  const ui = new Inspector(page, fr);
  await ui.open(report.id, 'updatevesselidentity');
  await expect(ui.panel().getByRole('button', { name: fr.inspection.markComplete })).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('step-end-next').scrollIntoViewIfNeeded();
  await page.getByTestId('step-end-next').click();
  await expect(page.getByTestId('step-navigator-current')).toHaveText(fr.steps.inspectioninformation.title);
  await expect(page.getByTestId('step-navigator')).toBeInViewport();
  expect(await topOf(page, 'step-navigator')).toBeGreaterThanOrEqual(0);
});

for (const [language, m] of [
  ['en', en],
  ['fr', fr],
] as const) {
  test(`a submitted report (${language}) says when it was submitted and what was sent, and every step reads as done`, async ({ page, request }) => {
    const report = (await listingFor(request, rajesh)).find((r) => r.status === 'submitted' && r.submitedForms.some((f) => f.typeOfForm === 'PIR')) as Pir;
    const sent = report.submitedForms.filter((f) => f.typeOfForm === 'PIR');
    await settingsFor(page, language, false);
    await login(page, rajesh);
    const ui = new Inspector(page, m);
    await ui.open(report.id, 'submit');
    await expect(page.getByTestId('submit-status')).toContainText(m.submit.submitted.split('{date}')[0]!.trim());
    await expect(ui.panel().getByTestId('details-not-here')).toHaveCount(0);
    await expect(ui.panel().getByTestId('submit-sent').getByRole('heading', { name: m.submit.sentTitle })).toBeVisible();
    await expect(ui.panel().getByTestId('sent-form')).toHaveCount(sent.length);
    await expect(ui.panel().getByTestId('sent-form').first()).toContainText(sent[0]!.name);
    for (const step of STEP_NAMES) await expect(page.getByTestId(`stepper-${step}`)).toHaveAttribute('data-state', 'done');
    // A form step of it, read from the listing: done, when it was sent, not "not on this tablet yet".
    await ui.open(report.id, 'updatevesselidentity');
    await expect(ui.panel().getByTestId('details-submitted')).toContainText(m.inspection.detailsSubmitted.split('{date}')[0]!.trim());
    await expect(ui.panel().getByText(m.inspection.done, { exact: true })).toBeVisible();
    await ui.open(report.id, 'claimedandprepared');
    await expect(ui.panel().getByText(m.inspection.done, { exact: true })).toBeVisible();
  });
}
