'use client';
import { useEffect, useState } from 'react';
import { getFile } from './files-store';
import { storedFileUrls } from './object-urls';
import { smallCopyKey, storedSmallCopies, storedVersion } from './small-copies';

/**
 * An object URL for a stored file while it is shown (and when it was stored), shared with every other
 * place that shows it (object-urls.ts). `small`: a picture drawn in a card or a list is shown from a
 * smaller copy once it is made (small-copies.ts), and as stored where none can be made.
 */
export function useStoredFileUrl(id: string | null | undefined, { small = false } = {}): { url: string | null; missing: boolean; date?: string } {
  const [state, setState] = useState<{ id: string | null; url: string | null; missing: boolean; date?: string }>({ id: null, url: null, missing: false });
  useEffect(() => {
    if (!id) return;
    let shown: { key: string; version: string } | null = null;
    let cancelled = false;
    void getFile(id).then(async (f) => {
      if (cancelled) return;
      if (!f?.content) return setState({ id, url: null, missing: true });
      const content = f.content;
      // A stored Blob is shown as it is: wrapping it again costs a copy on some engines.
      let blob = () => (content instanceof Blob && content.type === f.contentType ? content : new Blob([content], { type: f.contentType }));
      // Stored again under the same id, a file has a new version: a new URL, not the old content.
      const version = storedVersion(f);
      let key = id;
      if (small && f.contentType.startsWith('image/')) {
        const copy = await storedSmallCopies.of(smallCopyKey(f), blob);
        if (cancelled) return;
        if (copy) {
          key = `${id}#small`;
          blob = () => copy;
        }
      }
      shown = { key, version };
      setState({ id, url: storedFileUrls.acquire(key, version, blob), missing: false, date: f.date });
    });
    return () => {
      cancelled = true;
      if (shown) storedFileUrls.release(shown.key, shown.version);
    };
  }, [id, small]);
  return state.id === id && id ? { url: state.url, missing: state.missing, date: state.date } : { url: null, missing: false };
}
