'use client';

/**
 * What lies between a modal layer (a dialog, a sheet) and the page: it takes the taps outside the
 * layer, which then closes or ignores them, so a tap outside never also presses what is under it.
 *
 * Not Radix's own means, because each restyles the whole page at every opening and closing (tens of
 * ms each on a slow tablet): its overlay locks the page's scroll with a style sheet added to the
 * document, and a modal layer sets `pointer-events: none` on `<body>`, which every element inherits.
 * The overlay is not used, and `<body>` keeps `pointer-events: auto` (`app/globals.css`): the backdrop
 * does that work. Touch panning on it does nothing (`touch-none`); a mouse wheel over it still scrolls
 * the page behind (on a desktop only).
 */
export function Backdrop() {
  return <div aria-hidden data-backdrop className="pointer-events-auto fixed inset-0 z-50 touch-none bg-black/50" />;
}
