'use client';
import { useEffect, useRef } from 'react';

/**
 * SPEC §2: fireworks when a submission succeeds. The library is loaded only then, and shows
 * nothing to inspectors who asked their tablet for reduced motion.
 */
export function Fireworks({ play }: { play: boolean }) {
  const played = useRef(false);
  useEffect(() => {
    if (!play || played.current) return;
    played.current = true;
    void import('canvas-confetti').then(({ default: confetti }) => {
      const burst = (x: number) => confetti({ particleCount: 90, spread: 75, startVelocity: 45, origin: { x, y: 0.7 }, disableForReducedMotion: true });
      burst(0.3);
      setTimeout(() => burst(0.7), 350);
      setTimeout(() => burst(0.5), 700);
    });
  }, [play]);
  return null;
}
