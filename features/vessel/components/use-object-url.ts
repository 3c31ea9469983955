'use client';
import { useEffect, useState } from 'react';

/** An object URL for a blob while it is shown; released when the blob changes or the view goes. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [state, setState] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL exists only while shown
    setState({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return blob && state?.blob === blob ? state.url : null;
}
