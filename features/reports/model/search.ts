/**
 * SPEC §2 reports list search: the text box matches vessel name, IMO, IRCS, MMSI, port (its name in
 * the current language) and report code, folded alike (case, accents, quote and dash variants:
 * lib/format/fold). Pure; the debounce lives in the screen.
 *
 * Each report's search key (its fields folded and joined) is computed once per report object and kept
 * in a WeakMap. The keys of a list are also joined into one text, kept per list object, so a search
 * looks for its first word with `indexOf` over that text (one scan, which skips to the next report at
 * each hit) and checks the other words only on the reports that hold the first. The lists keep their
 * report objects across renders (TanStack Query's structural sharing), so keys and texts survive until
 * a report changes.
 */
import type { Pir } from '@/lib/contract';
import { DEFAULT_PORT_OF_ARRIVAL } from '@/lib/contract/constants';
import { foldForSearch, searchWords } from '@/lib/format/fold';
import { isHeldHere } from '@/lib/reports/merge';

export type SearchableReport = Pick<Pir, 'code' | 'portOfArrival'> & {
  vesselIdentity: Pick<Pir['vesselIdentity'], 'vesselName' | 'imoId' | 'ircs' | 'mmsi'>;
};

/** The search fold every search shares (lib/format/fold): "Réunion" finds "REUNION", "d’eau" finds "d'Eau". */
export const foldText = foldForSearch;

/** The words of a query, folded; empty when the query is blank. */
export const queryWords = searchWords;

/** Fields are joined by a character no query word contains, so a word never spans two fields. */
const SEPARATOR = '\n';

export interface SearchIndex {
  /** The folded search key of a report (computed on first use, then remembered for that object). */
  keyOf(report: SearchableReport): string;
  /** The keys of a list, joined, with where each report's key starts (remembered for that list object). */
  corpusOf(reports: readonly SearchableReport[]): Corpus;
}

interface Corpus {
  /** every key followed by the separator */
  text: string;
  /** `starts[i]` is where report i's key begins; one more entry, the text's length, closes the last */
  starts: Int32Array;
}

/**
 * A search index for one language and one port list: `portName` gives a port's name in the current
 * language. Make a new one when either changes (the port name is part of every key).
 */
export function createSearchIndex(portName: (portId: number) => string | undefined): SearchIndex {
  const keys = new WeakMap<SearchableReport, string>();
  const corpora = new WeakMap<readonly SearchableReport[], Corpus>();
  const index: SearchIndex = {
    corpusOf(reports) {
      let corpus = corpora.get(reports);
      if (!corpus) {
        const starts = new Int32Array(reports.length + 1);
        const parts: string[] = [];
        let at = 0;
        reports.forEach((r, i) => {
          starts[i] = at;
          const key = index.keyOf(r);
          parts.push(key);
          at += key.length + SEPARATOR.length;
        });
        starts[reports.length] = at;
        corpus = { text: parts.length ? parts.join(SEPARATOR) + SEPARATOR : '', starts };
        corpora.set(reports, corpus);
      }
      return corpus;
    },
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
  return index;
}

/** The report whose key holds text position `pos`: the last start at or before it. */
function reportAt(starts: Int32Array, pos: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
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
  const { text, starts } = index.corpusOf(reports);
  const [first, ...rest] = words as [string, ...string[]];
  const hit = new Uint8Array(reports.length);
  // A word never holds the separator, so a hit lies inside one report's key.
  for (let pos = text.indexOf(first); pos !== -1; ) {
    const i = reportAt(starts, pos);
    if (rest.length === 0 || keyMatches(index.keyOf(reports[i]!), rest)) hit[i] = 1;
    pos = text.indexOf(first, starts[i + 1]!);
  }
  const matches: T[] = [];
  const others: T[] = [];
  reports.forEach((r, i) => (hit[i] ? matches : others).push(r));
  return { matches, others };
}

/** SPEC §2 filter modal: reports whose port of arrival (default port when missing) is one of the chosen ports. */
export function filterByPorts<T extends Pick<Pir, 'portOfArrival' | 'status' | 'claimedByDevice'>>(reports: readonly T[], ports: readonly number[], device: string): T[] {
  if (ports.length === 0) return [...reports];
  const chosen = new Set(ports);
  // This tablet's own work in progress is never hidden: a filter chosen last week must not hide today's inspection.
  return reports.filter((r) => chosen.has(r.portOfArrival ?? DEFAULT_PORT_OF_ARRIVAL) || isHeldHere(r, device));
}

/** How many of the reports the port filter keeps are there only because this tablet is working on them. */
export function keptAsOwnWork<T extends Pick<Pir, 'portOfArrival' | 'status' | 'claimedByDevice'>>(kept: readonly T[], ports: readonly number[], device: string): number {
  const chosen = new Set(ports);
  return kept.filter((r) => !chosen.has(r.portOfArrival ?? DEFAULT_PORT_OF_ARRIVAL) && isHeldHere(r, device)).length;
}
