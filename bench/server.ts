/**
 * 8. The reference server under load (autocannon, 50 connections), on a data directory of 10,000
 * listing reports made by bench/lib/seed.ts in /tmp:
 *  - GET /be/offline-api/current-files (every report, validated against the contract on the way out,
 *    built once per change), and the same with the tag of the listing held (304, what each tablet's
 *    30 s refetch costs while nothing changed);
 *  - GET /be/reference_data/species;
 *  - claims with conflicts: two devices (amina's and rajesh's tablets, 25 connections each) claim the
 *    same notready reports in the same order, each report once per device: exactly one must win.
 * Limit: a bare node:http server (its own process, like the real one) answering the same paths with
 * the same bytes from memory, and POSTs with `1`.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import type { Pir } from '../lib/contract/index';
import { bytes, log, mdTable, ms, numArg, rmrf, stats, tmpDir, type Row } from './lib/common';
import { apiGet, apiLogin, copyStatic, spawnListening, startServerProcess, type ServerProcess } from './lib/server';
import { BENCH_USER, OTHER_USER, seedBenchData } from './lib/seed';

const REPORTS = 10_000;
const CONNECTIONS = 50;

/** One round: every connection asks once, all at the same moment (50 tablets syncing at once). */
async function round(url: string, p: string, token: string): Promise<Result> {
  return autocannon({ url: `${url}${p}`, connections: CONNECTIONS, amount: CONNECTIONS, timeout: 600, headers: { Authorization: `Bearer ${token}` } });
}

async function load(url: string, p: string, token: string, duration: number, extra: Record<string, string> = {}): Promise<Result> {
  const headers = { Authorization: `Bearer ${token}`, ...extra };
  // a short warm-up (JIT, SQLite page cache), then the measured run
  await autocannon({ url: `${url}${p}`, connections: CONNECTIONS, duration: 1, headers });
  return autocannon({ url: `${url}${p}`, connections: CONNECTIONS, duration, timeout: 60, headers });
}

interface ClaimRun {
  seconds: number;
  requests: number;
  wins: [number, number];
  conflicts: number;
  other: number;
  latencyP99: number;
  /** reports both devices asked for */
  contested: number;
  /** of those, how many had exactly one winner */
  oneWinner: number;
}

