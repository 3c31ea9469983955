'use client';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import type { Language, Pir, ReferenceDataset, ReferenceEntry } from '@/lib/contract';
import { loadMessages, loadedMessages, type Messages } from '@/lib/i18n/messages';
import { resolveReview, reviewContent, type ResolveDeps, type ResolvedSection } from '@/features/inspection/model/review';
import type { PreparedPir } from '@/features/inspection/model/definitions/slices';
import { referenceLabel } from '@/lib/reference-data/labels';
import { useHeldLists } from '@/lib/reference-data/use-reference-data';

/** The messages of the review's language, loaded on demand (the app's own language is untouched). */
export function useReviewMessages(language: Language): { messages: Messages | undefined; failed: boolean } {
  const ready = loadedMessages(language);
  const [loaded, setLoaded] = useState<Partial<Record<Language, Messages>>>({});
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadMessages(language).then(
      (m) => live && setLoaded((l) => ({ ...l, [language]: m })),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [language, ready]);
  return { messages: ready ?? loaded[language], failed };
}

/**
 * The review in the language of the nearest intl provider (the review's own): every step's content,
 * resolved to strings, and the formatters the PDF header uses.
 */
export function useResolvedReview(report: Pir): { sections: ResolvedSection[]; deps: ResolveDeps } | null {
  const t = useTranslations();
  const format = useFormatter();
  const { data } = useHeldLists();
  const lang = useLocale() as Language;
  const deps = useMemo<ResolveDeps>(() => {
    const find = (dataset: ReferenceDataset, pred: (e: ReferenceEntry) => boolean) => (data?.[dataset] as ReferenceEntry[] | undefined)?.find(pred);
    return {
      t: (key, values) => (t.has(key) ? t(key, values) : undefined),
      ref: (dataset, id) => referenceLabel(find(dataset, (e) => e.id === id), lang),
      refByCode: (dataset, code) => referenceLabel(find(dataset, (e) => e.code === code), lang),
      date: (iso) => {
        const d = new Date(iso);
        if (Number.isNaN(d.getTime())) return iso;
        // a date without a time of day (validity dates) is shown as a date
        return /T00:00(:00(\.0+)?)?(Z|[+-]00:?00)?$/.test(iso) || iso.length <= 10
          ? format.dateTime(d, { dateStyle: 'long', timeZone: 'UTC' })
          : format.dateTime(d, { dateStyle: 'long', timeStyle: 'short' });
      },
      number: (n) => format.number(n, { maximumFractionDigits: 3 }),
    };
  }, [t, format, data, lang]);
  return useMemo(() => {
    if (!report.extended) return null;
    return { sections: resolveReview(reviewContent(report as PreparedPir), deps), deps };
  }, [report, deps]);
}

