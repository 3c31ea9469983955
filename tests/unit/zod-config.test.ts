/**
 * The app's Content-Security-Policy forbids eval; zod probes for it on its first parse unless it is
 * set up jitless first (lib/contract/zod-config.ts). Every module of the app that imports zod must
 * import that set-up before it, so no schema can exist, or parse, before the set-up has run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

describe('zod is set up for the Content-Security-Policy before any schema', () => {
  const files = ['app', 'components', 'features', 'lib'].flatMap(sources).filter((f) => f !== path.join('lib', 'contract', 'zod-config.ts'));
  const importing = files.filter((f) => /^import \{[^}]*\} from 'zod';$/m.test(fs.readFileSync(path.join(root, f), 'utf8')));

  it('finds the modules that import zod (the contract and the step forms)', () => {
    expect(importing).toContain(path.join('lib', 'contract', 'entities.ts'));
    expect(importing.some((f) => f.startsWith(path.join('features', 'inspection', 'model', 'definitions')))).toBe(true);
  });

  it.each(importing)('%s imports the set-up first', (file) => {
    const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
    const setUp = lines.findIndex((l) => /^import '(\.\/|@\/lib\/contract\/)zod-config';$/.test(l));
    const zod = lines.findIndex((l) => /^import \{[^}]*\} from 'zod';$/.test(l));
    expect(setUp, 'no import of the zod set-up').toBeGreaterThanOrEqual(0);
    expect(setUp).toBeLessThan(zod);
  });
});
