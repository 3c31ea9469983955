'use client';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import type { Settings, User } from '@/lib/contract';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';

// Loaded when the menu first opens: its selects, switches and data dialogs are not needed to show a page.
const UserMenuPanel = dynamic(() => import('./user-menu-panel').then((m) => m.UserMenuPanel));

/** The side sheet of `UserMenu`, loaded with its first opening. */
export function UserMenuSheet({ user, settings, open, onOpenChange }: { user: User; settings: Settings; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations('menu');
  const tc = useTranslations('common');
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent closeLabel={tc('close')} aria-describedby={undefined}>
        <div className="pe-10">
          <SheetTitle>{t('title')}</SheetTitle>
          <SheetDescription className="mt-1">
            {t('signedInAs', { name: user.name })}
            <br />
            {t('device', { device: user.deviceName })}
          </SheetDescription>
        </div>

        <UserMenuPanel settings={settings} />
      </SheetContent>
    </Sheet>
  );
}
