/** Issue 34 item 6: the systemd unit examples in docs/systemd parse and carry the settings docs/server.md promises. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve(import.meta.dirname, '../../docs/systemd');

type Unit = Record<string, Record<string, string[]>>;

/** A systemd unit file: sections of keys, each with its values in order (a key may repeat). */
function parseUnit(file: string): Unit {
  const unit: Unit = {};
  let section: string | null = null;
  let pending = '';
  for (const [i, raw] of fs.readFileSync(path.join(DIR, file), 'utf8').split('\n').entries()) {
    const line = pending + raw.trim();
    pending = '';
    if (line.endsWith('\\')) {
      pending = line.slice(0, -1) + ' ';
      continue;
    }
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const head = /^\[([A-Za-z]+)\]$/.exec(line);
    if (head) {
      section = head[1]!;
      unit[section] ??= {};
      continue;
    }
    const kv = /^([A-Za-z][A-Za-z0-9]*)=(.*)$/.exec(line);
    if (!kv || !section) throw new Error(`${file}:${i + 1}: not a key=value line in a section: ${raw}`);
    (unit[section]![kv[1]!] ??= []).push(kv[2]!);
  }
  return unit;
}

const one = (u: Unit, s: string, k: string) => {
  const v = u[s]?.[k];
  expect(v, `[${s}] ${k}`).toBeDefined();
  return v![v!.length - 1]!;
};
const env = (u: Unit) => Object.fromEntries((u.Service?.Environment ?? []).map((e) => e.split('=', 2) as [string, string]));

describe('docs/systemd', () => {
  const server = parseUnit('pir-server.service');
  const backup = parseUnit('pir-backup.service');
  const timer = parseUnit('pir-backup.timer');

  it('the server: restarts on failure, runs as its own user, keeps its data folder private', () => {
    expect(one(server, 'Service', 'Restart')).toBe('on-failure');
    expect(one(server, 'Service', 'User')).toBe('pir');
    expect(one(server, 'Service', 'Group')).toBe('pir');
    expect(one(server, 'Service', 'ExecStart')).toMatch(/node --import tsx server\/main\.ts$/);
    expect(one(server, 'Service', 'StateDirectory')).toBe('pir');
    expect(one(server, 'Service', 'StateDirectoryMode')).toBe('0700');
    expect(one(server, 'Service', 'UMask')).toBe('0077');
    expect(env(server).DATA_DIR).toBe('/var/lib/pir');
    expect(one(server, 'Service', 'ReadWritePaths').split(/\s+/)).toContain('/var/lib/pir');
    expect(one(server, 'Service', 'ProtectSystem')).toBe('strict');
    expect(one(server, 'Service', 'NoNewPrivileges')).toBe('yes');
    expect(env(server).SEED).toBe('0');
    expect(env(server).METRICS_PORT).toMatch(/^\d+$/);
    // started means answering: the health endpoint on the port it listens on
    expect(one(server, 'Service', 'ExecStartPost')).toContain(`http://127.0.0.1:${env(server).PORT}/be/health`);
    expect(one(server, 'Install', 'WantedBy')).toBe('multi-user.target');
  });

  it('the backup: a oneshot of server backup and verify, as the same user, on the same data folder', () => {
    expect(one(backup, 'Service', 'Type')).toBe('oneshot');
    expect(one(backup, 'Service', 'User')).toBe(one(server, 'Service', 'User'));
    expect(env(backup).DATA_DIR).toBe(env(server).DATA_DIR);
    const exec = backup.Service!.ExecStart!.join('\n');
    expect(exec).toMatch(/server\/cli\.ts backup /);
    expect(backup.Service!.ExecStartPost!.join('\n')).toMatch(/server\/cli\.ts verify/);
    // systemd expands % and $: literal ones are doubled
    for (const line of [...backup.Service!.ExecStart!, ...backup.Service!.ExecStartPost!]) {
      expect(line.replace(/%%/g, '')).not.toMatch(/%/);
      expect(line.replace(/\$\$/g, '')).not.toMatch(/\$/);
    }
    expect(one(backup, 'Service', 'ReadWritePaths').split(/\s+/)).toEqual(expect.arrayContaining([env(backup).DATA_DIR, env(backup).BACKUP_ROOT]));
    expect(one(backup, 'Service', 'UMask')).toBe('0077');
  });

  it('the timer: every 6 hours, catching up a missed run', () => {
    expect(one(timer, 'Timer', 'OnCalendar')).toBe('*-*-* 00/6:15:00 UTC');
    expect(one(timer, 'Timer', 'Persistent')).toBe('true');
    expect(one(timer, 'Timer', 'Unit')).toBe('pir-backup.service');
    expect(one(timer, 'Install', 'WantedBy')).toBe('timers.target');
  });

  it('systemd itself finds no unknown key (when systemd-analyze is installed)', () => {
    const r = spawnSync('systemd-analyze', ['verify', '--man=no', 'pir-server.service', 'pir-backup.service', 'pir-backup.timer'], { cwd: DIR, encoding: 'utf8' });
    if (r.error) return; // not installed here
    expect(r.stderr).not.toMatch(/Unknown key|Unknown section|Failed to parse|Invalid/);
    const cal = spawnSync('systemd-analyze', ['calendar', one(timer, 'Timer', 'OnCalendar')], { encoding: 'utf8' });
    expect(cal.status, cal.stderr).toBe(0);
  });
});
