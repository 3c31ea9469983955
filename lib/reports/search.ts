/**
 * SPEC §2 reports list search: the text box matches vessel name, IMO, IRCS, MMSI, port (its name in
 * the current language) and report code, accents and case ignored. Pure; the debounce lives in the screen.
 *
 * Each report's search key (its fields folded and joined) is computed once per report object and kept
 * in a WeakMap, so a search over thousands of reports only runs `includes` on ready strings. The lists
 * keep their report objects across renders (TanStack Query's structural sharing), so keys survive
 * until the report itself changes.
 */
import type { Pir } from '@/lib/contract';
import { DEFAULT_PORT_OF_ARRIVAL } from '@/lib/contract/constants';

export type SearchableReport = Pick<Pir, 'code' | 'portOfArrival'> & {
  vesselIdentity: Pick<Pir['vesselIdentity'], 'vesselName' | 'imoId' | 'ircs' | 'mmsi'>;
};

const DIACRITICS = /\p{Diacritic}/gu;
const NON_ASCII = /[\u0080-\uffff]/;

/** Lower case without accents: "Réunion" and "REUNION" both give "reunion". */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  // Most fields are plain ASCII: skip the (comparatively slow) Unicode normalisation for them.
  return NON_ASCII.test(lower) ? lower.normalize('NFD').replace(DIACRITICS, '').normalize('NFC') : lower;
}

/** The words of a query, folded; empty when the query is blank. */
export function queryWords(query: string): string[] {
  return foldText(query).split(/\s+/).filter(Boolean);
}

/** Fields are joined by a character no query word contains, so a word never spans two fields. */
const SEPARATOR = '\n';

export interface SearchIndex {
  /** The folded search key of a report (computed on first use, then remembered for that object). */
  keyOf(report: SearchableReport): string;
}

/**
 * A search index for one language and one port list: `portName` gives a port's name in the current
 * language. Make a new one when either changes (the port name is part of every key).
 */
export function createSearchIndex(portName: (portId: number) => string | undefined): SearchIndex {
  const keys = new WeakMap<SearchableReport, string>();
  return {
    keyOf(report) {
      let key = keys.get(report);
      if (key === undefined) {
        const v = report.vesselIdentity;
        key = foldText(
          [v.vesselName, v.imoId, v.ircs, v.mmsi, portName(report.portOfArrival ?? DEFAULT_PORT_OF_ARRIVAL), report.code]
            .filter((s): s is string => Boolean(s))
            .join(SEPARATOR),
        );
        keys.set(report, key);
      }
      return key;
    },
  };
}

/** Whether a key holds every word (each word anywhere, in any field). */
export function keyMatches(key: string, words: readonly string[]): boolean {
  for (const w of words) if (!key.includes(w)) return false;
  return true;
}

export interface SearchResult<T> {
  /** the reports that match, in the order given */
  matches: T[];
  /** the others, in the order given */
  others: T[];
}

/** Splits reports into those matching every word of the query and the others. A blank query matches all. */
export function searchReports<T extends SearchableReport>(reports: readonly T[], query: string, index: SearchIndex): SearchResult<T> {
  const words = queryWords(query);
  if (words.length === 0) return { matches: [...reports], others: [] };
  const matches: T[] = [];
  const others: T[] = [];
  for (const r of reports) (keyMatches(index.keyOf(r), words) ? matches : others).push(r);
  return { matches, others };
}

/** SPEC §2 filter modal: reports whose port of arrival (default port when missing) is one of the chosen ports. */
export function filterByPorts<T extends Pick<Pir, 'portOfArrival'>>(reports: readonly T[], ports: readonly number[]): T[] {
  if (ports.length === 0) return [...reports];
  const chosen = new Set(ports);
  return reports.filter((r) => chosen.has(r.portOfArrival ?? DEFAULT_PORT_OF_ARRIVAL));
}