function shuffled(ids: number[], seed: number): number[] {
  const out = [...ids];
  let a = seed;
  for (let i = out.length - 1; i > 0; i--) {
    a = (a * 1103515245 + 12345) & 0x7fffffff;
    const j = a % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Waits until the server answers a small request quickly again (a previous run may have left work queued). */
async function settle(url: string, token: string) {
  for (let i = 0; i < 600; i++) {
    const t0 = performance.now();
    await fetch(`${url}/be/reference_data/purpose`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
    if (performance.now() - t0 < 50) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Two devices claim the same reports, each in its own random order, 25 connections each: about
 * half of each device's claims find the report already held by the other.
 */
async function claims(url: string, ids: number[], tokens: [string, string], devices: [string, string]): Promise<ClaimRun> {
  const wonBy = new Map<number, number[]>();
  const asked = [new Set<number>(), new Set<number>()];
  const counts = { wins: [0, 0] as [number, number], conflicts: 0, other: 0 };
  const t0 = performance.now();
  const runs = await Promise.all(
    [0, 1].map((d) => {
      const order = shuffled(ids, 17 + d);
      let next = 0;
      return autocannon({
        url,
        connections: CONNECTIONS / 2,
        amount: ids.length,
        timeout: 60,
        method: 'POST',
        headers: { Authorization: `Bearer ${tokens[d]!}`, 'content-type': 'application/json' },
        body: JSON.stringify({ deviceIdentifier: devices[d] }),
        requests: [
          {
            setupRequest: (req, context) => {
              const id = order[next++ % order.length]!;
              asked[d]!.add(id);
              context.id = id;
              return { ...req, path: `/be/offline-api/pir/${id}/device-claim` };
            },
            onResponse: (status, body, context) => {
              if (status !== 200) return void counts.other++;
              const v = Number(body);
              if (v === 0) counts.conflicts++;
              else {
                counts.wins[d]!++;
                const id = Number(context.id);
                wonBy.set(id, [...(wonBy.get(id) ?? []), d]);
              }
            },
          },
        ],
      });
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return {
    seconds,
    requests: runs.reduce((s, r) => s + r.requests.total, 0),
    ...counts,
    latencyP99: Math.max(...runs.map((r) => r.latency.p99)),
    contested: [...asked[0]!].filter((id) => asked[1]!.has(id)).length,
    oneWinner: [...asked[0]!].filter((id) => asked[1]!.has(id) && new Set(wonBy.get(id) ?? []).size === 1).length,
  };
}

/** Bare POST limit at the same concurrency. */
async function bareClaims(url: string, n: number): Promise<{ seconds: number; requests: number; latencyP99: number }> {
  const t0 = performance.now();
  const runs = await Promise.all(
    [0, 1].map(() => autocannon({ url: `${url}/be/offline-api/pir/1/device-claim`, connections: CONNECTIONS / 2, amount: n, method: 'POST', body: '{"deviceIdentifier":"X"}', headers: { 'content-type': 'application/json' } })),
  );
  return { seconds: (performance.now() - t0) / 1000, requests: runs.reduce((s, r) => s + r.requests.total, 0), latencyP99: Math.max(...runs.map((r) => r.latency.p99)) };
}

const rps = (r: Result) => r.requests.total / r.duration;

export async function run(): Promise<{ rows: Row[]; details: string }> {
  const duration = numArg('duration', 5);
  const staticDir = copyStatic();
  const dataDir = tmpDir('data-server');
  log(`seeding ${REPORTS} reports`);
  const seeded = await seedBenchData(dataDir, { reports: REPORTS });
  let server: ServerProcess | null = null;
  let bare: ServerProcess | null = null;
  const bodiesDir = tmpDir('bodies');
  try {
    server = await startServerProcess({ dataDir, staticDir });
    const a = await apiLogin(server.url, BENCH_USER);
    const b = await apiLogin(server.url, OTHER_USER);
    // the same bytes, for the bare server
    const paths = { files: '/be/offline-api/current-files', species: '/be/reference_data/species' };
    const spec: Record<string, { file: string; type: string }> = {};
    const sizes: Record<string, number> = {};
    for (const [k, p] of Object.entries(paths)) {
      const res = await fetch(`${server.url}${p}`, { headers: { Authorization: `Bearer ${a.token}` } });
      const buf = Buffer.from(await res.arrayBuffer());
      sizes[k] = buf.byteLength;
      const file = path.join(bodiesDir, `${k}.json`);
      fs.writeFileSync(file, buf);
      spec[p] = { file, type: res.headers.get('content-type') ?? 'application/json' };
    }
    fs.writeFileSync(path.join(bodiesDir, 'spec.json'), JSON.stringify(spec));
    bare = await spawnListening([path.join(import.meta.dirname, 'lib/bare-server.ts'), path.join(bodiesDir, 'spec.json')]);

    const listing = await apiGet<Pir[]>(server.url, a.token, 'offline-api/current-files');
    const claimable = listing.filter((r) => r.status === 'notready' && !r.claimedByDevice).map((r) => r.offlinePendingForms[0]?.id ?? r.id);

    // the small ones first: a run of current-files leaves the server busy for a while after it
    log(`GET reference_data/species (${bytes(sizes.species!)}) ×${CONNECTIONS} connections, ${duration} s`);
    const species = await load(server.url, paths.species, a.token, duration);
    const speciesBare = await load(bare.url, paths.species, a.token, duration);
    await settle(server.url, a.token);
    log(`claims: ${claimable.length} reports, two devices`);
    const claim = await claims(server.url, claimable, [a.token, b.token], [String(a.reply.user.deviceName), String(b.reply.user.deviceName)]);
    const claimBare = await bareClaims(bare.url, claimable.length);
    await settle(server.url, a.token);
    // one request at a time first: what one tablet waits for the listing on an idle server
    const alone: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await fetch(`${server.url}${paths.files}`, { headers: { Authorization: `Bearer ${a.token}` } }).then((r) => r.arrayBuffer());
      alone.push(performance.now() - t0);
    }
    const aloneMs = stats(alone).median;
    // each reply takes seconds to build: a timed run would only queue work (and a warm-up would leave
    // a backlog), so one round of 50 simultaneous requests, the server warmed by the requests above
    log(`GET current-files (${bytes(sizes.files!)}): one round of ${CONNECTIONS} simultaneous requests`);
    const files = await round(server.url, paths.files, a.token);
    const filesBare = await round(bare.url, paths.files, a.token);
    await settle(server.url, a.token);
    const etag = (await fetch(`${server.url}${paths.files}`, { method: 'GET', headers: { Authorization: `Bearer ${a.token}` } }).then(async (r) => (await r.arrayBuffer(), r.headers.get('etag')))) ?? '';
    log(`GET current-files unchanged (If-None-Match) ×${CONNECTIONS} connections, ${duration} s`);
    const unchanged = await load(server.url, paths.files, a.token, duration, { 'If-None-Match': etag });
    const unchangedBare = await load(bare.url, paths.files, a.token, duration, { 'If-None-Match': etag });
    // 3xx here can only be 304 Not Modified
    const notModified = unchanged['3xx'];
    const claimRate = claim.requests / claim.seconds;
    const bareRate = claimBare.requests / claimBare.seconds;
    const rows: Row[] = [
      {
        benchmark: `Server: GET current-files, ${REPORTS.toLocaleString('en')} reports (${bytes(sizes.files!)}), 50 conn.`,
        figure: `${rps(files).toFixed(2)} req/s, p99 ${ms(files.latency.p99)} (alone ${ms(aloneMs)})`,
        limit: `${rps(filesBare).toFixed(1)} req/s, p99 ${ms(filesBare.latency.p99)} (bare)`,
        ratio: `${(rps(filesBare) / rps(files)).toFixed(1)}× slower`,
        target: 'within 2× of the bare server',
        met: rps(filesBare) / rps(files) <= 2,
      },
      {
        benchmark: `Server: GET current-files unchanged (If-None-Match → 304), 50 conn.`,
        figure: `${rps(unchanged).toFixed(0)} req/s, p99 ${ms(unchanged.latency.p99)}; ${notModified} of ${unchanged.requests.total} answered 304`,
        limit: `${rps(unchangedBare).toFixed(0)} req/s, p99 ${ms(unchangedBare.latency.p99)} (bare)`,
        ratio: `${(rps(unchangedBare) / rps(unchanged)).toFixed(1)}× slower`,
        target: '≥ 2,000 req/s, every reply 304',
        met: rps(unchanged) >= 2000 && notModified === unchanged.requests.total,
      },
      {
        benchmark: `Server: GET reference_data/species (${bytes(sizes.species!)}), 50 conn.`,
        figure: `${rps(species).toFixed(0)} req/s, p99 ${ms(species.latency.p99)}`,
        limit: `${rps(speciesBare).toFixed(0)} req/s, p99 ${ms(speciesBare.latency.p99)} (bare)`,
        ratio: `${(rps(speciesBare) / rps(species)).toFixed(1)}× slower`,
        target: '–',
        met: null,
      },
      {
        benchmark: `Server: claims, 2 devices racing for ${claimable.length.toLocaleString('en')} reports`,
        figure: `${claimRate.toFixed(0)} claims/s, p99 ${ms(claim.latencyP99)}; ${claim.oneWinner}/${claim.contested} contested with one winner`,
        limit: `${bareRate.toFixed(0)} POST/s (bare)`,
        ratio: `${(bareRate / claimRate).toFixed(1)}× slower`,
        target: 'exactly one winner per report',
        met: claim.contested > 0 && claim.oneWinner === claim.contested && claim.other === 0,
      },
    ];
    const line = (label: string, r: Result) => [
      label,
      rps(r).toFixed(1),
      ms(r.latency.p50),
      ms(r.latency.p99),
      ms(r.latency.max),
      `${bytes(r.throughput.average)}/s`,
      String(r.errors + r.timeouts),
      String(r.non2xx),
    ];
    const d: string[] = [];
    d.push(
      `autocannon ${CONNECTIONS} connections, ${duration} s per run after a 1 s warm-up (current-files: one round of ${CONNECTIONS} simultaneous requests, req/s = ${CONNECTIONS} / the time the round took), from the benchmark's process; the server in its own process on the same 2 CPUs. ` +
        `Data: ${REPORTS} listing reports (${seeded.listingIds.length} generated, the demo's documents and pictures; seeded in ${(seeded.ms / 1000).toFixed(1)} s).`,
    );
    d.push('');
    d.push(
      mdTable(
        ['run', 'req/s', 'p50', 'p99', 'max', 'throughput', 'errors', 'non-2xx'],
        [line(`current-files (server), ${files.requests.total} in ${files.duration.toFixed(1)} s`, files), line(`current-files (bare, same bytes), ${filesBare.requests.total} in ${filesBare.duration.toFixed(1)} s`, filesBare), line('current-files unchanged, 304 (server)', unchanged), line('current-files unchanged, 304 (bare)', unchangedBare), line('species (server)', species), line('species (bare, same bytes)', speciesBare)],
      ),
    );
    d.push('');
    d.push(
      `current-files alone (one request at a time, idle server, the first one after the claims builds the listing): ${alone.map((x) => ms(x)).join(', ')}. ` +
        'The listing is built once per change of the reports or their files (read 10,000 rows, parse, validate against the contract, serialise, hash) and kept; the 50 simultaneous requests are then answered with its bytes, and the bare server is limited, like the real one, by autocannon reading 27 MB bodies.',
    );
    d.push('');
    d.push(
      `Claims: ${claim.requests} requests in ${claim.seconds.toFixed(2)} s (${claimRate.toFixed(0)}/s, p99 ${ms(claim.latencyP99)}); ` +
        `device A won ${claim.wins[0]}, device B won ${claim.wins[1]}, ${claim.conflicts} answered 0 (held by the other), ${claim.other} errors; ` +
        `${claim.contested} reports asked for by both devices, ${claim.oneWinner} of them with exactly one winner. Bare POST limit: ${claimBare.requests} in ${claimBare.seconds.toFixed(2)} s, p99 ${ms(claimBare.latencyP99)}.`,
    );
    return { rows, details: d.join('\n') };
  } finally {
    await server?.stop();
    await bare?.stop();
    rmrf(path.dirname(staticDir));
    rmrf(dataDir);
    rmrf(bodiesDir);
  }
}
