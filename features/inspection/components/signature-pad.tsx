'use client';
import { useFormatter, useTranslations } from 'next-intl';
import { CheckIcon, EraserIcon, Maximize2Icon, RotateCwIcon } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { setBusy as reportBusy } from '@/lib/app/busy';
import { PAD_HEIGHT, PAD_WIDTH, strokePath, type Point } from '@/lib/signature/stroke';
import { useStoredFileUrl } from '@/lib/local-data/use-file-url';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

type PadState = 'empty' | 'drawn' | 'registered';

/**
 * A signature pad (SPEC §2): draw with a finger, pen or mouse; clear; save registers it. Drawn in
 * 500×200 units, so the strokes keep their shape at any screen size. On a small screen the pad also
 * opens full screen, turned to landscape when the screen is held upright, so there is room to sign.
 */
export function SignaturePad({
  label,
  saveLabel,
  signer,
  unavailable,
  registeredFileId,
  disabled,
  onComplete,
  onReset,
  testId,
}: {
  label: string;
  /** what saving does, in the inspector's words ("Save the master's signature") */
  saveLabel: string;
  /** who signs, printed with the time under a saved signature */
  signer: string;
  /** why the pad cannot be used yet, when it cannot */
  unavailable: string | null;
  registeredFileId: string | null;
  disabled: boolean;
  onComplete: (paths: string[]) => Promise<void>;
  onReset: () => Promise<void>;
  testId: string;
}) {
  const t = useTranslations('signature');
  const tc = useTranslations('common');
  const format = useFormatter();
  const [paths, setPaths] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [full, setFull] = useState(false);
  const registered = useStoredFileUrl(registeredFileId);
  const state: PadState = registeredFileId ? 'registered' : paths.length ? 'drawn' : 'empty';
  // A drawn signature not yet saved is work an update must not throw away.
  useEffect(() => {
    reportBusy(`signature:${testId}`, state === 'drawn' ? 'signature' : null);
    return () => reportBusy(`signature:${testId}`, null);
  }, [state, testId]);

  async function complete() {
    setBusy(true);
    try {
      await onComplete(paths);
      setPaths([]);
      setFull(false);
    } finally {
      setBusy(false);
    }
  }
  async function reset() {
    setPaths([]);
    if (registeredFileId) await onReset();
  }
  const addStroke = (d: string) => setPaths((p) => [...p, d]);
  const canDraw = !disabled && state !== 'registered';

  const actions = (
    <div className="flex flex-wrap gap-2">
      <Button type="button" variant="outline" size="sm" onClick={() => void reset()} disabled={disabled || state === 'empty'}>
        <EraserIcon aria-hidden /> {t('reset')}
      </Button>
      <Button type="button" size="sm" onClick={() => void complete()} disabled={disabled || busy || state !== 'drawn'}>
        <CheckIcon aria-hidden /> {saveLabel}
      </Button>
    </div>
  );

  return (
    <figure className="flex w-full max-w-2xl flex-col gap-2" data-testid={testId} data-state={state}>
      <figcaption className="flex flex-wrap items-center justify-between gap-x-3 text-sm font-medium">
        {label}
        <span className="text-xs font-normal text-muted-foreground">{t(`states.${state}`)}</span>
      </figcaption>
      <div className={cn('relative overflow-hidden rounded-lg border-2 border-dashed bg-white', disabled && 'opacity-50', state === 'registered' && 'border-solid border-success')}>
        {state === 'registered' && registered.url ? (
          <img src={registered.url} alt={t('registeredAlt', { label })} className="block aspect-[5/2] w-full object-contain" />
        ) : (
          <PadSurface label={label} paths={paths} disabled={!canDraw} rotated={false} onStroke={addStroke} />
        )}
      </div>
      {state === 'registered' && registered.date && (
        <p className="text-sm" data-testid="signed-by">
          {t('signedBy', { name: signer, time: format.dateTime(new Date(registered.date), { dateStyle: 'medium', timeStyle: 'short' }) })}
        </p>
      )}
      {disabled && unavailable && state !== 'registered' && (
        <p className="text-sm text-muted-foreground" data-testid="pad-unavailable">
          {unavailable}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        {actions}
        {canDraw && (
          // A phone's pad is small: full screen, turned to landscape, gives the hand room.
          <Button type="button" variant="ghost" size="sm" className="md:hidden" onClick={() => setFull(true)} data-testid="pad-full-screen">
            <Maximize2Icon aria-hidden /> {t('fullScreen')}
          </Button>
        )}
      </div>
      {full && (
        <Dialog open={full} onOpenChange={setFull}>
          <DialogContent closeLabel={tc('close')} className="h-dvh max-h-none w-screen max-w-none rounded-none border-0 p-3 sm:max-w-none" data-testid={`${testId}-full`}>
            <DialogTitle className="sr-only">{label}</DialogTitle>
            <DialogDescription className="sr-only">{t('fullScreenText')}</DialogDescription>
            <FullScreenPad label={label} paths={paths} onStroke={addStroke} />
            <div className="flex justify-center">{actions}</div>
          </DialogContent>
        </Dialog>
      )}
    </figure>
  );
}

function subscribeResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The pad as large as the screen allows; on an upright screen, turned a quarter so its long side runs down it. */
function FullScreenPad({ label, paths, onStroke }: { label: string; paths: string[]; onStroke: (d: string) => void }) {
  const t = useTranslations('signature');
  const size = useSyncExternalStore(subscribeResize, () => `${window.innerWidth}x${window.innerHeight}`, () => '0x0');
  const [w, h] = size.split('x').map(Number) as [number, number];
  // Room left for the buttons under the pad.
  const roomW = w - 24;
  const roomH = h - 120;
  const rotated = roomH > roomW;
  // The pad's long side along the screen's long side, keeping 5:2; upright, room for the hint above it.
  const long = rotated ? Math.min(roomH - 48, roomW * 2.5) : Math.min(roomW, roomH * 2.5);
  const short = long * 0.4;
  const box = rotated ? { width: short, height: long } : { width: long, height: short };
  return (
    <>
      {/* Upright, the pad is drawn turned: the signer is asked to turn the phone, the line then runs left to right. */}
      {rotated && (
        <p className="flex items-center justify-center gap-2 px-10 text-center text-sm font-medium" data-testid="turn-phone">
          <RotateCwIcon className="size-5 shrink-0" aria-hidden /> {t('turnPhone')}
        </p>
      )}
    <div className="relative mx-auto" style={box}>
      <div
        className="absolute top-1/2 left-1/2 overflow-hidden rounded-lg border-2 border-dashed bg-white"
        style={{ width: long, height: short, transform: `translate(-50%, -50%)${rotated ? ' rotate(90deg)' : ''}` }}
      >
        <PadSurface label={label} paths={paths} disabled={false} rotated={rotated} onStroke={onStroke} />
      </div>
    </div>
    </>
  );
}

/** The drawing surface: strokes in pad units; `rotated` when it is shown turned a quarter clockwise. */
function PadSurface({ label, paths, disabled, rotated, onStroke }: { label: string; paths: string[]; disabled: boolean; rotated: boolean; onStroke: (d: string) => void }) {
  const t = useTranslations('signature');
  const svg = useRef<SVGSVGElement>(null);
  const [live, setLive] = useState<{ points: Point[]; pen: boolean } | null>(null);
  // The stroke being drawn lives in a ref: pointer events can outpace renders.
  const stroke = useRef<{ points: Point[]; pen: boolean } | null>(null);

  function point(e: Pick<PointerEvent, 'clientX' | 'clientY' | 'pressure'>): Point {
    const rect = svg.current!.getBoundingClientRect();
    const pressure = e.pressure || 0.5;
    if (rotated) {
      // Turned clockwise: the pad's x runs down the screen, its y from right to left.
      return [((e.clientY - rect.top) / rect.height) * PAD_WIDTH, ((rect.right - e.clientX) / rect.width) * PAD_HEIGHT, pressure];
    }
    return [((e.clientX - rect.left) / rect.width) * PAD_WIDTH, ((e.clientY - rect.top) / rect.height) * PAD_HEIGHT, pressure];
  }

  function down(e: React.PointerEvent<SVGSVGElement>) {
    if (disabled) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    stroke.current = { points: [point(e)], pen: e.pointerType === 'pen' };
    setLive(stroke.current);
  }
  function move(e: React.PointerEvent<SVGSVGElement>) {
    const current = stroke.current;
    if (!current) return;
    const events = 'getCoalescedEvents' in e.nativeEvent ? e.nativeEvent.getCoalescedEvents() : [];
    const extra = events.length ? events.map((c) => point(c)) : [point(e)];
    stroke.current = { ...current, points: [...current.points, ...extra] };
    setLive(stroke.current);
  }
  function up() {
    const current = stroke.current;
    stroke.current = null;
    setLive(null);
    if (!current) return;
    const d = strokePath(current.points, !current.pen);
    if (d) onStroke(d);
  }

  return (
    <svg
      ref={svg}
      viewBox={`0 0 ${PAD_WIDTH} ${PAD_HEIGHT}`}
      className={cn('block aspect-[5/2] w-full touch-none select-none', disabled ? 'cursor-not-allowed' : 'cursor-crosshair')}
      role="application"
      aria-label={t('padLabel', { label })}
      aria-disabled={disabled}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
    >
      <line x1="30" x2="470" y1="160" y2="160" stroke="#cbd5e1" strokeWidth="1" />
      {paths.map((d, i) => (
        <path key={i} d={d} fill="#111827" />
      ))}
      {live && <path d={strokePath(live.points, !live.pen)} fill="#111827" />}
    </svg>
  );
}
