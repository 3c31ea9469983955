'use client';
/** Pieces shared by the pictures step, the attachments step and the attachment picker. */
import { useLocale, useTranslations } from 'next-intl';
import { CameraIcon, ImageIcon, ImageOffIcon, Loader2Icon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Language, Pir } from '@/lib/contract';
import { useStoredFileUrl } from '@/lib/local-data/use-file-url';
import { ACCEPT_ATTRIBUTE, isAcceptedImage, MediaError, resizeImage, type ResizedImage } from '@/lib/media/resize';
import { addAttachment, addAttachmentPage, type MediaStep } from '@/features/inspection/data/pictures';
import { NEW_ITEM_HIGHLIGHT_MS } from '@/lib/ui/durations';
import { findReport } from '@/lib/local-data/reports-store';
import { useHeldLists } from '@/lib/reference-data/use-reference-data';
import { referenceLabel } from '@/lib/reference-data/labels';
import { sessionStore } from '@/lib/session/session-store';
import { useStore } from '@/lib/store/use-store';
import { cn } from '@/lib/utils';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

export type ImageSource = 'camera' | 'file';

/** Words for a refused or failed picture. */
export function useMediaErrorText() {
  const t = useTranslations('media.refused');
  return useCallback(
    (e: unknown) => {
      if (e instanceof MediaError) return t(e.reason, { name: e.fileName });
      return t('failed', { message: e instanceof Error ? e.message : String(e) });
    },
    [t],
  );
}

/**
 * Two hidden inputs (camera and file) and what happens to their files: all are checked first — if
 * one is not an accepted image, the choice is refused with a message and nothing changes — then
 * each is resized off the main thread and handed over, in order.
 */
export function useImageInput({
  multiple,
  onImages,
}: {
  multiple: boolean;
  onImages: (images: ResizedImage[], source: ImageSource) => Promise<void>;
}) {
  const errorText = useMediaErrorText();
  const camera = useRef<HTMLInputElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handler = useRef(onImages);
  useEffect(() => {
    handler.current = onImages;
  });

  const take = useCallback(
    async (files: File[], source: ImageSource) => {
      if (files.length === 0) return;
      const refused = files.find((f) => !isAcceptedImage(f));
      if (refused) {
        setError(errorText(new MediaError('notImage', refused.name)));
        return;
      }
      setError(null);
      setBusy(true);
      try {
        const images: ResizedImage[] = [];
        for (const f of files) images.push(await resizeImage(f));
        await handler.current(images, source);
      } catch (e) {
        setError(errorText(e));
      } finally {
        setBusy(false);
      }
    },
    [errorText],
  );

  const onChange = (source: ImageSource) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    // The same file may be chosen again later.
    e.target.value = '';
    void take(files, source);
  };

  const inputs = (
    <>
      <input
        ref={camera}
        type="file"
        accept="image/jpeg,image/png,image/tiff"
        capture="environment"
        name="camera"
        className="hidden"
        tabIndex={-1}
        aria-hidden
        data-testid="media-camera-input"
        onChange={onChange('camera')}
      />
      <input
        ref={file}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        multiple={multiple}
        name="file"
        className="hidden"
        tabIndex={-1}
        aria-hidden
        data-testid="media-file-input"
        onChange={onChange('file')}
      />
    </>
  );

  const open = useCallback((source: ImageSource) => {
    setError(null);
    (source === 'camera' ? camera : file).current?.click();
  }, []);

  return { inputs, open, busy, error, clearError: () => setError(null) };
}

