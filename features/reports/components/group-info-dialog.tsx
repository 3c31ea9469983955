'use client';
import { useTranslations } from 'next-intl';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ARCHIVE_AFTER_DAYS } from '@/lib/lifecycle/transitions';
import type { GroupName } from './report-group';

/** What a group of the reports list holds (SPEC §2 info modal); loaded when first opened. */
export function GroupInfoDialog({ name, title, open, onOpenChange }: { name: GroupName; title: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations('reports');
  const tc = useTranslations('common');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tc('close')}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="text-base text-foreground">{t(`groupInfo.${name}`, { days: ARCHIVE_AFTER_DAYS })}</DialogDescription>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  );
}
