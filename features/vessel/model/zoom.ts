/** SPEC §9: the file viewer zooms from 1 to 3 in steps of 0.5. Pure. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.5;

/** The nearest zoom step within the limits (a non-number gives the minimum). */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return ZOOM_MIN;
  const stepped = Math.round(zoom / ZOOM_STEP) * ZOOM_STEP;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, stepped));
}

export function zoomIn(zoom: number): number {
  return clampZoom(clampZoom(zoom) + ZOOM_STEP);
}

export function zoomOut(zoom: number): number {
  return clampZoom(clampZoom(zoom) - ZOOM_STEP);
}

export const canZoomIn = (zoom: number) => clampZoom(zoom) < ZOOM_MAX;
export const canZoomOut = (zoom: number) => clampZoom(zoom) > ZOOM_MIN;

/** Every zoom level, smallest first. */
export const ZOOM_LEVELS: readonly number[] = Array.from({ length: Math.round((ZOOM_MAX - ZOOM_MIN) / ZOOM_STEP) + 1 }, (_, i) => ZOOM_MIN + i * ZOOM_STEP);

/** While pinching: the start zoom times the fingers' spread ratio, kept within the limits but not stepped. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (!(startDistance > 0) || !Number.isFinite(distance)) return startZoom;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, startZoom * (distance / startDistance)));
}

/** The zoom as a percentage label value (1.5 → 150). */
export const zoomPercent = (zoom: number) => Math.round(clampZoom(zoom) * 100);
