'use client';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { CheckCircle2Icon, CloudOffIcon, ExternalLinkIcon, PaperclipIcon } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import type { FormType, Pir } from '@/lib/contract';
import { useOnline } from '@/lib/hooks/use-online';
import { formatBytes } from '@/lib/format/bytes';
import { remoteFileId } from '@/lib/local-data/files-store';
import { useStoredFileUrl } from '@/lib/local-data/use-file-url';
import { href } from '@/lib/routes/shell-path';
import { cn } from '@/lib/utils';
import {
  formsOfType,
  isVesselSegment,
  picturesOf,
  segmentCounts,
  vesselDocumentsOf,
  VESSEL_SEGMENTS,
  type VesselFile,
  type VesselForm,
  type VesselSegment,
} from '@/features/vessel/model/files';
import { identityChips, vesselFileHost, vesselFileUrl } from '@/features/vessel/model/identity';
import { AppLink as Link } from '@/components/shared/app-link';
import { Button } from '@/components/ui/button';
import { KindIcon, useStoredIds, useVesselLabels, VesselHeader } from './vessel-common';

/** Build-time host of the external vessel file; empty = the app's own origin (the reference server answers it). */
const CONFIGURED_HOST = process.env.NEXT_PUBLIC_VESSEL_FILE_HOST ?? '';

const noSubscribe = () => () => {};

/** The external vessel file's address; null before hydration (the origin is only known in the browser). */
function useVesselFileUrl(fileId: number): string | null {
  const origin = useSyncExternalStore(noSubscribe, () => window.location.origin, () => null);
  return origin === null ? null : vesselFileUrl(vesselFileHost(CONFIGURED_HOST, origin), fileId);
}

/** /pir/{id}/vessel and /pir/{id}/vessel/category/{fileType}: identity, the external link, the segments and their files. */
export function VesselFiles({ report, segment }: { report: Pir; segment: string }) {
  const t = useTranslations('vessel');
  const counts = segmentCounts(report);
  return (
    <div className="flex flex-col gap-6" data-testid="vessel-files">
      <VesselHeader report={report} title={t('title')} back={{ href: href.pir(report.id), label: t('backToReport') }} />
      <Identity report={report} />
      <SegmentNav reportId={report.id} active={segment} counts={counts} />
      {isVesselSegment(segment) ? (
        <SegmentContent report={report} segment={segment} />
      ) : (
        <p role="alert" className="rounded-lg border border-dashed p-6 text-muted-foreground">
          {t('unknownSegment', { fileType: segment })}
        </p>
      )}
    </div>
  );
}

