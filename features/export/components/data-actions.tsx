'use client';
import { useTranslations } from 'next-intl';
import { DownloadIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useDialogChoice } from '@/lib/hooks/use-dialog-choice';
import { Button } from '@/components/ui/button';

// Loaded when first opened: the export code (zip, manifest checks) stays out of every route's first scripts.
const DownloadDataDialog = dynamic(() => import('./download-data-dialog').then((m) => m.DownloadDataDialog));
const RestoreDataDialog = dynamic(() => import('./restore-data-dialog').then((m) => m.RestoreDataDialog));
const EraseDataDialog = dynamic(() => import('./erase-data-dialog').then((m) => m.EraseDataDialog));

/** The advanced section's data buttons (SPEC §2 user side menu), each opening its dialog. */
export function DataActions() {
  const t = useTranslations('menu.data');
  const { open, show, mounted } = useDialogChoice<'download' | 'restore' | 'erase'>();
  const set = (which: NonNullable<typeof open>) => (next: boolean) => show(next ? which : null);
  return (
    <div className="flex flex-col gap-2" data-testid="data-actions">
      <Button variant="outline" className="justify-start whitespace-normal text-start" onClick={() => show('download')}>
        <DownloadIcon aria-hidden /> {t('download')}
      </Button>
      <Button variant="outline" className="justify-start whitespace-normal text-start" onClick={() => show('restore')}>
        <UploadIcon aria-hidden /> {t('restore')}
      </Button>
      <Button variant="outline" className="justify-start whitespace-normal text-start text-destructive hover:text-destructive" onClick={() => show('erase')}>
        <Trash2Icon aria-hidden /> {t('erase')}
      </Button>
      {mounted('download') && <DownloadDataDialog open={open === 'download'} onOpenChange={set('download')} />}
      {mounted('restore') && <RestoreDataDialog open={open === 'restore'} onOpenChange={set('restore')} />}
      {mounted('erase') && <EraseDataDialog open={open === 'erase'} onOpenChange={set('erase')} />}
    </div>
  );
}
