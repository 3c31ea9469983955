'use client';
import { useState } from 'react';

/** The framework floor: one client component, prerendered, then hydrated to answer a tap. */
export default function Page() {
  const [taps, setTaps] = useState(0);
  return (
    <main>
      <h1>Reports</h1>
      <button type="button" onClick={() => setTaps(taps + 1)}>
        Tapped {taps} times
      </button>
    </main>
  );
}
