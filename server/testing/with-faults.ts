/**
 * TEST ONLY: the server with its fault switch (server/testing/faults.ts). Tests, benchmarks and the
 * test-only command line (main-with-faults.ts) start it from here; the production entry (main.ts,
 * `npm start`) cannot turn faults on and does not import this code.
 */
import { createApp, startServer, type AppOptions, type PirApp, type RunningServer, type ServerOptions } from '../app';
import { FaultInjector, type FaultControl, type FaultOptions } from './faults';
import { jsonLogger } from '../http/log';

export interface FaultOption {
  /**
   * inject failures (HTTP 500, hang, dropped connection) into /be requests; off when absent. A spec
   * string is parsed with parseFaultSpec(). Can be changed at run time with app.faults.set().
   */
  faults?: FaultOptions | string | null;
}

/** The app with its fault switch: app.faults.set(options | spec | null). */
export type FaultyApp = PirApp & { faults: FaultControl };

function injector(options: AppOptions & FaultOption) {
  const { faults: spec, ...rest } = options;
  const faults = new FaultInjector(options.logger ?? jsonLogger(), spec);
  return { faults, options: { ...rest, intercept: faults.middleware() } };
}

export async function createAppWithFaults(options: AppOptions & FaultOption): Promise<FaultyApp> {
  const { faults, options: appOptions } = injector(options);
  return Object.assign(await createApp(appOptions), { faults });
}

export async function startServerWithFaults(options: ServerOptions & FaultOption): Promise<RunningServer & { app: FaultyApp }> {
  const { faults, options: serverOptions } = injector(options);
  const server = await startServer(serverOptions);
  return { ...server, app: Object.assign(server.app, { faults }) };
}
