/**
 * "Not one character lost" (issue 29), once for every browser engine: text typed at full speed and
 * composed word by word (as tablet keyboards type) into the picture descriptions, the findings and the
 * master's comments; the tablet's storage refusing writes while the inspector types; a second tab on
 * the same report; the review language across a reload. Then the report is submitted, and the server's
 * record and its PDF are read back: every character typed is there.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import type { Pir } from '@/lib/contract';
import type { DemoLogin } from '../e2e/helpers';
import { makeJpeg } from '../e2e/helpers';
import { pdfPagesText } from '../pdf-text';
import { readBlob } from '../../server/db/blob-store';
import { attrIs, choose, claimOnce, completeFormSteps, count, login, openStep, panel, readyInItsGroup, shown, signBoth, stepper, until, valueIs } from './inspector-day';
import type { Find, Tablet } from './tablet';

/** What each field receives, and how: fast keys, or composition. */
const TYPED = {
  /** typed at full speed */
  bow: 'Tribord avant, vue du quai n° 2 ; l’immatriculation est à moitié effacée (voir l\'étrave).',
  /** composed word by word */
  stern: 'Bâbord arrière — cale n° 3 à −18 °C ; « Œufs » et œil-de-bœuf ; Łódź, Αθηνά Παπαδοπούλου, Сергей Иванович.',
  /** typed at full speed while the tablet refuses to store anything */
  findings:
    'Cale n° 3 : thon albacore congelé à −18 °C, étiquettes « IOTC » lisibles ; journal de pêche p. 12–14 manquant — le capitaine l’explique par une avarie. ' +
    'Œufs de poisson (lot 7) non déclarés. Équipage : Αθηνά Παπαδοπούλου, Сергей Иванович, Łukasz Żółć.',
  /** composed in a second tab while the first one reads */
  masterSays: 'Le capitaine conteste : « la cale n° 2 était à −18 °C » — voir p. 12–14. Капитан согласен. Ο πλοίαρχος υπογράφει.',
  /** composed at the end of the findings once the first tab takes the report back */
  findingsMore: ' Vérifié à 14 h 05 ; l’agent d’escale confirme.',
};

const DESCRIPTION: Find = { label: 'Description' };
const card = (nth: number): Find => ({ within: { testId: 'step-vesselpictures' }, testId: 'picture-card', nth });

const DAY = 24 * 3600 * 1000;

/** In-page body: the page's clock runs `arg` ms off (Date and Date.now), as a tablet whose clock is wrong. */
const SLOW_CLOCK = `var RealDate = Date, skew = arg;
  function TabletDate() {
    var a = Array.prototype.slice.call(arguments);
    return a.length === 0 ? new RealDate(RealDate.now() + skew) : new (Function.prototype.bind.apply(RealDate, [null].concat(a)))();
  }
  TabletDate.prototype = RealDate.prototype;
  TabletDate.now = function () { return RealDate.now() + skew; };
  TabletDate.parse = RealDate.parse;
  TabletDate.UTC = RealDate.UTC;
  window.Date = TabletDate;
  return true;`;

/** In-page body: makes IndexedDB and localStorage refuse every write while `window.__tabletFull` is set, as a full tablet does. */
const FILL_THE_TABLET = `if (!window.__fillable) {
    window.__fillable = true;
    var full = function () { return new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
    ['put', 'add'].forEach(function (m) {
      var original = IDBObjectStore.prototype[m];
      IDBObjectStore.prototype[m] = function () { if (window.__tabletFull) throw full(); return original.apply(this, arguments); };
    });
    var setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function () { if (window.__tabletFull) throw full(); return setItem.apply(this, arguments); };
  }
  window.__tabletFull = arg;
  return true;`;

export interface Kept {
  /** characters typed, and how many of them the server's record and its PDF hold, per field */
  fields: { field: string; typed: number; server: number; pdf: number }[];
  /** when the inspection was started by the machine's clock, and the start the server holds */
  startedAt: number;
  startOfInspection: string | null;
}

/** How many characters of `typed` reached `held`, in order (the longest common subsequence): all of them when it arrived whole. */
export function charactersKept(typed: string, held: string | undefined): number {
  if (held === undefined) return 0;
  if (held === typed) return typed.length;
  const a = [...typed];
  const b = [...held];
  let row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const next = [0];
    for (let j = 0; j < b.length; j++) next.push(x === b[j] ? row[j]! + 1 : Math.max(row[j + 1]!, next[j]!));
    row = next;
  }
  return row[b.length]!;
}

