/**
 * Builds the 15 reference datasets of SPEC §3 into `server/reference-data/data/<dataset>.json`.
 *
 *   node --import tsx server/reference-data/build.ts      (or: npm run refdata)
 *
 * Reads the public CSV code lists from ../shared/reference-data (override with REFERENCE_SOURCE_DIR),
 * merges in the hand-authored lists of ./authored, validates every dataset with the contract
 * schemas (lib/contract/reference.ts) and writes pretty-printed JSON sorted by id. The output is
 * deterministic: running it twice gives identical bytes. The server and the app only read the
 * generated JSON, never the CSVs. Sources, licences and choices: ./SOURCES.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import {
  REFERENCE_DATASETS,
  referenceSchemas,
  type DocumentTypeEntry,
  type PortEntry,
  type PurposeEntry,
  type ReferenceData,
  type ReferenceDataset,
  type ReferenceEntry,
  type SpeciesEntry,
} from '../../lib/contract';
import { AUTHORITIES } from './authored/authorities';
import { EXCLUDED_ISO3, NAME_OVERRIDES, UNKNOWN_COUNTRY } from './authored/countries';
import { DOCUMENT_TYPES, PICTURE_TYPES } from './authored/documentTypes';
import {
  EUROPEAN_UNION,
  FAO_MAJOR_AREAS,
  REGIONAL_BODIES,
  REGIONAL_BODY_ACRONYMS_FR,
  STATES,
} from './authored/fishingAreas';
import { GEARS } from './authored/gears';
import { ACTIVE_AUSTRALIAN_PORTS, DESIGNATED_PORTS, REUNION_COUNTRY } from './authored/ports';
import { PRODUCT_FORMS } from './authored/productForms';
import { PURPOSES } from './authored/purposes';
import { RFMOS } from './authored/rfmos';
import {
  INCLUDED_CATEGORIES,
  INCLUDED_OTHER_CODES,
  SPECIAL_SPECIES,
  TARGET_GROUP_BY_CATEGORY,
} from './authored/species';
import { SPECIES_FOR_FISHING_AUTHORIZATION } from './authored/speciesForFishingAuthorization';
import type { SourcedEntry } from './authored/types';
import { VESSEL_TYPES } from './authored/vesselTypes';
import { VMS_TYPES } from './authored/vms';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(HERE, '..', '..');
export const OUTPUT_DIR = path.join(HERE, 'data');

/** Where the CSVs are read from: REFERENCE_SOURCE_DIR, else ../shared/reference-data next to the repo. */
export function defaultSourceDir(): string {
  return process.env.REFERENCE_SOURCE_DIR ?? path.resolve(REPO_ROOT, '..', 'shared', 'reference-data');
}

// ---------------------------------------------------------------------------------------------
// Reading the sources

type Row = Record<string, string>;

/** Reads (and caches) CSV files below one source directory. */
class Sources {
  private readonly cache = new Map<string, Row[]>();

  constructor(readonly dir: string) {}

  csv(file: string): Row[] {
    let rows = this.cache.get(file);
    if (!rows) {
      const text = fs.readFileSync(path.join(this.dir, file), 'utf8');
      rows = parse(text, { columns: true, skip_empty_lines: true, bom: true }) as Row[];
      this.cache.set(file, rows);
    }
    return rows;
  }

  /** Rows of `file` keyed by the (trimmed) value of `column`; the first row wins. */
  index(file: string, column: string): Map<string, Row> {
    const map = new Map<string, Row>();
    for (const row of this.csv(file)) {
      const key = clean(row[column]);
      if (key && !map.has(key)) map.set(key, row);
    }
    return map;
  }
}

/** Trims, collapses white space and undoes the doubled quotes of some IOTC exports ("Simon''s"). */
function clean(value: string | undefined): string {
  return (value ?? '').replace(/''/g, "'").replace(/\s+/g, ' ').trim();
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`reference data: ${what} not found in the sources`);
  return value;
}

/** Names of an authored entry, falling back to a source row's names. */
function namesOf(entry: SourcedEntry, fallback: () => { nameEn: string; nameFr: string }): ReferenceEntry {
  const names = entry.nameEn !== undefined && entry.nameFr !== undefined ? undefined : fallback();
  return {
    id: entry.id,
    code: entry.code,
    nameEn: entry.nameEn ?? required(names, entry.code).nameEn,
    nameFr: entry.nameFr ?? required(names, entry.code).nameFr,
  };
}

