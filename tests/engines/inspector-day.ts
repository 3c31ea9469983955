/**
 * The inspector's day, once, for every browser engine: sign in, claim and prepare, lose the network,
 * reload, fill every step, add a large picture and an attachment (a TIFF page), sign both pads, submit with no
 * network, get it back; then the server holds exactly what was typed, each file once.
 */
import Database from 'better-sqlite3';
import jpeg from 'jpeg-js';
import fs from 'node:fs';
import path from 'node:path';
import { FORM_STEPS } from '@/lib/inspection/steps';
import { remoteFilesOf } from '@/lib/reports/remote-files';
import type { Pir } from '@/lib/contract';
import type { DemoLogin } from '../e2e/helpers';
import { makeJpeg, makeTiff } from '../e2e/helpers';
import type { Network } from './network';
import type { Find, Tablet } from './tablet';
import { readBlob } from '../../server/db/blob-store';

/** Waits until `body` (run in the page with `find` and `arg`) returns true. */
export async function until(t: Tablet, what: string, body: string, arg?: unknown, timeout = 20_000) {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      last = await t.run(body, arg);
      if (last === true) return;
    } catch (e) {
      // A navigation under way ends the script: ask again.
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`${t.engine}: timed out after ${timeout} ms waiting for ${what} (last: ${String(last)})`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

export const shown = (t: Tablet, f: Find, timeout?: number) => until(t, `${JSON.stringify(f)} to show`, 'return find(arg) !== null;', f, timeout);
export const attrIs = (t: Tablet, f: Find, name: string, value: string, timeout?: number) =>
  until(
    t,
    `${JSON.stringify(f)} [${name}=${value}]`,
    // on a timeout, what was there instead
    "var e = find(arg.f); if (!e) return 'not found'; var v = e.getAttribute(arg.name); return v === arg.value || arg.name + '=' + v;",
    { f, name, value },
    timeout,
  );
/** Waits for a claimed report to be prepared; on a timeout, says where its card is and what it shows. */
export const readyInItsGroup = (t: Tablet, reportId: number) =>
  until(
    t,
    `report ${reportId} ready in the Ready group`,
    // on a timeout: the group and status the card shows, and its words
    `var cards = document.querySelectorAll('[data-report-id="' + arg + '"]');
    for (var i = 0; i < cards.length; i++) {
      var group = cards[i].closest('section[data-testid^="group-"]');
      var status = cards[i].querySelector('[data-status]');
      if (group && group.getAttribute('data-testid') === 'group-ready' && status && status.getAttribute('data-status') === 'ready') return true;
    }
    return Array.prototype.map.call(cards, function (c) {
      var g = c.closest('section[data-testid^="group-"]');
      var st = c.querySelector('[data-status]');
      return (g ? g.getAttribute('data-testid') : 'no group') + ' ' + (st ? st.getAttribute('data-status') : 'no status') + ': ' + c.textContent.slice(0, 200);
    }).join(' | ') || 'no card';`,
    reportId,
    90_000,
  );
/**
 * Taps Claim on a card and waits for the claim to be under way (the card no longer offers Claim). In
 * Firefox, a tap in the first seconds after the app installed itself was sometimes not taken (the card
 * still offered Claim), or landed beside the button; as a person would, the tap is made again from the
 * reports list (reached by `backToList`: a fresh load unless the page's state must stay). A claim
 * already under way is never tapped twice.
 */
export async function claimOnce(t: Tablet, card: Find, backToList = () => t.goto('/reports/')) {
  const claim: Find = { within: card, role: 'button', name: 'Claim' };
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) console.log(`${t.engine}: Claim tapped again (tap ${attempt})`);
    await t.click(claim);
    try {
      await until(t, 'the claim under way', 'return find(arg) === null;', claim, 10_000);
      if (await t.run<boolean>("return location.pathname.replace(/\\/$/, '') === '/reports';")) return;
      // The tap opened a report instead: back to the list, where the claim is made.
      await backToList();
      await shown(t, card, 20_000);
      if ((await t.run<boolean>('return find(arg) === null;', claim)) || attempt >= 3) return;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}
export const valueIs = (t: Tablet, f: Find, value: string) =>
  until(t, `${JSON.stringify(f)} = ${value}`, 'var e = find(arg.f); return !!e && (e.value === arg.value || JSON.stringify(e.value));', { f, value });
/** In-page body: how many elements match `arg.f`. */
const COUNT = 'var n = 0; while (find(Object.assign({}, arg.f, { nth: n }))) n++; return n;';
const countOf = (t: Tablet, f: Find) => t.run<number>(COUNT, { f });
export const count = (t: Tablet, f: Find, n: number, timeout?: number) =>
  until(t, `${n} × ${JSON.stringify(f)}`, `return (function () { ${COUNT} })() === arg.n;`, { f, n }, timeout);

/**
 * Chooses files through a button that opens the file picker: the picker is the system's, out of any
 * WebDriver's reach, so the input the button opens is marked instead and given the files.
 */
export async function choose(t: Tablet, button: Find, paths: string[]) {
  await t.run(`document.querySelectorAll('[data-chosen]').forEach(function (e) { e.removeAttribute('data-chosen'); });
    var click = HTMLInputElement.prototype.click;
    HTMLInputElement.prototype.click = function () {
      if (this.type !== 'file') return click.call(this);
      this.setAttribute('data-chosen', '');
      HTMLInputElement.prototype.click = click;
    };`);
  await t.click(button);
  await t.setFiles({ css: 'input[type="file"][data-chosen]' }, paths);
}

export const panel: Find = { css: 'section[aria-labelledby="step-title"]' };
/** A step in the step list, read also where the list is folded into the navigator (its state is there, not shown). */
export const stepper = (step: string): Find => ({ testId: `stepper-${step}`, hidden: true });

/**
 * Opens a step from the step list, as the inspector does; where the list is folded into the step
 * navigator (a portrait tablet, a phone), from the navigator's sheet of steps. A tap that lands while
 * the page is still returning to the current step after a step was completed is taken back by that
 * return: tap again.
 */
export async function openStep(t: Tablet, step: string) {
  for (let attempt = 1; ; attempt++) {
    const listShown = await t.run<boolean>('var e = find(arg); return !!e && e.getClientRects().length > 0;', stepper(step));
    if (listShown) await t.click(stepper(step));
    else {
      await t.click({ testId: 'step-sheet-open' });
      await t.click({ testId: `stepnav-${step}` });
    }
    try {
      return await shown(t, { testId: `step-${step}` }, 5000);
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
}

/** How many files the tablet stores for a report, from IndexedDB. */
function storedFileCount(t: Tablet, reportId: number): Promise<number> {
  return t.run(
    `return new Promise(function (resolve, reject) {
      var open = indexedDB.open('pir-app');
      open.onerror = function () { reject(open.error); };
      open.onsuccess = function () {
        var req = open.result.transaction('files').objectStore('files').index('byPir').count(arg);
        req.onsuccess = function () { open.result.close(); resolve(req.result); };
        req.onerror = function () { reject(req.error); };
      };
    });`,
    reportId,
  );
}

export async function login(t: Tablet, who: Pick<DemoLogin, 'username' | 'password'>) {
  await t.goto('/reports/');
  await t.type({ label: 'Username' }, who.username);
  await t.type({ label: 'Password' }, who.password);
  await t.click({ role: 'button', name: 'Sign in' });
  await shown(t, { role: 'heading', name: 'Reports', css: 'h1' });
}

async function answer(t: Tablet, group: string, yes: boolean, nth = 0) {
  await t.click({ within: { within: panel, role: 'radiogroup', name: group, nth }, role: 'radio', name: yes ? 'Yes' : 'No' });
}

/** Every form step, with what each needs on top of the demo data (`typed` is checked on the server later). */
export async function completeFormSteps(t: Tablet, typed: { inspectorId: string; email: string }) {
  for (const step of FORM_STEPS) {
    await openStep(t, step);
    const state = await t.run<string | null>('var e = find(arg); return e && e.getAttribute("data-state");', stepper(step));
    if (state === 'done') continue;
    if (step === 'inspectioninformation') {
      await t.type({ within: panel, label: "Inspector's identity number" }, typed.inspectorId);
      await t.type({ within: panel, label: "Inspector's email" }, typed.email);
    }
    if (step === 'ControlledCatches') {
      for (const label of ['Monitored landed quantity (kg)', 'Monitored transhipped quantity (kg)']) {
        const n = await countOf(t, { within: panel, label });
        for (let i = 0; i < n; i++) await t.type({ within: panel, label, nth: i }, '0');
      }
    }
    if (step === 'monitoring') await answer(t, 'Landing or transhipment monitored', false);
    if (step === 'examinations') for (let i = 0; i < 4; i++) await answer(t, 'Examined and in order', true, i);
    if (step === 'infringement') await answer(t, 'Infringements found', false);
    await t.click({ within: panel, role: 'button', name: 'Mark complete' });
    await attrIs(t, stepper(step), 'data-state', 'done');
  }
}

/** On the signature step: starts signing, the master and the inspector sign, and the inspection is finished. */
export async function signBoth(t: Tablet) {
  await t.click({ role: 'button', name: 'Start signing' });
  await t.click({ within: { role: 'alertdialog' }, role: 'button', name: 'Start signing' });
  const stroke = (dy: number): [number, number][] => Array.from({ length: 13 }, (_, i) => [0.15 + i * 0.05, 0.55 + Math.sin(i) * 0.1 + dy]);
  for (const [pad, dy, save] of [
    ['pad-master', 0, "Save the master's signature"],
    ['pad-inspector', 0.05, 'Save my signature'],
  ] as const) {
    await t.drag({ within: { testId: pad }, role: 'application' }, stroke(dy));
    await t.click({ within: { testId: pad }, role: 'button', name: save });
    await attrIs(t, { testId: pad }, 'data-state', 'registered');
  }
  await t.click({ role: 'button', name: 'Finish the inspection' });
  await attrIs(t, stepper('signature'), 'data-state', 'done');
}

/** What the inspector typed, and what the server holds at the end of the day. */
export interface DayResult {
  /** milliseconds from sign-in to the server holding the submission */
  ms: number;
  typed: { findings: string; masterSays: string; inspectorId: string; email: string; name: string };
  held: {
    status: string;
    /** PIR forms the submission made */
    pirForms: number;
    saves: number;
    findings?: string;
    masterSays?: string;
    inspector?: { principalInspectorId: string; principalInspectorName: string; principalInspectorEmail: string };
    pictureTypes: string[];
    /** the files announced with the save: name, part, whether they arrived, their size */
    files: { name: string; part: string; received: boolean; size: number }[];
    /** pages of the attachment's PDF */
    attachmentPages: number;
    /** width × height of the vessel picture */
    picture: string;
    /** the server's audit log of the report: action, who, which tablet, and the file of each upload */
    audit: { action: string; username: string; device: string; fileUrl?: string }[];
  };
}

export async function inspectorDay(t: Tablet, net: Network, dataDir: string, report: Pir, who: DemoLogin, files: string): Promise<DayResult> {
  const started = Date.now();
  const findings = `Logbook pages 12-14 missing; hold 3 at -18 C (${t.engine} ${Date.now()})`;
  const masterSays = `Master agrees with the count (${t.engine}).`;
  const typed = { inspectorId: 'INS-0042', email: 'inspector@fisheries.example.org' };
  const bow = path.join(files, 'bow.jpg');
  // The attachment page is a TIFF scan: no engine but WebKit decodes TIFF itself, the app does (SPEC §5).
  const crew = path.join(files, 'crew.tif');
  fs.writeFileSync(bow, makeJpeg(4000, 3000));
  fs.writeFileSync(crew, makeTiff(620, 877));

  await login(t, who);
  // The first visit installs the app (about 5 MB precached): on a loaded machine WebKit took over 30 s.
  await until(
    t,
    'the service worker to control the page',
    `if (navigator.serviceWorker.controller) return true;
    return navigator.serviceWorker.getRegistration().then(function (r) {
      return r ? 'registered: installing ' + !!r.installing + ', waiting ' + !!r.waiting + ', active ' + (r.active && r.active.state) : 'no registration';
    });`,
    null,
    90_000,
  );

  // Claim and prepare, online.
  const card: Find = { css: `[data-report-id="${report.id}"]` };
  await claimOnce(t, card);
  await readyInItsGroup(t, report.id);
  const stored = await storedFileCount(t, report.id);
  if (stored !== remoteFilesOf(report).length) throw new Error(`${t.engine}: ${stored} files stored for ${remoteFilesOf(report).length} offered`);

  // No network from here: the page's requests and the service worker's fail.
  net.offline();
  const probe = await t.run<string>("return fetch('/be/offline-api/current-files').then(function () { return 'reached'; }, function () { return 'refused'; });");
  if (probe !== 'refused') throw new Error(`${t.engine}: the server is still reachable with the network off`);
  await t.goto(`/pir/${report.id}/`);
  await shown(t, { role: 'heading', name: 'Inspection started' });
  await t.click({ role: 'button', name: 'Start inspection' });
  await valueIs(t, { label: 'Inspector name' }, who.name);
  await t.click({ within: { role: 'dialog' }, role: 'button', name: 'Start inspection' });
  await attrIs(t, stepper('inspection started'), 'data-state', 'done');

  await openStep(t, 'findings');
  await t.type({ label: 'Findings of the inspector' }, findings);
  await t.type({ label: 'Comments of the master' }, masterSays);
  // A reload with no network: the page comes from the tablet and so does what was typed.
  await t.reload();
  await valueIs(t, { label: 'Findings of the inspector' }, findings);
  await valueIs(t, { label: 'Comments of the master' }, masterSays);
  await t.click({ within: panel, role: 'button', name: 'Mark complete' });
  await attrIs(t, stepper('findings'), 'data-state', 'done');

  // A large picture of the vessel (resized on the tablet) with its type.
  await openStep(t, 'vesselpictures');
  const pictures: Find = { testId: 'step-vesselpictures' };
  await choose(t, { within: pictures, role: 'button', name: 'Choose a file' }, [bow]);
  await count(t, { within: pictures, testId: 'picture-card' }, 1, 30_000);
  await t.selectOption({ within: { within: pictures, testId: 'picture-card' }, role: 'combobox', name: 'Picture type' }, 'Picture: whole vessel');
  await until(t, 'the picture type', 'var e = find(arg); return !!e && e.textContent === "PWHO";', { within: pictures, testId: 'picture-tag' });

  // A one-page crew list, photographed on board: submitted as an A4 PDF.
  await openStep(t, 'pirattachments');
  const attachments: Find = { testId: 'step-pirattachments' };
  await t.click({ within: attachments, role: 'button', name: 'New attachment' });
  const draft: Find = { within: attachments, testId: 'attachment-draft' };
  await t.selectOption({ within: draft, role: 'combobox', name: 'Document type' }, 'Crew list');
  await until(t, 'the first page button', 'var e = find(arg); return !!e && !e.disabled;', { within: draft, role: 'button', name: 'First page from a file' });
  await choose(t, { within: draft, role: 'button', name: 'First page from a file' }, [crew]);
  await t.click({ within: { role: 'alertdialog' }, role: 'button', name: 'No, done' });
  await count(t, { within: attachments, css: '[data-testid="attachment-card"][data-offline="true"]' }, 1);

  await completeFormSteps(t, typed);

  // Both pads, still with no network.
  await openStep(t, 'signature');
  await signBoth(t);

  // Submitted with no network: it waits, then goes once the network is back.
  await openStep(t, 'submit');
  await t.click({ role: 'button', name: 'Submit' });
  await until(t, 'submitting', 'var e = find(arg); return !!e && e.textContent.indexOf("Submitting") >= 0;', { testId: 'submit-status' });
  await new Promise((r) => setTimeout(r, 3000));
  net.online();
  await until(t, 'submitted', 'var e = find(arg); return !!e && e.textContent.indexOf("Submitted on") >= 0;', { testId: 'submit-status' }, 120_000);
  const ms = Date.now() - started;

  return { ms, typed: { findings, masterSays, ...typed, name: who.name }, held: heldBy(dataDir, report.id) };
}

function heldBy(dataDir: string, reportId: number): DayResult['held'] {
  const db = new Database(path.join(dataDir, 'pir.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT status, doc FROM reports WHERE id = ?').get(reportId) as { status: string; doc: string };
    const doc = JSON.parse(row.doc) as Pir;
    const saves = db.prepare('SELECT pir FROM saves WHERE report_id = ?').all(reportId) as { pir: string }[];
    const saved = JSON.parse(saves.at(-1)!.pir) as Pir;
    const files = db.prepare('SELECT file_url, part, size, received_at FROM announced WHERE report_id = ? ORDER BY file_url').all(reportId) as {
      file_url: string;
      part: string;
      size: number;
      received_at: string | null;
    }[];
    const bytesOf = (part: string) =>
      readBlob(db, (db.prepare('SELECT sha256 FROM announced WHERE report_id = ? AND part = ?').get(reportId, part) as { sha256: string }).sha256)!;
    const picture = jpeg.decode(bytesOf('pictures'), { useTArray: true });
    return {
      status: row.status,
      pirForms: doc.submitedForms.filter((f) => f.typeOfForm === 'PIR').length,
      saves: saves.length,
      findings: saved.extended?.pir.findingsByInspector,
      masterSays: saved.extended?.pir.commentsByMaster,
      inspector: saved.extended?.pir.monitoringDetails,
      pictureTypes: (saved.extended?.pictures ?? []).map((p) => p.type),
      files: files.map((f) => ({ name: f.file_url, part: f.part, received: f.received_at !== null, size: f.size })),
      attachmentPages: bytesOf('attachments').toString('latin1').match(/\/Type \/Page(?!s)/g)?.length ?? 0,
      picture: `${picture.width}x${picture.height}`,
      audit: (db.prepare('SELECT action, username, device, detail FROM audit WHERE report_id = ? ORDER BY id').all(reportId) as { action: string; username: string; device: string; detail: string }[]).map(
        (a) => {
          const { fileUrl } = JSON.parse(a.detail) as { fileUrl?: string };
          return { action: a.action, username: a.username, device: a.device, ...(fileUrl ? { fileUrl } : {}) };
        },
      ),
    };
  } finally {
    db.close();
  }
}
