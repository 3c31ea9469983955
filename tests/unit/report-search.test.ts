import { describe, expect, it } from 'vitest';
import { createSearchIndex, filterByPorts, foldText, keptAsOwnWork, keyMatches, queryWords, searchReports } from '@/features/reports/model/search';
import { report } from './fixtures/report';

const PORTS: Record<number, { en: string; fr: string }> = {
  64: { en: 'Port Victoria', fr: 'Port-Victoria' },
  120: { en: 'Port Louis', fr: 'Port-Louis' },
  300: { en: 'Le Port (Réunion)', fr: 'Le Port (La Réunion)' },
};
const index = (lang: 'en' | 'fr' = 'en') => createSearchIndex((id) => PORTS[id]?.[lang]);

const reports = [
  report(1, 'notready', {
    code: 'PIR-SYC-2026-0012',
    portOfArrival: 64,
    vesselIdentity: { vesselName: 'Praslin Star', flagState: 'Seychelles', flagStateId: 690, iotcId: null, imoId: '9074729', ircs: 'S7AB', mmsi: '664123456', vesselId: 1 },
  }),
  report(2, 'ready', {
    code: 'PIR-MUS-2026-0013',
    portOfArrival: 120,
    vesselIdentity: { vesselName: 'Île de Grâce', flagState: 'Mauritius', flagStateId: 480, iotcId: null, imoId: '9187629', ircs: '3BQX', mmsi: '645987654', vesselId: 2 },
  }),
  report(3, 'inspecting', {
    code: 'PIR-REU-2026-0014',
    portOfArrival: 300,
    vesselIdentity: { vesselName: 'CAP SAINT-ANDRÉ', flagState: 'France', flagStateId: 250, iotcId: null, imoId: null, ircs: 'FQWE', mmsi: '226000111', vesselId: 3 },
  }),
  // no port of arrival: the default port (64) is searched
  report(4, 'submitted', {
    code: 'PIR-SYC-2026-0015',
    portOfArrival: null,
    vesselIdentity: { vesselName: 'Ocean Hunter', flagState: 'Seychelles', flagStateId: 690, iotcId: null, imoId: null, ircs: null, mmsi: null, vesselId: 4 },
  }),
];
const ids = (q: string, lang: 'en' | 'fr' = 'en') => searchReports(reports, q, index(lang)).matches.map((r) => r.id);

