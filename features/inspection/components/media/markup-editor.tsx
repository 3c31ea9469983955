'use client';
import { useTranslations } from 'next-intl';
import { CheckIcon, Loader2Icon, Trash2Icon, Undo2Icon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { setBusy as reportBusy } from '@/lib/app/busy';
import { getFile } from '@/lib/local-data/files-store';
import { useStoredFileUrl } from '@/lib/local-data/use-file-url';
import { flattenMarkup } from '@/lib/media/flatten';
import {
  DEFAULT_MARKUP_COLOUR,
  MARKUP_COLOURS,
  MARKUP_INK,
  markupDescription,
  markupPath,
  markupPaths,
  markupPenSize,
  markupStrokePath,
  toPicturePoint,
  type MarkupColour,
  type MarkupStroke,
} from '@/lib/media/markup';
import { addMarkedUpPicture, type InspectionPicture } from '@/features/inspection/data/pictures';
import { pictureFileId } from '@/lib/media/file-ids';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useMediaErrorText } from './media-common';

/**
 * Marking up a picture, full screen: freehand strokes in red (the default), yellow, white
 * or black, undo, clear, save. Saving flattens the strokes onto the picture in a worker and adds the
 * result as a new picture beside the original, which stays as it was.
 */
export function MarkupEditor({
  reportId,
  picture,
  n,
  author,
  open,
  onOpenChange,
  onSaved,
}: {
  reportId: number;
  picture: InspectionPicture;
  n: number;
  author: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (uid: string) => void;
}) {
  const t = useTranslations('media.markup');
  const tc = useTranslations('common');
  const errorText = useMediaErrorText();
  const fileId = pictureFileId(reportId, picture.uid);
  const { url } = useStoredFileUrl(open ? fileId : null);
  const [strokes, setStrokes] = useState<MarkupStroke[]>([]);
  const [colour, setColour] = useState<MarkupColour>(DEFAULT_MARKUP_COLOUR);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A callback ref: the dialog's content mounts after this component, in a portal.
  const [area, setArea] = useState<HTMLDivElement | null>(null);
  const box = useBoxSize(area);

  // Strokes not yet saved are work an update must not throw away.
  const key = `markup:${reportId}:${picture.uid}`;
  useEffect(() => {
    reportBusy(key, open && strokes.length > 0 ? 'markup' : null);
    return () => reportBusy(key, null);
  }, [key, open, strokes.length]);

  const close = (o: boolean) => {
    if (o || saving) return;
    setStrokes([]);
    setError(null);
    onOpenChange(false);
  };

  async function save() {
    if (!natural || strokes.length === 0) return;
    setSaving(true);
    setError(null);
    try {
      const stored = await getFile(fileId);
      if (!stored?.content) throw new Error('could not load image');
      const blob = stored.content instanceof Blob ? stored.content : new Blob([stored.content], { type: stored.contentType });
      const image = await flattenMarkup(blob, markupPaths(strokes, natural.width, natural.height));
      const uid = await addMarkedUpPicture(reportId, picture.uid, image, {
        author,
        description: markupDescription(picture.description, { bare: t('descriptionLabel'), with: (description) => t('descriptionWith', { description }) }),
      });
      setStrokes([]);
      onOpenChange(false);
      onSaved(uid);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  }

  // The picture as large as the area allows, keeping its proportions.
  const scale = box && natural ? Math.min(box.width / natural.width, box.height / natural.height) : null;
  const shown = scale && natural ? { width: Math.floor(natural.width * scale), height: Math.floor(natural.height * scale) } : null;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        closeLabel={tc('close')}
        className="flex h-dvh max-h-none w-screen max-w-none flex-col gap-3 rounded-none border-0 p-3 sm:max-w-none"
        data-testid="markup-editor"
        onInteractOutside={(e) => e.preventDefault()}
      >
        <div className="min-h-11 pr-12">
          <DialogTitle className="py-2">{t('title', { n })}</DialogTitle>
          <DialogDescription className="sr-only">{t('hint')}</DialogDescription>
        </div>
        <div ref={setArea} className="relative min-h-0 flex-1">
          <div className="absolute inset-0 grid place-items-center">
            {url ? (
              <div className="relative" style={shown ?? { visibility: 'hidden' }}>
                <img
                  src={url}
                  alt={t('pictureAlt', { n })}
                  draggable={false}
                  className="block size-full select-none"
                  onLoad={(e) => setNatural({ width: e.currentTarget.naturalWidth || 1, height: e.currentTarget.naturalHeight || 1 })}
                />
                {natural && <Surface natural={natural} colour={colour} strokes={strokes} label={t('surface', { n })} disabled={saving} onStroke={(s) => setStrokes((all) => [...all, s])} />}
              </div>
            ) : (
              <Loader2Icon className="size-8 text-muted-foreground motion-safe:animate-spin" aria-label={t('loading')} />
            )}
          </div>
        </div>
        {error && (
          <p role="alert" data-testid="markup-error" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
            {error}
          </p>
        )}
        <div role="toolbar" aria-label={t('toolbar')} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border bg-card p-2">
          <div role="radiogroup" aria-label={t('colour')} className="flex items-center gap-1">
            {MARKUP_COLOURS.map((c) => (
              <button
                key={c}
                type="button"
                role="radio"
                aria-checked={colour === c}
                aria-label={t(`colours.${c}`)}
                title={t(`colours.${c}`)}
                data-colour={c}
                onClick={() => setColour(c)}
                className={cn(
                  'grid size-11 place-items-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
                  colour === c ? 'ring-2 ring-foreground ring-offset-2 ring-offset-card' : 'hover:bg-accent',
                )}
              >
                <span className="size-7 rounded-full border-2 border-muted-foreground/70" style={{ background: MARKUP_INK[c] }} aria-hidden />
              </button>
            ))}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button type="button" variant="outline" size="icon" onClick={() => setStrokes((s) => s.slice(0, -1))} disabled={saving || strokes.length === 0} aria-label={t('undo')} title={t('undo')}>
              <Undo2Icon aria-hidden />
            </Button>
            <Button type="button" variant="outline" size="icon" onClick={() => setStrokes([])} disabled={saving || strokes.length === 0} aria-label={t('clear')} title={t('clear')}>
              <Trash2Icon aria-hidden />
            </Button>
            <Button type="button" onClick={() => void save()} disabled={saving || strokes.length === 0 || !natural}>
              {saving ? <Loader2Icon className="motion-safe:animate-spin" aria-hidden /> : <CheckIcon aria-hidden />}
              {saving ? t('saving') : t('save')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The inner size of an element, following its changes. */
function useBoxSize(el: HTMLElement | null) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    if (!el) return;
    const measure = () => setSize((s) => (s && s.width === el.clientWidth && s.height === el.clientHeight ? s : { width: el.clientWidth, height: el.clientHeight }));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  return el ? size : null;
}

/** The drawing surface over the picture, in the picture's pixels: finger, pen or mouse; the page does not scroll under it. */
function Surface({
  natural,
  colour,
  strokes,
  label,
  disabled,
  onStroke,
}: {
  natural: { width: number; height: number };
  colour: MarkupColour;
  strokes: MarkupStroke[];
  label: string;
  disabled: boolean;
  onStroke: (s: MarkupStroke) => void;
}) {
  const svg = useRef<SVGSVGElement>(null);
  // The stroke being drawn lives in a ref: pointer events can outpace renders.
  const current = useRef<MarkupStroke | null>(null);
  const [live, setLive] = useState<MarkupStroke | null>(null);
  const size = markupPenSize(natural.width, natural.height);

  const point = (e: Pick<PointerEvent, 'clientX' | 'clientY' | 'pressure'>) => {
    const r = svg.current!.getBoundingClientRect();
    return toPicturePoint({ x: e.clientX, y: e.clientY, pressure: e.pressure }, r, natural);
  };

  function down(e: React.PointerEvent<SVGSVGElement>) {
    if (disabled || current.current) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    current.current = { colour, points: [point(e)], pen: e.pointerType === 'pen' };
    setLive(current.current);
  }
  function move(e: React.PointerEvent<SVGSVGElement>) {
    const s = current.current;
    if (!s) return;
    const events = 'getCoalescedEvents' in e.nativeEvent ? e.nativeEvent.getCoalescedEvents() : [];
    const extra = events.length ? events.map(point) : [point(e)];
    current.current = { ...s, points: [...s.points, ...extra] };
    setLive(current.current);
  }
  function up() {
    const s = current.current;
    current.current = null;
    setLive(null);
    if (s && markupStrokePath(s, size)) onStroke(s);
  }

  return (
    <svg
      ref={svg}
      viewBox={`0 0 ${natural.width} ${natural.height}`}
      className={cn('absolute inset-0 size-full touch-none select-none', disabled ? 'cursor-not-allowed' : 'cursor-crosshair')}
      role="application"
      aria-label={label}
      aria-disabled={disabled}
      data-testid="markup-surface"
      data-strokes={strokes.length}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
    >
      {[...strokes, ...(live ? [live] : [])].map((s, i) => {
        const p = markupPath(s, size);
        return <path key={i} d={p.d} fill={p.ink} stroke={p.edge} strokeWidth={p.edgeWidth} strokeLinejoin="round" paintOrder="stroke" />;
      })}
    </svg>
  );
}