// ---------------------------------------------------------------------------------------------
// Countries (shared by flag, port and fishingArea)

interface Country {
  numeric: number;
  iso2: string;
  iso3: string;
  nameEn: string;
  nameFr: string;
}

/** ISO 3166 countries from stefangabos/world_countries (EN + FR), with the authored corrections. */
function isoCountries(src: Sources): Country[] {
  const french = src.index('countries/stefangabos_world_fr.csv', 'alpha3');
  return src
    .csv('countries/stefangabos_world_en.csv')
    .map((row) => {
      const iso3 = clean(row.alpha3).toUpperCase();
      const override = NAME_OVERRIDES[iso3] ?? {};
      return {
        numeric: Number(row.id),
        iso2: clean(row.alpha2).toUpperCase(),
        iso3,
        nameEn: override.nameEn ?? clean(row.name),
        nameFr: override.nameFr ?? clean(required(french.get(clean(row.alpha3)), `FR name of ${iso3}`).name),
      };
    })
    .filter((c) => !EXCLUDED_ISO3.includes(c.iso3));
}

function countryBy(countries: Country[], key: 'iso2' | 'iso3', value: string): Country {
  return required(
    countries.find((c) => c[key] === value),
    `country ${value}`,
  );
}

// ---------------------------------------------------------------------------------------------
// One function per dataset

/** flag: 248 ISO 3166 countries (id = ISO numeric code, code = ISO3) plus UNK (id 999). */
function buildFlag(src: Sources): ReferenceEntry[] {
  const countries = isoCountries(src).map((c) => ({ id: c.numeric, code: c.iso3, nameEn: c.nameEn, nameFr: c.nameFr }));
  return [...countries, UNKNOWN_COUNTRY];
}

/** gear: the 28 spec codes; names from the IOTC legacy gears unless authored. */
function buildGear(src: Sources): ReferenceEntry[] {
  const legacy = src.index('gear/iotc_LEGACY_GEARS.csv', 'CODE');
  const byCountry = src.index('gear/iotc_LEGACY_GEAR_TYPES_by_country.csv', 'GEAR_CODE');
  const groups = src.index('gear/iotc_LEGACY_GEARS.csv', 'GEAR_GROUP_CODE');
  return GEARS.map((gear) =>
    namesOf(gear, () => {
      const row = legacy.get(gear.code);
      if (row) return { nameEn: clean(row.NAME_EN), nameFr: clean(row.NAME_FR) };
      const other = byCountry.get(gear.code);
      if (other) return { nameEn: clean(other.GEAR_NAME_EN), nameFr: clean(other.GEAR_NAME_FR) };
      const group = required(groups.get(gear.code), `gear ${gear.code}`);
      return { nameEn: clean(group.GEAR_GROUP_NAME_EN), nameFr: clean(group.GEAR_GROUP_NAME_FR) };
    }),
  );
}

function buildVesselType(): ReferenceEntry[] {
  return [...VESSEL_TYPES];
}

