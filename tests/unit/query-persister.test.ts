import { describe, expect, it } from 'vitest';
import type { PersistedQuery } from '@tanstack/query-persist-client-core';
import { CACHE_SCHEMA_VERSION, migrateQuery, MIGRATIONS } from '@/lib/query/persister';

const entry = (buster: string): PersistedQuery => ({
  buster,
  queryHash: '["referenceData"]',
  queryKey: ['referenceData'],
  state: { data: { port: [{ id: 64 }] }, dataUpdatedAt: 1, status: 'success' } as PersistedQuery['state'],
});

describe('persisted query cache versions', () => {
  it('keeps an entry of the current version as it is', () => {
    expect(migrateQuery(entry(`schema-${CACHE_SCHEMA_VERSION}`))).toEqual(entry(`schema-${CACHE_SCHEMA_VERSION}`));
  });

  it('migrates an older entry step by step to the current version instead of dropping it', () => {
    const steps: number[] = [];
    const saved = { ...MIGRATIONS };
    for (let v = 1; v <= CACHE_SCHEMA_VERSION; v++) MIGRATIONS[v] = (q) => (steps.push(v), { ...q, state: { ...q.state, data: { ...(q.state.data as object), [`v${v}`]: true } } });
    try {
      const migrated = migrateQuery(entry('schema-0'));
      expect(migrated.buster).toBe(`schema-${CACHE_SCHEMA_VERSION}`);
      expect(steps).toEqual(Array.from({ length: CACHE_SCHEMA_VERSION }, (_, i) => i + 1));
      expect((migrated.state.data as { port: unknown[] }).port).toEqual([{ id: 64 }]);
    } finally {
      for (const k of Object.keys(MIGRATIONS)) delete MIGRATIONS[Number(k)];
      Object.assign(MIGRATIONS, saved);
    }
  });
});
