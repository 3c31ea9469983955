import { describe, expect, it } from 'vitest';
import { mapLimit } from '@/lib/async/map-limit';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('mapLimit (files read a few at a time at submit)', () => {
  it('keeps the order of the results whatever order the calls finish in', async () => {
    const out = await mapLimit([30, 10, 20, 0], 2, async (ms) => {
      await new Promise((r) => setTimeout(r, ms));
      return ms * 2;
    });
    expect(out).toEqual([60, 20, 40, 0]);
  });

  it('never has more than the limit in flight', async () => {
    let inFlight = 0;
    let most = 0;
    await mapLimit(Array.from({ length: 20 }, (_, i) => i), 6, async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await tick();
      inFlight--;
    });
    expect(most).toBe(6);
  });

  it('rejects with the first failure and starts no further calls', async () => {
    const started: number[] = [];
    await expect(
      mapLimit([1, 2, 3, 4, 5, 6], 1, async (n) => {
        started.push(n);
        if (n === 2) throw new Error('could not load image');
        return n;
      }),
    ).rejects.toThrow('could not load image');
    expect(started).toEqual([1, 2]);
  });

  it('maps nothing to nothing', async () => {
    expect(await mapLimit([], 4, async () => 1)).toEqual([]);
  });
});
