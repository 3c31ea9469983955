/** bench/results.json (the latest result of each benchmark) and bench/RESULTS.md made from it. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { type BenchResult, type Row, RESULTS_JSON, RESULTS_MD } from './common';
import { CHROMIUM } from './browser';

export interface Machine {
  cpu: string;
  cores: number;
  ramGb: number;
  node: string;
  chromium: string;
  os: string;
}

export function machine(): Machine {
  let chromium = 'unknown';
  try {
    chromium = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // not installed
  }
  let osName = `${os.type()} ${os.release()}`;
  try {
    const rel = fs.readFileSync('/etc/os-release', 'utf8');
    osName = /PRETTY_NAME="([^"]+)"/.exec(rel)?.[1] ?? osName;
  } catch {
    // not Linux
  }
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.cpus().length,
    ramGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    chromium,
    os: osName,
  };
}

export function readResults(): Record<string, BenchResult> {
  try {
    return JSON.parse(fs.readFileSync(RESULTS_JSON, 'utf8')) as Record<string, BenchResult>;
  } catch {
    return {};
  }
}

export function saveResult(result: BenchResult) {
  const all = readResults();
  all[result.name] = result;
  fs.writeFileSync(RESULTS_JSON, JSON.stringify(all, null, 2) + '\n');
}

const metText = (m: boolean | null) => (m === null ? '–' : m ? 'yes' : 'NO');

/** The one table, for the terminal. */
export function printTable(rows: Row[]): string {
  const headers = ['benchmark', 'figure', 'limit', 'ratio', 'target', 'met?'];
  const cells = rows.map((r) => [r.benchmark, r.figure, r.limit, r.ratio, r.target, metText(r.met)]);
  const widths = headers.map((h, i) => Math.min(i === 1 || i === 2 ? 48 : 60, Math.max(h.length, ...cells.map((c) => c[i]!.length))));
  const cut = (s: string, w: number) => (s.length > w ? s.slice(0, w - 1) + '…' : s.padEnd(w));
  const line = (c: string[]) => c.map((x, i) => cut(x, widths[i]!)).join(' │ ');
  return [line(headers), widths.map((w) => '─'.repeat(w)).join('─┼─'), ...cells.map(line)].join('\n');
}

const ORDER = ['js-size', 'startup', 'persistence', 'prepare', 'submit', 'search', 'export', 'inspection', 'server', 'durability', 'crash', 'capacity', 'lighthouse'];

export function sorted(all: Record<string, BenchResult>): BenchResult[] {
  return Object.values(all).sort((a, b) => (ORDER.indexOf(a.name) + 100) % 100 - ((ORDER.indexOf(b.name) + 100) % 100));
}

const NOTES_START = '<!-- notes: kept when RESULTS.md is written again; update them by hand -->';
const NOTES_END = '<!-- /notes -->';

/** The hand-written notes of the current RESULTS.md (what the figures mean, what to fix). */
function keptNotes(): string {
  try {
    const old = fs.readFileSync(RESULTS_MD, 'utf8');
    const a = old.indexOf(NOTES_START);
    const b = old.indexOf(NOTES_END);
    if (a >= 0 && b > a) return old.slice(a + NOTES_START.length, b).trim();
  } catch {
    // first run
  }
  return '_No notes yet: add what the figures mean and what to fix here._';
}

export function writeMarkdown(all: Record<string, BenchResult>, m: Machine) {
  const notes = keptNotes();
  const list = sorted(all);
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const lines: string[] = [];
  lines.push('# Benchmark results');
  lines.push('');
  lines.push('Made by `npm run bench` (`npm run bench -- <name>` runs one: ' + ORDER.join(', ') + '). Each benchmark runs the real app');
  lines.push('(the static export in `out/`, served by the reference server from `server/`, in headless Chromium) and');
  lines.push('compares it, in the same run, with the closest physical limit on this machine. Figures are medians with');
  lines.push('their interquartile range [p25–p75] unless said otherwise.');
  lines.push('');
  lines.push(`Written ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC.`);
  lines.push('');
  lines.push('## Machine');
  lines.push('');
  lines.push(`- CPU: ${m.cpu}, ${m.cores} cores; RAM: ${m.ramGb} GB; ${m.os}`);
  lines.push(`- Node ${m.node}; ${m.chromium} (headless, \`--disable-gpu\`)`);
  lines.push('- **Shared machine**: other engineers run builds and browser tests on the same 2 CPUs at the same time, so');
  lines.push('  absolute times are noisy and slower than on a quiet machine; the load average at the start and end of each');
  lines.push('  benchmark is given with it. Ratios against a limit measured in the same run are the steadier figures.');
  lines.push('');
  lines.push('## Summary');
  lines.push('');
  lines.push('| benchmark | figure | limit | ratio | target | met? |');
  lines.push('|---|---|---|---|---|---|');
  for (const r of list) for (const row of r.rows) lines.push(`| ${[row.benchmark, row.figure, row.limit, row.ratio, row.target, metText(row.met)].map(esc).join(' | ')} |`);
  lines.push('');
  const met = list.flatMap((r) => r.rows).filter((r) => r.met === true).length;
  const missed = list.flatMap((r) => r.rows).filter((r) => r.met === false);
  lines.push(`Targets met: ${met}; missed: ${missed.length}${missed.length ? ` (${missed.map((r) => r.benchmark).join('; ')})` : ''}.`);
  lines.push('');
  lines.push('## Findings');
  lines.push('');
  lines.push(NOTES_START);
  lines.push(notes);
  lines.push(NOTES_END);
  lines.push('');
  for (const r of list) {
    lines.push(`## ${r.title}`);
    lines.push('');
    lines.push(`Run ${r.date.replace('T', ' ').slice(0, 16)} UTC, ${r.seconds.toFixed(0)} s, load average ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)}, build \`${r.build ?? '?'}\`. Alone: \`npm run bench -- ${r.name}\`.`);
    lines.push('');
    lines.push(r.details.trim());
    lines.push('');
  }
  fs.writeFileSync(RESULTS_MD, lines.join('\n'));
}
