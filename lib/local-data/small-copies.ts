/**
 * Smaller copies of stored pictures, for the cards and lists that draw them small. A stored picture
 * is up to 3000 × 5000 px: drawn as it is, each one shown holds its full decoded image in the page
 * (27 MB for 3000 × 2250), and dropping them made Blink's garbage collections long (240–412 ms of
 * weak callbacks at CPU 4× through the inspection bench, against 22 ms with small pictures).
 *
 * Made one at a time, since each decode holds the whole picture in the worker's memory, and kept in
 * memory for the session: the `keep` most recently asked for. A copy that cannot be made is null,
 * and the picture is then shown as it is.
 */
export interface SmallCopies {
  /** the smaller copy of the file stored as `key` (smallCopyKey), or null */
  of(key: string, blob: () => Blob): Promise<Blob | null>;
  /** a copy already made (a picture just added, resized with its copy) */
  put(key: string, copy: Blob): void;
}

/** A file's version as stored: a file stored again under its id (a picture marked up) has a new date. */
export function storedVersion(file: { date: string; size: number }): string {
  return `${file.date}|${file.size}`;
}

/** A file as stored: its id and version. */
export function smallCopyKey(file: { id: string; date: string; size: number }): string {
  return `${file.id}\n${storedVersion(file)}`;
}

export function smallCopies({ make, keep }: { make: (blob: Blob) => Promise<Blob | null>; keep: number }): SmallCopies {
  // In the order they were last asked for, the least recent first.
  const copies = new Map<string, Promise<Blob | null>>();
  let last: Promise<unknown> = Promise.resolve();
  function remember(key: string, copy: Promise<Blob | null>) {
    copies.delete(key);
    copies.set(key, copy);
    for (const old of copies.keys()) {
      if (copies.size <= keep) break;
      copies.delete(old);
    }
  }
  return {
    of(key, blob) {
      let copy = copies.get(key);
      if (!copy) {
        copy = last.then(() => make(blob())).catch(() => null);
        last = copy;
      }
      remember(key, copy);
      return copy;
    },
    put(key, copy) {
      remember(key, Promise.resolve(copy));
    },
  };
}

/**
 * The page's small copies of stored pictures (about 50–150 KB each). The resizing code is loaded when
 * the first copy is made: the reports list and the calendar show card photos from their first paint
 * (2 KB gz more on their first scripts otherwise).
 */
export const storedSmallCopies = smallCopies({ make: async (blob) => (await import('@/lib/media/resize')).smallCopyInWorker(blob), keep: 120 });
