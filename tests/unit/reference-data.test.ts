/**
 * The generated reference datasets (server/reference-data/data/*.json) against SPEC §3 and the
 * contract schemas of lib/contract/reference.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PORT_OF_ARRIVAL,
  PURPOSE_OTHER_ID,
  REFERENCE_DATASETS,
  VMS_OTHER_ID,
  referenceSchemas,
  type ReferenceData,
  type ReferenceDataset,
  type ReferenceEntry,
} from '@/lib/contract';
import { OUTPUT_DIR } from '@/server/reference-data/build';
import { optionsOf } from '@/lib/reference-data/search';

function fileText(dataset: ReferenceDataset): string {
  return fs.readFileSync(path.join(OUTPUT_DIR, `${dataset}.json`), 'utf8');
}

function load<K extends ReferenceDataset>(dataset: K): ReferenceData[K] {
  return referenceSchemas[dataset].parse(JSON.parse(fileText(dataset))) as ReferenceData[K];
}

const codes = (list: readonly ReferenceEntry[]): string[] => list.map((e) => e.code);
const sorted = (values: readonly string[]): string[] => [...values].sort();

const PICTURE_CODES = ['PWHO', 'PPSB', 'PPSS', 'PSSB', 'PSSS', 'PFRB', 'PSTE', 'PPBR', 'PSBR', 'PAIRE'];

/** The 18 countries of the port list, as codes of the `flag` dataset (Réunion's ports are French). */
const PORT_COUNTRIES = ['AUS', 'IDN', 'IRN', 'KEN', 'MDG', 'MYS', 'MDV', 'MUS', 'MOZ', 'OMN', 'SYC', 'SOM', 'ZAF', 'LKA', 'TZA', 'THA', 'SGP', 'FRA'];

