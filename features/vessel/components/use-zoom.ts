'use client';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { clampZoom, pinchZoom, ZOOM_MIN, ZOOM_STEP } from '@/features/vessel/model/zoom';

export interface PinchPreview {
  /** scale relative to the committed zoom, applied as a CSS transform while the fingers move */
  scale: number;
  /** the point under the fingers, in content coordinates */
  originX: number;
  originY: number;
}

/**
 * The viewer's zoom (SPEC §9: 1 to 3, steps of 0.5): buttons, the + and − keys, and pinch on touch.
 * A pinch previews smoothly with a CSS transform and settles on the nearest step when the fingers
 * lift. Each change keeps the point under the fingers (or the viewport's centre) in place.
 * `viewport` goes on the scrolling element that holds the content.
 */
export function useZoom(enabled: boolean) {
  const viewport = useRef<HTMLDivElement>(null);
  const [zoom, setZoomState] = useState(ZOOM_MIN);
  const [pinch, setPinch] = useState<PinchPreview | null>(null);
  const zoomRef = useRef(ZOOM_MIN);
  const anchor = useRef<{ fx: number; fy: number; cx: number; cy: number } | null>(null);

  const changeZoom = useCallback(
    (next: number, focus?: { x: number; y: number }) => {
      const from = zoomRef.current;
      const to = clampZoom(next);
      if (to === from) return;
      const el = viewport.current;
      if (el) {
        const fx = focus?.x ?? el.clientWidth / 2;
        const fy = focus?.y ?? el.clientHeight / 2;
        anchor.current = { fx, fy, cx: (el.scrollLeft + fx) / from, cy: (el.scrollTop + fy) / from };
      }
      zoomRef.current = to;
      setZoomState(to);
    },
    [],
  );

  // After the content has its new size, scroll so the anchored point is where it was.
  useLayoutEffect(() => {
    const a = anchor.current;
    const el = viewport.current;
    if (!a || !el) return;
    anchor.current = null;
    el.scrollTo({ left: a.cx * zoom - a.fx, top: a.cy * zoom - a.fy, behavior: 'instant' });
  }, [zoom]);

  const zoomIn = useCallback(() => changeZoom(zoomRef.current + ZOOM_STEP), [changeZoom]);
  const zoomOut = useCallback(() => changeZoom(zoomRef.current - ZOOM_STEP), [changeZoom]);

  // + and − on the keyboard (not while typing, and not with Ctrl/⌘, which zoom the whole page).
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (e.key === '+' || e.key === '=') {
        e.preventDefault();
        zoomIn();
      } else if (e.key === '-' || e.key === '_' || e.key === '−') {
        e.preventDefault();
        zoomOut();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, zoomIn, zoomOut]);

  // Pinch with two fingers. Touch events (not pointer events): the browser's own panning with one
  // finger would cancel the pointers; `touch-action: pan-x pan-y` on the viewport keeps the page
  // itself from zooming.
  useEffect(() => {
    const el = viewport.current;
    if (!el || !enabled) return;
    let start: { distance: number; zoom: number; fx: number; fy: number; ox: number; oy: number } | null = null;
    let current = zoomRef.current;
    const distance = (t: TouchList) => Math.hypot(t[0]!.clientX - t[1]!.clientX, t[0]!.clientY - t[1]!.clientY);
    const onStart = (e: TouchEvent) => {
      if (e.touches.length !== 2) return;
      e.preventDefault();
      const r = el.getBoundingClientRect();
      const fx = (e.touches[0]!.clientX + e.touches[1]!.clientX) / 2 - r.left;
      const fy = (e.touches[0]!.clientY + e.touches[1]!.clientY) / 2 - r.top;
      start = { distance: distance(e.touches), zoom: zoomRef.current, fx, fy, ox: el.scrollLeft + fx, oy: el.scrollTop + fy };
      current = start.zoom;
      setPinch({ scale: 1, originX: start.ox, originY: start.oy });
    };
    const onMove = (e: TouchEvent) => {
      if (!start || e.touches.length !== 2) return;
      e.preventDefault();
      current = pinchZoom(start.zoom, start.distance, distance(e.touches));
      setPinch({ scale: current / start.zoom, originX: start.ox, originY: start.oy });
    };
    const onEnd = (e: TouchEvent) => {
      if (!start || e.touches.length >= 2) return;
      const s = start;
      start = null;
      setPinch(null);
      changeZoom(current, { x: s.fx, y: s.fy });
    };
    el.addEventListener('touchstart', onStart, { passive: false });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, [enabled, changeZoom]);

  return { viewport, zoom, pinch, zoomIn, zoomOut };
}

/** The inner size of an element, following its changes. */
export function useElementSize(ref: React.RefObject<HTMLElement | null>, enabled = true) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    const measure = () => {
      const style = getComputedStyle(el);
      const width = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const height = el.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      setSize((s) => (s && s.width === width && s.height === height ? s : { width, height }));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, enabled]);
  return size;
}
