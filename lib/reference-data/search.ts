import type { Language, ReferenceEntry } from '@/lib/contract';
import { foldForSearch, searchWords } from '@/lib/format/fold';
import { referenceLabel } from './labels';

export interface Option {
  value: number;
  label: string;
  code: string;
}

/** Options already made, by list and language: a step with 20 catches has 60 pickers of the same lists. */
const made = new WeakMap<readonly ReferenceEntry[], Map<Language, Option[]>>();

/** The entries a picker offers: labelled in the current language; inactive ports left out (SPEC §3). */
export function optionsOf(list: readonly ReferenceEntry[] | undefined, language: Language): Option[] {
  if (!list) return [];
  let byLanguage = made.get(list);
  if (!byLanguage) made.set(list, (byLanguage = new Map()));
  let options = byLanguage.get(language);
  if (!options) byLanguage.set(language, (options = makeOptions(list, language)));
  return options;
}

function makeOptions(list: readonly ReferenceEntry[], language: Language): Option[] {
  return list
    .filter((e) => !('disabled' in e) || (e as { disabled: number }).disabled !== 1)
    .map((e) => ({ value: e.id, label: referenceLabel(e, language) ?? e.code, code: e.code }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

/** Each option's folded text, kept: the options of a list are made once, and every keystroke searches them all. */
const folded = new WeakMap<Option, string>();

function textOf(o: Option): string {
  let text = folded.get(o);
  if (text === undefined) folded.set(o, (text = foldForSearch(`${o.label} ${o.code}`)));
  return text;
}

/** Options whose label or code contains every word of the query, folded alike (case, accents, quotes, dashes). */
export function filterOptions(options: readonly Option[], query: string): Option[] {
  const words = searchWords(query);
  if (words.length === 0) return [...options];
  return options.filter((o) => {
    const text = textOf(o);
    return words.every((w) => text.includes(w));
  });
}
