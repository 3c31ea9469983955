'use client';
import { isEditable, stepLock } from '@/lib/lifecycle/transitions';
import { useDeviceName } from '@/lib/hooks/use-device-name';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { PenLineIcon, Trash2Icon } from 'lucide-react';
import { memo, useCallback, useDeferredValue, useId, useState } from 'react';
import { stepState } from '@/lib/inspection/steps';
import { vesselPicturesStep } from '@/features/inspection/model/definitions/vessel-pictures';
import { stepErrors } from '@/features/inspection/model/step-definition';
import { addPicture, deletePicture, updatePicture, type InspectionPicture } from '@/features/inspection/data/pictures';
import { pictureFileId } from '@/lib/media/file-ids';
import { completeStep } from '@/features/inspection/data/edit-step';
import { originalOf } from '@/lib/media/markup';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { MissingListNote } from '@/components/forms/missing-list-note';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useLengthLimit } from '@/components/forms/length-counter';
import { useOwnedText } from '@/components/forms/use-owned-text';
import { useValidationText, type ShownMessage } from '@/components/forms/use-validation-text';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { StepFrame, useStepKept } from '../step-frame';
import { useStepReport } from '../step-report';
import {
  highlightClass,
  ImageSourceButtons,
  
  StoredImage,
  useAuthor,
  useDocumentTypes,
  useImageInput,
  useMediaErrorText,
  useNewItemHighlight,
} from './media-common';

/** The contract's limit of a picture's description (lib/contract/entities.ts inspectionPicture). */
const DESCRIPTION_MAX = 1000;

// The markup editor (and its flattening worker) loads when the inspector first opens it.
const MarkupEditor = dynamic(() => import('./markup-editor').then((m) => m.MarkupEditor), { ssr: false, loading: () => null });

/** SPEC §5: date pickers allow up to 100 years ahead. */
const YEARS_AHEAD = 100;

function pad(n: number) {
  return String(n).padStart(2, '0');
}

