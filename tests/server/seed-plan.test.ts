/** The demo's dates: a report planned for a day stays on that day whatever the hour of seeding. */
import { describe, expect, it } from 'vitest';
import { PLAN, reportDates } from '../../server/seed/plan';
import { Prng } from '../../server/seed/prng';

const DAY = 24 * 3600 * 1000;
const today = new Date(Date.UTC(2026, 10, 27));

describe('seeded dates', () => {
  // Failed CI once: seeded at 00:30 UTC, today's inspections under way started "two hours ago",
  // yesterday, and the calendar had nothing of this tablet's on today.
  for (const hour of [0.02, 0.5, 1.5, 3, 12, 23.9]) {
    it(`an inspection under way planned for a day starts on that day, and not after now (seeded at ${hour} h UTC)`, () => {
      const now = new Date(today.getTime() + hour * 3600 * 1000);
      const rng = new Prng(7);
      for (const plan of PLAN) {
        const { start } = reportDates(plan, today, now, rng);
        if (!['inspecting', 'signing', 'readytosubmit', 'submitting', 'submitted'].includes(plan.status)) continue;
        expect(Math.floor((start.getTime() - today.getTime()) / DAY), `${plan.status} on day ${plan.day}`).toBe(plan.day);
        expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
      }
    });
  }
});
