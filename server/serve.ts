/** Starts the server from command-line arguments, prints where it listens and the demo logins, stops cleanly on signals. */
import { startServer, type ServerOptions } from './app';
import { parseServeArgs, SERVE_USAGE, UsageError } from './config';
import { findUserByName } from './db/users';
import { jsonLogger } from './http/log';
import { DEMO_USERS } from './seed/index';

/** What a test-only entry adds (server/testing/main-with-faults.ts): never set by main.ts or cli.ts. */
export interface ServeTestHooks {
  options: Pick<ServerOptions, 'intercept'>;
  /** lines printed after the demo logins (what the hook does) */
  notice: string[];
}

export async function runServe(args: string[], testHooks?: ServeTestHooks): Promise<void> {
  let parsed;
  try {
    parsed = parseServeArgs(args);
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`error: ${e.message}\n\n${SERVE_USAGE}`);
      process.exit(2);
    }
    throw e;
  }
  if (parsed.help) {
    console.log(SERVE_USAGE);
    return;
  }
  const { options } = parsed;
  const server = await startServer({ ...options, ...testHooks?.options, logger: jsonLogger() });
  const { app } = server;

  const lines = [
    '',
    `IOTC port inspection server listening on ${server.url}`,
    `  data directory: ${options.dataDir}`,
    app.staticRoot
      ? `  app:            ${server.url}/  (static export ${app.staticRoot})`
      : `  app:            not built (no ${options.staticDir}); run "npm run build" — /be is served anyway`,
    `  API:            ${server.url}/be`,
    `  health:         ${server.url}/be/health`,
    `  metrics:        ${server.metricsUrl ?? server.url}/metrics`,
  ];
  if (app.seeded) lines.push(`  demo data:      created (${app.seeded.reports} reports, ${app.seeded.files} files, ${app.seeded.ms} ms)`);
  const missing = app.ctx.refs.missing();
  if (missing.length) lines.push(`  reference data: missing ${missing.join(', ')} (those answer 503)`);
  const demo = DEMO_USERS.filter((u) => findUserByName(app.ctx.db, u.username));
  if (demo.length) {
    lines.push('', '  Demo logins (username / password / device):');
    for (const u of demo) lines.push(`    ${u.username.padEnd(8)} ${u.password.padEnd(13)} ${u.deviceName.padEnd(11)} ${u.name}`);
  }
  if (testHooks) lines.push('', ...testHooks.notice);
  lines.push('', 'Press Ctrl+C to stop.', '');
  console.log(lines.join('\n'));

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.log('forced exit');
      process.exit(1);
    }
    stopping = true;
    console.log(`\n${signal}: closing…`);
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
