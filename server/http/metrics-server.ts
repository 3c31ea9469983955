/**
 * GET /metrics (and GET /be/health) on their own address, e.g. 127.0.0.1:9464 for a local
 * Prometheus, so the main port (behind the reverse proxy) does not serve them.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { BASE_PATH } from '../../lib/contract/index';
import { metricsHandler } from './metrics';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

export async function startMetricsServer(health: (c: Context) => Promise<Response>, port: number, host = '127.0.0.1'): Promise<MetricsServer> {
  const app = new Hono();
  app.get('/metrics', metricsHandler);
  app.get(`${BASE_PATH}/health`, health);
  app.all('*', (c) => c.text('not found', 404));
  let server!: ReturnType<typeof serve>;
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server = serve({ fetch: app.fetch, port, hostname: host }, (info) => resolve(info));
    server.once('error', reject);
  });
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
