'use client';
import { useTranslations } from 'next-intl';
import { DownloadIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ScreenMessages } from '@/components/app/screen-messages';

// Loaded when first opened: the export code (zip, manifest checks) stays out of every route's first scripts.
const DownloadDataDialog = dynamic(() => import('./download-data-dialog').then((m) => m.DownloadDataDialog));
const RestoreDataDialog = dynamic(() => import('./restore-data-dialog').then((m) => m.RestoreDataDialog));
const EraseDataDialog = dynamic(() => import('./erase-data-dialog').then((m) => m.EraseDataDialog));

/** The advanced section's data buttons (SPEC §2 user side menu), each opening its dialog. */
export function DataActions() {
  const t = useTranslations('menu.data');
  const [open, setOpen] = useState<'download' | 'restore' | 'erase' | null>(null);
  // A dialog once opened stays mounted, so it can animate closed.
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const set = (which: typeof open) => (next: boolean) => setOpen(next ? which : null);
  const show = (which: NonNullable<typeof open>) => {
    setOpened((s) => new Set(s).add(which));
    setOpen(which);
  };
  return (
    <div className="flex flex-col gap-2" data-testid="data-actions">
      <Button variant="outline" className="justify-start" onClick={() => show('download')}>
        <DownloadIcon aria-hidden /> {t('download')}
      </Button>
      <Button variant="outline" className="justify-start" onClick={() => show('restore')}>
        <UploadIcon aria-hidden /> {t('restore')}
      </Button>
      <Button variant="outline" className="justify-start text-destructive hover:text-destructive" onClick={() => show('erase')}>
        <Trash2Icon aria-hidden /> {t('erase')}
      </Button>
      {/* The dialogs' words are screen messages, fetched with the first dialog opened. */}
      {opened.size > 0 && (
        <ScreenMessages>
          {opened.has('download') && <DownloadDataDialog open={open === 'download'} onOpenChange={set('download')} />}
          {opened.has('restore') && <RestoreDataDialog open={open === 'restore'} onOpenChange={set('restore')} />}
          {opened.has('erase') && <EraseDataDialog open={open === 'erase'} onOpenChange={set('erase')} />}
        </ScreenMessages>
      )}
    </div>
  );
}
