'use client';
import { isEditable, stepLock } from '@/lib/lifecycle/transitions';
import { useDeviceName } from '@/lib/hooks/use-device-name';
import { setBusy } from '@/lib/app/busy';
import { useTranslations } from 'next-intl';
import { CameraIcon, CloudIcon, FilePlus2Icon, ImageIcon, Trash2Icon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Attachment } from '@/lib/contract';
import { stepState } from '@/lib/inspection/steps';
import { pirAttachmentsStep } from '@/features/inspection/model/definitions/pir-attachments';
import { stepErrors } from '@/features/inspection/model/step-definition';
import { deleteAttachment, deleteAttachmentPage, isLocalAttachment } from '@/features/inspection/data/pictures';
import { completeStep } from '@/features/inspection/data/edit-step';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { MissingListNote } from '@/components/forms/missing-list-note';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ConfirmDialog } from '@/components/shared/confirm-dialog';
import { StepFrame, useStepKept } from '../step-frame';
import { useStepReport } from '../step-report';
import {
  highlightClass,
  ImageSourceButtons,
  
  StoredImage,
  useDocumentTypes,
  useMediaErrorText,
  useNewItemHighlight,
  usePageInput,
  type ImageSource,
} from './media-common';

/**
 * SPEC §2 "unsaved changes": while a new attachment has no page yet, leaving it — a link, the
 * "mark complete" button, closing the page — is confirmed first.
 */
function useLeaveGuard(active: boolean, ask: (proceed: () => void) => void, keepInside: React.RefObject<HTMLElement | null>) {
  const state = useRef({ active, ask, bypass: false });
  useEffect(() => {
    state.current.active = active;
    state.current.ask = ask;
  });
  useEffect(() => {
    if (!active) return;
    const onClick = (e: MouseEvent) => {
      const s = state.current;
      if (!s.active || s.bypass || e.defaultPrevented || e.button !== 0) return;
      const link = (e.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || keepInside.current?.contains(link)) return;
      e.preventDefault();
      e.stopPropagation();
      s.ask(() => {
        s.bypass = true;
        try {
          link.click();
        } finally {
          s.bypass = false;
        }
      });
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active, keepInside]);
}

/** pirattachments: the report's attachments — the server's (read-only) and those made on this tablet. */
export function AttachmentsStep({ onCompleted }: { onCompleted: () => void }) {
  const report = useStepReport();
  const t = useTranslations('media');
  const state = stepState(report, 'pirattachments');
  const device = useDeviceName();
  const kept = useStepKept('pirattachments');
  const editable = isEditable(report, device);
  const attachments = report.extended?.attachments ?? [];
  const errorText = useMediaErrorText();
  const { documentTypes, label } = useDocumentTypes();
  const { highlighted, highlight } = useNewItemHighlight();
  const [draft, setDraft] = useState<{ type: string | null } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Attachment | null>(null);
  const [pageToDelete, setPageToDelete] = useState<{ attachment: Attachment; pageId: string; n: number } | null>(null);
  const [leave, setLeave] = useState<(() => void) | null>(null);
  const draftRef = useRef<HTMLDivElement>(null);
  const typeId = useId();

  const pages = usePageInput(report.id, (uid, created) => {
    if (created) setDraft(null);
    highlight(uid);
  });

  useLeaveGuard(draft !== null, (proceed) => setLeave(() => proceed), draftRef);
  // An update must not reload the page under a half-made attachment.
  useEffect(() => {
    setBusy('attachment-draft', draft ? 'attachment' : null);
    return () => setBusy('attachment-draft', null);
  }, [draft]);

  const guard = (work: () => Promise<void>) => {
    setFailure(null);
    void work().catch((e) => setFailure(errorText(e)));
  };

  // SPEC §5 through the step's schema (a local attachment has a type and a page by construction).
  const valid = stepErrors(pirAttachmentsStep, report).isValid;
  const complete = () => {
    completeStep(report.id, pirAttachmentsStep);
    kept();
    onCompleted();
  };

  return (
    <StepFrame
      step="pirattachments"
      done={state === 'done'}
      locked={stepLock(report, device)}
      canComplete={editable && state !== 'done' && valid}
      onComplete={() => {
        if (draft) setLeave(() => () => {
          setDraft(null);
          complete();
        });
        else complete();
      }}
    >
      <p className="text-sm text-muted-foreground">{t('attachments.intro')}</p>
      {pages.inputs}
      {editable && !draft && (
        <div className="flex flex-col gap-2">
          <Button type="button" className="self-start" onClick={() => setDraft({ type: null })}>
            <FilePlus2Icon aria-hidden /> {t('attachments.new')}
          </Button>
          {(failure || pages.error) && (
            <p role="alert" data-testid="media-error" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
              {pages.error ?? failure}
            </p>
          )}
        </div>
      )}
      {editable && draft && (
        <div ref={draftRef} data-uid="draft" data-testid="attachment-draft" className="flex flex-col gap-3 rounded-xl border-2 border-dashed border-primary/60 bg-card p-4">
          <div className="flex items-start justify-between gap-2">
            <div>
              <h3 className="font-semibold">{t('attachments.draftTitle')}</h3>
              <p className="text-sm text-muted-foreground">{t('attachments.draftHint')}</p>
            </div>
            <Button type="button" variant="ghost" size="icon" aria-label={t('attachments.cancelDraft')} onClick={() => setLeave(() => () => setDraft(null))}>
              <XIcon aria-hidden />
            </Button>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={typeId}>{t('attachments.documentType')}</Label>
            <NativeSelect
              id={typeId}
              value={draft.type}
              options={documentTypes}
              placeholder={t('attachments.typePlaceholder')}
              onValueChange={(v) => setDraft({ type: v })}
            />
            <MissingListNote dataset="documentType" />
          </div>
          <ImageSourceButtons
            open={(source) => draft.type && pages.openFor({ kind: 'draft', type: draft.type }, source)}
            busy={pages.busy}
            error={pages.error}
            disabled={!draft.type}
            cameraLabel={t('attachments.firstPageCamera')}
            fileLabel={t('attachments.firstPageFile')}
          />
        </div>
      )}
      {attachments.length === 0 && !draft ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{t('attachments.empty')}</p>
      ) : (
        <ul className="@container flex flex-col gap-4" aria-label={t('attachments.listLabel')}>
          {attachments.map((a) => (
            <AttachmentCard
              key={a.uid}
              attachment={a}
              typeLabel={label(a.type)}
              editable={editable}
              busy={pages.busy}
              highlighted={highlighted === a.uid}
              onAddPage={(source) => pages.openFor({ kind: 'attachment', uid: a.uid }, source)}
              onDelete={() => setToDelete(a)}
              onDeletePage={(pageId, n) => (a.pictures.length <= 1 ? setToDelete(a) : setPageToDelete({ attachment: a, pageId, n }))}
            />
          ))}
        </ul>
      )}
      {pages.dialog}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title={t('attachments.deleteTitle')}
        description={toDelete ? t('attachments.deleteText', { name: label(toDelete.type), count: toDelete.pictures.length }) : ''}
        confirmLabel={t('delete')}
        destructive
        onConfirm={() => {
          const a = toDelete;
          setToDelete(null);
          if (a) guard(() => deleteAttachment(report.id, a.uid));
        }}
      />
      <ConfirmDialog
        open={pageToDelete !== null}
        onOpenChange={(o) => !o && setPageToDelete(null)}
        title={t('attachments.deletePageTitle')}
        description={pageToDelete ? t('attachments.deletePageText', { n: pageToDelete.n, name: label(pageToDelete.attachment.type) }) : ''}
        confirmLabel={t('delete')}
        destructive
        onConfirm={() => {
          const p = pageToDelete;
          setPageToDelete(null);
          if (p) guard(() => deleteAttachmentPage(report.id, p.attachment.uid, p.pageId));
        }}
      />
      <ConfirmDialog
        open={leave !== null}
        onOpenChange={(o) => !o && setLeave(null)}
        title={t('attachments.unsavedTitle')}
        description={t('attachments.unsavedText')}
        confirmLabel={t('attachments.unsavedConfirm')}
        destructive
        onConfirm={() => {
          const proceed = leave;
          setLeave(null);
          setDraft(null);
          proceed?.();
        }}
      />
    </StepFrame>
  );
}

