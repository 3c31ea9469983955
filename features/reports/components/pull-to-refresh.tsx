'use client';
import { useTranslations } from 'next-intl';
import { ArrowDownIcon, LoaderCircleIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';

/** SPEC §2: a pull shorter than this springs back without refreshing. */
const PULL_MIN = 100;
/** SPEC §2: the pull stops here, and refreshes at once. */
const PULL_MAX = 200;
/** Movement before a gesture counts as a pull (or as something else). */
const SLOP = 10;

/** Not a place to start a pull: text fields keep their own gestures. */
function startsInField(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

/**
 * Pull to refresh over the reports list: a downward pull (touch, or mouse drag) that starts while
 * the page is scrolled to the top, between PULL_MIN and PULL_MAX pixels, calls `onRefresh`. The
 * indicator above the list follows the finger and spins while refreshing.
 */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: React.ReactNode }) {
  const t = useTranslations('reports.refresh');
  const ref = useRef<HTMLDivElement>(null);
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useRef(onRefresh);
  useEffect(() => {
    refresh.current = onRefresh;
  }, [onRefresh]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let start: { x: number; y: number } | null = null;
    let pulling = false;
    let distance = 0;
    let busy = false;

    const begin = (x: number, y: number, target: EventTarget | null) => {
      if (busy || window.scrollY > 0 || startsInField(target)) return;
      start = { x, y };
      pulling = false;
      distance = 0;
    };
    const reset = () => {
      start = null;
      pulling = false;
      distance = 0;
      setPull(0);
    };
    const run = async () => {
      busy = true;
      setRefreshing(true);
      const shownAtLeast = new Promise((r) => setTimeout(r, 400));
      try {
        await Promise.all([refresh.current(), shownAtLeast]);
      } finally {
        busy = false;
        setRefreshing(false);
      }
    };
    const end = () => {
      const armed = pulling && distance >= PULL_MIN;
      reset();
      if (armed) void run();
    };
    /** Returns whether the move belongs to the pull (then the page must not scroll). */
    const move = (x: number, y: number): boolean => {
      if (!start) return false;
      const dy = y - start.y;
      const dx = x - start.x;
      if (!pulling) {
        if (dy < SLOP) {
          if (dy < -SLOP || Math.abs(dx) > SLOP) start = null; // a scroll or a swipe, not a pull
          return false;
        }
        if (Math.abs(dx) > dy || window.scrollY > 0) {
          start = null;
          return false;
        }
        pulling = true;
        window.getSelection()?.removeAllRanges();
      }
      distance = Math.min(Math.max(dy, 0), PULL_MAX);
      setPull(distance);
      if (distance >= PULL_MAX) end();
      return true;
    };

    const onTouchStart = (e: TouchEvent) => {
      if (e.touches.length !== 1) return reset();
      const p = e.touches[0]!;
      begin(p.clientX, p.clientY, e.target);
    };
    const onTouchMove = (e: TouchEvent) => {
      const p = e.touches[0];
      if (p && move(p.clientX, p.clientY) && e.cancelable) e.preventDefault();
    };
    const onTouchEnd = () => {
      if (start) end();
    };
    // Mouse: touch already has its own events, and a pen pans like a finger.
    const onPointerDown = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse' || e.button !== 0) return;
      begin(e.clientX, e.clientY, e.target);
      if (!start) return;
      window.addEventListener('pointermove', onPointerMove);
      window.addEventListener('pointerup', onPointerUp);
      window.addEventListener('pointercancel', onPointerCancel);
    };
    const stopMouse = () => {
      window.removeEventListener('pointermove', onPointerMove);
      window.removeEventListener('pointerup', onPointerUp);
      window.removeEventListener('pointercancel', onPointerCancel);
    };
    const onPointerMove = (e: PointerEvent) => {
      if (move(e.clientX, e.clientY)) e.preventDefault();
      if (!start) stopMouse();
    };
    const onPointerUp = () => {
      stopMouse();
      if (start) end();
    };
    const onPointerCancel = () => {
      stopMouse();
      reset();
    };

    el.addEventListener('touchstart', onTouchStart, { passive: true });
    el.addEventListener('touchmove', onTouchMove, { passive: false });
    el.addEventListener('touchend', onTouchEnd);
    el.addEventListener('touchcancel', reset);
    el.addEventListener('pointerdown', onPointerDown);
    // The browser's own pull-to-refresh would reload the whole app instead.
    const root = document.documentElement;
    const overscroll = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'contain';
    return () => {
      el.removeEventListener('touchstart', onTouchStart);
      el.removeEventListener('touchmove', onTouchMove);
      el.removeEventListener('touchend', onTouchEnd);
      el.removeEventListener('touchcancel', reset);
      el.removeEventListener('pointerdown', onPointerDown);
      stopMouse();
      root.style.overscrollBehaviorY = overscroll;
    };
  }, []);

  const armed = pull >= PULL_MIN;
  const state = refreshing ? 'refreshing' : pull === 0 ? 'idle' : armed ? 'armed' : 'pulling';
  // The indicator grows with the pull (half its distance), and holds still while refreshing.
  const height = refreshing ? 56 : pull / 2;

  return (
    <div ref={ref} className={cn(pull > 0 && 'select-none')} data-testid="pull-to-refresh">
      <div
        className={cn('flex items-end justify-center overflow-hidden', pull === 0 && 'transition-[height] duration-200')}
        style={{ height }}
        data-testid="pull-indicator"
        data-state={state}
        aria-hidden={state === 'idle'}
      >
        <div className="mb-2 flex items-center gap-2 rounded-full border bg-card px-3 py-1.5 text-sm shadow-sm" role="status">
          {refreshing ? (
            <LoaderCircleIcon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
          ) : (
            <ArrowDownIcon className={cn('size-4 transition-transform', armed && 'rotate-180')} aria-hidden />
          )}
          {refreshing ? t('refreshing') : armed ? t('release') : t('pull')}
        </div>
      </div>
      {children}
    </div>
  );
}