/** port: union of the IOTC port list and the UN/LOCODE ports of the 18 countries. */
function buildPort(src: Sources): PortEntry[] {
  const countries = isoCountries(src);
  const iso2Of = new Map(countries.map((c) => [c.iso3, c.iso2]));

  // Keyed by UN/LOCODE; IOTC codes are ISO3 + the UN/LOCODE location part.
  const places = new Map<string, { iso2: string; nameEn: string; nameFr: string }>();
  for (const row of src.csv('ports/iotc_PORTS_iotc_area_18_countries.csv')) {
    const iso2 = required(iso2Of.get(clean(row.COUNTRY_CODE)), `ISO2 of ${row.COUNTRY_CODE}`);
    const locode = iso2 + clean(row.CODE).slice(3);
    places.set(locode, { iso2, nameEn: clean(row.NAME_EN), nameFr: clean(row.NAME_FR) });
  }
  for (const row of src.csv('ports/unlocode_2023-2_ports_iotc_area_18_countries.csv')) {
    const locode = clean(row.locode);
    const known = places.get(locode);
    // UN/LOCODE spellings are preferred (IOTC has "POINT Samson", "Sat Louis", ...).
    places.set(locode, { iso2: clean(row.country_iso2), nameEn: clean(row.name), nameFr: known?.nameFr ?? '' });
  }

  const designated = new Map(DESIGNATED_PORTS.map((d) => [d.locode, d]));
  for (const code of [...designated.keys(), ...ACTIVE_AUSTRALIAN_PORTS]) required(places.get(code), `port ${code}`);

  let nextId = 101;
  return [...places.keys()].sort().map((locode): PortEntry => {
    const place = places.get(locode)!;
    const pinned = designated.get(locode);
    const isReunion = place.iso2 === REUNION_COUNTRY.iso2;
    const country = countryBy(countries, 'iso3', isReunion ? REUNION_COUNTRY.countryIso3 : countryBy(countries, 'iso2', place.iso2).iso3);
    return {
      id: pinned ? pinned.id : nextId++,
      code: locode,
      nameEn: place.nameEn,
      nameFr: place.nameFr || place.nameEn,
      country: isReunion ? REUNION_COUNTRY.label : country.nameEn,
      country_id: country.numeric,
      line1: 'NULL',
      line2: '',
      line3: '',
      city: pinned?.city ?? 'NULL',
      stateProvinceCounty: pinned?.stateProvinceCounty ?? 'NULL',
      zipOrPostcode: 'NULL',
      phone: 'NULL',
      fax: 'NULL',
      email: 'NULL',
      disabled: place.iso2 === 'AU' && !ACTIVE_AUSTRALIAN_PORTS.includes(locode) ? 1 : 0,
    };
  });
}

/** designatedPort: the designated ports of the port list (same entries), all active. */
function buildDesignatedPort(ports: PortEntry[]): PortEntry[] {
  const ids = new Set(DESIGNATED_PORTS.map((d) => d.id));
  const list = ports.filter((p) => ids.has(p.id));
  const inactive = list.find((p) => p.disabled !== 0);
  if (inactive) throw new Error(`reference data: designated port ${inactive.code} is disabled`);
  return list;
}

function buildVms(): ReferenceEntry[] {
  return [...VMS_TYPES];
}

function buildDocumentType(): DocumentTypeEntry[] {
  return [...DOCUMENT_TYPES, ...PICTURE_TYPES];
}

/** imageType: the vessel picture types, same ids and codes as in documentType. */
function buildImageType(): DocumentTypeEntry[] {
  return [...PICTURE_TYPES];
}

/** rfmo: 11 bodies; names from FAO's RFB list or the fdiwg tuna RFMO list unless authored. */
function buildRfmo(src: Sources): ReferenceEntry[] {
  const fao = src.index('rfmos/fao_CL_FI_RFB.csv', 'Short_Name_En');
  const tuna = src.index('rfmos/fdiwg_cl_tuna_rfmos.csv', 'code');
  return RFMOS.map((rfmo) => {
    const faoRow = fao.get(rfmo.code);
    const tunaRow = tuna.get(rfmo.code);
    return {
      id: rfmo.id,
      code: rfmo.code,
      nameEn: rfmo.nameEn ?? clean(required(faoRow?.Name_En ?? tunaRow?.definition, `EN name of ${rfmo.code}`)),
      nameFr: rfmo.nameFr ?? clean(required(faoRow?.Name_Fr, `FR name of ${rfmo.code}`)),
    };
  });
}

function buildPurpose(): PurposeEntry[] {
  return [...PURPOSES];
}

function buildAuthority(): ReferenceEntry[] {
  return [...AUTHORITIES];
}