function Identity({ report }: { report: Pir }) {
  const t = useTranslations('vessel');
  const online = useOnline();
  const { flagLabel } = useVesselLabels();
  const url = useVesselFileUrl(report.fileId);
  const chips = identityChips(report, flagLabel);
  const host = url ? new URL(url, 'http://localhost').host : '';
  return (
    <section aria-labelledby="vessel-identity" className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <h2 id="vessel-identity" className="sr-only">
        {t('identityLabel')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {chips.map((c) => (
          <li key={c.key} data-testid={`chip-${c.key}`} className="flex min-h-11 flex-col justify-center rounded-lg border bg-background px-3 py-1.5 leading-tight">
            <span className="text-xs text-muted-foreground">{t(`chips.${c.key}`)}</span>
            <span className={cn('font-semibold tabular-nums', !c.value && 'font-normal text-muted-foreground italic')}>{c.value ?? t('notGiven')}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        {url && !online && (
          // Offline the page cannot open: the button looks and is disabled, the line beside it says why.
          <Button variant="outline" disabled data-testid="vessel-file-link-offline">
            <ExternalLinkIcon aria-hidden /> {t('externalLink')}
          </Button>
        )}
        {url && online && (
          <Button asChild variant="outline">
            <a href={url} target="_blank" rel="noopener noreferrer" data-testid="vessel-file-link">
              <ExternalLinkIcon aria-hidden /> {t('externalLink')}
            </a>
          </Button>
        )}
        <p className="text-sm text-muted-foreground">{online ? t('externalHint', { host }) : t('externalOffline')}</p>
      </div>
    </section>
  );
}

function SegmentNav({ reportId, active, counts }: { reportId: number; active: string; counts: Record<VesselSegment, number> }) {
  const t = useTranslations('vessel');
  return (
    // The tabs wrap onto a second line on a narrow screen (sideways scrolling hid some with no cue); each stays 44 px tall.
    <nav aria-label={t('segmentsLabel')} className="pb-1">
      <ul className="inline-flex max-w-full flex-wrap gap-1 rounded-xl border bg-muted p-1" data-testid="vessel-segments">
        {VESSEL_SEGMENTS.map((s) => {
          const current = s === active;
          return (
            <li key={s}>
              <Link
                href={href.vesselCategory(reportId, s)}
                aria-current={current ? 'page' : undefined}
                data-segment={s}
                className={cn(
                  'flex min-h-11 items-center gap-2 rounded-lg px-4 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
                  current ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:bg-card/60 hover:text-foreground',
                )}
              >
                {t(`segments.${s}`)}
                <span
                  className={cn('min-w-6 rounded-full px-1.5 text-center text-xs tabular-nums', current ? 'bg-primary text-primary-foreground' : 'bg-background')}
                  aria-label={t('segmentCount', { count: counts[s] })}
                >
                  {counts[s]}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function SegmentContent({ report, segment }: { report: Pir; segment: VesselSegment }) {
  const t = useTranslations('vessel');
  const stored = useStoredIds(report).data;
  return (
    <section aria-labelledby="segment-title" data-testid={`segment-${segment}`} className="flex flex-col gap-4">
      <h2 id="segment-title" className="text-xl font-semibold">
        {t(`segmentTitles.${segment}`)}
      </h2>
      {segment === 'pictures' ? (
        <Pictures report={report} stored={stored} />
      ) : (
        <Forms report={report} type={segment} stored={stored} />
      )}
    </section>
  );
}

function Pictures({ report, stored }: { report: Pir; stored: Set<string> | undefined }) {
  const t = useTranslations('vessel');
  const pictures = picturesOf(report);
  const documents = vesselDocumentsOf(report);
  return (
    <>
      {pictures.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-muted-foreground">{t('noPictures')}</p>
      ) : (
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(13rem,1fr))] gap-4" aria-label={t('picturesTitle')} data-testid="picture-list">
          {pictures.map((p) => (
            <li key={p.key}>
              <PictureTile reportId={report.id} file={p} stored={stored?.has(remoteFileId(p.link))} />
            </li>
          ))}
        </ul>
      )}
      {documents.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="text-lg font-semibold">{t('documentsTitle')}</h3>
          <ul className="flex flex-col gap-2" data-testid="document-list">
            {documents.map((d) => (
              <li key={d.key}>
                <FileRow reportId={report.id} file={d} stored={stored?.has(remoteFileId(d.link))} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function PictureTile({ reportId, file, stored }: { reportId: number; file: VesselFile; stored: boolean | undefined }) {
  const t = useTranslations('vessel');
  const format = useFormatter();
  const { fileTag } = useVesselLabels();
  const tag = fileTag(file);
  const { url } = useStoredFileUrl(stored ? remoteFileId(file.link) : null);
  return (
    <Link
      href={href.vesselFile(reportId, file.key)}
      data-file-key={file.key}
      className="group flex h-full flex-col overflow-hidden rounded-xl border bg-card outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <div className="relative flex aspect-[4/3] items-center justify-center bg-muted">
        {url ? (
          <img src={url} alt="" className="size-full object-cover transition-transform group-hover:scale-[1.02]" />
        ) : (
          <KindIcon kind="image" className="size-10 text-muted-foreground" />
        )}
        <StoredMark stored={stored} className="absolute top-2 right-2" />
      </div>
      <div className="flex flex-col gap-0.5 p-3">
        <span className="line-clamp-2 font-medium">{file.name}</span>
        {tag && <span className="text-sm text-muted-foreground">{tag}</span>}
        {file.date && <span className="text-sm text-muted-foreground">{t('taken', { date: format.dateTime(new Date(file.date), { dateStyle: 'medium' }) })}</span>}
      </div>
    </Link>
  );
}

function Forms({ report, type, stored }: { report: Pir; type: FormType; stored: Set<string> | undefined }) {
  const t = useTranslations('vessel');
  const forms = formsOfType(report, type);
  if (forms.length === 0) return <p className="rounded-lg border border-dashed p-6 text-muted-foreground">{t('noForms', { type })}</p>;
  return (
    <ul className="flex flex-col gap-4" data-testid="form-list">
      {forms.map((f) => (
        <li key={f.key}>
          <FormCard reportId={report.id} form={f} stored={stored} />
        </li>
      ))}
    </ul>
  );
}

function FormCard({ reportId, form, stored }: { reportId: number; form: VesselForm; stored: Set<string> | undefined }) {
  const t = useTranslations('vessel');
  const format = useFormatter();
  const titleId = `form-${form.key}`;
  return (
    <article aria-labelledby={titleId} className="rounded-xl border bg-card p-4" data-testid="form-card" data-form-type={form.typeOfForm ?? undefined}>
      <header className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold">
          {form.name}
        </h3>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span className="rounded-md border px-2 py-0.5 text-xs font-medium">{t(`sources.${form.source}`)}</span>
          {form.date && <span>{t('submitted', { date: format.dateTime(new Date(form.date), { dateStyle: 'medium', timeStyle: 'short' }) })}</span>}
        </div>
      </header>
      <FileRow reportId={reportId} file={form.file} stored={stored?.has(remoteFileId(form.file.link))} />
      {form.attachments.length > 0 && (
        <div className="mt-3 flex flex-col gap-2 border-l-2 pl-3 sm:ml-4">
          <p className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
            <PaperclipIcon className="size-4" aria-hidden /> {t('attachments', { count: form.attachments.length })}
          </p>
          <ul className="flex flex-col gap-2" aria-label={t('attachmentsOf', { name: form.name })} data-testid="attachment-list">
            {form.attachments.map((a) => (
              <li key={a.key}>
                <FileRow reportId={reportId} file={a} stored={stored?.has(remoteFileId(a.link))} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}

function FileRow({ reportId, file, stored }: { reportId: number; file: VesselFile; stored: boolean | undefined }) {
  const t = useTranslations('vessel');
  const locale = useLocale();
  const { fileTag } = useVesselLabels();
  const details = [t(`kinds.${file.kind}`), fileTag(file), file.size !== null && formatBytes(file.size, locale)].filter(Boolean).join(' · ');
  return (
    <Link
      href={href.vesselFile(reportId, file.key)}
      data-file-key={file.key}
      className="flex min-h-14 items-center gap-3 rounded-lg border bg-background px-3 py-2 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <KindIcon kind={file.kind} className="size-6 shrink-0 text-primary" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium">{file.name}</span>
        <span className="truncate text-sm text-muted-foreground">{details}</span>
      </span>
      <StoredMark stored={stored} />
    </Link>
  );
}

function StoredMark({ stored, className }: { stored: boolean | undefined; className?: string }) {
  const t = useTranslations('vessel');
  if (stored === undefined) return null;
  const Icon = stored ? CheckCircle2Icon : CloudOffIcon;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
        stored ? 'border-emerald-600/40 bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' : 'bg-card text-muted-foreground',
        className,
      )}
      data-stored={stored ? 'yes' : 'no'}
    >
      <Icon className="size-3.5" aria-hidden />
      {stored ? t('stored') : t('notStored')}
    </span>
  );
}

