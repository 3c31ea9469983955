import { describe, expect, it } from 'vitest';
import { textLimit } from '@/lib/contract/text-limit';

describe("a step field's text limit is the contract's", () => {
  it('reads the limit of vessel and report fields, nested and in lists', () => {
    expect(textLimit('certificateRegistryId')).toBe(60);
    expect(textLimit('ircs')).toBe(20);
    expect(textLimit('monitoringDetails.principalInspectorId')).toBe(100);
    expect(textLimit('rfmoIuuListing.0.flagstateStatus')).toBe(60);
    expect(textLimit('catchOnboard.12.comments')).toBe(4000);
    expect(textLimit('findingsByInspector')).toBe(4000);
  });
  it('knows no limit for a field the contract does not have', () => {
    expect(textLimit('notAField')).toBeUndefined();
    expect(textLimit('rfmoIuuListing.x.flagstateStatus')).toBeUndefined();
  });
});