describe('every reference dataset', () => {
  it.each(REFERENCE_DATASETS)('%s parses with its contract schema', (dataset) => {
    const value: unknown = JSON.parse(fileText(dataset));
    expect(referenceSchemas[dataset].safeParse(value).success).toBe(true);
    expect(Array.isArray(value) && value.length > 0).toBe(true);
  });

  it.each(REFERENCE_DATASETS)('%s has unique ids and codes, sorted by id', (dataset) => {
    const list = load(dataset) as ReferenceEntry[];
    const ids = list.map((e) => e.id);
    expect(new Set(ids).size).toBe(list.length);
    expect(new Set(codes(list)).size).toBe(list.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it.each(REFERENCE_DATASETS)('%s has a code, an English and a French name on every entry', (dataset) => {
    for (const entry of load(dataset) as ReferenceEntry[]) {
      expect(entry.code.trim(), `${dataset} ${entry.id}`).not.toBe('');
      expect(entry.nameEn.trim(), `${dataset} ${entry.code}`).not.toBe('');
      expect(entry.nameFr.trim(), `${dataset} ${entry.code}`).not.toBe('');
    }
  });
});

describe('documentType and imageType', () => {
  it('has 54 document types including the spec examples', () => {
    const list = load('documentType');
    expect(list).toHaveLength(54);
    for (const code of ['LECA', 'AUTF', 'TRAU', 'LAND', 'VMSR', 'CRLI', 'CAMA', 'FILO', 'PIR', 'PER', 'PERT', 'PROF', 'SPLI', 'NEI', 'MFR']) {
      expect(codes(list)).toContain(code);
    }
  });

  it('marks exactly the ten picture types as pictures', () => {
    const pictures = load('documentType').filter((e) => e.isPicture);
    expect(sorted(codes(pictures))).toEqual(sorted(PICTURE_CODES));
  });

  it('imageType holds the picture types with the same ids and codes as documentType', () => {
    const pictures = load('documentType').filter((e) => e.isPicture);
    const images = load('imageType');
    expect(images).toEqual(pictures);
    expect(images.every((e) => e.isPicture)).toBe(true);
  });
});

describe('small authored lists', () => {
  it('gear has exactly the 28 spec codes', () => {
    const expected = ['PS', 'LL', 'BB', 'GILL', 'SUPP', 'HABB', 'TRAW', 'TROL', 'HAND', 'FLL', 'LLTR', 'LINE', 'LLF', 'TRAP', 'LLLI', 'PSS', 'SJIG', 'LISJ', 'LLPS', 'BBTR', 'BBLI', 'HOOK', 'LLBH', 'LLHA', 'LLGI', 'LLTW', 'UNCL', 'UNCV'];
    const list = load('gear');
    expect(list).toHaveLength(28);
    expect(sorted(codes(list))).toEqual(sorted(expected));
  });

  it('vesselType has exactly the 13 spec codes', () => {
    const expected = ['BB', 'GI', 'LL', 'PS', 'LB', 'LI', 'RT', 'TW', 'UN', 'SP', 'LC', 'CF', 'MU'];
    expect(sorted(codes(load('vesselType')))).toEqual(sorted(expected));
  });

  it('vms has 9 types plus the "other" option with id 999', () => {
    const list = load('vms');
    expect(list.filter((e) => e.id !== VMS_OTHER_ID)).toHaveLength(9);
    const other = list.find((e) => e.id === VMS_OTHER_ID);
    expect(other?.nameEn).toBe('Other');
    expect(VMS_OTHER_ID).toBe(999);
    expect(list[0]?.nameEn).toMatch(/^Inmarsat/);
    expect(list.some((e) => /unspecified/i.test(e.nameEn))).toBe(true);
  });

  it('productForms has the codes 1 to 17', () => {
    const expected = Array.from({ length: 17 }, (_, i) => String(i + 1));
    expect(codes(load('productForms'))).toEqual(expected);
  });

  it('purpose has the 12 codes; only OTH (id 12) requires user details', () => {
    const list = load('purpose');
    expect(sorted(codes(list))).toEqual(sorted(['LAN', 'TRX', 'PAC', 'PRO', 'REF', 'RES', 'MAI', 'DOC', 'FOR', 'CRE', 'INS', 'OTH']));
    const other = list.find((e) => e.code === 'OTH');
    expect(other?.id).toBe(PURPOSE_OTHER_ID);
    expect(other?.id).toBe(12);
    expect(list.filter((e) => e.requireUserDetails === 1).map((e) => e.code)).toEqual(['OTH']);
  });

  it('rfmo has the 11 codes', () => {
    const expected = ['CCAMLR', 'CCSBT', 'IATTC', 'ICCAT', 'NAFO', 'NASCO', 'NEAFC', 'SEAFO', 'SIOFA', 'SPRFMO', 'WCPFC'];
    expect(sorted(codes(load('rfmo')))).toEqual(expected);
  });

  it('speciesForFishingAuthorization has 30 entries', () => {
    expect(load('speciesForFishingAuthorization')).toHaveLength(30);
  });

  it('authority has about 51 entries including an unidentified one', () => {
    const list = load('authority');
    expect(list).toHaveLength(51);
    const unidentified = list.find((e) => /unidentified/i.test(e.nameEn));
    expect(unidentified?.nameFr).toMatch(/non identifiée/i);
  });
});

describe('species', () => {
  const list = load('species');

  it('uses only the spec target groups', () => {
    const groups = new Set(list.map((e) => e.targetGroup));
    for (const group of groups) expect(['TROP', 'OTHR', 'AGGR', 'UNKN', 'ICCAT']).toContain(group);
    expect(groups.has('TROP')).toBe(true);
  });

  it('includes the special codes and the main IOTC species, with ids up to at least 137', () => {
    for (const code of ['OTHR', 'UNKN', 'SKHS', 'YFT', 'BET', 'SKJ', 'ALB', 'SWO']) expect(codes(list)).toContain(code);
    expect(list.find((e) => e.code === 'UNKN')?.targetGroup).toBe('UNKN');
    expect(list.find((e) => e.code === 'YFT')?.targetGroup).toBe('TROP');
    expect(Math.max(...list.map((e) => e.id))).toBeGreaterThanOrEqual(137);
  });

  it("offers its options sorted in each language, made once per list and language (a step's pickers share them)", () => {
    const en = optionsOf(list, 'en');
    expect(en.map((o) => o.label)).toEqual([...en.map((o) => o.label)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(optionsOf(list, 'en')).toBe(en);
    const fr = optionsOf(list, 'fr');
    expect(fr).not.toBe(en);
    expect(fr.map((o) => o.label)).toEqual([...fr.map((o) => o.label)].sort((a, b) => a.localeCompare(b, 'fr')));
    expect(optionsOf([...list], 'en')).toEqual(en);
  });
});

describe('flag (countries)', () => {
  const list = load('flag');

  it('has 248 ISO3 countries plus UNK Unknown/Inconnu', () => {
    const countries = list.filter((e) => e.code !== 'UNK');
    expect(countries).toHaveLength(248);
    for (const entry of countries) expect(entry.code).toMatch(/^[A-Z]{3}$/);
    const unknown = list.find((e) => e.code === 'UNK');
    expect(unknown).toMatchObject({ nameEn: 'Unknown', nameFr: 'Inconnu' });
    expect(list.find((e) => e.code === 'SYC')?.nameEn).toBe('Seychelles');
  });
});

describe('fishingArea', () => {
  const list = load('fishingArea');

  it('has about 133 entries and no id 57', () => {
    expect(list).toHaveLength(133);
    expect(list.some((e) => e.id === 57)).toBe(false);
  });

  it('covers states, regional fisheries bodies, FAO areas and EU states', () => {
    for (const code of ['SYC', 'MUS', 'IDN', 'IOTC', 'ICCAT', 'CCSBT', 'WCPFC', 'IATTC', 'SIOFA', 'FAO51', 'FAO57', 'EUR', 'EUR.ESP', 'EUR.FRA']) {
      expect(codes(list)).toContain(code);
    }
  });
});

describe('port and designatedPort', () => {
  const ports = load('port');
  const designated = load('designatedPort');
  const flags = load('flag');
  const flagId = (code: string): number | undefined => flags.find((f) => f.code === code)?.id;

  it('has ids running to at least 460 and 0/1 disabled flags', () => {
    expect(Math.max(...ports.map((p) => p.id))).toBeGreaterThanOrEqual(460);
    for (const port of ports) expect([0, 1]).toContain(port.disabled);
  });

  it('covers the 18 countries of the spec and points at flag ids', () => {
    const countryIds = new Set(ports.map((p) => p.country_id));
    for (const code of PORT_COUNTRIES) expect(countryIds.has(flagId(code) ?? null), code).toBe(true);
    const flagIds = new Set(flags.map((f) => f.id));
    for (const port of ports) expect(flagIds.has(port.country_id ?? -1), port.code).toBe(true);
    expect(ports.some((p) => p.country === 'France (Réunion)')).toBe(true);
  });

  it('has many inactive Australian ports', () => {
    const australian = ports.filter((p) => p.country_id === flagId('AUS'));
    const inactive = australian.filter((p) => p.disabled === 1);
    expect(inactive.length).toBeGreaterThan(australian.length / 2);
    expect(australian.some((p) => p.disabled === 0)).toBe(true);
  });

  it('writes missing text values as "NULL" or ""', () => {
    const fields = ['line1', 'line2', 'line3', 'city', 'stateProvinceCounty', 'zipOrPostcode', 'phone', 'fax', 'email'] as const;
    const values = new Set(ports.flatMap((p) => fields.map((f) => p[f])));
    expect(values.has('NULL')).toBe(true);
    expect(values.has('')).toBe(true);
    expect(ports.every((p) => p.nameEn.trim() !== '' && p.nameEn !== 'NULL')).toBe(true);
  });

  it('has the default port of arrival (64): Port Victoria, Seychelles, active and designated', () => {
    expect(DEFAULT_PORT_OF_ARRIVAL).toBe(64);
    const victoria = ports.find((p) => p.id === DEFAULT_PORT_OF_ARRIVAL);
    expect(victoria).toMatchObject({ code: 'SCPOV', nameEn: 'Port Victoria', country: 'Seychelles', disabled: 0 });
    expect(victoria?.country_id).toBe(flagId('SYC'));
    expect(designated.find((p) => p.id === DEFAULT_PORT_OF_ARRIVAL)).toEqual(victoria);
  });

  it('designatedPort is a subset of port, same entries, all active, spread over the 18 countries', () => {
    const byId = new Map(ports.map((p) => [p.id, p]));
    for (const port of designated) {
      expect(byId.get(port.id), port.code).toEqual(port);
      expect(port.disabled).toBe(0);
    }
    expect(designated.length).toBeLessThan(ports.length);
    const countryIds = new Set(designated.map((p) => p.country_id));
    for (const code of PORT_COUNTRIES) expect(countryIds.has(flagId(code) ?? null), code).toBe(true);
  });
});
