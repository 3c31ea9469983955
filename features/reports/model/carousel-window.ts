/**
 * Which slides of a report carousel are rendered. A long carousel (a search's "other reports" over
 * thousands of reports) renders only the slides in view plus SPEC §9's overscan on each side; the
 * rest stay as empty slide boxes so the carousel keeps its length and snap points.
 */

/** SPEC §9: overscan 5. */
const CAROUSEL_OVERSCAN = 5;

/**
 * Carousels of up to this many slides render them all: the window would hold most of them anyway,
 * and every card stays findable (find in page, assistive technology).
 */
const RENDER_ALL_UP_TO = 20;

/** Slides assumed in view before the carousel has measured itself (2.75 rounded up). */
const FIRST_VIEW = 3;

export interface SlideWindow {
  from: number;
  /** inclusive */
  to: number;
}

/** The slides to render, given the indices currently in view (possibly stale or not yet known). */
export function slideWindow(count: number, inView: readonly number[], overscan = CAROUSEL_OVERSCAN, renderAllUpTo = RENDER_ALL_UP_TO): SlideWindow {
  if (count <= renderAllUpTo) return { from: 0, to: count - 1 };
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const i of inView) {
    if (i < 0 || i >= count) continue;
    if (i < lo) lo = i;
    if (i > hi) hi = i;
  }
  if (hi < lo) {
    lo = 0;
    hi = Math.min(count, FIRST_VIEW) - 1;
  }
  return { from: Math.max(0, lo - overscan), to: Math.min(count - 1, hi + overscan) };
}

export function inWindow(w: SlideWindow, index: number): boolean {
  return index >= w.from && index <= w.to;
}

/**
 * The slides a carousel renders: until it has started (just after its first frame is painted) only
 * those that can be in view, so a new list or a new search paints its first cards without drawing
 * the rest; once started, every slide of a short carousel, or the window with its overscan.
 */
export function renderedSlides(count: number, inView: readonly number[], started: boolean): SlideWindow {
  return started ? slideWindow(count, inView) : slideWindow(count, [], 0, 0);
}
