import { expect, test } from './fixtures';
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
