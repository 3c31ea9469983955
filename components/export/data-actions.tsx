'use client';
import { useTranslations } from 'next-intl';
import { DownloadIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DownloadDataDialog } from './download-data-dialog';
import { EraseDataDialog } from './erase-data-dialog';
import { RestoreDataDialog } from './restore-data-dialog';

/** The advanced section's data buttons (SPEC §2 user side menu), each opening its dialog. */
export function DataActions() {
  const t = useTranslations('exportData.menu');
  const [open, setOpen] = useState<'download' | 'restore' | 'erase' | null>(null);
  const set = (which: typeof open) => (next: boolean) => setOpen(next ? which : null);
  return (
    <div className="flex flex-col gap-2" data-testid="data-actions">
      <Button variant="outline" className="justify-start" onClick={() => setOpen('download')}>
        <DownloadIcon aria-hidden /> {t('download')}
      </Button>
      <Button variant="outline" className="justify-start" onClick={() => setOpen('restore')}>
        <UploadIcon aria-hidden /> {t('restore')}
      </Button>
      <Button variant="outline" className="justify-start text-destructive hover:text-destructive" onClick={() => setOpen('erase')}>
        <Trash2Icon aria-hidden /> {t('erase')}
      </Button>
      <DownloadDataDialog open={open === 'download'} onOpenChange={set('download')} />
      <RestoreDataDialog open={open === 'restore'} onOpenChange={set('restore')} />
      <EraseDataDialog open={open === 'erase'} onOpenChange={set('erase')} />
    </div>
  );
}
