import { describe, expect, it } from 'vitest';
import {
  catchOnboardStep,
  newCatchOnboard,
  newTranshipmentContent,
  newTranshipmentInfo,
  STEP_DEFINITIONS,
  transhipmentInfoStep,
  type TranshipmentInfo,
} from '@/features/inspection/model/definitions';
import { flipListPath, flipLists, flipPathKeys } from '@/features/inspection/model/form-order';

/** Stored order: newest first. */
function catches() {
  return { catchOnboard: ['c3', 'c2', 'c1'].map((uid, i) => ({ ...newCatchOnboard(uid), quantity: 100 * (3 - i) })) };
}

function transhipments(): { transhipmentInfo: TranshipmentInfo[] } {
  const entry = (uid: string, contents: string[]) => ({ ...newTranshipmentInfo(uid), name: `vessel ${uid}`, content: contents.map((c) => newTranshipmentContent(c)) });
  return { transhipmentInfo: [entry('t2', ['t2b', 't2a']), entry('t1', ['t1c', 't1b', 't1a'])] };
}

/** Every leaf path of a value, with its value. */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], value);
}

describe('a step form holds its lists oldest first (entries added and removed at the end rename no other field)', () => {
  it('reverses a step list, and reversing again gives the stored values back', () => {
    const stored = catches();
    const form = flipLists(catchOnboardStep.fields, stored);
    expect(form.catchOnboard.map((c) => c.uid)).toEqual(['c1', 'c2', 'c3']);
    expect(flipLists(catchOnboardStep.fields, form)).toEqual(stored);
    // the stored values are not changed
    expect(stored.catchOnboard.map((c) => c.uid)).toEqual(['c3', 'c2', 'c1']);
  });

  it('reverses the lists inside a list entry too (a transhipment’s content)', () => {
    const form = flipLists(transhipmentInfoStep.fields, transhipments());
    expect(form.transhipmentInfo.map((t) => [t.uid, t.content.map((c) => c.uid)])).toEqual([
      ['t1', ['t1a', 't1b', 't1c']],
      ['t2', ['t2a', 't2b']],
    ]);
  });

  it('a stored path names the same value in the form, and back', () => {
    for (const stored of [catches(), transhipments()] as Record<string, unknown>[]) {
      const fields = 'catchOnboard' in stored ? catchOnboardStep.fields : transhipmentInfoStep.fields;
      const form = flipLists(fields, stored);
      for (const [path, value] of leaves(stored)) {
        const formPath = flipListPath(fields, path, stored);
        expect(at(form, formPath), `${path} → ${formPath}`).toEqual(value);
        expect(flipListPath(fields, formPath, form)).toBe(path);
      }
    }
  });

  it('moves a message of the newest catch to the last entry of the form, and leaves list-level paths alone', () => {
    const stored = catches();
    const messages = flipPathKeys(catchOnboardStep.fields, { 'catchOnboard.0.species': ['m1'], 'catchOnboard.2.quantity': ['m2'], catchOnboard: ['m3'] }, stored);
    expect(messages).toEqual({ 'catchOnboard.2.species': ['m1'], 'catchOnboard.0.quantity': ['m2'], catchOnboard: ['m3'] });
  });

  it('the messages of a real check land on the entry that breaks the rule', () => {
    const stored = transhipments();
    stored.transhipmentInfo[0]!.content[1]!.quantity = -5; // the newest transhipment's oldest content
    const r = transhipmentInfoStep.schema.safeParse(stored);
    expect(r.success).toBe(false);
    const paths = r.success ? [] : r.error.issues.map((i) => i.path.map(String).join('.'));
    expect(paths).toContain('transhipmentInfo.0.content.1.quantity');
    expect(flipListPath(transhipmentInfoStep.fields, 'transhipmentInfo.0.content.1.quantity', stored)).toBe('transhipmentInfo.1.content.0.quantity');
  });

  it('keeps a path it cannot place as it is (an index past the list)', () => {
    expect(flipListPath(catchOnboardStep.fields, 'catchOnboard.7.species', catches())).toBe('catchOnboard.7.species');
  });

  it('leaves a step with no list as it is (the same object)', () => {
    for (const def of Object.values(STEP_DEFINITIONS)) {
      if (Object.values(def.fields).some((d) => d.kind === 'list')) continue;
      const values = { anything: 1 };
      expect(flipLists(def.fields, values)).toBe(values);
    }
  });
});
