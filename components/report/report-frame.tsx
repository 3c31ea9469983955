'use client';
import { AppLink as Link } from '@/components/shared/app-link';
import { useTranslations } from 'next-intl';
import { ClipboardListIcon } from 'lucide-react';
import type { Pir } from '@/lib/contract';
import { useReport } from '@/lib/reports/use-report';
import { useListingArriving } from '@/lib/reports/listing-merge';
import { href } from '@/lib/routes/shell-path';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/shared/page-header';
import { DocumentTitle } from '@/components/shared/document-title';

/** Loads the report named in the address and renders its frame, or the pick-one placeholder. */
export function ReportFrame({ id, children }: { id: string | null; children: (report: Pir) => React.ReactNode }) {
  const t = useTranslations('pir');
  const { report, isPending } = useReport(id === '_' ? null : id);
  const arriving = useListingArriving();
  if (id === null) return <p role="status">{t('loading')}</p>;
  if (id === '_') return <PickReportPlaceholder />;
  if (!report) {
    if (isPending || arriving) return <p role="status">{t('loading')}</p>;
    return (
      <div className="flex flex-col items-start gap-4">
        <PageHeader title={t('title')} />
        <p role="alert">{t('notFound')}</p>
        <Button asChild>
          <Link href={href.reports()}>{t('placeholderAction')}</Link>
        </Button>
      </div>
    );
  }
  return <>{children(report)}</>;
}

export function PickReportPlaceholder() {
  const t = useTranslations('pir');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <ClipboardListIcon className="size-16 text-muted-foreground" aria-hidden />
      <DocumentTitle page={t('placeholderTitle')} />
      <h1 className="text-2xl font-bold">{t('placeholderTitle')}</h1>
      <p className="text-muted-foreground">{t('placeholderText')}</p>
      <Button asChild size="lg">
        <Link href={href.reports()}>{t('placeholderAction')}</Link>
      </Button>
    </div>
  );
}
