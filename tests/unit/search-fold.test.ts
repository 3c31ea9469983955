/** Issue 29 item 7: the one fold of every search, rule by rule, and the searches that use it. */
import { describe, expect, it } from 'vitest';
import { foldForSearch, searchWords } from '@/lib/format/fold';
import { filterOptions, type Option } from '@/lib/reference-data/search';
import { createSearchIndex, searchReports, type SearchableReport } from '@/features/reports/model/search';

describe('foldForSearch', () => {
  it('lowers case', () => {
    expect(foldForSearch('PORT Louis')).toBe('port louis');
  });

  it('removes accents, and keeps letters that are not accented', () => {
    expect(foldForSearch('Réunion ÉTÉ Glénan Mahé')).toBe('reunion ete glenan mahe');
    expect(foldForSearch('Ça Noël où')).toBe('ca noel ou');
  });

  it.each([
    ['\u2019', 'right single quote ’'],
    ['\u2018', 'left single quote ‘'],
    ['\u201B', 'reversed quote ‛'],
    ['\u2032', 'prime ′'],
    ['`', 'grave accent `'],
    ['\u00B4', 'acute accent ´'],
    ['\u02BC', 'modifier letter apostrophe ʼ'],
  ])('folds %s (%s) to the ASCII apostrophe', (c) => {
    expect(foldForSearch(`d${c}Eau`)).toBe("d'eau");
  });

  it.each([
    ['\u201C', 'left double quote “'],
    ['\u201D', 'right double quote ”'],
    ['\u00AB', 'guillemet «'],
    ['\u00BB', 'guillemet »'],
    ['\u201E', 'low double quote „'],
  ])('folds %s (%s) to the ASCII double quote', (c) => {
    expect(foldForSearch(`${c}Le Morne${c}`)).toBe('"le morne"');
  });

  it.each([
    ['\u2010', 'hyphen ‐'],
    ['\u2011', 'non-breaking hyphen ‑'],
    ['\u2012', 'figure dash ‒'],
    ['\u2013', 'en dash –'],
    ['\u2014', 'em dash —'],
    ['\u2212', 'minus −'],
  ])('folds %s (%s) to the ASCII hyphen-minus', (c) => {
    expect(foldForSearch(`PIR${c}SYC${c}2026`)).toBe('pir-syc-2026');
  });

  it.each([
    ['\u00A0', 'no-break space'],
    ['\u202F', 'narrow no-break space'],
    ['\u2009', 'thin space'],
    ['\u2007', 'figure space'],
  ])('folds the %s (%s) to a space', (c) => {
    expect(foldForSearch(`Port${c}Louis`)).toBe('port louis');
  });

  it('folds the ligatures œ, æ and ß, either case', () => {
    expect(foldForSearch('Œuvre cœur')).toBe('oeuvre coeur');
    expect(foldForSearch('Æther æ')).toBe('aether ae');
    expect(foldForSearch('Straße')).toBe('strasse');
  });

  it('leaves plain ASCII as it is, apart from case', () => {
    expect(foldForSearch("Trou d'Eau Douce \"x\" a-b 42")).toBe("trou d'eau douce \"x\" a-b 42");
    expect(foldForSearch('')).toBe('');
  });

  it('folds the same text alike however it was typed', () => {
    const typed = ['Trou d\u2019Eau Douce', "trou d'eau douce", 'TROU D\u02BCEAU DOUCE', 'Trou d\u00B4Eau\u00A0Douce'];
    expect(new Set(typed.map(foldForSearch)).size).toBe(1);
  });
});

describe('searchWords', () => {
  it('splits a folded query on any space, dropping blanks', () => {
    expect(searchWords('  d\u2019Eau\u00A0 DOUCE ')).toEqual(["d'eau", 'douce']);
    expect(searchWords(' \u202F ')).toEqual([]);
  });
});

describe('the searches use the fold', () => {
  it('a picker finds a label whatever apostrophe or dash the query has', () => {
    const options: Option[] = [
      { value: 1, label: "Côte d'Ivoire", code: 'CIV' },
      { value: 2, label: 'FAO area 51 – Indian Ocean, Western', code: 'FAO51' },
      { value: 3, label: 'Mauritius', code: 'MUS' },
    ];
    expect(filterOptions(options, 'd\u2019ivoire').map((o) => o.value)).toEqual([1]);
    expect(filterOptions(options, 'COTE D`IVOIRE').map((o) => o.value)).toEqual([1]);
    expect(filterOptions(options, '51 - indian').map((o) => o.value)).toEqual([2]);
  });

  it('the reports list finds "Trou d\'Eau Douce" from "d’eau"', () => {
    const report = (id: number, vesselName: string): SearchableReport & { id: number } => ({
      id,
      code: `PIR-MUS-2026-000${id}`,
      portOfArrival: 1,
      vesselIdentity: { vesselName, imoId: null, ircs: null, mmsi: null },
    });
    const reports = [report(1, "Trou d'Eau Douce"), report(2, 'Le Morne'), report(3, 'Cœur de Lion')];
    const index = createSearchIndex(() => 'Port Louis');
    expect(searchReports(reports, 'd\u2019eau', index).matches.map((r) => r.id)).toEqual([1]);
    expect(searchReports(reports, 'coeur', index).matches.map((r) => r.id)).toEqual([3]);
    expect(searchReports(reports, 'PIR\u2013MUS\u20132026\u20130002', index).matches.map((r) => r.id)).toEqual([2]);
  });
});