/** Whether a PDF's text holds `typed` whole: lines wrap at spaces, so spaces are left out of the comparison. */
function inPdf(typed: string, pdf: string): number {
  const bare = (s: string) => s.replace(/\s+/g, '');
  return bare(pdf).includes(bare(typed)) ? [...typed].length : 0;
}

export async function everyCharacter(t: Tablet, dataDir: string, report: Pir, who: DemoLogin, files: string): Promise<Kept> {
  const pictures = [path.join(files, 'bow.jpg'), path.join(files, 'stern.jpg')];
  fs.writeFileSync(pictures[0]!, makeJpeg(800, 600, 90));
  fs.writeFileSync(pictures[1]!, makeJpeg(800, 600, 160));

  await login(t, who);
  // Item 6: the tablet's clock is 3 days slow (in this page, until it is reloaded). The server's next
  // reply (here the list's refresh) tells the app the server's time: it warns, and dates what it
  // records on the server's time. The warning is waited for before the claim: it moves the cards down.
  await t.run(SLOW_CLOCK, -3 * DAY);
  await t.click({ role: 'button', name: 'Refresh the list from the server' });
  await until(t, 'the clock warning', 'var e = find(arg); return !!e && /3 days behind/.test(e.textContent);', { testId: 'clock-banner' });
  // Back to the list by the browser's Back, not by loading it again: a load would undo the slow clock.
  await claimOnce(t, { css: `[data-report-id="${report.id}"]` }, () => t.run('history.back();'));
  await readyInItsGroup(t, report.id);
  // Opened from its card (no reload: the page keeps its slow clock).
  await t.click({ css: `[data-report-id="${report.id}"] a[href^="/pir/"]` });
  await shown(t, { role: 'heading', name: 'Inspection started' });
  await t.click({ role: 'button', name: 'Start inspection' });
  await valueIs(t, { label: 'Inspector name' }, who.name);
  await t.click({ within: { role: 'dialog' }, role: 'button', name: 'Start inspection' });
  await attrIs(t, stepper('inspection started'), 'data-state', 'done');
  const startedAt = Date.now();

  // Item 1: two pictures, one description typed at full speed, one composed word by word.
  await openStep(t, 'vesselpictures');
  await choose(t, { within: { testId: 'step-vesselpictures' }, role: 'button', name: 'Choose a file' }, pictures);
  await count(t, { within: { testId: 'step-vesselpictures' }, testId: 'picture-card' }, 2, 30_000);
  for (const nth of [0, 1]) {
    await t.selectOption({ within: card(nth), role: 'combobox', name: 'Picture type' }, 'Picture: whole vessel');
    await until(t, 'the picture type', 'var e = find(arg); return !!e && e.textContent === "PWHO";', { within: card(nth), testId: 'picture-tag' });
  }
  await t.type({ within: card(0), ...DESCRIPTION }, TYPED.bow);
  await t.compose({ within: card(1), ...DESCRIPTION }, TYPED.stern);
  await valueIs(t, { within: card(0), ...DESCRIPTION }, TYPED.bow);
  await valueIs(t, { within: card(1), ...DESCRIPTION }, TYPED.stern);
  // Kept by the tablet: after a reload the fields read the same.
  await new Promise((r) => setTimeout(r, 1000));
  await t.reload();
  await valueIs(t, { within: card(0), ...DESCRIPTION }, TYPED.bow);
  await valueIs(t, { within: card(1), ...DESCRIPTION }, TYPED.stern);

  // Item 3: the tablet's storage refuses every write while the findings are typed.
  await openStep(t, 'findings');
  const findings: Find = { within: panel, label: 'Findings of the inspector' };
  const masterSays: Find = { within: panel, label: 'Comments of the master' };
  await t.run(FILL_THE_TABLET, true);
  await t.type(findings, TYPED.findings);
  await attrIs(t, { testId: 'save-problem' }, 'data-problem', 'full', 10_000);
  await valueIs(t, findings, TYPED.findings);
  // Space returns: stored without a reload, and the message goes by itself.
  await t.run(FILL_THE_TABLET, false);
  await until(t, 'the storage message to go', 'return find(arg) === null;', { testId: 'save-problem', hidden: true }, 15_000);
  await t.reload();
  await valueIs(t, findings, TYPED.findings);

  // Item 2: a second tab on the same report reads it; it takes over, the first follows its edits.
  const second = await t.openTab(`/pir/${report.id}/#findings`);
  try {
    await shown(second, { testId: 'edited-elsewhere' });
    await valueIs(second, findings, TYPED.findings);
    await second.click({ testId: 'edit-here' });
    await shown(t, { testId: 'edited-elsewhere' }, 10_000);
    await until(second, 'the second tab to edit', 'return find(arg) === null;', { testId: 'edited-elsewhere', hidden: true }, 10_000);
    await second.compose(masterSays, TYPED.masterSays);
    await valueIs(second, masterSays, TYPED.masterSays);
    // The first tab shows what the second typed, as soon as it is stored.
    await valueIs(t, masterSays, TYPED.masterSays);
    // The first tab takes the report back and adds to the findings; the second follows.
    await t.click({ testId: 'edit-here' });
    await shown(second, { testId: 'edited-elsewhere' }, 10_000);
    await until(t, 'the first tab to edit', 'return find(arg) === null;', { testId: 'edited-elsewhere', hidden: true }, 10_000);
    await valueIs(t, masterSays, TYPED.masterSays);
    await t.compose(findings, TYPED.findingsMore);
    await valueIs(t, findings, TYPED.findings + TYPED.findingsMore);
    await valueIs(second, findings, TYPED.findings + TYPED.findingsMore);
  } finally {
    await second.close();
  }

  await completeFormSteps(t, { inspectorId: 'INS-0042', email: 'inspector@fisheries.example.org' });

  // Item 5: the master reads the review in French; a reload keeps that choice.
  await openStep(t, 'signature');
  await t.click({ testId: 'review-language-fr' });
  await attrIs(t, { testId: 'report-review' }, 'data-language', 'fr');
  await new Promise((r) => setTimeout(r, 1000));
  await t.reload();
  await attrIs(t, { testId: 'report-review' }, 'data-language', 'fr');

  await signBoth(t);
  await openStep(t, 'submit');
  await t.click({ role: 'button', name: 'Submit' });
  await until(t, 'submitted', 'var e = find(arg); return !!e && e.textContent.indexOf("Submitted on") >= 0;', { testId: 'submit-status' }, 120_000);

  return { fields: await heldText(dataDir, report.id), startedAt, startOfInspection: await heldStart(dataDir, report.id) };
}

