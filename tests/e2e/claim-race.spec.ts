import { expect, test } from './fixtures';
import { loginReply, type Pir } from '@/lib/contract';
import { pirCallId } from '@/lib/contract/constants';
import { paths } from '@/lib/contract/routes';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { listingFor, login } from './helpers';

const [amina, rajesh] = DEMO_USERS as unknown as [(typeof DEMO_USERS)[0], (typeof DEMO_USERS)[0]];

test('two tablets claim the same report at once: one wins, the other sees it under "claimed by others"', async ({ browser, request }) => {
  const listing = await listingFor(request, amina);
  const report = listing.filter((r) => r.status === 'notready' && !r.claimedByDevice).at(-1)!;

  const a = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const b = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const pageA = await a.newPage();
  const pageB = await b.newPage();
  await login(pageA, amina);
  await login(pageB, rajesh);
  const claimA = pageA.locator(`[data-report-id="${report.id}"]`).getByRole('button', { name: 'Claim' });
  const claimB = pageB.locator(`[data-report-id="${report.id}"]`).getByRole('button', { name: 'Claim' });
  await expect(claimA).toBeVisible();
  await expect(claimB).toBeVisible();

  await Promise.all([claimA.click(), claimB.click()]);

  const vessel = report.vesselIdentity.vesselName;
  const outcome = async (page: typeof pageA) => {
    const won = page.getByText(`${vessel} is ready for inspection.`);
    const lost = page.getByText(`${vessel} could not be claimed`);
    await expect(won.or(lost)).toBeVisible({ timeout: 60_000 });
    return (await won.isVisible()) ? 'won' : 'lost';
  };
  const [resultA, resultB] = await Promise.all([outcome(pageA), outcome(pageB)]);
  expect([resultA, resultB].sort()).toEqual(['lost', 'won']);

  const [w, l, device] = resultA === 'won' ? [pageA, pageB, amina.deviceName] : [pageB, pageA, rajesh.deviceName];
  await expect(w.getByTestId('group-ready').locator(`[data-report-id="${report.id}"]`)).toBeVisible();
  const lostCard = l.getByTestId('group-claimedByOthers').locator(`[data-report-id="${report.id}"]`);
  await expect(lostCard).toBeVisible({ timeout: 30_000 });
  await expect(lostCard.getByTestId('claimed-by-other')).toContainText(device);

  await a.close();
  await b.close();
});

