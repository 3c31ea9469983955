/**
 * `npm run server -- <command>`: user management, demo data, reset, serve.
 * Prompt-free; exits non-zero with usage text on bad arguments.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { generatePassword } from './auth/password';
import { SECRET_FILE } from './auth/jwt';
import { BLOB_DIR, collectGarbage } from './db/blob-store';
import { DB_FILE, openDb, wipeDb } from './db/schema';
import { listDevices, registerDevice, removeDevice } from './db/devices';
import { addUser, findUserByName, listUsers, setDisabled, setPassword, USERNAME_PATTERN } from './db/users';
import { ReferenceStore } from './reference';
import { seedDemoData, DEMO_USERS } from './seed/index';
import { runServe } from './serve';
import { sessionCommand } from './auth/session-command';
import { confusableWith, normaliseDeviceName } from './auth/device-name';
import { backupCommand, restoreCommand, verifyCommand } from './ops/commands';
import { auditCommand, draftsCommand, purgeKeptDrafts } from './ops/record-commands';

const USAGE = `Usage: npm run server -- <command> [options]

Commands:
  user add <username> --name "Full Name" [--device NAME] [--password P]
                         create an inspector (a password is generated and printed when none is given)
  user list              list the users
  user passwd <username> [--password P]
                         set a new password (generated and printed when none is given);
                         every session of the user ends (the app asks for the new password)
  user disable <username>
                         refuse the user's logins and end every session of theirs
  user enable <username> let a disabled user sign in again
  device add <tablet> --user <username>
                         register a tablet to an inspector, moving it from whoever had it
                         (their sessions on it end; reports it holds stay held by it)
  device list            list the tablets and their inspectors
  device remove <tablet> unregister a tablet (its sessions end; the next login naming it registers it)
  session list [--all]   list the open sessions: id, user, tablet, sign-in, last refresh, expiry, address
                         (--all: ended and expired ones too)
  session end <id>       end one session (its id, or the start of it): its tokens are refused at once
  seed [--force] [--today YYYY-MM-DD] [--seed N]
                         create the demo data if missing; --force wipes everything and seeds again
  gc [--grace-minutes N] [--drafts-retention-days D]
                         delete stored file bytes that no file, announcement or kept save references, and
                         temporary or unlisted files of the blob store older than N minutes (default 60);
                         with --drafts-retention-days, first the other tablets' kept saves older than D days
  audit <report>|all [--json]
                         the report's audit log: every claim, reclaim, release, save, upload and submission
                         (user, tablet, time, what changed); nothing deletes it
  drafts <report> [--show ID [--out DIR]]
                         the tablets' last saves kept when another tablet reclaimed, saved over or released
                         the report; --show prints one, --out also writes its parts and received files
  reset --yes            delete the database, the stored file bytes and the JWT secret
  serve [options]        start the server (same options as npm run serve; see serve --help)
  backup <dir> [--link-dest PREVIOUS]
                         copy the database (SQLite online backup), the stored files and the JWT secret
                         into <dir> (new or empty) with a manifest of SHA-256 hashes; safe while the server
                         runs. --link-dest: hard-link the stored files a previous backup already holds
  restore <dir> [--force]
                         check the backup in <dir> against its manifest and restore it as the data
                         directory; a non-empty one is refused unless --force (it is then kept aside as
                         <data>.before-restore-<time>). Stop the server first
  verify [--allow-orphans]
                         check the data directory: every stored file has its bytes with the right hash,
                         every file and form points at stored bytes, no bytes that nothing lists
                         (--allow-orphans: complete leftovers of a crash are warnings); exit 1 on a problem

Common option:
  --data DIR             data directory (DATA_DIR, default ./data)

npm run seed is "server seed".`;

class Usage extends Error {}

function dataDirOf(value: string | undefined): string {
  return path.resolve(value ?? process.env.DATA_DIR ?? 'data');
}

function parse(args: string[], options: NonNullable<ParseArgsConfig['options']>, positionals: number) {
  try {
    const r = parseArgs({ args, options: { ...options, data: { type: 'string' } }, strict: true, allowPositionals: true });
    if (r.positionals.length !== positionals) {
      throw new Usage(`expected ${positionals} argument(s), got ${r.positionals.length}`);
    }
    return r as { values: Record<string, string | boolean | undefined>; positionals: string[] };
  } catch (e) {
    if (e instanceof Usage) throw e;
    throw new Usage((e as Error).message);
  }
}

const str = (v: string | boolean | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

async function userCommand(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'add') {
    const { values, positionals } = parse(rest, { name: { type: 'string' }, device: { type: 'string' }, password: { type: 'string' } }, 1);
    const username = positionals[0]!;
    const name = str(values.name);
    if (!name?.trim()) throw new Usage('user add needs --name "Full Name"');
    if (!USERNAME_PATTERN.test(username)) throw new Usage(`invalid username "${username}" (letters, digits, . _ -)`);
    const db = openDb(dataDirOf(str(values.data)));
    try {
      if (findUserByName(db, username)) throw new Usage(`user "${username}" already exists (use user passwd to change the password)`);
      const password = str(values.password) ?? generatePassword();
      const user = await addUser(db, { username, name: name.trim(), deviceName: str(values.device)?.trim() ?? '', password });
      console.log(`created user ${user.username} (id ${user.id}, "${user.name}", device "${user.device_name || '-'}")`);
      if (!str(values.password)) console.log(`password: ${password}`);
    } finally {
      db.close();
    }
    return;
  }
  if (sub === 'list') {
    const { values } = parse(rest, {}, 0);
    const db = openDb(dataDirOf(str(values.data)));
    try {
      const users = listUsers(db);
      if (!users.length) console.log('no users');
      for (const u of users) console.log(`${String(u.id).padStart(4)}  ${u.username.padEnd(16)} ${(u.device_name || '-').padEnd(14)} ${u.name}${u.disabled ? '  (disabled)' : ''}`);
    } finally {
      db.close();
    }
    return;
  }
  if (sub === 'passwd') {
    const { values, positionals } = parse(rest, { password: { type: 'string' } }, 1);
    const db = openDb(dataDirOf(str(values.data)));
    try {
      const password = str(values.password) ?? generatePassword();
      if (!(await setPassword(db, positionals[0]!, password))) throw new Usage(`no user "${positionals[0]}"`);
      console.log(`password of ${positionals[0]} changed`);
      if (!str(values.password)) console.log(`password: ${password}`);
    } finally {
      db.close();
    }
    return;
  }
  if (sub === 'disable' || sub === 'enable') {
    const { values, positionals } = parse(rest, {}, 1);
    const db = openDb(dataDirOf(str(values.data)));
    try {
      if (!setDisabled(db, positionals[0]!, sub === 'disable')) throw new Usage(`no user "${positionals[0]}"`);
      console.log(sub === 'disable' ? `${positionals[0]} disabled: every session ended, logins refused` : `${positionals[0]} enabled`);
    } finally {
      db.close();
    }
    return;
  }
  throw new Usage(sub ? `unknown user command "${sub}"` : 'user needs a command: add, list, passwd, disable or enable');
}

async function deviceCommand(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'add') {
    const { values, positionals } = parse(rest, { user: { type: 'string' } }, 1);
    // the name as listings will show it, and not one that looks like another tablet's
    const named = normaliseDeviceName(positionals[0]!);
    if (!named.ok) throw new Usage(`a tablet name may not hold control, invisible or text-direction characters${named.codePoint ? ` (found ${named.codePoint})` : ''}`);
    const name = named.name;
    if (!name || name.length > 100) throw new Usage('a tablet name has 1 to 100 characters');
    const username = str(values.user);
    if (!username) throw new Usage('device add needs --user <username>');
    const db = openDb(dataDirOf(str(values.data)));
    try {
      const similar = confusableWith(name, listDevices(db).map((d) => d.name));
      if (similar) throw new Usage(`tablet name "${name}" looks like the registered tablet "${similar}": choose a clearly different name`);
      const user = findUserByName(db, username);
      if (!user) throw new Usage(`no user "${username}"`);
      const before = registerDevice(db, name, user.id, new Date().toISOString());
      const from = before !== null && before !== user.id ? listUsers(db).find((u) => u.id === before)?.username : null;
      console.log(before === user.id ? `tablet "${name}" is already registered to ${user.username}` : from ? `tablet "${name}" moved from ${from} to ${user.username}` : `tablet "${name}" registered to ${user.username}`);
    } finally {
      db.close();
    }
    return;
  }
  if (sub === 'list') {
    const { values } = parse(rest, {}, 0);
    const db = openDb(dataDirOf(str(values.data)));
    try {
      const devices = listDevices(db);
      if (!devices.length) console.log('no tablets');
      for (const d of devices) console.log(`${d.name.padEnd(20)} ${d.username.padEnd(16)} ${d.registered_at}`);
    } finally {
      db.close();
    }
    return;
  }
  if (sub === 'remove') {
    const { values, positionals } = parse(rest, {}, 1);
    const db = openDb(dataDirOf(str(values.data)));
    try {
      if (!removeDevice(db, positionals[0]!)) throw new Usage(`no tablet "${positionals[0]}"`);
      console.log(`tablet "${positionals[0]}" unregistered`);
    } finally {
      db.close();
    }
    return;
  }
  throw new Usage(sub ? `unknown device command "${sub}"` : 'device needs a command: add, list or remove');
}

async function seedCommand(args: string[]): Promise<void> {
  const { values } = parse(args, { force: { type: 'boolean' }, today: { type: 'string' }, seed: { type: 'string' } }, 0);
  let today: Date | undefined;
  const t = str(values.today);
  if (t !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(t) || Number.isNaN(Date.parse(`${t}T12:00:00Z`))) throw new Usage('--today must be YYYY-MM-DD');
    today = new Date(`${t}T12:00:00Z`);
  }
  const s = str(values.seed);
  if (s !== undefined && !/^\d{1,9}$/.test(s)) throw new Usage('--seed must be a whole number');
  const db = openDb(dataDirOf(str(values.data)));
  try {
    const reports = (db.prepare('SELECT COUNT(*) AS n FROM reports').get() as { n: number }).n;
    const demoUsers = DEMO_USERS.filter((u) => findUserByName(db, u.username)).length;
    if (values.force) {
      wipeDb(db);
      console.log('database wiped');
    } else if (reports > 0 || demoUsers === DEMO_USERS.length) {
      console.log(`demo data already present (${reports} reports); use --force to wipe and seed again`);
      return;
    }
    const result = await seedDemoData(db, new ReferenceStore(), { today, seed: s !== undefined ? Number(s) : undefined, log: console });
    if (result.missingReference.length) console.log(`note: reference data missing, fall-backs used for: ${result.missingReference.join(', ')}`);
    console.log('\nDemo logins (username / password / device):');
    for (const u of DEMO_USERS) console.log(`  ${u.username.padEnd(8)} ${u.password.padEnd(13)} ${u.deviceName.padEnd(11)} ${u.name}`);
  } finally {
    db.close();
  }
}

function gcCommand(args: string[]): void {
  const { values } = parse(args, { 'grace-minutes': { type: 'string' }, 'drafts-retention-days': { type: 'string' } }, 0);
  const grace = str(values['grace-minutes']) ?? '60';
  if (!/^\d{1,6}$/.test(grace)) throw new Usage(`--grace-minutes must be a whole number of minutes, got "${grace}"`);
  const retention = str(values['drafts-retention-days']);
  if (retention !== undefined && !/^\d{1,5}$/.test(retention)) throw new Usage(`--drafts-retention-days must be a whole number of days, got "${retention}"`);
  const db = openDb(dataDirOf(str(values.data)));
  try {
    // kept saves of other tablets go only after the retention the operator gives
    const kept = purgeKeptDrafts(db, retention === undefined ? null : Number(retention));
    if (kept) console.log(kept);
    const r = collectGarbage(db, Number(grace) * 60_000);
    console.log(`gc: ${r.blobs} unreferenced stored file(s) and ${r.strays} stray or temporary file(s) deleted, ${(r.bytes / 2 ** 20).toFixed(1)} MiB freed`);
  } finally {
    db.close();
  }
}

function resetCommand(args: string[]): void {
  const { values } = parse(args, { yes: { type: 'boolean' } }, 0);
  const dir = dataDirOf(str(values.data));
  if (!values.yes) throw new Usage(`reset deletes the database and the JWT secret in ${dir}: add --yes to confirm`);
  if (!fs.existsSync(dir)) {
    console.log(`nothing to delete: ${dir} does not exist`);
    return;
  }
  const ours = [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, `${DB_FILE}-journal`, SECRET_FILE, BLOB_DIR];
  for (const name of ours) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) {
      fs.rmSync(file, { recursive: true });
      console.log(`deleted ${file}`);
    }
  }
  const left = fs.readdirSync(dir);
  if (left.length) console.log(`left untouched (not the server's): ${left.join(', ')}`);
  else fs.rmdirSync(dir);
  console.log('reset done: the next start creates a new database, secret and demo data');
}

async function main(argv: string[]): Promise<void> {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case 'user':
      return userCommand(rest);
    case 'device':
      return deviceCommand(rest);
    case 'session':
      return sessionCommand(rest, {
        parse: (a, o, n) => parse(a, o, n),
        dataDir: (values) => dataDirOf(str(values.data)),
        usage: (message) => new Usage(message),
        out: (line) => console.log(line),
      });
    case 'seed':
      return seedCommand(rest);
    case 'reset':
      return resetCommand(rest);
    case 'gc':
      return gcCommand(rest);
    case 'audit':
    case 'drafts': {
      const tools = {
        parse: (a: string[], o: NonNullable<ParseArgsConfig['options']>, n: number) => parse(a, o, n),
        dataDir: (values: Record<string, string | boolean | undefined>) => dataDirOf(str(values.data)),
        usage: (message: string) => new Usage(message),
        out: (line: string) => console.log(line),
      };
      return cmd === 'audit' ? auditCommand(rest, tools) : draftsCommand(rest, tools);
    }
    case 'backup': {
      const { values, positionals } = parse(rest, { 'link-dest': { type: 'string' } }, 1);
      return backupCommand(dataDirOf(str(values.data)), path.resolve(positionals[0]!), str(values['link-dest']));
    }
    case 'restore': {
      const { values, positionals } = parse(rest, { force: { type: 'boolean' } }, 1);
      return restoreCommand(path.resolve(positionals[0]!), dataDirOf(str(values.data)), !!values.force);
    }
    case 'verify': {
      const { values } = parse(rest, { 'allow-orphans': { type: 'boolean' } }, 0);
      return verifyCommand(dataDirOf(str(values.data)), !!values['allow-orphans']);
    }
    case 'serve':
      return runServe(rest);
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return;
    case undefined:
      throw new Usage('no command given');
    default:
      throw new Usage(`unknown command "${cmd}"`);
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  if (e instanceof Usage) {
    console.error(`error: ${e.message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error('error:', e instanceof Error ? e.message : e);
  process.exit(1);
});
