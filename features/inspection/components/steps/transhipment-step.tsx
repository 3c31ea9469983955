'use client';
import { useFormatter, useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import type { ReferenceDataset } from '@/lib/contract';
import {
  groupDonorTranshipments,
  newTranshipmentContent,
  newTranshipmentInfo,
  transhipmentInfoStep,
  type TranshipmentInfo,
} from '@/features/inspection/model/definitions/transhipment-info';
import { parseLatLong } from '@/features/inspection/model/validation/rules';
import { positionParts } from '@/lib/inspection/text-limit';
import { LocateFixedIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SwitchField } from '@/components/forms/choice-field';
import { DateField } from '@/components/forms/date-field';
import { useFieldError, useShownError } from '@/components/forms/field';
import { useFieldLabel } from '@/components/forms/field-labels';
import { ListSection, type ListedAt } from '@/components/forms/list-section';
import { ReferenceField, useOptions } from '@/components/forms/reference-field';
import { NumberField, TextField } from '@/components/forms/text-field';
import { useValidationText } from '@/components/forms/use-validation-text';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { FormStep } from '../form-step';
import { CatchIdentityFields, ItemGrid, SPAN, useItemTitle } from './catch-onboard-step';

const LIST = 'transhipmentInfo';

/** Entries this report's inspector made; the others come from the vessel's earlier forms (donor data). */
const isOwn = (e: Pick<TranshipmentInfo, 'srcForm'> | undefined) => (e?.srcForm ?? 'PIR') === 'PIR';

// ------------------------------------------------------------------ two-option choices

/** A two-option segmented choice (a radio group), 44 px high. */
function Segmented<T extends boolean | null>({
  label,
  value,
  options,
  onPick,
  disabled,
  invalid,
  error,
}: {
  label: string;
  value: T;
  options: readonly { value: Exclude<T, null>; text: string }[];
  onPick: (v: Exclude<T, null>) => void;
  disabled?: boolean;
  invalid?: boolean;
  error?: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5" data-invalid={invalid ? 'true' : undefined}>
      <span id={id} className="text-sm font-medium leading-none">
        {label}
      </span>
      <div role="radiogroup" aria-labelledby={id} aria-invalid={invalid || undefined} className="flex max-w-sm gap-2">
        {options.map((o) => (
          <button
            key={String(o.value)}
            type="button"
            role="radio"
            aria-checked={value === o.value}
            disabled={disabled}
            onClick={() => onPick(o.value)}
            className={cn(
              'min-h-11 min-w-0 flex-1 rounded-md border px-3 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:opacity-50',
              value === o.value ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
              invalid && value !== o.value && 'border-destructive',
            )}
          >
            {o.text}
          </button>
        ))}
      </div>
      {error}
    </div>
  );
}

function useErrorText(name: string, label: string): string | undefined {
  useFieldLabel(name, label);
  const text = useValidationText();
  const e = useShownError(name);
  return text(e, label);
}

function ErrorLine({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <p className="text-sm text-destructive" role="alert" data-testid="field-error">
      {text}
    </p>
  );
}

/** SPEC §5: receive or offload; offload (isReceived false) is the default. */
function DirectionField({ prefix }: { prefix: string }) {
  const t = useTranslations('transhipment');
  const { field } = useController({ name: `${prefix}.isReceived` });
  return (
    <Segmented
      label={t('direction')}
      value={Boolean(field.value)}
      options={[
        { value: false, text: t('offload') },
        { value: true, text: t('receive') },
      ]}
      onPick={(v) => field.onChange(v)}
      disabled={field.disabled}
    />
  );
}

/** In port or at sea (must be answered); switching clears the other place, which no longer applies. */
function PlaceField({ prefix }: { prefix: string }) {
  const t = useTranslations('transhipment');
  const { setValue } = useFormContext();
  const { field } = useController({ name: `${prefix}.isAtPort` });
  const error = useErrorText(`${prefix}.isAtPort`, t('isAtPort'));
  return (
    <Segmented
      label={t('isAtPort')}
      value={field.value as boolean | null}
      options={[
        { value: true, text: t('inPort') },
        { value: false, text: t('atSea') },
      ]}
      onPick={(v) => {
        if (v === field.value) return;
        field.onChange(v);
        setValue(v ? `${prefix}.atSea` : `${prefix}.atPort`, null);
      }}
      disabled={field.disabled}
      invalid={Boolean(error)}
      error={<ErrorLine text={error} />}
    />
  );
}

// ------------------------------------------------------------------ position at sea

/** The two halves of a stored "latitude-longitude" (a minus right after the separator is a sign). */
function splitLatLong(stored: string | null | undefined): [string, string] {
  if (!stored) return ['', ''];
  const parsed = parseLatLong(stored);
  if (parsed) return [String(parsed.latitude), String(parsed.longitude)];
  const m = /^\s*(-?[^-]*)-(.*)$/.exec(stored);
  return m ? [m[1]!.trim(), m[2]!.trim()] : [stored.trim(), ''];
}

/** Stored as one text, "latitude-longitude" joined by a dash (SPEC §3); nothing typed is null. */
function joinLatLong(latitude: string, longitude: string): string | null {
  const a = latitude.trim();
  const b = longitude.trim();
  return a === '' && b === '' ? null : `${a}-${b}`;
}

type Locating = { state: 'idle' | 'locating' } | { state: 'filled'; accuracy: number } | { state: 'denied' | 'unavailable' };

/**
 * Fills the position at sea from the device (Geolocation API), in the SPEC's
 * "latitude-longitude" form; says so when location is refused or not available.
 */
function UseMyPosition({ onPosition }: { onPosition: (latitude: string, longitude: string) => void }) {
  const t = useTranslations('transhipment');
  const [status, setStatus] = useState<Locating>({ state: 'idle' });
  const locate = () => {
    if (!('geolocation' in navigator)) return setStatus({ state: 'unavailable' });
    setStatus({ state: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const [latitude, longitude] = positionParts(p.coords.latitude, p.coords.longitude);
        onPosition(latitude, longitude);
        setStatus({ state: 'filled', accuracy: Math.round(p.coords.accuracy) });
      },
      (e) => setStatus({ state: e.code === e.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };
  return (
    <div className="flex flex-col gap-1">
      <Button type="button" variant="outline" className="self-start" onClick={locate} disabled={status.state === 'locating'} data-testid="use-my-position">
        <LocateFixedIcon aria-hidden /> {status.state === 'locating' ? t('locating') : t('useMyPosition')}
      </Button>
      <p
        role="status"
        data-testid="position-message"
        data-state={status.state}
        className={cn('text-sm', status.state === 'denied' || status.state === 'unavailable' ? 'text-destructive' : 'text-muted-foreground')}
      >
        {status.state === 'filled' && t('positionFilled', { accuracy: status.accuracy })}
        {status.state === 'denied' && t('positionDenied')}
        {status.state === 'unavailable' && t('positionUnavailable')}
      </p>
    </div>
  );
}

/** Latitude and longitude typed apart, kept together as the one "lat-long" text. */
function PositionField({ prefix }: { prefix: string }) {
  const t = useTranslations('transhipment');
  const ids = { lat: useId(), long: useId(), hint: useId() };
  const name = `${prefix}.atSea`;
  const {
    field: { value, onChange, onBlur, ref, disabled },
  } = useController({ name });
  const invalid = useFieldError(name);
  const error = useErrorText(name, t('position'));
  // What is being typed stays as typed ("12." on the way to "12.5"); the stored text follows it.
  const [parts, setParts] = useState(() => splitLatLong(value as string | null));
  const change = (next: [string, string]) => {
    setParts(next);
    onChange(joinLatLong(next[0], next[1]));
  };
  const describedBy = invalid ? `${ids.hint} ${ids.lat}-error` : ids.hint;
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5" data-field={name} data-invalid={invalid ? 'true' : undefined}>
      <legend className="mb-1.5 text-sm font-medium leading-none">{t('position')}</legend>
      <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-end gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor={ids.lat} className="text-xs text-muted-foreground">
            {t('latitude')}
          </Label>
          <Input
            id={ids.lat}
            type="number"
            inputMode="decimal"
            step="any"
            min={-90}
            max={90}
            value={parts[0]}
            onChange={(e) => change([e.target.value, parts[1]])}
            onBlur={onBlur}
            ref={ref}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          />
        </div>
        <span className="pb-2.5 text-muted-foreground" aria-hidden>
          –
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor={ids.long} className="text-xs text-muted-foreground">
            {t('longitude')}
          </Label>
          <Input
            id={ids.long}
            type="number"
            inputMode="decimal"
            step="any"
            min={-180}
            max={180}
            value={parts[1]}
            onChange={(e) => change([parts[0], e.target.value])}
            onBlur={onBlur}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          />
        </div>
      </div>
      {!error && (
        <p id={ids.hint} className="text-xs text-muted-foreground">
          {t('positionHint')}
        </p>
      )}
      {!disabled && <UseMyPosition onPosition={(latitude, longitude) => change([latitude, longitude])} />}
      {error && (
        <p id={`${ids.lat}-error`} className="text-sm text-destructive" role="alert" data-testid="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

// ------------------------------------------------------------------ one entry

function ContentList({ prefix }: { prefix: string }) {
  const t = useTranslations('transhipment');
  const tc = useTranslations('catches');
  const name = `${prefix}.content`;
  const itemTitle = useItemTitle(name, (number) => t('contentItem', { number }));
  const error = useErrorText(name, t('content'));
  return (
    <div className={cn('flex min-w-0 flex-col gap-2 rounded-md border border-dashed p-3', SPAN)} data-field={name} data-invalid={error ? 'true' : undefined}>
      <ListSection name={name} title={t('content')} itemTitle={itemTitle} addLabel={t('addContent')} create={() => newTranshipmentContent(crypto.randomUUID())}>
        {(i) => (
          <ItemGrid>
            <CatchIdentityFields prefix={`${name}.${i}`} />
            <NumberField name={`${name}.${i}.quantity`} label={t('quantity')} />
            <SwitchField name={`${name}.${i}.objection`} label={tc('objection')} className={SPAN} />
            <TextField name={`${name}.${i}.comments`} label={tc('comments')} multiline className={SPAN} />
          </ItemGrid>
        )}
      </ListSection>
      <ErrorLine text={error} />
    </div>
  );
}

function EntryFields({ index }: { index: number }) {
  const t = useTranslations('transhipment');
  const prefix = `${LIST}.${index}`;
  const isAtPort = useWatch({ name: `${prefix}.isAtPort` }) as boolean | null;
  return (
    <>
      <DateField name={`${prefix}.date`} label={t('date')} withTime noFuture />
      <DirectionField prefix={prefix} />
      <PlaceField prefix={prefix} />
      {isAtPort === true && <ReferenceField name={`${prefix}.atPort`} label={t('port')} dataset="port" />}
      {isAtPort === false && <PositionField prefix={prefix} />}
      {isAtPort === null && <div aria-hidden className="hidden sm:@lg:block" />}
      <TextField name={`${prefix}.name`} label={t('name')} maxLength={200} />
      <ReferenceField name={`${prefix}.flagState`} label={t('flagState')} dataset="flag" />
      <TextField name={`${prefix}.idNumber`} label={t('idNumber')} maxLength={100} />
      <ContentList prefix={prefix} />
    </>
  );
}

/**
 * The inspector's own transhipment entries (srcForm PIR), newest first, with add, delete after
 * confirmation and the 3 s highlight. Donor entries share the stored list but are not listed here.
 */
function OwnEntries() {
  const t = useTranslations('transhipment');
  const values = (useWatch({ name: LIST }) as TranshipmentInfo[] | undefined) ?? [];
  const title = (index: number, { position, count }: ListedAt) => {
    const base = t('item', { number: count - position });
    const vessel = values[index]?.name?.trim();
    return vessel ? `${base} · ${vessel}` : base;
  };
  return (
    <ListSection
      name={LIST}
      title={t('list')}
      itemTitle={title}
      addLabel={t('add')}
      create={() => newTranshipmentInfo(crypto.randomUUID())}
      shows={(item) => isOwn(item as unknown as TranshipmentInfo)}
      itemTestId="transhipment-entry"
    >
      {(index) => (
        <ItemGrid>
          <EntryFields index={index} />
        </ItemGrid>
      )}
    </ListSection>
  );
}

// ------------------------------------------------------------------ donor-vessel entries (read-only)

function useLabels(dataset: ReferenceDataset) {
  const options = useOptions(dataset);
  return useMemo(() => {
    const byId = new Map(options.map((o) => [o.value, o.label]));
    return (id: number | null | undefined) => (id == null ? '—' : (byId.get(id) ?? String(id)));
  }, [options]);
}

/** "-4.5-56.75" → "4.5° S, 56.75° E" (hemisphere letters translated); a malformed value is shown as stored. */
function formatPosition(atSea: string | null, t: (key: 'north' | 'south' | 'east' | 'west') => string): string {
  if (!atSea) return '—';
  const p = parseLatLong(atSea);
  if (!p) return atSea;
  return `${Math.abs(p.latitude)}° ${t(p.latitude < 0 ? 'south' : 'north')}, ${Math.abs(p.longitude)}° ${t(p.longitude < 0 ? 'west' : 'east')}`;
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** SPEC §3: what the donor vessel declared on earlier forms, grouped by date, vessel and place. */
function DonorEntries() {
  const t = useTranslations('transhipment');
  const format = useFormatter();
  const values = useWatch({ name: LIST }) as TranshipmentInfo[] | undefined;
  // In the stored order (newest first): the form holds the list oldest first.
  const groups = useMemo(() => groupDonorTranshipments((values ?? []).filter((e) => !isOwn(e)).reverse()), [values]);
  const flag = useLabels('flag');
  const port = useLabels('port');
  const species = useLabels('species');
  const productForm = useLabels('productForms');
  const area = useLabels('fishingArea');
  if (groups.length === 0) return null;
  return (
    <section className="flex flex-col gap-3" aria-label={t('donorTitle')} data-testid="donor-transhipments">
      <div>
        <h3 className="text-base font-semibold">
          {t('donorTitle')} <span className="font-normal text-muted-foreground">({groups.length})</span>
        </h3>
        <p className="text-sm text-muted-foreground">{t('donorHint')}</p>
      </div>
      <ol className="flex flex-col gap-3">
        {groups.map((g) => {
          const content = g.entries.flatMap((e) => e.content);
          return (
            <li key={g.key} className="rounded-lg border bg-muted/40 p-4" data-testid="donor-group">
              <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
                <h4 className="min-w-0 font-medium break-words">{g.name || '—'}</h4>
                <span className="text-xs text-muted-foreground">{t('source', { form: g.srcForm })}</span>
              </div>
              <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
                <Detail term={t('date')}>{g.date ? format.dateTime(new Date(g.date), { dateStyle: 'medium', timeStyle: 'short' }) : '—'}</Detail>
                <Detail term={t('isAtPort')}>{g.isAtPort === null ? '—' : g.isAtPort ? `${t('inPort')} · ${port(g.atPort)}` : `${t('atSea')} · ${formatPosition(g.atSea, t)}`}</Detail>
                <Detail term={t('flagState')}>{flag(g.flagState)}</Detail>
                <Detail term={t('idNumber')}>{g.idNumber || '—'}</Detail>
              </dl>
              <h5 className="mt-4 mb-2 text-sm font-semibold">
                {t('content')} <span className="font-normal text-muted-foreground">({t('products', { count: content.length })})</span>
              </h5>
              {content.length > 0 && (
              <ul className="flex flex-col divide-y rounded-md border bg-card text-sm">
                {content.map((c) => (
                  <li key={c.uid} className="grid grid-cols-1 gap-1 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]">
                    <span className="min-w-0 break-words font-medium">
                      {species(c.species)} <span className="font-normal text-muted-foreground">· {productForm(c.productForm)}</span>
                    </span>
                    <span className="min-w-0 break-words text-muted-foreground">{c.catchArea.map((a) => area(a)).join(', ') || '—'}</span>
                    <span className="tabular-nums sm:text-end">
                      {c.quantity === null ? '—' : t('quantityKg', { quantity: c.quantity })}
                      {c.objection && <span className="ms-2 text-destructive">({t('objectionShort')})</span>}
                    </span>
                    {c.comments && <span className="text-muted-foreground sm:col-span-3">{c.comments}</span>}
                  </li>
                ))}
              </ul>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** transhipmentInfo: transhipments of this trip, the inspector's own entries and the donor vessel's (SPEC §3, §5). */
export function TranshipmentStep({ onCompleted }: { onCompleted: () => void }) {
  return (
    <FormStep def={transhipmentInfoStep} onCompleted={onCompleted}>
      <OwnEntries />
      <DonorEntries />
    </FormStep>
  );
}
