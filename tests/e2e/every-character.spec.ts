import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Pir } from '@/lib/contract';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { everyCharacter } from '../engines/every-character';
import { chosenEngines, openTablet } from '../engines/open';
import { expect, test } from './fixtures';
import { listingFor } from './helpers';

// Rajesh's reports: the inspector's day (engines.spec.ts) takes Amina's.
const rajesh = DEMO_USERS[1]!;
function pickReport(listing: Pir[]): Pir {
  const r = listing.find((x) => x.status === 'notready' && !x.claimedByDevice);
  if (!r) throw new Error('the demo data has no unclaimed report for Rajesh');
  return r;
}

for (const engine of chosenEngines) {
  test(`every character kept in ${engine}: typed fast and composed, on a full tablet, in two tabs, on a slow clock, through the server and its PDF`, async ({ server, request }, testInfo) => {
    test.setTimeout(360_000);
    const report = pickReport(await listingFor(request, rajesh));
    const work = fs.mkdtempSync(path.join(os.tmpdir(), `pir-chars-${engine}-`));
    const tablet = await openTablet(engine, server.url, path.join(work, 'profile'));
    try {
      const kept = await everyCharacter(tablet, server.dataDir, report, rajesh, work);
      for (const f of kept.fields) console.log(`${engine}: ${f.field}: ${f.typed} characters typed, ${f.server} reached the server, ${f.pdf} printed whole in its PDF`);
      for (const f of kept.fields) expect({ field: f.field, server: f.server, pdf: f.pdf }).toEqual({ field: f.field, server: f.typed, pdf: f.typed });
      // Started on a tablet 3 days slow: recorded on the server's time (within the minute of the tap).
      expect(kept.startOfInspection).not.toBeNull();
      expect(Math.abs(Date.parse(kept.startOfInspection!) - kept.startedAt)).toBeLessThan(60_000);
    } catch (e) {
      await tablet.screenshot(testInfo.outputPath(`${engine}-failure.png`)).catch(() => {});
      throw e;
    } finally {
      await tablet.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
}
