/** A step names the fields that need attention from its fields' labels (components/forms/field.tsx). */
import { describe, expect, it } from 'vitest';
import { fieldLabelStore } from '@/components/forms/field-labels';

describe('field labels', () => {
  it('names a path by its field, else by the nearest field or list holding it', () => {
    const labels = fieldLabelStore();
    labels.register('portOfLanding', { label: 'Port of landing', entry: null });
    labels.register('catches', { label: 'Catches', entry: null });
    labels.register('catches.1.species', { label: 'Species', entry: 'Catch 2' });
    expect(labels.labelOf('portOfLanding')).toEqual({ label: 'Port of landing', entry: null });
    expect(labels.labelOf('catches.1.species')).toEqual({ label: 'Species', entry: 'Catch 2' });
    // an entry not drawn yet (long lists draw their first entries first), the list itself
    expect(labels.labelOf('catches.7.species')?.label).toBe('Catches');
    expect(labels.labelOf('catches')?.label).toBe('Catches');
    expect(labels.labelOf('')).toBeUndefined();
    expect(labels.labelOf('unknown.path')).toBeUndefined();
  });

  it('forgets a field no longer drawn, and tells its readers once per batch of changes', async () => {
    const labels = fieldLabelStore();
    let told = 0;
    labels.subscribe(() => told++);
    const before = labels.version();
    const offA = labels.register('a', { label: 'A', entry: null });
    labels.register('b', { label: 'B', entry: null });
    await Promise.resolve();
    expect(told).toBe(1);
    expect(labels.version()).toBeGreaterThan(before);
    // a newer registration of the same name outlives the older one's removal
    const newer = labels.register('a', { label: 'A again', entry: null });
    offA();
    expect(labels.labelOf('a')?.label).toBe('A again');
    newer();
    expect(labels.labelOf('a')).toBeUndefined();
  });
});