/** fishingArea: states, EU, regional bodies and FAO major areas (ids authored, no id 57). */
function buildFishingArea(src: Sources, rfmos: ReferenceEntry[]): ReferenceEntry[] {
  const countries = isoCountries(src);
  const fleets = src.index('flag_states/iotc_FLEETS.csv', 'CODE');
  const cpcs = src.index('flag_states/iotc_CURRENT_CPCS.csv', 'CODE');
  const rfbs = src.index('rfmos/fao_CL_FI_RFB.csv', 'Short_Name_En');
  const areas = src.index('fao_areas/fao_CL_FI_WATERAREA_MAJOR.csv', 'Code');

  const states = STATES.map(([id, code]) => {
    const row = required(fleets.get(code), `fleet ${code}`);
    return { id, code, nameEn: clean(row.NAME_EN), nameFr: clean(row.NAME_FR) };
  });
  const europe = EUROPEAN_UNION.map(([id, code]) => {
    if (code === 'EUR') {
      const row = required(cpcs.get('EUR'), 'CPC EUR');
      return { id, code, nameEn: clean(row.NAME_EN), nameFr: clean(row.NAME_FR) };
    }
    const country = countryBy(countries, 'iso3', code);
    return { id, code: `EUR.${code}`, nameEn: `EU (${country.nameEn})`, nameFr: `UE (${country.nameFr})` };
  });
  const bodies = REGIONAL_BODIES.map(([id, code]) => {
    const row = rfbs.get(code);
    if (row) {
      const acronymFr = clean(row.Short_Name_Fr) || code;
      return { id, code, nameEn: `${clean(row.Name_En)} (${code})`, nameFr: `${clean(row.Name_Fr)} (${acronymFr})` };
    }
    const rfmo = required(
      rfmos.find((r) => r.code === code),
      `regional body ${code}`,
    );
    const acronymFr = REGIONAL_BODY_ACRONYMS_FR[code] ?? code;
    return { id, code, nameEn: `${rfmo.nameEn} (${code})`, nameFr: `${rfmo.nameFr} (${acronymFr})` };
  });
  const faoAreas = FAO_MAJOR_AREAS.map(([id, area]) => {
    const row = required(areas.get(area), `FAO major area ${area}`);
    return { id, code: `FAO${area}`, nameEn: `FAO area ${area} – ${clean(row.Name_En)}`, nameFr: `Zone FAO ${area} – ${clean(row.Name_Fr)}` };
  });

  const list = [...states, ...europe, ...bodies, ...faoAreas];
  if (list.some((e) => e.id === 57)) throw new Error('reference data: fishingArea must not use id 57');
  return list;
}

/** species: selected IOTC species (ids in category then code order) plus OTHR, UNKN, SKHS. */
function buildSpecies(src: Sources): SpeciesEntry[] {
  const rank = (row: Row): number => {
    const category = INCLUDED_CATEGORIES.indexOf(clean(row.SPECIES_CATEGORY_CODE));
    return category >= 0 ? category : INCLUDED_CATEGORIES.length;
  };
  const selected = src
    .csv('species/iotc_SPECIES.csv')
    .filter((row) => rank(row) < INCLUDED_CATEGORIES.length || INCLUDED_OTHER_CODES.includes(clean(row.CODE)))
    .sort((a, b) => rank(a) - rank(b) || (clean(a.CODE) < clean(b.CODE) ? -1 : clean(a.CODE) > clean(b.CODE) ? 1 : 0));

  const species = selected.map((row, index): SpeciesEntry => {
    const code = clean(row.CODE);
    // A missing EN name falls back to the scientific name, a missing FR name to the EN name.
    const nameEn = clean(row.NAME_EN) || clean(row.NAME_SCIENTIFIC) || code;
    return {
      id: index + 1,
      code,
      nameEn,
      nameFr: clean(row.NAME_FR) || nameEn,
      targetGroup: clean(row.IS_AGGREGATE) === '1' ? 'AGGR' : (TARGET_GROUP_BY_CATEGORY[clean(row.SPECIES_CATEGORY_CODE)] ?? 'OTHR'),
    };
  });
  const specials = SPECIAL_SPECIES.map((s, index): SpeciesEntry => ({ id: species.length + index + 1, ...s }));
  return [...species, ...specials];
}

/** productForms: codes "1".."17"; loins and fillet named from the IOTC processing types. */
function buildProductForms(src: Sources): ReferenceEntry[] {
  const processing = src.index('product_forms/iotc_FISH_PROCESSING_TYPES.csv', 'CODE');
  return PRODUCT_FORMS.map((form) =>
    namesOf(form, () => {
      const row = required(processing.get(form.sourceCode ?? form.code), `processing type ${form.sourceCode}`);
      return { nameEn: clean(row.NAME_EN), nameFr: clean(row.NAME_FR) };
    }),
  );
}

