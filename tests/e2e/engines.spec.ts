import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Pir } from '@/lib/contract';
import { DEMO_USERS } from '../../server/seed/demo-users';
import { inspectorDay } from '../engines/inspector-day';
import { relayTo } from '../engines/network';
import { chosenEngines, openTablet, SCREENS } from '../engines/open';
import { expect, test } from './fixtures';
import { listingFor } from './helpers';

const amina = DEMO_USERS[0]!;

function pickReport(listing: Pir[]): Pir {
  const r = listing.find((x) => x.status === 'notready' && !x.claimedByDevice && x.vesselPictures.length >= 2 && x.submitedForms.length >= 1);
  if (!r) throw new Error('the demo data has no unclaimed report with pictures and forms');
  return r;
}

for (const engine of chosenEngines) {
  test(`the inspector's day in ${engine}: prepared online, inspected and submitted with no network, held once by the server`, async ({ server, request }, testInfo) => {
    test.setTimeout(360_000);
    const report = pickReport(await listingFor(request, amina));
    const net = await relayTo(server.url);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), `pir-${engine}-`));
    const tablet = await openTablet(engine, net.url, path.join(work, 'profile'));
    try {
      await tablet.goto('/');
      expect(await tablet.run('return [innerWidth, innerHeight];')).toEqual([SCREENS[engine].width, SCREENS[engine].height]);
      const { ms, typed, held } = await inspectorDay(tablet, net, server.dataDir, report, amina, work);
      console.log(`${engine} at ${SCREENS[engine].width}x${SCREENS[engine].height}: the inspector's day took ${(ms / 1000).toFixed(1)} s`);
      testInfo.annotations.push({ type: 'journey', description: `${engine}: ${ms} ms` });

      // Exactly what was typed, submitted once, with each file once.
      expect(held).toMatchObject({ status: 'submitted', pirForms: 1, saves: 1, findings: typed.findings, masterSays: typed.masterSays, pictureTypes: ['PWHO'] });
      expect(held.inspector).toMatchObject({ principalInspectorId: typed.inspectorId, principalInspectorEmail: typed.email, principalInspectorName: typed.name });
      expect(held.files.map((f) => [f.part, f.name])).toEqual([
        ['attachments', expect.stringMatching(/^CRLI_[0-9a-f-]{36}\.pdf$/)],
        ['pictures', expect.stringMatching(/^picture_[0-9a-f-]{36}\.jpg$/)],
        ['signatures', 'signature_inspector.png'],
        ['signatures', 'signature_master.png'],
      ]);
      for (const f of held.files) {
        expect(f.received, f.name).toBe(true);
        expect(f.size, f.name).toBeGreaterThan(500);
      }
      // The crew list (a TIFF page) became a one-page PDF, and the 4000 × 3000 picture was resized on the tablet.
      expect(held.attachmentPages).toBe(1);
      expect(held.picture).toBe('3000x2250');
      // The server's record of who did what (issue 31): claimed, saved once, each file uploaded once,
      // submitted, all by this inspector on this tablet.
      expect(held.audit.filter((a) => a.action !== 'upload').map((a) => a.action)).toEqual(['claim', 'save', 'submit']);
      expect(held.audit.filter((a) => a.action === 'upload').map((a) => a.fileUrl).sort()).toEqual(held.files.map((f) => f.name).sort());
      for (const a of held.audit) expect(a).toMatchObject({ username: amina.username, device: amina.deviceName });
    } catch (e) {
      await tablet.screenshot(testInfo.outputPath(`${engine}-failure.png`)).catch(() => {});
      throw e;
    } finally {
      await tablet.close();
      await net.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
}
