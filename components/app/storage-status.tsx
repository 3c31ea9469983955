'use client';
import { useTranslations } from 'next-intl';
import { HardDriveIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { isStoragePersistent, requestPersistentStorage } from '@/lib/storage/quota';
import { Button } from '@/components/ui/button';

/** Whether the browser keeps the tablet's reports for good, or may clear them when space runs low. */
export function StorageStatus() {
  const t = useTranslations('menu');
  const [persistent, setPersistent] = useState<boolean | null | undefined>(undefined);
  useEffect(() => {
    void isStoragePersistent().then(setPersistent);
  }, []);
  if (persistent === undefined) return null;
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="storage-status" data-persistent={String(persistent)}>
      <p className="flex items-center gap-2">
        <HardDriveIcon className="size-4 shrink-0" aria-hidden />
        {persistent ? t('storagePersistent') : persistent === false ? t('storageNotPersistent') : t('storageUnknown')}
      </p>
      {persistent === false && (
        <Button variant="outline" size="sm" className="self-start" onClick={() => void requestPersistentStorage().then(setPersistent)}>
          {t('storageAsk')}
        </Button>
      )}
    </div>
  );
}
