/** The operator's data-folder commands (`npm run server -- backup | restore | verify`), called by server/cli.ts. */
import { backupDataDir, restoreDataDir } from './backup';
import { verifyDataDir } from './verify';

const out = { info: (line: string) => console.log(line) };

export async function backupCommand(dataDir: string, outDir: string, linkDest?: string): Promise<void> {
  await backupDataDir(dataDir, outDir, out, linkDest);
}

export function restoreCommand(backupDir: string, dataDir: string, force: boolean): void {
  restoreDataDir(backupDir, dataDir, { force, log: out });
}

/** Prints what it found; exits 1 when a problem was found. */
export function verifyCommand(dataDir: string, allowCompleteOrphans: boolean): void {
  const r = verifyDataDir(dataDir, { allowCompleteOrphans });
  const c = r.counts;
  for (const w of r.warnings) console.log(`warning: ${w}`);
  for (const p of r.problems.slice(0, 200)) console.log(`PROBLEM: ${p}`);
  if (r.problems.length > 200) console.log(`… and ${r.problems.length - 200} more`);
  console.log(
    `verify ${dataDir}: ${c.reports} reports, ${c.files} files, ${c.blobs} stored files (${(c.bytes / 2 ** 20).toFixed(1)} MiB, every hash checked), ${c.links} links: ` +
      (r.ok ? 'OK' : `${r.problems.length} problem(s)`),
  );
  if (!r.ok) process.exitCode = 1;
}
