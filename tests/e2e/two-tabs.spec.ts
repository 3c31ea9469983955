import { expect, test } from './fixtures';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { listingFor, login } from './helpers';

const claire = DEMO_USERS[2]!;

test('with two tabs open, only one runs the queue and the other shows the same progress', async ({ context, request }) => {
  const listing = await listingFor(request, claire);
  const report = listing.find((r) => r.status === 'notready' && !r.claimedByDevice && r.vesselPictures.length > 0)!;

  const first = await context.newPage();
  await login(first, claire);
  const second = await context.newPage();
  await second.goto('/reports/');
  await expect(second.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  // The queue's requests: claims and the claimed reports' files. Each tab may fetch a card's first
  // picture for itself (shown online, never stored), so those do not count.
  const thumbnails = new Set(listing.map((r) => r.vesselPictures[0]?.downloadLink).filter(Boolean).map((l) => new URL(l!, 'http://x').pathname));
  const fetchedBy = { first: 0, second: 0 };
  for (const [name, page] of [['first', first], ['second', second]] as const) {
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (p.startsWith(`/be/offline-api/pir/`) && p.endsWith('device-claim')) fetchedBy[name]++;
      if (p.startsWith('/be/offline-api/files/') && !thumbnails.has(p)) fetchedBy[name]++;
    });
  }

  // The claim is made in the second tab; the first tab, which took the queue first, does the work.
  await second.locator(`[data-report-id="${report.id}"]`).getByRole('button', { name: 'Claim' }).click();
  for (const page of [first, second]) {
    await expect(page.locator(`[data-report-id="${report.id}"] [data-status]`)).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  }
  expect(fetchedBy.first).toBeGreaterThan(0);
  expect(fetchedBy.second).toBe(0);

  // Closing the first tab hands the queue to the second.
  await first.close();
  const next = listing.find((r) => r.status === 'notready' && !r.claimedByDevice && r.id !== report.id)!;
  await second.locator(`[data-report-id="${next.id}"]`).getByRole('button', { name: 'Claim' }).click();
  await expect(second.locator(`[data-report-id="${next.id}"] [data-status]`)).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  expect(fetchedBy.second).toBeGreaterThan(0);
});
