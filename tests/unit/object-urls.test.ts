import { describe, expect, it } from 'vitest';
import { objectUrls } from '@/lib/local-data/object-urls';

function made(keep = 2) {
  let n = 0;
  const live = new Set<string>();
  const urls = objectUrls({
    create: () => {
      const url = `blob:${++n}`;
      live.add(url);
      return url;
    },
    revoke: (url) => live.delete(url),
    keep,
  });
  return { urls, live, created: () => n };
}

const blob = () => new Blob(['x']);

describe('object URLs of stored files', () => {
  it('gives every place that shows a file the same URL, made once', () => {
    const { urls, created } = made();
    const a = urls.acquire('picture:1:a', 'v1', blob);
    const b = urls.acquire('picture:1:a', 'v1', blob);
    expect(b).toBe(a);
    expect(created()).toBe(1);
  });

  it('finds the URL again when a step is shown again (released, then asked for)', () => {
    const { urls, live, created } = made();
    const a = urls.acquire('picture:1:a', 'v1', blob);
    urls.release('picture:1:a', 'v1');
    expect(live.has(a)).toBe(true);
    expect(urls.acquire('picture:1:a', 'v1', blob)).toBe(a);
    expect(created()).toBe(1);
  });

  it('keeps at most `keep` URLs nothing shows, releasing the least recently used first', () => {
    const { urls, live } = made(2);
    const shown = ['a', 'b', 'c'].map((id) => urls.acquire(id, 'v', blob));
    for (const id of ['a', 'b', 'c']) urls.release(id, 'v');
    expect(live.has(shown[0]!)).toBe(false);
    expect(live.has(shown[1]!)).toBe(true);
    expect(live.has(shown[2]!)).toBe(true);
  });

  it('never releases a URL still shown, however many others come and go', () => {
    const { urls, live } = made(0);
    const kept = urls.acquire('a', 'v', blob);
    for (const id of ['b', 'c', 'd']) {
      urls.acquire(id, 'v', blob);
      urls.release(id, 'v');
    }
    expect(live).toEqual(new Set([kept]));
  });

  it('gives a file stored again (a new version) a new URL, and releases the old one once nothing shows it', () => {
    const { urls, live } = made();
    const old = urls.acquire('picture:1:a', '2026-11-28T10:00:00Z|100', blob);
    const now = urls.acquire('picture:1:a', '2026-11-28T10:05:00Z|120', blob);
    expect(now).not.toBe(old);
    expect(live.has(old)).toBe(true);
    urls.release('picture:1:a', '2026-11-28T10:00:00Z|100');
    expect(live.has(old)).toBe(false);
    expect(live.has(now)).toBe(true);
  });
});
