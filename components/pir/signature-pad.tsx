'use client';
import { useTranslations } from 'next-intl';
import { CheckIcon, EraserIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { setBusy as reportBusy } from '@/lib/app/busy';
import { PAD_HEIGHT, PAD_WIDTH, strokePath, type Point } from '@/lib/signature/stroke';
import { useStoredFileUrl } from '@/lib/local-data/use-file-url';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export type PadState = 'empty' | 'drawn' | 'registered';

/**
 * A signature pad (SPEC §2): draw with a finger, pen or mouse; reset; complete registers it.
 * Drawn in 500×200 units, so the strokes keep their shape at any screen size.
 */
export function SignaturePad({
  label,
  registeredFileId,
  disabled,
  onComplete,
  onReset,
  testId,
}: {
  label: string;
  registeredFileId: string | null;
  disabled: boolean;
  onComplete: (paths: string[]) => Promise<void>;
  onReset: () => Promise<void>;
  testId: string;
}) {
  const t = useTranslations('signature');
  const [paths, setPaths] = useState<string[]>([]);
  const [live, setLive] = useState<{ points: Point[]; pen: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const svg = useRef<SVGSVGElement>(null);
  const registered = useStoredFileUrl(registeredFileId);
  const state: PadState = registeredFileId ? 'registered' : paths.length ? 'drawn' : 'empty';
  // A drawn signature not yet completed is work an update must not throw away.
  useEffect(() => {
    reportBusy(`signature:${testId}`, state === 'drawn' ? 'signature' : null);
    return () => reportBusy(`signature:${testId}`, null);
  }, [state, testId]);

  function point(e: React.PointerEvent): Point {
    const rect = svg.current!.getBoundingClientRect();
    const x = ((e.clientX - rect.left) / rect.width) * PAD_WIDTH;
    const y = ((e.clientY - rect.top) / rect.height) * PAD_HEIGHT;
    return [x, y, e.pressure || 0.5];
  }

  // The stroke being drawn lives in a ref: pointer events can outpace renders.
  const stroke = useRef<{ points: Point[]; pen: boolean } | null>(null);

  function down(e: React.PointerEvent<SVGSVGElement>) {
    if (disabled || state === 'registered') return;
    e.currentTarget.setPointerCapture(e.pointerId);
    stroke.current = { points: [point(e)], pen: e.pointerType === 'pen' };
    setLive(stroke.current);
  }
  function move(e: React.PointerEvent<SVGSVGElement>) {
    const current = stroke.current;
    if (!current) return;
    const events = 'getCoalescedEvents' in e.nativeEvent ? e.nativeEvent.getCoalescedEvents() : [];
    const extra = events.length ? events.map((c) => point({ clientX: c.clientX, clientY: c.clientY, pressure: c.pressure } as React.PointerEvent)) : [point(e)];
    stroke.current = { ...current, points: [...current.points, ...extra] };
    setLive(stroke.current);
  }
  function up() {
    const current = stroke.current;
    stroke.current = null;
    setLive(null);
    if (!current) return;
    const d = strokePath(current.points, !current.pen);
    if (d) setPaths((p) => [...p, d]);
  }

  async function complete() {
    setBusy(true);
    try {
      await onComplete(paths);
      setPaths([]);
    } finally {
      setBusy(false);
    }
  }
  async function reset() {
    setPaths([]);
    if (registeredFileId) await onReset();
  }

  return (
    <figure className="flex w-full max-w-2xl flex-col gap-2" data-testid={testId} data-state={state}>
      <figcaption className="flex items-center justify-between text-sm font-medium">
        {label}
        <span className="text-xs font-normal text-muted-foreground">{t(`states.${state}`)}</span>
      </figcaption>
      <div className={cn('relative overflow-hidden rounded-lg border-2 border-dashed bg-white', disabled && 'opacity-50', state === 'registered' && 'border-solid border-success')}>
        {state === 'registered' && registered.url ? (
          <img src={registered.url} alt={t('registeredAlt', { label })} className="block aspect-[5/2] w-full object-contain" />
        ) : (
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
        )}
      </div>
      <div className="flex gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void reset()} disabled={disabled || state === 'empty'}>
          <EraserIcon aria-hidden /> {t('reset')}
        </Button>
        <Button type="button" size="sm" onClick={() => void complete()} disabled={disabled || busy || state !== 'drawn'}>
          <CheckIcon aria-hidden /> {t('complete')}
        </Button>
      </div>
    </figure>
  );
}
