/** The command-line entry points: server/cli.ts and server/main.ts, as separate processes. */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_FILE } from '../../server/auth/jwt';
import { DB_FILE } from '../../server/db/schema';
import { DEMO_USERS, tempDir } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
let dir: string;

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, DATA_DIR: dir } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(() => {
  dir = tempDir('pir-cli-');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('cli.ts', { timeout: 90_000 }, () => {
  it('bad arguments: usage text and a non-zero exit', () => {
    for (const args of [[], ['frobnicate'], ['user'], ['user', 'add'], ['user', 'add', 'bob'], ['user', 'add', 'bob', '--name', 'Bob', '--colour', 'red'], ['seed', '--today', 'tomorrow'], ['reset']]) {
      const r = cli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toContain('Usage: npm run server');
    }
  });

  it('user add / list / passwd', () => {
    const add = cli('user', 'add', 'ali', '--name', 'Ali Said', '--device', 'KM-TAB-07');
    expect(add.code).toBe(0);
    expect(add.out).toMatch(/created user ali/);
    expect(add.out).toMatch(/password: \S{10,}/);
    const fixed = cli('user', 'add', 'bea', '--name', 'Béatrice Lebon', '--password', 'secret-pass');
    expect(fixed.code).toBe(0);
    expect(fixed.out).not.toMatch(/password:/);
    expect(cli('user', 'add', 'ali', '--name', 'Again').code).toBe(2);
    const list = cli('user', 'list');
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/ali\s+KM-TAB-07\s+Ali Said/);
    expect(list.out).toMatch(/bea\s+-\s+Béatrice Lebon/);
    const pw = cli('user', 'passwd', 'bea');
    expect(pw.code).toBe(0);
    expect(pw.out).toMatch(/password: \S{10,}/);
    expect(cli('user', 'passwd', 'nobody', '--password', 'x').code).toBe(2);
    expect(cli('user', 'disable', 'bea').out).toMatch(/bea disabled/);
    expect(cli('user', 'list').out).toMatch(/bea\s+-\s+Béatrice Lebon\s+\(disabled\)/);
    expect(cli('user', 'enable', 'bea').code).toBe(0);
    expect(cli('user', 'disable', 'nobody').code).toBe(2);
  });

  it('device add / list / remove: a tablet belongs to one inspector, the operator moves it', () => {
    expect(cli('user', 'add', 'cid', '--name', 'Cid Moussa', '--device', 'KM-TAB-07', '--password', 'pw-cid-1234').code).toBe(1); // ali's tablet
    expect(cli('user', 'add', 'dan', '--name', 'Dan Ravo', '--password', 'pw-dan-1234').code).toBe(0);
    const moved = cli('device', 'add', 'KM-TAB-07', '--user', 'dan');
    expect(moved.code).toBe(0);
    expect(moved.out).toMatch(/moved from ali to dan/);
    expect(cli('device', 'add', 'KM-TAB-08', '--user', 'dan').out).toMatch(/registered to dan/);
    expect(cli('device', 'list').out).toMatch(/KM-TAB-07\s+dan[\s\S]*KM-TAB-08\s+dan/);
    expect(cli('device', 'remove', 'KM-TAB-08').code).toBe(0);
    expect(cli('device', 'list').out).not.toContain('KM-TAB-08');
    for (const args of [['device'], ['device', 'add', 'X'], ['device', 'add', 'X', '--user', 'nobody'], ['device', 'remove', 'nothing']]) expect(cli(...args).code, args.join(' ')).toBe(2);
  });

  it('seed, seed again (no-op), seed --force', () => {
    const first = cli('seed', '--today', '2026-03-10');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/30 reports/);
    for (const u of DEMO_USERS) expect(first.out).toContain(u.password);
    const again = cli('seed');
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/already present/);
    const force = cli('seed', '--force');
    expect(force.code).toBe(0);
    expect(force.out).toMatch(/wiped/);
    expect(cli('user', 'list').out).not.toContain('ali');
  });

  it('main.ts serves, prints the address and demo logins, stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', '0', '--data', dir, '--static', path.join(dir, 'no-out')], { cwd: ROOT });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const deadline = Date.now() + 20_000;
    while (!out.includes('Press Ctrl+C') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 100));
    expect(out).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(out).toContain('not built');
    for (const u of DEMO_USERS) expect(out).toContain(`${u.username.padEnd(8)} ${u.password}`);
    const url = /listening on (http:\/\/\S+)/.exec(out)![1]!;
    const res = await fetch(`${url}/be/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'amina', password: 'amina-demo', deviceName: '' }) });
    expect(res.status).toBe(200);
    const code = await new Promise<number | null>((resolve) => {
      child.on('exit', (c) => resolve(c));
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
    const mode = fs.statSync(path.join(dir, SECRET_FILE)).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it('main.ts refuses a bad port with usage text', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', 'eighty'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--port must be');
  });

  it('reset --yes deletes the database and the secret', () => {
    const r = cli('reset', '--yes');
    expect(r.code).toBe(0);
    expect(fs.existsSync(path.join(dir, DB_FILE))).toBe(false);
    expect(fs.existsSync(path.join(dir, SECRET_FILE))).toBe(false);
  });
});
