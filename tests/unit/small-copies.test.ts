import { describe, expect, it } from 'vitest';
import { smallCopies, smallCopyKey } from '@/lib/local-data/small-copies';

/** A maker that takes a few milliseconds per copy, recording what it made and how many ran at once. */
function maker({ fail = new Set<string>() } = {}) {
  let running = 0;
  let most = 0;
  const made: string[] = [];
  const make = async (blob: Blob) => {
    running++;
    most = Math.max(most, running);
    const text = await blob.text();
    await new Promise((r) => setTimeout(r, 5));
    running--;
    made.push(text);
    if (fail.has(text)) throw new Error('unreadable');
    return new Blob([`small ${text}`]);
  };
  return { make, made, most: () => most };
}

const picture = (text: string) => () => new Blob([text]);

describe('small copies of stored pictures', () => {
  it('makes a copy once for every place that shows the picture', async () => {
    const m = maker();
    const copies = smallCopies({ make: m.make, keep: 10 });
    const a = copies.of('picture:1:a\nv1', picture('a'));
    const b = copies.of('picture:1:a\nv1', picture('a'));
    expect(await (await a)!.text()).toBe('small a');
    expect(await b).toBe(await a);
    expect(m.made).toEqual(['a']);
  });

  it('makes one copy at a time, in the order asked (each decode holds a whole picture)', async () => {
    const m = maker();
    const copies = smallCopies({ make: m.make, keep: 10 });
    const all = ['a', 'b', 'c'].map((x) => copies.of(`picture:1:${x}\nv1`, picture(x)));
    await Promise.all(all);
    expect(m.made).toEqual(['a', 'b', 'c']);
    expect(m.most()).toBe(1);
  });

  it('makes a new copy for a new version of the file', async () => {
    const m = maker();
    const copies = smallCopies({ make: m.make, keep: 10 });
    const first = copies.of('picture:1:a\nv1', picture('a'));
    const second = copies.of('picture:1:a\nv2', picture('a marked up'));
    expect(await (await first)!.text()).toBe('small a');
    expect(await (await second)!.text()).toBe('small a marked up');
  });

  it('answers null for a picture it cannot read, and still makes the next one', async () => {
    const m = maker({ fail: new Set(['broken']) });
    const copies = smallCopies({ make: m.make, keep: 10 });
    const broken = copies.of('picture:1:x\nv1', picture('broken'));
    const next = copies.of('picture:1:y\nv1', picture('b'));
    expect(await broken).toBeNull();
    expect(await (await next)!.text()).toBe('small b');
  });

  it('keeps the `keep` copies most recently asked for', async () => {
    const m = maker();
    const copies = smallCopies({ make: m.make, keep: 2 });
    await copies.of('a\nv1', picture('a'));
    await copies.of('b\nv1', picture('b'));
    await copies.of('a\nv1', picture('a')); // asked again: now the most recent
    await copies.of('c\nv1', picture('c')); // b is dropped
    await copies.of('a\nv1', picture('a'));
    await copies.of('b\nv1', picture('b'));
    expect(m.made).toEqual(['a', 'b', 'c', 'b']);
  });

  it('shows a copy made with the picture (a picture just added) without making another', async () => {
    const m = maker();
    const copies = smallCopies({ make: m.make, keep: 10 });
    const added = { id: 'picture:1:a', date: '2026-11-29T10:00:00.000Z', size: 812_345 };
    copies.put(smallCopyKey(added), new Blob(['made with it']));
    expect(await (await copies.of(smallCopyKey(added), picture('a')))!.text()).toBe('made with it');
    // stored again (marked up): a new version, a new copy
    const again = { ...added, date: '2026-11-29T10:05:00.000Z' };
    expect(await (await copies.of(smallCopyKey(again), picture('a marked up')))!.text()).toBe('small a marked up');
    expect(m.made).toEqual(['a marked up']);
  });
});