function AttachmentCard({
  attachment: a,
  typeLabel,
  editable,
  busy,
  highlighted,
  onAddPage,
  onDelete,
  onDeletePage,
}: {
  attachment: Attachment;
  typeLabel: string;
  editable: boolean;
  busy: boolean;
  highlighted: boolean;
  onAddPage: (source: ImageSource) => void;
  onDelete: () => void;
  onDeletePage: (pageId: string, n: number) => void;
}) {
  const t = useTranslations('media.attachments');
  const tm = useTranslations('media');
  const local = isLocalAttachment(a);
  return (
    <li
      data-testid="attachment-card"
      data-uid={a.uid}
      data-offline={String(a.offline)}
      data-highlighted={highlighted || undefined}
      className={cn('flex flex-col gap-3 rounded-xl border bg-card p-4', highlightClass(highlighted))}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-48 flex-1">
          <h3 className="font-semibold" data-testid="attachment-type">
            {typeLabel}
          </h3>
          <p className="text-sm break-all text-muted-foreground">{a.name}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{a.type}</Badge>
          {local ? (
            <Badge variant="outline" data-testid="attachment-pages">
              {t('pages', { count: a.pictures.length })}
            </Badge>
          ) : (
            <Badge variant="outline">
              <CloudIcon aria-hidden /> {t('remote')}
            </Badge>
          )}
        </div>
      </div>
      {!local && <p className="text-sm text-muted-foreground">{t('readOnly')}</p>}
      {local && (
        <ol className="grid grid-cols-2 gap-3 @md:grid-cols-3 @2xl:grid-cols-4" aria-label={t('pagesOf', { name: typeLabel })}>
          {a.pictures.map((pageId, i) => (
            <li key={pageId} data-testid="attachment-page" className="flex flex-col gap-1 rounded-lg border p-1.5">
              <StoredImage fileId={pageId} alt={t('page', { n: i + 1 })} className="aspect-[3/4] w-full rounded-md" />
              <div className="flex items-center justify-between gap-1">
                <span className="ps-1 text-sm">{t('page', { n: i + 1 })}</span>
                {editable && (
                  <Button type="button" variant="ghost" size="icon" className="text-destructive" aria-label={t('deletePage', { n: i + 1 })} onClick={() => onDeletePage(pageId, i + 1)}>
                    <Trash2Icon aria-hidden />
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {local && editable && (
        <div className="flex flex-wrap gap-2 border-t pt-3">
          <Button type="button" variant="outline" disabled={busy} onClick={() => onAddPage('camera')}>
            <CameraIcon aria-hidden /> {t('addPageCamera')}
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={() => onAddPage('file')}>
            <ImageIcon aria-hidden /> {t('addPageFile')}
          </Button>
          <Button type="button" variant="outline" className="text-destructive sm:ms-auto" onClick={onDelete}>
            <Trash2Icon aria-hidden /> {tm('attachments.delete')}
          </Button>
        </div>
      )}
    </li>
  );
}
