/**
 * The reference server, run as its own process (as in production: the browser, the server and
 * the benchmark driver do not share an event loop), on a benchmark's data directory and a private
 * copy of out/ that also holds the bare page the start-up is compared with.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { OUT_DIR, ROOT, rmrf, tmpDir } from './common';

export const BARE_PAGE = '/bench-bare.html';

/** The physical floor of a page load: HTML only, no script, a list of the same kind of text. */
const BARE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reports</title></head>
<body><h1>Reports</h1><ul id="bench-bare">${Array.from({ length: 12 }, (_, i) => `<li>Vessel ${i + 1} · PIR-SYC-2026-${String(i + 1).padStart(4, '0')} · notready</li>`).join('')}</ul></body></html>
`;

/** A copy of out/ (taken under the caller's shared build lock) plus the bare page. */
export function copyStatic(): string {
  if (!fs.existsSync(path.join(OUT_DIR, 'index.html'))) throw new Error('out/ is not built: run npm run build (npm run bench builds it when missing)');
  const dir = path.join(tmpDir('static'), 'out');
  fs.cpSync(OUT_DIR, dir, { recursive: true });
  fs.writeFileSync(path.join(dir, BARE_PAGE.slice(1)), BARE_HTML);
  return dir;
}

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

export async function startServerProcess(opts: { dataDir: string; staticDir: string; tokenTtl?: number }): Promise<ServerProcess> {
  const args = [path.join(ROOT, 'server/main.ts'), '--port', '0', '--host', '127.0.0.1', '--data', opts.dataDir, '--static', opts.staticDir, '--no-seed'];
  if (opts.tokenTtl) args.push('--token-ttl', String(opts.tokenTtl));
  return spawnListening(args);
}

/** Runs a TypeScript entry point with tsx and waits for it to print "listening on http://…". */
export async function spawnListening(args: string[]): Promise<ServerProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (d: Buffer) => {
      output += d.toString();
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  // keep draining its output so it never blocks on a full pipe
  proc.stdout!.resume();
  proc.stderr!.resume();
  return {
    url,
    proc,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        const kill = setTimeout(() => proc.kill('SIGKILL'), 5000);
        proc.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        proc.kill('SIGTERM');
      }),
  };
}

export interface Session {
  token: string;
  user: unknown;
  reply: { user: Record<string, unknown>; token: { jwt: string; expire: number } };
}

/** Logs in through the API (the rate limit allows 20 a minute: benchmarks log in once or twice). */
export async function apiLogin(url: string, who: { username: string; password: string }): Promise<Session> {
  const res = await fetch(`${url}/be/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: who.username, password: who.password, deviceName: '' }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const reply = (await res.json()) as Session['reply'];
  return { token: reply.token.jwt, user: reply.user, reply };
}

export async function apiGet<T>(url: string, token: string, p: string): Promise<T> {
  const res = await fetch(`${url}/be/${p}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function apiPost<T>(url: string, token: string, p: string, body: unknown): Promise<T> {
  const res = await fetch(`${url}/be/${p}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The end of a browser benchmark: the browser closed, the server stopped, its copy of out/ and its data removed. */
export async function tearDown(o: { browser: { close(): Promise<void> }; server: ServerProcess; staticDir: string; dataDir: string }) {
  await o.browser.close();
  await o.server.stop();
  rmrf(path.dirname(o.staticDir));
  rmrf(o.dataDir);
}
