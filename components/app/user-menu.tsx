'use client';
import { useTranslations } from 'next-intl';
import { UserRoundIcon } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useOpenedOnce } from '@/lib/hooks/use-opened-once';
import { sessionStore } from '@/lib/session/session-store';
import { settingsStore } from '@/lib/store/settings';
import { useStore } from '@/lib/store/use-store';
import { Button } from '@/components/ui/button';

// The sheet (and the dialog library under it) loads with the menu's first opening.
const UserMenuSheet = dynamic(() => import('./user-menu-sheet').then((m) => m.UserMenuSheet));

/** SPEC §2: the user side menu, opening from the end side; the icon shows the tablet's name. */
export function UserMenu() {
  const t = useTranslations('menu');
  const tn = useTranslations('nav');
  const user = useStore(sessionStore);
  const settings = useStore(settingsStore);
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  if (!user || !settings) return null;

  return (
    <>
      <Button
        variant="ghost"
        className="h-12 gap-2 px-2"
        aria-label={`${tn('user')} — ${user.deviceName}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
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
      {opened && <UserMenuSheet user={user} settings={settings} open={open} onOpenChange={setOpen} />}
    </>
  );
}
