/** Issue 22 item 5: the counter of limited free text, a paste past the limit, and a device position as text. */
import { describe, expect, it } from 'vitest';
import { counterState, cutByPaste, latLongText } from '@/lib/inspection/text-limit';
import { parseLatLong } from '@/features/inspection/model/validation/rules';

describe('text limits', () => {
  it('shows the counter from 80 % of the limit, and says when it is reached', () => {
    expect(counterState(799, 1000).show).toBe(false);
    expect(counterState(800, 1000)).toEqual({ show: true, length: 800, max: 1000, full: false });
    expect(counterState(1000, 1000).full).toBe(true);
  });
  it('shows no counter on short codes (IMO, MMSI), whose rules say what is wrong', () => {
    expect(counterState(7, 7).show).toBe(false);
  });
  it('counts what a paste past the limit drops', () => {
    // a 3,000-character description pasted in an empty 1,000-character field: 2,000 not kept
    expect(cutByPaste(0, 0, 3000, 1000)).toBe(2000);
    expect(cutByPaste(900, 100, 200, 1000)).toBe(0);
    expect(cutByPaste(900, 0, 150, 1000)).toBe(50);
  });
});

describe('a device position as the at-sea text', () => {
  it('is "latitude-longitude", south and west negative, that the validator reads back', () => {
    expect(latLongText(-4.6191234567, 55.4513)).toBe('-4.61912-55.4513');
    expect(parseLatLong(latLongText(-4.6191234567, -55.4513))).toEqual({ latitude: -4.61912, longitude: -55.4513 });
    expect(parseLatLong(latLongText(12, 0))).toEqual({ latitude: 12, longitude: 0 });
  });
});