test('a claim refused after its files were downloaded beside it: the report is as it was, and none of its files stay on the tablet', async ({ page, request }) => {
  const listing = await listingFor(request, amina);
  const report = listing.find((r) => r.status === 'notready' && !r.claimedByDevice && r.vesselPictures.length > 0)!;
  expect(report).toBeTruthy();
  await login(page, amina);
  const card = page.locator(`[data-report-id="${report.id}"]`);
  await expect(card.getByRole('button', { name: 'Claim' })).toBeVisible();

  // Another tablet takes it first; this one's claim answer is held until its files have arrived.
  const reply = loginReply.parse(await (await request.post('/be/login', { data: { username: rajesh.username, password: rajesh.password, deviceName: rajesh.deviceName } })).json());
  const taken = await request.post(`/be/${paths.claim(pirCallId(report))}`, { headers: { Authorization: `Bearer ${reply.token.jwt}` }, data: { deviceIdentifier: rajesh.deviceName } });
  expect(taken.ok()).toBe(true);
  const links = new Set(report.vesselPictures.map((p) => new URL(p.downloadLink, 'http://x').pathname));
  const downloaded = new Set<string>();
  page.on('requestfinished', (r) => {
    const p = new URL(r.url()).pathname;
    if (links.has(p)) downloaded.add(p);
  });
  await page.route('**/device-claim', async (route) => {
    await expect.poll(() => downloaded.size, { timeout: 30_000 }).toBe(links.size);
    await route.continue();
  });
  await card.getByRole('button', { name: 'Claim' }).click();

  await expect(page.getByText(`${report.vesselIdentity.vesselName} could not be claimed`)).toBeVisible({ timeout: 60_000 });
  // The card says so too, after the toast has gone (issue 21), in SPEC §8's words.
  await expect(page.locator(`[data-report-id="${report.id}"]`).getByTestId('claim-refused')).toHaveText(
    'The claim was refused: The report is claimed by another device or cannot be claimed.',
  );
  expect(downloaded.size).toBe(links.size);
  const stored = () =>
    page.evaluate(async (id) => {
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('pir-app');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const get = <T,>(store: string, query: (s: IDBObjectStore) => IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          const req = query(database.transaction(store).objectStore(store));
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
      const files = await get('files', (s) => s.index('byPir').count(id));
      const processes = await get('processes', (s) => s.index('bySubject').count(id));
      const r = await get<Pir | undefined>('reports', (s) => s.get(id) as IDBRequest<Pir | undefined>);
      database.close();
      return { files, processes, status: r?.status };
    }, report.id);
  await expect.poll(stored, { timeout: 30_000 }).toEqual({ files: 0, processes: 0, status: 'notready' });
});

test('a report another tablet holds is read here, never worked on: forms, start, signing and submission locked, the holding tablet named, reclaim offered', async ({ page, request }) => {
  const listing = await listingFor(request, amina);
  // Held by this tablet on the server and being inspected: the tablet downloads it as it signs in.
  const mine = listing.find((r) => r.status === 'inspecting' && r.claimedByDevice === amina.deviceName)!;
  // Ready on another tablet: never prepared here.
  const theirs = listing.find((r) => r.status === 'ready' && r.claimedByDevice && r.claimedByDevice !== amina.deviceName)!;
  expect(mine && theirs).toBeTruthy();
  await login(page, amina);
  await page.goto(`/pir/${mine.id}/#findings`);
  const findings = page.getByLabel('Findings of the inspector');
  await expect(findings).toBeEnabled({ timeout: 60_000 });
  await findings.fill('Typed before the claim was lost');

  // Rajesh's tablet reclaims it; the server still says it is being inspected.
  const reply = loginReply.parse(await (await request.post('/be/login', { data: { username: rajesh.username, password: rajesh.password, deviceName: rajesh.deviceName } })).json());
  const taken = await request.post(`/be/${paths.claim(pirCallId(mine))}?reclaim=1`, { headers: { Authorization: `Bearer ${reply.token.jwt}` }, data: { deviceIdentifier: rajesh.deviceName } });
  expect(await taken.json()).toBe(mine.id);

  // The next listing tells this tablet (SPEC §4: back to notready, with a warning) …
  await page.goto('/reports/');
  const refresh = page.getByRole('button', { name: 'Refresh the list from the server' });
  // (The listing asked for as the page loaded may answer this first refresh.)
  await refresh.click();
  await expect(page.getByText(/Another device now holds/)).toBeVisible({ timeout: 30_000 });
  // … and the one after takes the server's status again: still only readable here.
  await expect(refresh).toBeEnabled();
  const answered = page.waitForResponse((r) => r.url().endsWith('/be/offline-api/current-files'));
  await refresh.click();
  await answered;
  await page.goto(`/pir/${mine.id}/#findings`);
  await expect(page.getByTestId('report-summary').locator('[data-status]')).toHaveAttribute('data-status', 'inspecting', { timeout: 30_000 });
  const held = page.getByTestId('held-elsewhere');
  await expect(held).toContainText(`Tablet ${rajesh.deviceName} holds this report`);
  await expect(held.getByRole('button', { name: 'Reclaim' })).toBeEnabled();
  await expect(findings).toHaveValue('Typed before the claim was lost');
  await expect(findings).toBeDisabled();
  await expect(page.getByTestId('step-findings').getByRole('note')).toHaveText('Another tablet holds this report: it can be read here, not changed.');
  await expect(page.getByTestId('step-findings').getByRole('button', { name: 'Mark complete' })).toBeDisabled();
  await page.goto(`/pir/${mine.id}/#signature`);
  await expect(page.getByTestId('step-signature')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start signing' })).toHaveCount(0);

  // A report ready on another tablet: no enabled "Start inspection", and no promise of a download.
  await page.goto(`/pir/${theirs.id}/#inspection%20started`);
  await expect(page.getByTestId('held-elsewhere')).toContainText(`Tablet ${theirs.claimedByDevice} holds this report`);
  await expect(page.locator('section[aria-labelledby="step-title"]').getByRole('button', { name: 'Start inspection' })).toBeDisabled();
  await page.goto(`/pir/${theirs.id}/#findings`);
  await expect(page.getByTestId('details-held-elsewhere')).toHaveText(`The report’s details are not on this tablet, and tablet ${theirs.claimedByDevice} holds it. Reclaim it to download them here.`);
});
