'use client';
import { useEffect, useState } from 'react';
import { getFile } from './files-store';
import { storedFileUrls } from './object-urls';

/** An object URL for a stored file while it is shown (and when it was stored), shared with every other place that shows it (object-urls.ts). */
export function useStoredFileUrl(id: string | null | undefined): { url: string | null; missing: boolean; date?: string } {
  const [state, setState] = useState<{ id: string | null; url: string | null; missing: boolean; date?: string }>({ id: null, url: null, missing: false });
  useEffect(() => {
    if (!id) return;
    let version: string | null = null;
    let cancelled = false;
    void getFile(id).then((f) => {
      if (cancelled) return;
      if (!f?.content) return setState({ id, url: null, missing: true });
      const content = f.content;
      // A stored Blob is shown as it is: wrapping it again costs a copy on some engines.
      const blob = () => (content instanceof Blob && content.type === f.contentType ? content : new Blob([content], { type: f.contentType }));
      // Stored again under the same id, a file has a new date: a new URL, not the old content.
      version = `${f.date}|${f.size}`;
      setState({ id, url: storedFileUrls.acquire(id, version, blob), missing: false, date: f.date });
    });
    return () => {
      cancelled = true;
      if (version) storedFileUrls.release(id, version);
    };
  }, [id]);
  return state.id === id && id ? { url: state.url, missing: state.missing, date: state.date } : { url: null, missing: false };
}
