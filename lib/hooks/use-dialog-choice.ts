import { useState } from 'react';

/**
 * Which of a few dialogs is open, and which were opened at least once. A dialog is mounted from its
 * first opening on (a list of cards, or a menu, mounts none up front) and stays mounted, so closing
 * it still animates.
 */
export function useDialogChoice<K extends string>() {
  const [open, setOpen] = useState<K | null>(null);
  const [opened, setOpened] = useState<ReadonlySet<K>>(() => new Set());
  return {
    open,
    /** Opens `which`, or closes the open one with null. */
    show(which: K | null) {
      if (which !== null) setOpened((s) => (s.has(which) ? s : new Set(s).add(which)));
      setOpen(which);
    },
    mounted: (which: K) => opened.has(which),
    anyMounted: opened.size > 0,
  };
}
