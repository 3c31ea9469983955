'use client';
import { useEffect, useState } from 'react';
import { getFile } from './files-store';

/** An object URL for a stored file while it is shown (and when it was stored); released when it no longer is. */
export function useStoredFileUrl(id: string | null | undefined): { url: string | null; missing: boolean; date?: string } {
  const [state, setState] = useState<{ id: string | null; url: string | null; missing: boolean; date?: string }>({ id: null, url: null, missing: false });
  useEffect(() => {
    if (!id) return;
    let url: string | null = null;
    let cancelled = false;
    void getFile(id).then((f) => {
      if (cancelled) return;
      if (!f?.content) return setState({ id, url: null, missing: true });
      // A stored Blob is shown as it is: wrapping it again costs a copy on some engines.
      const blob = f.content instanceof Blob && f.content.type === f.contentType ? f.content : new Blob([f.content], { type: f.contentType });
      url = URL.createObjectURL(blob);
      setState({ id, url, missing: false, date: f.date });
    });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return state.id === id && id ? { url: state.url, missing: state.missing, date: state.date } : { url: null, missing: false };
}