/** An ISO date as the value of a datetime-local input (the tablet's time zone). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function maxDate(): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() + YEARS_AHEAD);
  return toLocalInput(d.toISOString());
}

/** vesselpictures: pictures of the vessel from the camera or a file, each with type, description and date. */
export function VesselPicturesStep({ onCompleted }: { onCompleted: () => void }) {
  const report = useStepReport();
  const t = useTranslations('media');
  const state = stepState(report, 'vesselpictures');
  const device = useDeviceName();
  const kept = useStepKept('vesselpictures');
  const editable = isEditable(report, device);
  // The cards follow the report in a render that yields: a new card (a select, fields, a large
  // thumbnail) took a 50–70 ms task at CPU 4× when drawn in the same task as the save's update.
  const listed = useDeferredValue(report);
  const pictures = listed.extended?.pictures ?? [];
  const author = useAuthor(report);
  const errorText = useMediaErrorText();
  const { highlighted, highlight } = useNewItemHighlight();
  const [failure, setFailure] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<InspectionPicture | null>(null);
  // SPEC §5 through the step's schema: each picture needs a type.
  const errors = stepErrors(vesselPicturesStep, listed);
  const validationText = useValidationText();
  const typeErrorText = (e: ShownMessage | undefined) => validationText(e, t('pictures.type'));

  const input = useImageInput({
    multiple: true,
    onImages: async (images) => {
      let last: string | null = null;
      for (const image of images) last = await addPicture(report.id, image, { author });
      if (last) highlight(last);
    },
  });

  const guard = useCallback(
    (work: () => Promise<void> | void) => {
      setFailure(null);
      void Promise.resolve()
        .then(work)
        .catch((e) => setFailure(errorText(e)));
    },
    [errorText],
  );
  const reportId = report.id;
  const changePicture = useCallback((uid: string, patch: PicturePatch) => guard(() => updatePicture(reportId, uid, patch)), [guard, reportId]);

  return (
    <StepFrame
      step="vesselpictures"
      done={state === 'done'}
      locked={stepLock(report, device)}
      canComplete={editable && state !== 'done' && errors.isValid}
      onComplete={() => {
        completeStep(report.id, vesselPicturesStep);
        kept();
        onCompleted();
      }}
    >
      <p className="text-sm text-muted-foreground">{t('pictures.intro')}</p>
      <MissingListNote dataset="imageType" />
      {input.inputs}
      {editable && <ImageSourceButtons open={input.open} busy={input.busy} error={input.error ?? failure} />}
      {/* With none, the empty box below says so once. */}
      {pictures.length > 0 && (
        <p className="text-sm font-medium" data-testid="picture-count">
          {t('pictures.count', { count: pictures.length })}
        </p>
      )}
      {pictures.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{t('pictures.empty', { onFile: report.vesselPictures.length })}</p>
      ) : (
        <ul className="@container flex flex-col gap-4" aria-label={t('pictures.listLabel')}>
          {pictures.map((p, i) => (
            <PictureCard
              key={p.uid}
              reportId={report.id}
              picture={p}
              index={i}
              original={originalOf(pictures, p)}
              originalNumber={pictures.findIndex((o) => o.uid === p.markupOf) + 1}
              author={author}
              onMarkedUp={highlight}
              editable={editable}
              highlighted={highlighted === p.uid}
              typeError={typeErrorText(errors.errors[`pictures.${i}.type`]?.[0])}
              onDelete={setToDelete}
              onChange={changePicture}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title={t('pictures.deleteTitle')}
        description={t('pictures.deleteText')}
        confirmLabel={t('delete')}
        destructive
        onConfirm={() => {
          const p = toDelete;
          setToDelete(null);
          if (p) guard(() => deletePicture(report.id, p.uid));
        }}
      />
    </StepFrame>
  );
}

type PicturePatch = Partial<Pick<InspectionPicture, 'type' | 'description' | 'date'>>;

/**
 * Redrawn only when its own picture (or what it shows of it) changes: adding a picture to a report of
 * ten redrew every card, 90 ms of a 12-megapixel picture's arrival on a slow tablet.
 */
const PictureCard = memo(PictureCardContent);

interface PictureCardProps {
  reportId: number;
  picture: InspectionPicture;
  index: number;
  /** for a marked-up copy: its original, while it is in the report, and that one's number */
  original: InspectionPicture | null;
  originalNumber: number;
  author: string;
  onMarkedUp: (uid: string) => void;
  editable: boolean;
  highlighted: boolean;
  /** the message of the picture's type, when it has one */
  typeError?: string;
  onDelete: (picture: InspectionPicture) => void;
  onChange: (uid: string, patch: PicturePatch) => void;
}

function PictureCardContent({
  reportId,
  picture,
  index,
  original,
  originalNumber,
  author,
  onMarkedUp,
  editable,
  highlighted,
  typeError,
  onDelete,
  onChange,
}: PictureCardProps) {
  const t = useTranslations('media');
  const tc = useTranslations('common');
  const ids = { type: useId(), description: useId(), date: useId() };
  // The description and date own their text while edited: the card is drawn from a deferred copy of
  // the report, a render or more behind the keystrokes.
  const uid = picture.uid;
  const description = useOwnedText(picture.description, useCallback((text: string) => onChange(uid, { description: text }), [onChange, uid]));
  const date = useOwnedText(toLocalInput(picture.date), useCallback((text: string) => onChange(uid, { date: fromLocalInput(text) }), [onChange, uid]));
  const descriptionLimit = useLengthLimit(description.value.length, DESCRIPTION_MAX, ids.description);
  const { pictureTypes, label } = useDocumentTypes();
  const [zoom, setZoom] = useState(false);
  const [markup, setMarkup] = useState(false);
  const [max] = useState(maxDate);
  const n = index + 1;
  const fileId = pictureFileId(reportId, picture.uid);

  return (
    <li
      data-testid="picture-card"
      data-uid={picture.uid}
      data-highlighted={highlighted || undefined}
      // Cards out of view are not laid out nor painted: a select or a dialog opening measures the page.
      className={cn('flex flex-col gap-4 rounded-xl border bg-card p-3 [contain-intrinsic-size:auto_24rem] [content-visibility:auto] @lg:flex-row', highlightClass(highlighted))}
    >
      <button
        type="button"
        className="block w-full shrink-0 overflow-hidden rounded-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 @lg:w-56 @lg:self-start"
        onClick={() => setZoom(true)}
        aria-label={t('pictures.open', { n })}
      >
        <StoredImage fileId={fileId} alt={t('pictures.alt', { n })} className="aspect-[4/3] w-full" />
      </button>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="font-medium">{t('pictures.number', { n })}</span>
            {picture.type ? (
              <Badge variant="secondary" data-testid="picture-tag">
                {picture.type}
              </Badge>
            ) : (
              <Badge variant="outline">{t('pictures.untyped')}</Badge>
            )}
            {picture.markupOf != null && (
              <Badge variant="outline" className="border-primary/60 text-primary" data-testid="markup-badge">
                <PenLineIcon aria-hidden /> {t('markup.badge')}
              </Badge>
            )}
          </span>
          {editable && (
            <span className="flex items-center gap-2">
              <Button type="button" variant="outline" onClick={() => setMarkup(true)} aria-label={t('markup.openLabel', { n })} data-testid="markup-open">
                <PenLineIcon aria-hidden /> {t('markup.open')}
              </Button>
              <Button type="button" variant="outline" size="icon" className="text-destructive" aria-label={t('pictures.delete', { n })} onClick={() => onDelete(picture)}>
                <Trash2Icon aria-hidden />
              </Button>
            </span>
          )}
        </div>
        {picture.markupOf != null && (
          <p className="text-sm text-muted-foreground" data-testid="markup-from">
            {original ? t('markup.from', { n: originalNumber }) : t('markup.fromDeleted')}
          </p>
        )}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.type}>{t('pictures.type')}</Label>
          <NativeSelect
            id={ids.type}
            value={picture.type}
            options={pictureTypes}
            nameOf={label}
            placeholder={t('pictures.typePlaceholder')}
            disabled={!editable}
            onValueChange={(v) => onChange(picture.uid, { type: v })}
            aria-invalid={typeError ? true : undefined}
            aria-describedby={typeError ? `${ids.type}-error` : undefined}
          />
          {typeError && (
            <p id={`${ids.type}-error`} className="text-sm text-destructive" role="alert" data-testid="field-error">
              {typeError}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.description}>{t('pictures.description')}</Label>
          <Textarea
            id={ids.description}
            rows={2}
            maxLength={DESCRIPTION_MAX}
            {...description}
            disabled={!editable}
            onPaste={descriptionLimit.onPaste}
            aria-describedby={descriptionLimit.describedBy}
          />
          {descriptionLimit.counter}
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.date}>{t('pictures.date')}</Label>
          <Input
            id={ids.date}
            type="datetime-local"
            {...date}
            max={max}
            disabled={!editable}
          />
        </div>
        {picture.author && <p className="text-xs text-muted-foreground">{t('pictures.author', { name: picture.author })}</p>}
      </div>
      <Dialog open={zoom} onOpenChange={setZoom}>
        <DialogContent closeLabel={tc('close')} className="max-w-4xl">
          <DialogTitle>{picture.type ? label(picture.type) : t('pictures.number', { n })}</DialogTitle>
          <StoredImage fileId={fileId} alt={t('pictures.alt', { n })} fit="contain" asStored className="max-h-[75dvh] min-h-48 w-full rounded-lg" />
        </DialogContent>
      </Dialog>
      {markup && (
        <MarkupEditor reportId={reportId} picture={picture} n={n} author={author} open={markup} onOpenChange={setMarkup} onSaved={onMarkedUp} />
      )}
    </li>
  );
}
