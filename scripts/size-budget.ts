/**
 * `npm test` after the build: the scripts each page loads first stay under their ceilings
 * (bench/size-budget.json), so size is guarded by a number rather than by code bent around it.
 *
 *   node --import tsx scripts/size-budget.ts [out]
 */
import fs from 'node:fs';
import path from 'node:path';
import { firstScriptsGz } from '../bench/lib/first-scripts';

const root = path.resolve(import.meta.dirname, '..');
const out = process.argv[2] ?? path.join(root, 'out');
const { ceilingsKb } = JSON.parse(fs.readFileSync(path.join(root, 'bench/size-budget.json'), 'utf8')) as { ceilingsKb: Record<string, number> };

let over = 0;
for (const [page, ceiling] of Object.entries(ceilingsKb)) {
  const kb = firstScriptsGz(out, page) / 1024;
  const ok = kb <= ceiling;
  if (!ok) over++;
  console.log(`${ok ? '✔' : '✖'} ${page}: first scripts ${kb.toFixed(2)} KB gz (ceiling ${ceiling} KB)`);
}
if (over > 0) {
  console.error(`${over} page(s) over their ceiling: find what grew (node --import tsx bench/js-by-source.ts out <route>)`);
  process.exit(1);
}
