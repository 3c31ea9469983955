'use client';
/** Pieces shared by the vessel files page and the file viewer. */
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { ArrowLeftIcon, FileIcon, FileTextIcon, ImageIcon } from 'lucide-react';
import type { Language, Pir } from '@/lib/contract';
import { fileIdsOfReport } from '@/lib/local-data/files-store';
import { referenceLabel } from '@/lib/reference-data/labels';
import { useHeldLists } from '@/lib/reference-data/use-reference-data';
import { reportTitle } from '@/lib/reports/groups';
import type { VesselFile, ViewerKind } from '@/features/vessel/model/files';
import { AppLink as Link } from '@/components/shared/app-link';
import { PageHeader } from '@/components/shared/page-header';
import { StatusBadge } from '@/components/report/status-badge';
import { Button } from '@/components/ui/button';

/** Ids of the files stored on the tablet for a report (re-read while the report is being prepared). */
export function useStoredIds(report: Pick<Pir, 'id' | 'status'>) {
  return useQuery({
    queryKey: ['local', 'vesselStoredFiles', report.id],
    queryFn: async () => new Set(await fileIdsOfReport(report.id)),
    networkMode: 'always',
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
    refetchOnMount: 'always',
    refetchInterval: report.status === 'preparing' ? 2000 : false,
  });
}

/** Document, picture and flag state labels in the current language (codes and ids when the lists are missing). */
export function useVesselLabels() {
  const language = useLocale() as Language;
  const { data } = useHeldLists();
  const tagLabel = useCallback(
    (code: string | null) => {
      if (!code) return null;
      const entry = data?.documentType?.find((d) => d.code === code) ?? data?.imageType?.find((d) => d.code === code);
      return referenceLabel(entry, language) ?? code;
    },
    [data, language],
  );
  const flagLabel = useCallback((id: number) => referenceLabel(data?.flag?.find((f) => f.id === id), language), [data, language]);
  /** The file's document or picture type, unless its name already says it. */
  const fileTag = useCallback(
    (file: Pick<VesselFile, 'tag' | 'name'>) => {
      const label = tagLabel(file.tag);
      return label && !file.name.toLowerCase().includes(label.toLowerCase()) ? label : null;
    },
    [tagLabel],
  );
  return { fileTag, flagLabel };
}

export function KindIcon({ kind, className }: { kind: ViewerKind; className?: string }) {
  const Icon = kind === 'image' ? ImageIcon : kind === 'pdf' ? FileTextIcon : FileIcon;
  return <Icon className={className} aria-hidden />;
}

/** The page title with the report it belongs to, and a way back. */
export function VesselHeader({ report, title, back, children }: { report: Pir; title: string; back: { href: string; label: string }; children?: React.ReactNode }) {
  const t = useTranslations('pir');
  return (
    <PageHeader
      className="mb-0"
      title={title}
      subtitle={
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-foreground wrap-anywhere" data-title="vessel">{reportTitle(report)}</span>
          <span className="wrap-anywhere" data-title="code">{t('code', { code: report.code })}</span>
          <StatusBadge status={report.status} />
        </span>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        {children}
        <Button asChild variant="outline">
          <Link href={back.href}>
            <ArrowLeftIcon aria-hidden /> {back.label}
          </Link>
        </Button>
      </div>
    </PageHeader>
  );
}