describe('reports search (SPEC §2)', () => {
  it.each([
    ['vessel name', 'praslin', [1]],
    ['IMO', '9187629', [2]],
    ['IRCS', 's7ab', [1]],
    ['MMSI', '226000111', [3]],
    ['port of arrival', 'port louis', [2]],
    ['report code', 'PIR-REU', [3]],
    ['part of a code', '0013', [2]],
  ])('matches the %s', (_field, query, expected) => {
    expect(ids(query)).toEqual(expected);
  });

  it('ignores accents and case, both ways', () => {
    expect(ids('ile de grace')).toEqual([2]);
    expect(ids('ÎLE DE GRÂCE')).toEqual([2]);
    expect(ids('saint-andre')).toEqual([3]);
    expect(ids('Saint-André')).toEqual([3]);
    expect(ids('reunion')).toEqual([3]);
  });

  it('names the port in the current language', () => {
    expect(ids('la reunion', 'en')).toEqual([]);
    expect(ids('la reunion', 'fr')).toEqual([3]);
    expect(ids('port-victoria', 'fr')).toEqual([1, 4]);
  });

  it('searches the default port (64) when a report has none', () => {
    expect(ids('victoria')).toEqual([1, 4]);
  });

  it('needs every word, each anywhere, but never across two fields', () => {
    expect(ids('star 9074729')).toEqual([1]);
    expect(ids('star 9187629')).toEqual([]);
    // "star" ends the name and "9074729" starts the IMO: no match for the two run together
    expect(ids('star9074')).toEqual([]);
  });

  it('does not match fields outside the spec (flag state)', () => {
    expect(ids('mauritius')).toEqual([]);
  });

  it('splits into matches and others, keeping the order given; a blank query matches all', () => {
    const split = searchReports(reports, 'seychelles port victoria', index());
    expect(split.matches).toEqual([]);
    const r = searchReports(reports, 'port', index());
    expect(r.matches.map((x) => x.id)).toEqual([1, 2, 3, 4]);
    const v = searchReports(reports, 'victoria', index());
    expect(v.matches.map((x) => x.id)).toEqual([1, 4]);
    expect(v.others.map((x) => x.id)).toEqual([2, 3]);
    expect(searchReports(reports, '   ', index()).matches).toHaveLength(4);
  });

  it('computes a report key once and reuses it for the same report object', () => {
    let calls = 0;
    const counting = createSearchIndex((id) => {
      calls++;
      return PORTS[id]?.en;
    });
    searchReports(reports, 'a', counting);
    searchReports(reports, 'b', counting);
    expect(calls).toBe(reports.length);
    // a changed report is a new object: its key is computed again
    searchReports([{ ...reports[0]!, code: 'PIR-NEW' }], 'new', counting);
    expect(calls).toBe(reports.length + 1);
  });

  it('never matches across two reports, and finds every report holding the words', () => {
    // report 1's key ends with its code "…-0012", report 2's starts with "ile de grace"
    expect(ids('0012ile')).toEqual([]);
    expect(ids('0012 ile')).toEqual([]);
    // the first word in many reports, the second in one of them
    expect(ids('pir louis')).toEqual([2]);
    expect(ids('pir')).toEqual([1, 2, 3, 4]);
    // the same word twice in one key counts that report once
    expect(searchReports(reports, 'port', index('fr')).matches.map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the joined keys of a list and builds them again for a changed list', () => {
    const idx = index();
    expect(idx.corpusOf(reports)).toBe(idx.corpusOf(reports));
    const changed = [...reports.slice(1), { ...reports[0]!, code: 'PIR-NEW-0001' }];
    expect(searchReports(changed, 'pir-new', idx).matches.map((r) => r.id)).toEqual([1]);
    expect(searchReports(reports, 'pir-new', idx).matches).toEqual([]);
    expect(searchReports([], 'port', idx)).toEqual({ matches: [], others: [] });
  });

  it('folds text and queries', () => {
    expect(foldText('Réunion ÉTÉ')).toBe('reunion ete');
    expect(queryWords('  Port   Louis ')).toEqual(['port', 'louis']);
    expect(keyMatches('praslin star', ['star', 'pras'])).toBe(true);
    expect(keyMatches('praslin star', ['moon'])).toBe(false);
  });
});

describe('port filter (SPEC §2 filter modal)', () => {
  it('keeps the reports arriving at a chosen port, the default port standing in for a missing one', () => {
    expect(filterByPorts(reports, [64], 'TAB-1').map((r) => r.id)).toEqual([1, 4]);
    expect(filterByPorts(reports, [120, 300], 'TAB-1').map((r) => r.id)).toEqual([2, 3]);
    expect(filterByPorts(reports, [], 'TAB-1')).toHaveLength(4);
  });
  it('never hides this tablet\'s own work in progress, and counts it', () => {
    const mine = reports.map((r, i) => (i === 1 ? { ...r, status: 'inspecting' as const, claimedByDevice: 'TAB-1' } : r));
    const kept = filterByPorts(mine, [64], 'TAB-1');
    expect(kept.map((r) => r.id)).toEqual([1, 2, 4]);
    expect(keptAsOwnWork(kept, [64], 'TAB-1')).toBe(1);
    // Another tablet's work, or a report not in progress here, follows the filter.
    expect(filterByPorts(mine, [64], 'TAB-2').map((r) => r.id)).toEqual([1, 4]);
    const notready = reports.map((r, i) => (i === 1 ? { ...r, status: 'notready' as const, claimedByDevice: 'TAB-1' } : r));
    expect(filterByPorts(notready, [64], 'TAB-1').map((r) => r.id)).toEqual([1, 4]);
  });
});
