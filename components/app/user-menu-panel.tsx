'use client';
import { useTranslations } from 'next-intl';
import { LogOutIcon, MoonIcon, WrenchIcon, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { Settings } from '@/lib/contract';
import { FONT_SIZES } from '@/lib/contract/constants';
import { logOut } from '@/lib/session/logout';
import { updateSettings } from '@/lib/store/settings';
import { useDarkMode } from '@/lib/hooks/use-dark-mode';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { DataActions } from '@/features/export/components/data-actions';
import { StorageStatus } from './storage-status';
import { UpdateButton } from './update-button';
import { InstallButton } from './install-button';
import { LanguageSelect, SettingSelect } from '../shared/setting-select';

/** The user menu's settings and actions, loaded when the menu first opens (components/app/user-menu.tsx). */
export function UserMenuPanel({ settings }: { settings: Settings }) {
  const t = useTranslations('menu');
  const dark = useDarkMode();
  return (
    <>
      <div className="flex flex-col gap-2 border-t pt-5">
        <InstallButton />
        <UpdateButton />
      </div>

      <div className="flex flex-col gap-5 border-t pt-5">
        <SettingSwitch icon={MoonIcon} label={t('darkMode')} checked={dark} onChange={(darkMode) => updateSettings({ darkMode })} />
        <LanguageSelect />
        <SettingSelect label={t('fontSize')} value={settings.fontSize} options={FONT_SIZES} optionLabel={(f) => t(`fontSizes.${f}`)} onChange={(fontSize) => updateSettings({ fontSize })} />
        <SettingSwitch
          icon={WrenchIcon}
          label={t('advanced')}
          checked={settings.showAdvancedFeatures}
          onChange={(showAdvancedFeatures) => updateSettings({ showAdvancedFeatures })}
        />
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
        <Button variant="outline" onClick={() => void logOut()}>
          <LogOutIcon aria-hidden /> {t('logout')}
        </Button>
        <p className="text-center text-xs text-muted-foreground">{t('logoutHint')}</p>
      </div>
    </>
  );
}

/** A labelled on/off setting (dark mode, advanced features). */
function SettingSwitch({ icon: Icon, label, checked, onChange }: { icon: LucideIcon; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center justify-between gap-4">
      <Label htmlFor={id} className="text-base">
        <Icon className="size-5" aria-hidden /> {label}
      </Label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

