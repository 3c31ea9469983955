/**
 * 11. The long crash test (bench/lib/crash.ts): at least 50 SIGKILLs of the server
 * while 3 tablets claim, save, upload and submit through the HTTP API.
 *
 *   npm run bench:crash [-- --kills 50 --seed N]     (records bench/results.json and bench/RESULTS.md)
 */
import { log, numArg, type Row } from './lib/common';
import { describeResult, runCrashTest } from './lib/crash';

export async function run(): Promise<{ rows: Row[]; details: string }> {
  const kills = numArg('kills', 50);
  const seed = numArg('seed', Math.floor(Math.random() * 1e6));
  const r = await runCrashTest({ kills, seed, log: (l) => log(l) });
  const summary = describeResult(r);
  log(summary);
  const rows: Row[] = [
    {
      benchmark: 'Crash test: kills survived, everything acknowledged intact',
      figure: `${r.kills} SIGKILLs, ${r.acked.submits} submissions, ${r.acked.uploads} uploads acknowledged; ${r.failures.length} failure(s)`,
      limit: '–',
      ratio: '–',
      target: 'every check passes',
      met: r.failures.length === 0 && r.kills >= 50,
    },
  ];
  const details = [
    `Seed ${r.seed}, ${r.kills} kills, ${r.seconds.toFixed(0)} s. 3 tablets (the demo accounts) through the real HTTP API, each taking notready reports in turn: claim, extended info, 1 or 2 saves (30 %: a second save replacing the first's files) announcing 1–3 JPEG pictures of 20–400 KB, a PDF and 2 signatures, the uploads, complete-submit (the server renders the PIR PDF). The server (server/main.ts, its own process) is killed with SIGKILL after 300–4000 ms of running (counted from its health check answering 200, which also starts a PDF worker), at random; every call that failed on the dead server is retried by its tablet with the same Idempotency-Key until it succeeds.`,
    '',
    `After every kill, with the server down, the data folder is checked read-only against every acknowledgement (claims held, the acknowledged save in place or replaced only by one in flight, each acknowledged upload recorded with its bytes, each acknowledged submission whole: status, one PIR form, one PDF, its files with the uploaded hashes), \`verify\` runs (every listed file hashed, every link resolved; complete orphans and temporary upload files counted as leftovers), and nothing is duplicated; after the restart the listing must show every acknowledged submission as submitted. At the end every report a tablet started must be submitted.`,
    '',
    `Calls in progress at the kills (a call waiting to be retried counts): ${r.inFlightAtKills} in total; retries: ${r.retries}; leftover warnings (complete orphan files or temporary files, removed by \`server gc\`): ${r.leftovers}. Acknowledged: ${JSON.stringify(r.acked)}.`,
    '',
    r.failures.length ? `**Failures**:\n\n${r.failures.slice(0, 30).map((f) => `- ${f}`).join('\n')}` : 'No failure.',
    '',
    'What a SIGKILL does not test: a power cut also loses what the kernel had not yet written to the disk. Against that the server relies on `synchronous = FULL` and the fsync of every file and folder before the reply (measured in 10.), not tested here by pulling a plug.',
    '',
    `\`${summary}\``,
  ].join('\n');
  return { rows, details };
}