/** The start of inspection the server holds (what the tablet recorded, sent with the save). */
async function heldStart(dataDir: string, reportId: number): Promise<string | null> {
  const db = new Database(path.join(dataDir, 'pir.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const save = db.prepare('SELECT pir FROM saves WHERE report_id = ? ORDER BY rowid DESC LIMIT 1').get(reportId) as { pir: string };
    const saved = JSON.parse(save.pir) as Pir;
    return saved.extended?.pir.startOfInspection ?? saved.startOfInspection ?? null;
  } finally {
    db.close();
  }
}

/** What the server's last save and its PDF hold of each typed field. */
async function heldText(dataDir: string, reportId: number): Promise<Kept['fields']> {
  const db = new Database(path.join(dataDir, 'pir.sqlite'), { readonly: true, fileMustExist: true });
  let saved: Pir;
  let pdf: string;
  try {
    const save = db.prepare('SELECT pir FROM saves WHERE report_id = ? ORDER BY rowid DESC LIMIT 1').get(reportId) as { pir: string };
    saved = JSON.parse(save.pir) as Pir;
    const doc = db.prepare("SELECT sha256 FROM files WHERE kind = 'documents' AND report_id = ? ORDER BY id DESC LIMIT 1").get(reportId) as { sha256: string };
    pdf = (await pdfPagesText(new Uint8Array(readBlob(db, doc.sha256)!))).join('\n');
  } finally {
    db.close();
  }
  const descriptions = (saved.extended?.pictures ?? []).map((p) => p.description);
  const fields: [string, string, string | undefined][] = [
    ['picture description (fast)', TYPED.bow, descriptions.find((d) => d === TYPED.bow) ?? descriptions[0]],
    ['picture description (composed)', TYPED.stern, descriptions.find((d) => d === TYPED.stern) ?? descriptions[1]],
    ['findings (storage full, then two tabs)', TYPED.findings + TYPED.findingsMore, saved.extended?.pir.findingsByInspector],
    ['master comments (second tab, composed)', TYPED.masterSays, saved.extended?.pir.commentsByMaster],
  ];
  return fields.map(([field, typed, held]) => ({ field, typed: [...typed].length, server: charactersKept(typed, held), pdf: inPdf(typed, pdf) }));
}
