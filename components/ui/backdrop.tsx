/**
 * The dimmed page behind a modal dialog. Not Radix's overlay: that one locks the page's scroll by
 * adding a style sheet to the document, and a style sheet added or removed restyles every element
 * of the page (tens of ms on a slow tablet, at each opening and each closing). The dialog keeps its
 * other modal behaviour (focus kept inside, the page hidden from assistive technology, taps outside
 * taken); the page cannot be scrolled by touch through the backdrop (`touch-none`). Taps reach the
 * backdrop though the page under it takes none while the dialog is open (Radix sets
 * `pointer-events: none` on the body).
 */
export function Backdrop() {
  return <div aria-hidden className="pointer-events-auto fixed inset-0 z-50 touch-none bg-black/50" />;
}