/** speciesForFishingAuthorization: 30 authored groups; single species named from iotc_SPECIES.csv. */
function buildSpeciesForFishingAuthorization(src: Sources): ReferenceEntry[] {
  const species = src.index('species/iotc_SPECIES.csv', 'CODE');
  return SPECIES_FOR_FISHING_AUTHORIZATION.map((group) =>
    namesOf(group, () => {
      const row = required(species.get(group.sourceCode ?? group.code), `species ${group.sourceCode}`);
      return { nameEn: clean(row.NAME_EN), nameFr: clean(row.NAME_FR) || clean(row.NAME_EN) };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Assembling, checking and writing

function assertUnique(dataset: ReferenceDataset, list: readonly ReferenceEntry[]): void {
  for (const key of ['id', 'code'] as const) {
    const seen = new Set<number | string>();
    for (const entry of list) {
      if (seen.has(entry[key])) throw new Error(`reference data: ${dataset} has a duplicate ${key} ${entry[key]}`);
      seen.add(entry[key]);
    }
  }
}

/** Builds and validates every dataset; entries are sorted by id. Writes nothing. */
export function buildAll(sourceDir: string = defaultSourceDir()): ReferenceData {
  const src = new Sources(sourceDir);
  const port = buildPort(src);
  const rfmo = buildRfmo(src);
  const raw: { [K in ReferenceDataset]: unknown[] } = {
    flag: buildFlag(src),
    gear: buildGear(src),
    vesselType: buildVesselType(),
    port,
    designatedPort: buildDesignatedPort(port),
    vms: buildVms(),
    documentType: buildDocumentType(),
    imageType: buildImageType(),
    rfmo,
    purpose: buildPurpose(),
    authority: buildAuthority(),
    fishingArea: buildFishingArea(src, rfmo),
    species: buildSpecies(src),
    productForms: buildProductForms(src),
    speciesForFishingAuthorization: buildSpeciesForFishingAuthorization(src),
  };

  const result = {} as Record<ReferenceDataset, ReferenceEntry[]>;
  for (const dataset of REFERENCE_DATASETS) {
    const parsed = referenceSchemas[dataset].safeParse(raw[dataset]);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`reference data: ${dataset} does not match the contract (${issue?.path.join('.')}: ${issue?.message})`);
    }
    // Keep the built objects (not the parsed copies) so that field order is ours, sorted by id.
    const list = [...(raw[dataset] as ReferenceEntry[])].sort((a, b) => a.id - b.id);
    assertUnique(dataset, list);
    result[dataset] = list;
  }
  return result as ReferenceData;
}

/** The exact file content written for one dataset. */
export function serialize(list: readonly unknown[]): string {
  return `${JSON.stringify(list, null, 2)}\n`;
}

export function writeAll(data: ReferenceData, outDir: string = OUTPUT_DIR): void {
  fs.mkdirSync(outDir, { recursive: true });
  for (const dataset of REFERENCE_DATASETS) {
    fs.writeFileSync(path.join(outDir, `${dataset}.json`), serialize(data[dataset]));
  }
}

/** `npm run refdata` writes the datasets; `npm run refdata -- --check` only compares a fresh build with the committed files. */
function main(): void {
  const sourceDir = defaultSourceDir();
  if (!fs.existsSync(sourceDir)) {
    console.error(`reference data: no source CSVs at ${sourceDir} (set REFERENCE_SOURCE_DIR)`);
    process.exit(2);
  }
  const data = buildAll(sourceDir);
  if (process.argv.includes('--check')) {
    const stale = REFERENCE_DATASETS.filter((d) => {
      const file = path.join(OUTPUT_DIR, `${d}.json`);
      return !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== serialize(data[d]);
    });
    if (stale.length) {
      console.error(`reference data: stale ${stale.join(', ')}; run npm run refdata`);
      process.exit(1);
    }
    console.log('reference data: the committed files match a fresh build');
    return;
  }
  writeAll(data);
  const counts = REFERENCE_DATASETS.map((d) => `${d} ${data[d].length}`).join(', ');
  console.log(`reference data: read ${sourceDir}\nwrote ${path.relative(REPO_ROOT, OUTPUT_DIR)}: ${counts}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
