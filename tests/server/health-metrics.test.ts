/** Issue 34 item 4: GET /be/health and GET /metrics (Prometheus text), on the main port or their own. */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/app';
import { parseServeArgs } from '../../server/config';
import { countThrottled } from '../../server/http/metrics';
import { makeSaveFiles, saveForm, Tablet } from '../../server/testing/tablet';
import { AMINA, asUser, be, DEMO_USERS, listing, makeApp, pick, silent, tempDir, TODAY, type TestApp } from './helpers';

let t: TestApp;
const NO_ENV = {} as NodeJS.ProcessEnv;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

describe('GET /be/health', { timeout: 30_000 }, () => {
  it('answers 200 with its checks, without sign-in', async () => {
    const res = await t.app.request('/be/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { status: string; checks: Record<string, { ok: boolean }> };
    expect(body.status).toBe('ok');
    expect(Object.keys(body.checks).sort()).toEqual(['database', 'disk', 'pdfWorkers']);
    for (const c of Object.values(body.checks)) expect(c.ok).toBe(true);
  });

  it('answers 503 when the disk is below the threshold or the database is not writable', async () => {
    const full = await makeApp({ healthMinFreeBytes: Number.MAX_SAFE_INTEGER, seed: false });
    try {
      const res = await full.app.request('/be/health');
      expect(res.status).toBe(503);
      const body = (await res.json()) as { status: string; checks: { disk: { ok: boolean }; database: { ok: boolean } } };
      expect(body).toMatchObject({ status: 'fail', checks: { disk: { ok: false }, database: { ok: true } } });
      full.app.ctx.db.pragma('query_only = ON');
      const ro = (await (await full.app.request('/be/health')).json()) as { checks: { database: { ok: boolean } } };
      expect(ro.checks.database.ok).toBe(false);
    } finally {
      full.close();
    }
  });
});

describe('GET /metrics', { timeout: 60_000 }, () => {
  it('counts requests by route pattern and status, never by path, and reports sizes and queues', async () => {
    const amina = await asUser(t.app, AMINA);
    const report = pick(await listing(amina), (p) => p.claimedByDevice === null && p.status === 'notready');
    await amina.postJson(be(`offline-api/pir/${report.id}/device-claim`), { deviceIdentifier: amina.device });
    await amina.get(be('offline-api/pir/99999999'));
    await t.app.request('/be/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'amina', password: 'wrong-password', deviceName: '' }) });
    countThrottled('test_reason');
    const res = await t.app.request('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/pir_http_requests_total\{method="POST",route="\/be\/offline-api\/pir\/:id\/device-claim",status="200"\} \d+/);
    expect(text).toMatch(/pir_http_requests_total\{method="GET",route="\/be\/offline-api\/pir\/:id",status="404"\} \d+/);
    expect(text).toMatch(/pir_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/be\/offline-api\/current-files"\} \d+/);
    expect(text).toMatch(/pir_login_failures_total \d+/);
    expect(text).toMatch(/pir_throttled_total\{reason="test_reason"\} 1/);
    for (const name of ['pir_in_flight', 'pir_pdf_queue_length', 'pir_pdf_workers_busy', 'pir_database_bytes', 'pir_file_store_bytes', 'pir_file_store_files', 'pir_process_resident_memory_bytes']) {
      expect(text, name).toMatch(new RegExp(`^${name}`, 'm'));
    }
    expect(Number(/^pir_database_bytes (\d+)/m.exec(text)![1])).toBeGreaterThan(0);
    expect(Number(/^pir_file_store_bytes (\d+)/m.exec(text)![1])).toBeGreaterThan(0);
    // nothing about reports or people: no report id, username, tablet, report code or vessel
    // (numbers may contain the digits of an id by chance: label values are what could name one)
    const labels = [...text.matchAll(/="([^"]*)"/g)].map((m) => m[1]!);
    for (const l of labels) {
      expect(l).not.toContain(String(report.id));
      expect(l).not.toContain('99999999');
    }
    for (const u of DEMO_USERS) {
      expect(text).not.toContain(u.username);
      expect(text).not.toContain(u.deviceName);
    }
    expect(text).not.toContain(report.code);
    expect(text).not.toContain(report.vesselIdentity.vesselName);
  });

  it('counts uploads and saves in flight while they run', async () => {
    const dataDir = tempDir();
    const server = await startServer({ dataDir, port: 0, staticDir: null, logger: silent, seed: { today: TODAY } });
    try {
      const tab = new Tablet({ url: server.url }, DEMO_USERS[0]!);
      await tab.login();
      const { list } = await tab.listing();
      const id = list.find((p) => p.claimedByDevice === null && p.status === 'notready')!.id;
      expect(await tab.claim(id, 'k1')).toBe(id);
      const files = makeSaveFiles('inflight', 1, 4 * 1024 * 1024);
      await tab.save(id, await saveForm(list.find((p) => p.id === id)!, await tab.extended(id), files, 'x'), 'k2');
      // a slow upload: the body trickles in
      const pic = files[0]!;
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(ctrl) {
          if (sent >= pic.bytes.length) return ctrl.close();
          await new Promise((r) => setTimeout(r, 60));
          ctrl.enqueue(pic.bytes.subarray(sent, sent + 512 * 1024));
          sent += 512 * 1024;
        },
      });
      const upload = fetch(`${server.url}/be/offline-api/submit-file/${id}/${pic.fileUrl}`, {
        method: 'POST',
        body,
        duplex: 'half',
        headers: { authorization: `Bearer ${tab.jwt}`, 'content-type': 'application/octet-stream' },
      } as RequestInit);
      let during = '';
      for (let i = 0; i < 100 && !/^pir_in_flight\{kind="upload"\} 1$/m.test(during); i++) {
        await new Promise((r) => setTimeout(r, 30));
        during = await (await fetch(`${server.url}/metrics`)).text();
      }
      expect(during).toMatch(/^pir_in_flight\{kind="upload"\} 1$/m);
      expect((await upload).status).toBe(200);
      const after = await (await fetch(`${server.url}/metrics`)).text();
      expect(after).toMatch(/^pir_in_flight\{kind="upload"\} 0$/m);
    } finally {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('with a metrics port: /metrics there and not on the main port; health on both', async () => {
    const dataDir = tempDir();
    const server = await startServer({ dataDir, port: 0, staticDir: null, logger: silent, seed: false, metricsPort: 0 });
    try {
      expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.metricsUrl).not.toBe(server.url);
      expect((await fetch(`${server.url}/metrics`)).status).not.toBe(200);
      const m = await fetch(`${server.metricsUrl}/metrics`);
      expect(m.status).toBe(200);
      expect(await m.text()).toContain('pir_http_requests_total');
      expect((await fetch(`${server.metricsUrl}/be/health`)).status).toBe(200);
      expect((await fetch(`${server.url}/be/health`)).status).toBe(200);
      expect((await fetch(`${server.metricsUrl}/be/offline-api/current-files`)).status).toBe(404);
    } finally {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('serve options: --metrics-port / METRICS_PORT, --min-free-mb', () => {
    expect(parseServeArgs(['--metrics-port', '9464'], NO_ENV).options).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(parseServeArgs([], { ...NO_ENV, METRICS_PORT: '9100', METRICS_HOST: '10.0.0.2', MIN_FREE_MB: '500' }).options).toMatchObject({ metricsPort: 9100, metricsHost: '10.0.0.2', healthMinFreeBytes: 500 * 2 ** 20 });
    expect(parseServeArgs([], NO_ENV).options.metricsPort).toBeUndefined();
    expect(() => parseServeArgs(['--metrics-port', 'x'], NO_ENV)).toThrow(/--metrics-port/);
  });
});
