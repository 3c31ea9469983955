'use client';
import { useTranslations } from 'next-intl';
import { LogOutIcon, MoonIcon, UserRoundIcon, WrenchIcon } from 'lucide-react';
import { useId } from 'react';
import { FONT_SIZES, LANGUAGES, type FontSize, type Language } from '@/lib/contract';
import { sessionStore, signOut } from '@/lib/session/session-store';
import { settingsStore, updateSettings } from '@/lib/store/settings';
import { useStore } from '@/lib/store/use-store';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { Switch } from '@/components/ui/switch';
import { StorageStatus } from './storage-status';
import { UpdateButton } from './update-button';
import { InstallButton } from './install-button';
import { DataActions } from '@/components/export/data-actions';

/** SPEC §2: the user side menu, opening from the end side; the icon shows the tablet's name. */
export function UserMenu() {
  const t = useTranslations('menu');
  const tc = useTranslations('common');
  const tn = useTranslations('nav');
  const user = useStore(sessionStore);
  const settings = useStore(settingsStore);
  const ids = { dark: useId(), language: useId(), font: useId(), advanced: useId() };
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

        <div className="flex flex-col gap-2 border-t pt-5">
          <InstallButton />
          <UpdateButton />
        </div>

        <div className="flex flex-col gap-5 border-t pt-5">
          <div className="flex min-h-11 items-center justify-between gap-4">
            <Label htmlFor={ids.dark} className="text-base">
              <MoonIcon className="size-5" aria-hidden /> {t('darkMode')}
            </Label>
            <Switch id={ids.dark} checked={settings.darkMode} onCheckedChange={(darkMode) => updateSettings({ darkMode })} />
          </div>

          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.language} className="text-base">
              {t('language')}
            </Label>
            <Select value={settings.language} onValueChange={(v) => updateSettings({ language: v as Language })}>
              <SelectTrigger id={ids.language}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LANGUAGES.map((l) => (
                  <SelectItem key={l} value={l} lang={l}>
                    {t(`languages.${l}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>

          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.font} className="text-base">
              {t('fontSize')}
            </Label>
            <Select value={settings.fontSize} onValueChange={(v) => updateSettings({ fontSize: v as FontSize })}>
              <SelectTrigger id={ids.font}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {FONT_SIZES.map((f) => (
                  <SelectItem key={f} value={f}>
                    {t(`fontSizes.${f}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex min-h-11 items-center justify-between gap-4">
            <Label htmlFor={ids.advanced} className="text-base">
              <WrenchIcon className="size-5" aria-hidden /> {t('advanced')}
            </Label>
            <Switch id={ids.advanced} checked={settings.showAdvancedFeatures} onCheckedChange={(showAdvancedFeatures) => updateSettings({ showAdvancedFeatures })} />
          </div>
          {settings.showAdvancedFeatures && (
            <p className="text-xs text-muted-foreground" data-testid="app-version">
              {t('version', { version: process.env.NEXT_PUBLIC_APP_VERSION ?? '' })}
            </p>
          )}
          {settings.showAdvancedFeatures && <DataActions />}
        </div>

        <div className="border-t pt-5">
          <StorageStatus />
        </div>

        <div className="mt-auto flex flex-col gap-2 border-t pt-5">
          <Button variant="outline" onClick={signOut}>
            <LogOutIcon aria-hidden /> {t('logout')}
          </Button>
          <p className="text-center text-xs text-muted-foreground">{t('logoutHint')}</p>
        </div>
      </SheetContent>
    </Sheet>
  );
}
