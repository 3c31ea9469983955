import type { Language, ReferenceEntry } from '@/lib/contract';
import { referenceLabel } from './labels';

export interface Option {
  value: number;
  label: string;
  code: string;
}

/** The entries a picker offers: labelled in the current language; inactive ports left out (SPEC §3). */
export function optionsOf(list: readonly ReferenceEntry[] | undefined, language: Language): Option[] {
  return (list ?? [])
    .filter((e) => !('disabled' in e) || (e as { disabled: number }).disabled !== 1)
    .map((e) => ({ value: e.id, label: referenceLabel(e, language) ?? e.code, code: e.code }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** Options whose label or code contains every word of the query, accents and case ignored. */
export function filterOptions(options: readonly Option[], query: string): Option[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((o) => {
    const text = fold(`${o.label} ${o.code}`);
    return words.every((w) => text.includes(w));
  });
}
