/**
 * Issue 29: adversarial text (accents, ’ « » œ Œ − — °, a 4,000-character findings text, Greek and
 * Cyrillic names) typed into every free-text field of every step, by turns at full speed and composed
 * word by word through the input method (Chromium's Input.imeSetComposition, as tablet keyboards send
 * it); then signed and submitted. Prints, field by field, how many characters reached the server, the
 * tablet's signed PDF and the server's PDF: all of them (the server's PDF prints a summary: the fields it
 * prints, all of them).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { CDPSession, Locator } from '@playwright/test';
import type { Pir } from '@/lib/contract';
import { FORM_STEPS } from '@/lib/inspection/steps';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { readBlob } from '../../server/db/blob-store';
import { ADVERSARIAL, bodyText, holdsWhole } from '../adversarial-text';
import { charactersKept } from '../engines/every-character';
import { composedWords } from '../engines/tablet';
import { pdfPagesText } from '../pdf-text';
import { expect, test } from './fixtures';
import { claimAndStart, completeFormSteps, drawOn, listingFor, login } from './helpers';

const claire = DEMO_USERS[2]!;
const CORPUS = [
  ADVERSARIAL.berth,
  `${ADVERSARIAL.eggs} ${ADVERSARIAL.temperature}`,
  ADVERSARIAL.portOfCall,
  `${ADVERSARIAL.greek} — ${ADVERSARIAL.cyrillic}`,
  ADVERSARIAL.latinExtended,
];
/** The steps whose fields the server's PDF prints (server/documents/pir-pdf.ts). */
const SERVER_PDF_STEPS = new Set(['findings', 'examinations', 'infringement']);

async function compose(cdp: CDPSession, text: string) {
  for (const [word, after] of composedWords(text)) {
    for (let i = 1; i <= word.length; i++) await cdp.send('Input.imeSetComposition', { text: word.slice(0, i), selectionStart: i, selectionEnd: i });
    if (word) await cdp.send('Input.insertText', { text: word });
    if (after) await cdp.send('Input.insertText', { text: after });
  }
}

/** Every string a saved report holds. */
function stringsOf(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) stringsOf(x, out);
  return out;
}

