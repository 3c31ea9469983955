'use client';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { LANGUAGES } from '@/lib/contract/constants';
import { useLanguage } from '@/lib/hooks/use-language';
import { updateSettings } from '@/lib/store/settings';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

export /** A labelled choice among a setting's few values (language, font size). */
function SettingSelect<T extends string>({
  label,
  value,
  options,
  optionLabel,
  optionLang,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  optionLabel: (option: T) => string;
  /** the language an option is written in, when it names one */
  optionLang?: (option: T) => string;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id} className="text-base">
        {label}
      </Label>
      <NativeSelect id={id} value={value} options={options.map((o) => ({ value: o, label: optionLabel(o), lang: optionLang?.(o) }))} onValueChange={(v) => onChange(v as T)} />
    </div>
  );
}

/** The language select of the user menu and the login screen: shows the language on screen; choosing one keeps it. */
export function LanguageSelect() {
  const t = useTranslations('menu');
  const language = useLanguage();
  return (
    <SettingSelect label={t('language')} value={language} options={LANGUAGES} optionLabel={(l) => t(`languages.${l}`)} optionLang={(l) => l} onChange={(choice) => updateSettings({ language: choice })} />
  );
}
