/** Command-line and environment options of the server (main.ts, `cli.ts serve`). */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ServerOptions } from './app';

export class UsageError extends Error {}

export const SERVE_USAGE = `Usage: npm run serve -- [options]
       node --import tsx server/main.ts [options]

Options (environment variable in brackets):
  --port N            port to listen on (PORT, default 3000)
  --host HOST         address to bind (HOST, default 127.0.0.1; 0.0.0.0 for every interface)
  --data DIR          data directory: SQLite database and JWT secret (DATA_DIR, default ./data)
  --static DIR        the app's static export (STATIC_DIR, default ./out)
  --token-ttl SECONDS token lifetime (TOKEN_TTL, default 3600)
  --session-max-age SECONDS
                      how long after the password was typed a session may be refreshed
                      (SESSION_MAX_AGE, default 2592000 = 30 days); then the app asks for it again
  --trust-proxy       behind a reverse proxy: the client address is the last X-Forwarded-For hop,
                      the one the proxy appends (TRUST_PROXY=1)
  --trust-proxy-header NAME
                      behind a reverse proxy that sets this header (e.g. X-Real-IP) to the client
                      address: take it from that header only (TRUST_PROXY_HEADER)
  --no-seed           do not create demo data in an empty database (SEED=0)
  --metrics-port N    serve GET /metrics (and GET /be/health) on this port only, not on the main one
                      (METRICS_PORT; default: /metrics on the main port)
  --metrics-host HOST address of the metrics port (METRICS_HOST, default 127.0.0.1)
  --min-free-mb N     GET /be/health answers 503 below this much free disk in the data directory
                      (MIN_FREE_MB, default 1024)
  -h, --help          this text`;

function int(name: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
  }
  return Number(value);
}

export interface ParsedServe {
  help: boolean;
  options: ServerOptions;
}

export function parseServeArgs(args: string[], env: NodeJS.ProcessEnv = process.env): ParsedServe {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        static: { type: 'string' },
        'token-ttl': { type: 'string' },
        'session-max-age': { type: 'string' },
        'trust-proxy': { type: 'boolean' },
        'trust-proxy-header': { type: 'string' },
        'no-seed': { type: 'boolean' },
        'metrics-port': { type: 'string' },
        'metrics-host': { type: 'string' },
        'min-free-mb': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const port = values.port ?? env.PORT;
  const ttl = values['token-ttl'] ?? env.TOKEN_TTL;
  const maxAge = values['session-max-age'] ?? env.SESSION_MAX_AGE;
  const proxyHeader = values['trust-proxy-header'] ?? env.TRUST_PROXY_HEADER;
  const metricsPort = values['metrics-port'] ?? env.METRICS_PORT;
  const minFreeMb = values['min-free-mb'] ?? env.MIN_FREE_MB;
  if (proxyHeader !== undefined && !/^[A-Za-z0-9-]{1,64}$/.test(proxyHeader)) throw new UsageError(`--trust-proxy-header must be a header name (got "${proxyHeader}")`);
  return {
    help: !!values.help,
    options: {
      port: port !== undefined ? int('--port', port, 0, 65535) : 3000,
      host: values.host ?? env.HOST ?? '127.0.0.1',
      dataDir: path.resolve(values.data ?? env.DATA_DIR ?? 'data'),
      staticDir: path.resolve(values.static ?? env.STATIC_DIR ?? 'out'),
      tokenTtl: ttl !== undefined ? int('--token-ttl', ttl, 1, 30 * 24 * 3600) : 3600,
      ...(maxAge !== undefined ? { sessionMaxAge: int('--session-max-age', maxAge, 60, 365 * 24 * 3600) } : {}),
      trustProxy: proxyHeader ?? (!!values['trust-proxy'] || env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true'),
      seed: !(values['no-seed'] || env.SEED === '0' || env.SEED === 'false'),
      ...(metricsPort !== undefined && metricsPort !== '' ? { metricsPort: int('--metrics-port', metricsPort, 0, 65535), metricsHost: values['metrics-host'] ?? env.METRICS_HOST ?? '127.0.0.1' } : {}),
      ...(minFreeMb !== undefined ? { healthMinFreeBytes: int('--min-free-mb', minFreeMb, 0, 1e9) * 1024 * 1024 } : {}),
    },
  };
}
