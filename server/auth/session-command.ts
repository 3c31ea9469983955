/**
 * `npm run server -- session list [--all]` and `session end <id>`: the operator sees
 * who is signed in on which tablet, and ends one session. Its tokens are refused from the next request
 * on (401 SESSION_EXPIRED): the app asks for the password again and keeps its local work.
 */
import { openDb } from '../db/schema';
import { endSession, findSession, listSessions, resolveSessionId, type ListedSession } from '../db/sessions';

export interface CliTools {
  parse(args: string[], options: Record<string, { type: 'string' | 'boolean' }>, positionals: number): { values: Record<string, string | boolean | undefined>; positionals: string[] };
  dataDir(values: Record<string, string | boolean | undefined>): string;
  usage(message: string): Error;
  out(line: string): void;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const short = (s: string | null) => (s ? s.replace(/\.\d{3}Z$/, 'Z') : '-');

function state(s: ListedSession, now: number): string {
  if (s.ended_at) return `ended ${short(s.ended_at)} (${s.ended_by ?? '?'})`;
  if (s.expires_at <= now) return 'expired';
  return s.open ? 'open' : 'ended (password changed or user disabled)';
}

/**
 * Session ids are base64url, so one in 64 starts with "-": parseArgs would take it for an option and the
 * operator could not end that session. Every argument that is not `--data` (or its value) is taken as an id.
 */
function splitSessionId(args: string[]): { options: string[]; ids: string[] } {
  const options: string[] = [];
  const ids: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--data') {
      options.push(a, ...args.slice(i + 1, i + 2));
      i++;
    } else if (a.startsWith('--data=')) options.push(a);
    else if (a !== '--') ids.push(a);
  }
  return { options, ids };
}

export function sessionCommand(args: string[], tools: CliTools): void {
  const [sub, ...rest] = args;
  if (sub === 'list') {
    const { values } = tools.parse(rest, { all: { type: 'boolean' } }, 0);
    const db = openDb(tools.dataDir(values));
    try {
      const now = new Date();
      const sessions = listSessions(db, now, !!values.all);
      if (!sessions.length) tools.out(values.all ? 'no sessions' : 'no open sessions (--all lists ended and expired ones too)');
      else tools.out(`${'session'.padEnd(24)} ${'user'.padEnd(14)} ${'tablet'.padEnd(18)} ${'signed in'.padEnd(21)} ${'last refresh'.padEnd(21)} ${'token expires'.padEnd(21)} ${'from'.padEnd(16)} state`);
      for (const s of sessions) {
        tools.out(
          `${s.id.padEnd(24)} ${s.username.padEnd(14)} ${s.device.padEnd(18)} ${short(s.created_at).padEnd(21)} ${short(s.last_refresh_at).padEnd(21)} ${iso(s.expires_at).padEnd(21)} ${(s.address ?? '-').padEnd(16)} ${state(s, now.getTime())}`,
        );
      }
    } finally {
      db.close();
    }
    return;
  }
  if (sub === 'end') {
    const { options, ids } = splitSessionId(rest);
    const { values } = tools.parse(options, {}, 0);
    const [id] = ids;
    if (id === undefined || ids.length > 1) throw tools.usage(`session end takes one session id (or the start of it), got ${ids.length}`);
    const db = openDb(tools.dataDir(values));
    try {
      const found = resolveSessionId(db, id);
      if ('error' in found) throw tools.usage(found.error);
      const row = findSession(db, found.id)!;
      if (!endSession(db, found.id, 'operator', new Date())) {
        tools.out(`session ${found.id} had already ended (${short(row.ended_at)}, ${row.ended_by ?? '?'})`);
        return;
      }
      tools.out(`session ${found.id} ended (user id ${row.user_id}, tablet "${row.device}"): its tokens are refused from now on`);
    } finally {
      db.close();
    }
    return;
  }
  throw tools.usage(sub ? `unknown session command "${sub}"` : 'session needs a command: list or end');
}
