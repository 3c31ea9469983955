import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';

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
  const enKeys = flatten(en);
  const frKeys = flatten(fr);

  it('English and French have exactly the same keys', () => {
    expect([...frKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
  });

  it('no message is empty', () => {
    for (const [k, v] of [...enKeys, ...frKeys]) expect(v.trim(), k).not.toBe('');
  });

  it('each French message uses the same arguments as its English one', () => {
    for (const [k, v] of enKeys) expect(argumentsOf(frKeys.get(k) ?? ''), k).toEqual(argumentsOf(v));
  });
});