test('every free-text field of every step keeps every character, typed fast or composed, through the server and both PDFs', async ({ page, request, server }, testInfo) => {
  test.setTimeout(420_000);
  const listing = await listingFor(request, claire);
  const report = listing.find((r) => r.status === 'notready' && !r.claimedByDevice)!;
  await login(page, claire);
  await claimAndStart(page, report);
  // Every step valid with the least it needs; the typing below keeps it so.
  await completeFormSteps(page, report.id);

  const cdp = await page.context().newCDPSession(page);
  const panel = page.locator('section[aria-labelledby="step-title"]');
  const typed: { step: string; label: string; value: string; how: 'fast' | 'composed' }[] = [];
  let n = 0;
  for (const step of FORM_STEPS) {
    await page.goto(`/pir/${report.id}/#${encodeURIComponent(step)}`);
    await expect(page.getByTestId(`step-${step}`)).toBeVisible();
    const fields = panel.locator('textarea, input:not([type]), input[type="text"]');
    const total = await fields.count();
    for (let i = 0; i < total; i++) {
      const field: Locator = fields.nth(i);
      if (!(await field.isVisible()) || !(await field.isEditable())) continue;
      // Digits and decimals have keyboards of their own.
      if (['numeric', 'decimal'].includes((await field.getAttribute('inputmode')) ?? '')) continue;
      const label = await field.evaluate((e) => ((e as HTMLInputElement).labels?.[0]?.textContent ?? e.getAttribute('aria-label') ?? '').trim());
      const before = await field.inputValue();
      const max = Number(await field.getAttribute('maxlength')) || 4000;
      const full = step === 'findings' && label === 'Findings of the inspector' ? ADVERSARIAL.findings : CORPUS[n % CORPUS.length]!;
      const value = [...full].slice(0, max).join('').trim();
      const how = n++ % 2 === 0 ? 'fast' : 'composed';
      await field.fill('');
      if (how === 'fast') await field.pressSequentially(value);
      else {
        await field.focus();
        await compose(cdp, value);
      }
      await expect(field).toHaveValue(value);
      await field.blur();
      // A field with a rule of its own (a code, an identifier) that this text breaks gets its value back.
      if ((await field.getAttribute('aria-invalid')) === 'true') {
        await field.fill(before);
        continue;
      }
      typed.push({ step, label, value, how });
    }
    // Typing cleared the step's done flag (a step with nothing typed in it stays done).
    if ((await page.getByTestId(`stepper-${step}`).getAttribute('data-state')) !== 'done') {
      await panel.getByRole('button', { name: 'Mark complete' }).click({ timeout: 10_000 });
      await expect(page.getByTestId(`stepper-${step}`)).toHaveAttribute('data-state', 'done');
    }
  }
  expect(typed.length).toBeGreaterThan(15);

  // Signed and finished: the tablet makes its PDF.
  await page.goto(`/pir/${report.id}/#signature`);
  await page.getByRole('button', { name: 'Start signing', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Start signing' }).click();
  await drawOn(page, 'pad-master');
  await page.getByTestId('pad-master').getByRole('button', { name: "Save the master's signature" }).click();
  await drawOn(page, 'pad-inspector', 10);
  await page.getByTestId('pad-inspector').getByRole('button', { name: 'Save my signature' }).click();
  await page.getByRole('button', { name: 'Finish the inspection' }).click();
  await expect(page.getByTestId('signed-pdf')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const download = page.waitForEvent('download');
  await page.getByTestId('signed-pdf-download').click();
  const tabletPdf = bodyText(await pdfPagesText(new Uint8Array(fs.readFileSync(await (await download).path()))));

  await page.goto(`/pir/${report.id}/#submit`);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByTestId('submit-status')).toContainText('Submitted on', { timeout: 120_000 });

  const db = new Database(path.join(server.dataDir, 'pir.sqlite'), { readonly: true, fileMustExist: true });
  let held: string[];
  let serverPdf: string;
  try {
    const save = db.prepare('SELECT pir FROM saves WHERE report_id = ? ORDER BY rowid DESC LIMIT 1').get(report.id) as { pir: string };
    held = stringsOf(JSON.parse(save.pir) as Pir);
    const doc = db.prepare("SELECT sha256 FROM files WHERE kind = 'documents' AND report_id = ? ORDER BY id DESC LIMIT 1").get(report.id) as { sha256: string };
    serverPdf = bodyText(await pdfPagesText(new Uint8Array(readBlob(db, doc.sha256)!)));
  } finally {
    db.close();
  }

  const rows = typed.map((f) => {
    const chars = [...f.value].length;
    const best = held.reduce((m, s) => Math.max(m, s === f.value ? chars : s.length > 0 && Math.abs(s.length - f.value.length) < 50 ? charactersKept(f.value, s) : 0), 0);
    return {
      ...f,
      chars,
      server: best,
      tabletPdf: holdsWhole(tabletPdf, f.value) ? chars : 0,
      serverPdf: SERVER_PDF_STEPS.has(f.step) ? (holdsWhole(serverPdf, f.value) ? chars : 0) : null,
    };
  });
  const lines = rows.map(
    (r) => `${r.step} · ${r.label} (${r.how}): ${r.chars} typed, ${r.server} on the server, ${r.tabletPdf} in the tablet's PDF${r.serverPdf === null ? '' : `, ${r.serverPdf} in the server's PDF`}`,
  );
  const sum = (k: 'chars' | 'server' | 'tabletPdf') => rows.reduce((s, r) => s + r[k], 0);
  lines.push(`${rows.length} fields, ${sum('chars')} characters typed: ${sum('server')} reached the server, ${sum('tabletPdf')} the tablet's PDF`);
  console.log(lines.join('\n'));
  await testInfo.attach('characters kept', { body: lines.join('\n'), contentType: 'text/plain' });

  for (const r of rows) {
    expect({ field: `${r.step} · ${r.label}`, server: r.server, tabletPdf: r.tabletPdf, serverPdf: r.serverPdf ?? r.chars }).toEqual({
      field: `${r.step} · ${r.label}`,
      server: r.chars,
      tabletPdf: r.chars,
      serverPdf: r.chars,
    });
  }
});
