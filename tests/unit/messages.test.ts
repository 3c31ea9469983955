import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import enScreens from '@/messages/screens/en.json';
import frScreens from '@/messages/screens/fr.json';

function flatten(o: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(o)) {
    if (v && typeof v === 'object') for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
    else out.set(`${prefix}${k}`, String(v));
  }
  return out;
}

/** ICU arguments used by a message: {name} and {count, plural, ...}. */
function argumentsOf(message: string): string[] {
  return [...message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((m) => m[1]!).filter((a, i, all) => all.indexOf(a) === i).sort();
}

describe('translations', () => {
  // Two bundles per language: the messages every screen needs, and the screen messages (lib/i18n/messages.ts).
  const bundles = [
    { name: 'messages/{en,fr}.json', en: flatten(en), fr: flatten(fr) },
    { name: 'messages/screens/{en,fr}.json', en: flatten(enScreens), fr: flatten(frScreens) },
  ];

  it.each(bundles)('English and French have exactly the same keys in $name', (b) => {
    expect([...b.fr.keys()].sort()).toEqual([...b.en.keys()].sort());
  });

  it('the two bundles share no namespace (merging one into the other hides nothing)', () => {
    expect(Object.keys(enScreens).filter((ns) => ns in en)).toEqual([]);
    expect(Object.keys(frScreens).filter((ns) => ns in fr)).toEqual([]);
  });

  it('no message is empty', () => {
    for (const b of bundles) for (const [k, v] of [...b.en, ...b.fr]) expect(v.trim(), k).not.toBe('');
  });

  it('each French message uses the same arguments as its English one', () => {
    for (const b of bundles) for (const [k, v] of b.en) expect(argumentsOf(b.fr.get(k) ?? ''), k).toEqual(argumentsOf(v));
  });

  it('screen namespaces are used only by the screens that load them', () => {
    // The report routes (app/pir/[id]/layout.tsx) and the export dialogs (components/export/data-actions.tsx)
    // sit inside <ScreenMessages>; the reports list, calendar, login and app shell do not.
    const namespaces = Object.keys(enScreens).join('|');
    const use = new RegExp(`useTranslations\\(['"\`](${namespaces})\\b|['"\`](${namespaces})\\.[A-Za-z]`);
    const allowed = /^(components\/(pir|vessel|export|forms)|lib\/(inspection|export|media|report-pdf))\//;
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(e.name) && !allowed.test(p.split(path.sep).join('/')) && use.test(fs.readFileSync(p, 'utf8'))) offenders.push(p);
      }
    };
    for (const dir of ['app', 'components', 'lib']) walk(dir);
    expect(offenders).toEqual([]);
  });
});
