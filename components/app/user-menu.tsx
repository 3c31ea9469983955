'use client';
import { useTranslations } from 'next-intl';
import { UserRoundIcon } from 'lucide-react';
import dynamic from 'next/dynamic';
import { sessionStore } from '@/lib/session/session-store';
import { settingsStore } from '@/lib/store/settings';
import { useStore } from '@/lib/store/use-store';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';

// Loaded when the menu first opens: its selects, switches and data dialogs are not needed to show a page.
const UserMenuPanel = dynamic(() => import('./user-menu-panel').then((m) => m.UserMenuPanel));

/** SPEC §2: the user side menu, opening from the end side; the icon shows the tablet's name. */
export function UserMenu() {
  const t = useTranslations('menu');
  const tc = useTranslations('common');
  const tn = useTranslations('nav');
  const user = useStore(sessionStore);
  const settings = useStore(settingsStore);
  if (!user || !settings) return null;

  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="ghost" className="h-12 gap-2 px-2" aria-label={`${tn('user')} — ${user.deviceName}`}>
          <span className="relative inline-flex size-9 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <UserRoundIcon className="size-5" aria-hidden />
            {settings.updateAvailable && (
              <span className="absolute -top-0.5 -end-0.5 size-3 rounded-full border-2 border-card bg-warning" data-testid="update-marker">
                <span className="sr-only">{t('updateAvailable')}</span>
              </span>
            )}
          </span>
          <span className="hidden max-w-32 truncate text-sm @min-[44rem]:inline" data-testid="device-name">
            {user.deviceName}
          </span>
        </Button>
      </SheetTrigger>
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
