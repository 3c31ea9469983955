'use client';
import { useState } from 'react';

/**
 * True from the first time `open` is true. A dialog whose code loads on demand is mounted then and
 * stays mounted, so it animates closed like any other, and its code is not in a page's first scripts.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
