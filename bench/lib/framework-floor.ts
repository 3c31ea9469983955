/**
 * The framework floor: a page with nothing but Next and React (the app's versions, its static export,
 * one client component hydrated), built from bench/framework-floor. What any page of this stack
 * costs before the app adds anything: the limit for the JS shipped and the Lighthouse benchmarks.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { log, ROOT } from './common';

const SOURCE = path.join(ROOT, 'bench/framework-floor');
/** Under the repository (Next resolves its packages from the root's node_modules), ignored by git. */
const BUILD_DIR = path.join(ROOT, 'bench/.data/framework-floor');

let built: string | null = null;

/** Builds the floor page once per run; returns its exported directory. */
export function frameworkFloorOut(): string {
  if (built) return built;
  log('building the framework floor page (bare Next + React)');
  fs.rmSync(BUILD_DIR, { recursive: true, force: true });
  fs.cpSync(SOURCE, BUILD_DIR, { recursive: true });
  fs.writeFileSync(
    path.join(BUILD_DIR, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', lib: ['dom', 'esnext'], jsx: 'react-jsx', module: 'esnext', moduleResolution: 'bundler', strict: true, skipLibCheck: true, noEmit: true, isolatedModules: true, esModuleInterop: true },
      include: ['**/*.ts', '**/*.tsx'],
    }),
  );
  const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: BUILD_DIR,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', PIR_FLOOR_ROOT: ROOT },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`the framework floor did not build:\n${(r.stdout + r.stderr).slice(-2000)}`);
  built = path.join(BUILD_DIR, 'out');
  return built;
}
