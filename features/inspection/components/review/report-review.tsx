'use client';
import { NextIntlClientProvider, useLocale, useTimeZone, useTranslations } from 'next-intl';
import { LanguagesIcon, Loader2Icon } from 'lucide-react';
import { memo, useId } from 'react';
import type { Language, Pir } from '@/lib/contract';
import type { ResolvedNode } from '@/features/inspection/model/review';
import { cn } from '@/lib/utils';
import { StoredImage } from '../media/media-common';
import { useResolvedReview, useReviewMessages } from './use-review';

const LANGUAGES: Language[] = ['en', 'fr'];

/**
 * The whole report, read only, in large type, for the master before signing. Its
 * language is its own (`language`); the inspector's setting is not touched. Children render inside the
 * review's language too (the signed PDF is made in it).
 */
export function ReportReview({ report, language, onLanguage, children }: { report: Pir; language: Language; onLanguage: (l: Language) => void; children?: React.ReactNode }) {
  const appLocale = useLocale();
  const t = useTranslations('review');
  const groupId = useId();
  return (
    <section aria-labelledby={`${groupId}-title`} className="flex flex-col gap-4" data-testid="report-review" data-language={language}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-labelledby={`${groupId}-lang`} className="flex items-center gap-2">
          <LanguagesIcon className="size-5 text-muted-foreground" aria-hidden />
          <span id={`${groupId}-lang`} className="text-sm text-muted-foreground">
            {t('language')}
          </span>
          <div className="inline-flex rounded-lg border p-0.5">
            {LANGUAGES.map((l) => (
              <button
                key={l}
                type="button"
                lang={l}
                aria-pressed={language === l}
                onClick={() => onLanguage(l)}
                className={cn('min-h-11 min-w-14 rounded-md px-3 font-semibold', language === l ? 'bg-primary text-primary-foreground' : 'hover:bg-muted')}
                data-testid={`review-language-${l}`}
              >
                {l === 'en' ? 'English' : 'Français'}
              </button>
            ))}
          </div>
        </div>
      </div>
      <ReviewIntl language={language}>
        <div lang={language !== appLocale ? language : undefined} className="flex flex-col gap-4">
          <ReviewBody report={report} titleId={`${groupId}-title`} />
          {children}
        </div>
      </ReviewIntl>
    </section>
  );
}

/** Its children in the review's language: the screen messages of that language, loaded on demand. */
export function ReviewIntl({ language, children }: { language: Language; children: React.ReactNode }) {
  const { messages, failed } = useReviewMessages(language);
  const timeZone = useTimeZone();
  const t = useTranslations('review');
  if (messages)
    return (
      <NextIntlClientProvider locale={language} messages={messages} timeZone={timeZone}>
        {children}
      </NextIntlClientProvider>
    );
  return failed ? (
    <p role="alert">{t('loadFailed')}</p>
  ) : (
    <p className="flex items-center gap-2 text-muted-foreground">
      <Loader2Icon className="size-5 motion-safe:animate-spin" aria-hidden /> {t('loading')}
    </p>
  );
}

/**
 * The review reads only the report's inspection data (and its id, for the pictures): it is drawn again
 * only when they change, not when the report's status or signatures do (opening "Start signing" over a
 * long review drew it again, most of that tap on a slow tablet).
 */
const ReviewBody = memo(
  ReviewSections,
  (a, b) => a.report.id === b.report.id && a.report.extended === b.report.extended && a.titleId === b.titleId,
);

function ReviewSections({ report, titleId }: { report: Pir; titleId: string }) {
  const t = useTranslations('review');
  const review = useResolvedReview(report);
  return (
    <div className="flex flex-col gap-4 text-lg">
      <div>
        <h3 id={titleId} className="text-2xl font-semibold">
          {t('title')}
        </h3>
        <p className="text-base text-muted-foreground">{t('intro')}</p>
      </div>
      {review?.sections.map((s) => (
        // Sections out of view are not laid out nor painted: a dialog opened over a long review (Start
        // signing) restyles and lays out the page.
        <section
          key={s.step}
          aria-labelledby={`review-${s.step}`}
          className="rounded-xl border p-4 [contain-intrinsic-size:auto_16rem] [content-visibility:auto]"
          data-testid={`review-${s.step}`}
        >
          <h4 id={`review-${s.step}`} className="mb-2 text-xl font-semibold text-primary">
            {s.title}
          </h4>
          <Nodes nodes={s.children} />
        </section>
      ))}
    </div>
  );
}

type Row = Extract<ResolvedNode, { kind: 'row' }>;

/** Rows in definition lists, groups between them (a list holds only its terms and definitions). */
function Nodes({ nodes }: { nodes: ResolvedNode[] }) {
  const chunks: (Row[] | ResolvedNode)[] = [];
  for (const n of nodes) {
    const last = chunks.at(-1);
    // a row without a label (an empty list's note) is a paragraph of its own
    if (n.kind === 'row' && n.label) {
      if (Array.isArray(last)) last.push(n);
      else chunks.push([n]);
    } else chunks.push(n);
  }
  return (
    <div className="flex flex-col gap-1">
      {chunks.map((c, i) =>
        Array.isArray(c) ? (
          <dl key={i} className="grid grid-cols-1 gap-x-6 @xl:grid-cols-[minmax(10rem,1fr)_2fr]">
            {c.map((n, j) => (
              <div key={j} className={cn('contents', n.long && 'block @xl:col-span-2')} data-testid="review-row">
                <dt className={cn('pt-2 text-base text-muted-foreground @xl:pt-2.5 @xl:pb-2', n.long && '@xl:col-span-2 @xl:pb-0')}>{n.label}</dt>
                <dd className={cn('min-w-0 pb-2 break-words whitespace-pre-wrap @xl:pt-2', n.long && '@xl:pt-0', n.warn && 'font-semibold text-destructive', n.long && '@xl:col-span-2')}>{n.value}</dd>
              </div>
            ))}
          </dl>
        ) : c.kind === 'row' ? (
          <p key={i} className="py-1 text-muted-foreground">
            {c.value}
          </p>
        ) : c.kind === 'image' ? (
          <StoredImage key={i} fileId={c.fileId} alt={c.alt} className="mb-2 aspect-[4/3] w-48 rounded-md" />
        ) : (
          <div key={i} className="mt-2 rounded-lg border-s-4 border-muted ps-3">
            <p className="pt-1 font-semibold">{c.title}</p>
            <Nodes nodes={c.children} />
          </div>
        ),
      )}
    </div>
  );
}
