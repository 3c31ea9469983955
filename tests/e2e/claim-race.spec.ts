import { expect, test } from './fixtures';
import { loginReply, type Pir } from '@/lib/contract';
import { paths, pirCallId } from '@/lib/contract/constants';
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
