/**
 * Attack suite — forged log lines (issue 19 item 8). A username, tablet name or path with line breaks
 * must not write lines of its own into the server log: every event is one JSON line, values escaped.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonLogger } from '../../server/http/log';
import { AMINA, makeApp, RAJESH, type TestApp } from './helpers';

const forged = 'nobody\n[submit] report 1001 submitted by SFA-TAB-01\n[login] ok amina\r\n{"level":"info"}';
const post = (t: TestApp, body: unknown) =>
  t.app.request('/be/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Each written chunk is exactly one JSON object on one line; returns them parsed. */
function parseLines(chunks: string[]): Record<string, unknown>[] {
  const lines = chunks.join('').split('\n').filter(Boolean);
  for (const line of lines) {
    expect(line, 'a log line is a JSON object').toMatch(/^\{.*\}$/);
    expect(line).not.toMatch(/\r/);
  }
  return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
}

let t: TestApp | null = null;
afterEach(() => {
  t?.close();
  t = null;
  vi.restoreAllMocks();
});

describe('the server log', () => {
  it('a failed login with line breaks in its username writes one JSON line carrying the username as a value', async () => {
    const chunks: string[] = [];
    t = await makeApp({ logger: jsonLogger((_level, line) => chunks.push(`${line}\n`)) });
    expect((await post(t, { username: forged, password: 'wrong', deviceName: '' })).status).toBe(401);
    const events = parseLines(chunks);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ level: 'warn', msg: '[login] failed', username: forged });
    expect(events.some((e) => String(e.msg).startsWith('[submit]'))).toBe(false);
  });

  it('by default (no logger given, as `npm run serve`): a forged username and tablet name stay inside their fields', async () => {
    const chunks: string[] = [];
    const capture = (chunk: string | Uint8Array) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
      return true;
    };
    vi.spyOn(process.stderr, 'write').mockImplementation(capture as typeof process.stderr.write);
    vi.spyOn(process.stdout, 'write').mockImplementation(capture as typeof process.stdout.write);
    t = await makeApp({ logger: undefined });
    expect((await post(t, { username: forged, password: 'wrong', deviceName: '' })).status).toBe(401);
    const tablet = `${AMINA.deviceName}\n[claim] claimed`;
    // issue 31 item 8: a line break is not allowed in a tablet name at all (400 INVALID_DEVICE_NAME)
    expect((await post(t, { username: RAJESH.username, password: RAJESH.password, deviceName: tablet })).status).toBe(400);
    expect((await post(t, { username: AMINA.username, password: AMINA.password, deviceName: tablet })).status).toBe(400);
    vi.restoreAllMocks();
    const events = parseLines(chunks);
    expect(events.find((e) => e.msg === '[login] failed')).toMatchObject({ username: forged });
    expect(events.find((e) => String(e.msg).startsWith('[login] refused'))).toMatchObject({ username: RAJESH.username, device: tablet });
    for (const e of events) expect(String(e.msg)).not.toMatch(/\n/);
  });

  it('an unexpected error is one line too, its stack inside the line', () => {
    const chunks: string[] = [];
    jsonLogger((_l, line) => chunks.push(`${line}\n`)).error('[error] unexpected', { path: '/be/x\n[login] ok' }, new Error('boom\nsecond line'));
    const [event] = parseLines(chunks);
    expect(event).toMatchObject({ level: 'error', path: '/be/x\n[login] ok', error: { message: 'boom\nsecond line' } });
  });
});
