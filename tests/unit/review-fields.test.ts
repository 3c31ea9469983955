/**
 * Issue 33 item 1: each field is known once, in its step's description (`fields`), and the review
 * before signing (and so the signed PDF) reads it there.
 *
 * The review is recorded whole on a report with every field filled in (and one with nothing), raw
 * (`reviewContent`) and resolved in English and French. The record was written from the review as it
 * was when it guessed labels from field names (each row's label then recorded as the first of its
 * guessed keys that is an English message); the descriptions give the same, byte for byte.
 */
import { describe, expect, it } from 'vitest';
import enMessages from '@/messages/en.json';
import frMessages from '@/messages/fr.json';
import { STEP_NAMES } from '@/lib/contract/constants';
import { resolveReview, reviewContent } from '@/features/inspection/model/review';
import { isFormStep } from '@/lib/inspection/steps';
import { STEP_DEFINITIONS } from '@/features/inspection/model/definitions';
import type { Fields } from '@/features/inspection/model/step-definition';
import type { PreparedPir } from '@/features/inspection/model/definitions';
import { emptyExtended, report } from './fixtures/report';
import { reviewDeps } from './fixtures/review-deps';
import { fullReport } from './fixtures/full-report';

const deps = (locale: 'en' | 'fr') => reviewDeps(locale);

const emptyReport = () => report(3, 'inspecting', { extended: emptyExtended() }) as PreparedPir;

describe('the review, recorded', () => {
  for (const [name, make] of [
    ['full', fullReport],
    ['empty', emptyReport],
  ] as const) {
    it(`gives the same content for the ${name} report`, () => {
      expect(reviewContent(make())).toMatchSnapshot();
    });
    for (const locale of ['en', 'fr'] as const) {
      it(`gives the same words for the ${name} report in ${locale}`, () => {
        expect(resolveReview(reviewContent(make()), deps(locale))).toMatchSnapshot();
      });
    }
  }
});

/** Every message key a step's description makes the review show, with where it comes from. */
function describedKeys(fields: Fields, at: string, out: [string, string][]): [string, string][] {
  for (const [name, d] of Object.entries(fields)) {
    const path = at ? `${at}.${name}` : name;
    if (d.kind === 'hidden') continue;
    if (!(d.kind === 'group' && d.flat)) out.push([path, d.label]);
    if (d.kind === 'bool') for (const k of [d.yes, d.no]) if (k) out.push([path, k]);
    if (d.kind === 'choice') for (const k of Object.values(d.options)) out.push([path, k]);
    if (d.kind === 'group') describedKeys(d.fields, path, out);
    if (d.kind === 'list') {
      out.push([`${path}.*`, d.item]);
      describedKeys(d.entry, `${path}.*`, out);
    }
  }
  return out;
}

/** The paths of the values no description tells of (list entries as `*`). */
function undescribed(values: Record<string, unknown>, fields: Fields, at: string, out: Set<string>): Set<string> {
  for (const [name, v] of Object.entries(values)) {
    const path = at ? `${at}.${name}` : name;
    const d = fields[name];
    if (!d) out.add(path);
    else if (d.kind === 'group' && typeof v === 'object' && v !== null) undescribed(v as Record<string, unknown>, d.fields, path, out);
    else if (d.kind === 'list' && Array.isArray(v)) for (const e of v as Record<string, unknown>[]) undescribed(e, d.entry, `${path}.*`, out);
  }
  return out;
}

const isMessage = (messages: object, key: string) =>
  typeof key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], messages) === 'string';

describe('the steps’ field descriptions', () => {
  const steps = STEP_NAMES.filter(isFormStep);

  it('give every shown field (its label, each list’s entry title, each choice’s words) an English and a French message', () => {
    const missing: string[] = [];
    for (const step of steps) {
      const keys = describedKeys(STEP_DEFINITIONS[step].fields as Fields, '', [[step, `steps.${step}.title`]]);
      expect(keys.length, step).toBeGreaterThan(1);
      for (const [path, key] of keys) for (const [locale, messages] of [['en', enMessages], ['fr', frMessages]] as const) if (!isMessage(messages, key)) missing.push(`${step} ${path}: ${locale} ${key}`);
    }
    expect(missing).toEqual([]);
  });

  it('are the labels the review resolves', () => {
    const labels = new Set<string>();
    for (const step of steps) for (const [, key] of describedKeys(STEP_DEFINITIONS[step].fields as Fields, '', [])) labels.add(key);
    const rows = (nodes: ReturnType<typeof reviewContent>[number]['children']): string[] =>
      nodes.flatMap((n) => (n.kind === 'row' ? (n.label === null ? [] : [n.label]) : n.kind === 'group' ? rows(n.children) : []));
    const used = reviewContent(fullReport()).flatMap((s) => rows(s.children));
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter((k) => !labels.has(k))).toEqual([]);
  });

  it('tell of every value a step’s form holds, so a new field cannot be left out', () => {
    for (const make of [fullReport, emptyReport]) {
      const r = make();
      for (const step of steps) {
        const def = STEP_DEFINITIONS[step];
        expect([...undescribed(def.select(r) as Record<string, unknown>, def.fields as Fields, '', new Set())], step).toEqual([]);
      }
    }
  });
});