/** "Take a picture" and "Choose a file", with the working notice and a refusal message. */
export function ImageSourceButtons({
  open,
  busy,
  error,
  disabled,
  cameraLabel,
  fileLabel,
  className,
}: {
  open: (s: ImageSource) => void;
  busy: boolean;
  error: string | null;
  disabled?: boolean;
  cameraLabel?: string;
  fileLabel?: string;
  className?: string;
}) {
  const t = useTranslations('media');
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" disabled={disabled || busy} onClick={() => open('camera')}>
          <CameraIcon aria-hidden /> {cameraLabel ?? t('takePicture')}
        </Button>
        <Button type="button" variant="outline" disabled={disabled || busy} onClick={() => open('file')}>
          <ImageIcon aria-hidden /> {fileLabel ?? t('chooseFile')}
        </Button>
        {busy && (
          <span role="status" className="inline-flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2Icon className="size-4 motion-safe:animate-spin" aria-hidden /> {t('processing')}
          </span>
        )}
      </div>
      {error && (
        <p role="alert" data-testid="media-error" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A stored picture, shown through an object URL that is released when it is no longer shown: drawn
 * from its smaller copy, or as stored (`asStored`) in a view that fills the screen.
 */
export function StoredImage({
  fileId,
  alt,
  className,
  fit = 'cover',
  asStored = false,
}: {
  fileId: string;
  alt: string;
  className?: string;
  fit?: 'cover' | 'contain';
  asStored?: boolean;
}) {
  const t = useTranslations('media');
  const { url, missing } = useStoredFileUrl(fileId, { small: !asStored });
  return (
    <div className={cn('relative flex items-center justify-center overflow-hidden bg-muted', className)}>
      {url ? (
        <img src={url} alt={alt} decoding="async" className={cn('size-full', fit === 'cover' ? 'object-cover' : 'object-contain')} />
      ) : missing ? (
        <span className="flex flex-col items-center gap-1 p-2 text-center text-xs text-muted-foreground">
          <ImageOffIcon className="size-6" aria-hidden /> {t('missingImage')}
        </span>
      ) : (
        <Loader2Icon className="size-5 text-muted-foreground motion-safe:animate-spin" aria-label={t('loadingImage')} />
      )}
    </div>
  );
}

/**
 * SPEC §9: a new item is highlighted for 3000 ms and brought into view (without smooth scrolling
 * when the inspector asked for reduced motion). Items carry `data-uid`.
 */
export function useNewItemHighlight() {
  const [uid, setUid] = useState<string | null>(null);
  useEffect(() => {
    if (!uid) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const frame = requestAnimationFrame(() =>
      document.querySelector(`[data-uid="${CSS.escape(uid)}"]`)?.scrollIntoView({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' }),
    );
    const timer = setTimeout(() => setUid(null), NEW_ITEM_HIGHLIGHT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [uid]);
  return { highlighted: uid, highlight: setUid };
}

/** Classes of a highlighted item; the colour fades only where motion is welcome. */
export function highlightClass(on: boolean) {
  return cn('motion-safe:transition-[background-color,box-shadow] motion-safe:duration-700', on && 'bg-primary/10 ring-2 ring-primary');
}

/** The inspector who takes a picture: the signed-in user, else the inspection's principal inspector. */
export function useAuthor(report: Pir): string {
  const user = useStore(sessionStore);
  return user?.name || report.extended?.pir.monitoringDetails.principalInspectorName || '';
}

/** Picture types (PWHO, PPSB, ...) and the other document types, labelled in the current language. */
export function useDocumentTypes() {
  const language = useLocale() as Language;
  const { data } = useHeldLists();
  const label = useCallback(
    (code: string) => {
      const entry = data?.documentType?.find((d) => d.code === code) ?? data?.imageType?.find((d) => d.code === code);
      return referenceLabel(entry, language) ?? code;
    },
    [data, language],
  );
  // as a select's options: the code is the value
  const pictureTypes = (data?.imageType ?? []).map((e) => ({ value: e.code, label: referenceLabel(e, language) ?? e.code }));
  const documentTypes = (data?.documentType ?? []).filter((e) => !e.isPicture).map((e) => ({ value: e.code, label: referenceLabel(e, language) ?? e.code }));
  return { pictureTypes, documentTypes, label };
}

/**
 * SPEC §2 "add another page": after a page is added, the inspector is asked whether the document
 * has another one; yes opens the same source (camera or file) again.
 */
function AddAnotherPageDialog({ open, pageNumber, onAnother, onDone }: { open: boolean; pageNumber: number; onAnother: () => void; onDone: () => void }) {
  const t = useTranslations('media.attachments');
  return (
    <AlertDialog open={open} onOpenChange={(o) => !o && onDone()}>
      <AlertDialogContent>
        <AlertDialogTitle>{t('anotherTitle')}</AlertDialogTitle>
        <AlertDialogDescription>{t('anotherText', { n: pageNumber })}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('anotherDone')}</AlertDialogCancel>
          <AlertDialogAction onClick={onAnother}>{t('anotherConfirm')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Where the next chosen images go: the first page(s) of the new attachment, or more pages of one. */
export type PageTarget = { kind: 'draft'; type: string } | { kind: 'attachment'; uid: string };

/**
 * Adds pages from the camera or a file to a new or an existing local attachment, then asks
 * whether the document has another page (SPEC §2). Shared with the attachment picker.
 */
export function usePageInput(reportId: number, onAdded: (uid: string, created: boolean) => void, step: MediaStep = 'pirattachments') {
  const target = useRef<PageTarget | null>(null);
  const [another, setAnother] = useState<{ n: number; source: ImageSource } | null>(null);
  const input = useImageInput({
    multiple: true,
    onImages: async (images: ResizedImage[], source) => {
      const to = target.current;
      if (!to) return;
      let uid: string;
      if (to.kind === 'draft') {
        uid = await addAttachment(reportId, to.type, images, step);
        target.current = { kind: 'attachment', uid };
        onAdded(uid, true);
      } else {
        uid = to.uid;
        for (const image of images) await addAttachmentPage(reportId, uid, image, step);
        onAdded(uid, false);
      }
      const pages = findReport(reportId)?.extended?.attachments.find((a) => a.uid === uid)?.pictures.length ?? images.length;
      setAnother({ n: pages, source });
    },
  });
  const openFor = (to: PageTarget, source: ImageSource) => {
    target.current = to;
    input.open(source);
  };
  const dialog = (
    <AddAnotherPageDialog
      open={another !== null}
      pageNumber={another?.n ?? 1}
      onDone={() => setAnother(null)}
      onAnother={() => {
        const source = another?.source ?? 'camera';
        setAnother(null);
        input.open(source);
      }}
    />
  );
  return { ...input, openFor, dialog };
}
