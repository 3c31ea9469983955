'use client';
import { useTranslations } from 'next-intl';
import { CloudIcon, FileTextIcon } from 'lucide-react';
import type { Attachment, Pir } from '@/lib/contract';
import { type InspectionPicture, type MediaStep } from '@/features/inspection/data/pictures';
import { pictureFileId } from '@/lib/media/file-ids';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { ImageSourceButtons, highlightClass, StoredImage, useDocumentTypes, useNewItemHighlight, usePageInput } from './media-common';

type Choice = { uid: string; kind: 'attachment'; attachment: Attachment } | { uid: string; kind: 'picture'; picture: InspectionPicture; n: number };

/**
 * Chooses documents and pictures of the report to attach to a field (the monitoring step's
 * `extended.pir.monitoredLanTrxAttachments`, SPEC §2: document type MFR and pictures; an
 * authorisation's `attachment`, SPEC §3: one document of type AUTF or TRAU). Offers the report's
 * attachments of `documentType` (the server's and this tablet's) and, with `withPictures`, its
 * inspection pictures, and makes a new attachment of that type from the camera or a file, which is
 * then chosen at once. `value` holds the chosen uids (at most one when `single`: choosing another
 * replaces it); the caller stores them (and marks its step edited).
 */
export function AttachmentPicker({
  report,
  value,
  onChange,
  disabled = false,
  documentType = 'MFR',
  step = 'monitoring',
  single = false,
  withPictures = true,
}: {
  report: Pir;
  value: readonly string[];
  onChange: (uids: string[]) => void;
  disabled?: boolean;
  documentType?: string;
  /** the step a new attachment is made for; its done flag is cleared */
  step?: MediaStep;
  /** at most one document: choosing one replaces the other */
  single?: boolean;
  /** offer the report's inspection pictures too */
  withPictures?: boolean;
}) {
  const t = useTranslations('media.picker');
  const tp = useTranslations('media.pictures');
  const { label } = useDocumentTypes();
  const { highlighted, highlight } = useNewItemHighlight();
  const typeLabel = label(documentType);
  const chosen = new Set(value);

  const choices: Choice[] = [
    ...(report.extended?.attachments ?? []).filter((a) => a.type === documentType).map((a) => ({ uid: a.uid, kind: 'attachment' as const, attachment: a })),
    ...(withPictures ? (report.extended?.pictures ?? []) : []).map((p, i) => ({ uid: p.uid, kind: 'picture' as const, picture: p, n: i + 1 })),
  ];
  const known = new Set(choices.map((c) => c.uid));

  const pages = usePageInput(
    report.id,
    (uid, created) => {
      highlight(uid);
      if (created && !value.includes(uid)) onChange(single ? [uid] : [...value.filter((u) => known.has(u)), uid]);
    },
    step,
  );

  const toggle = (uid: string, on: boolean) => {
    if (single) return onChange(on ? [uid] : []);
    const kept = value.filter((u) => u !== uid && known.has(u));
    onChange(on ? [...kept, uid] : kept);
  };

  return (
    <fieldset className="@container flex min-w-0 flex-col gap-3" disabled={disabled} data-testid="attachment-picker">
      <legend className="mb-1 text-sm font-medium">{t(withPictures ? 'label' : 'labelDocument', { type: typeLabel })}</legend>
      {pages.inputs}
      {choices.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">{t(withPictures ? 'empty' : 'emptyDocument', { type: typeLabel })}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2 @xl:grid-cols-2">
          {choices.map((c) => {
            const on = chosen.has(c.uid);
            const thumb = c.kind === 'picture' ? pictureFileId(report.id, c.uid) : c.attachment.pictures[0];
            const title = c.kind === 'picture' ? (c.picture.type ? label(c.picture.type) : tp('number', { n: c.n })) : typeLabel;
            const detail =
              c.kind === 'picture'
                ? c.picture.description || (c.picture.type ? tp('number', { n: c.n }) : '')
                : c.attachment.offline
                  ? t('pages', { count: c.attachment.pictures.length })
                  : c.attachment.name;
            return (
              <li key={c.uid} data-uid={c.uid} className={cn('min-w-0 rounded-lg', highlightClass(highlighted === c.uid))}>
                <label
                  className={cn(
                    'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border p-2 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                    on && 'border-primary bg-accent',
                    disabled && 'cursor-not-allowed opacity-60',
                  )}
                >
                  <input type="checkbox" name="attachment" value={c.uid} className="size-5 shrink-0 accent-primary" checked={on} onChange={(e) => toggle(c.uid, e.target.checked)} />
                  {thumb ? (
                    <StoredImage fileId={thumb} alt="" className="size-12 shrink-0 rounded-md" />
                  ) : (
                    <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-muted">
                      {c.kind === 'attachment' && !c.attachment.offline ? <CloudIcon className="size-5" aria-hidden /> : <FileTextIcon className="size-5" aria-hidden />}
                    </span>
                  )}
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-medium">{title}</span>
                    {detail && <span className="truncate text-sm text-muted-foreground">{detail}</span>}
                  </span>
                  <Badge variant="outline">{c.kind === 'picture' ? t('picture') : documentType}</Badge>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {!disabled && (
        <ImageSourceButtons
          open={(source) => pages.openFor({ kind: 'draft', type: documentType }, source)}
          busy={pages.busy}
          error={pages.error}
          cameraLabel={t('newCamera', { type: documentType })}
          fileLabel={t('newFile', { type: documentType })}
        />
      )}
      {pages.dialog}
    </fieldset>
  );
}
