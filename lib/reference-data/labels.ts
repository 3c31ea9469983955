import type { Language, ReferenceEntry } from '@/lib/contract';

/** The entry's name in the current language, falling back to the other one, then to the code. */
export function referenceLabel(entry: ReferenceEntry | undefined, language: Language): string | undefined {
  if (!entry) return undefined;
  const name = language === 'fr' ? entry.nameFr || entry.nameEn : entry.nameEn || entry.nameFr;
  return name || entry.code;
}

export function byId<T extends ReferenceEntry>(list: readonly T[] | undefined): Map<number, T> {
  return new Map((list ?? []).map((e) => [e.id, e]));
}
