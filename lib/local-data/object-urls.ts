/**
 * Object URLs of stored files, one per file as stored (its id and version): every place that shows a
 * file uses the same URL, and a step shown again finds it. A new URL at each showing made the browser
 * load and decode the picture again as a new image, and the images dropped at each change of step
 * made Blink's garbage collections long (1.4–1.7 s at CPU 4× after ten changes of step, nearly all in
 * the weak callbacks of its own heap; 47–97 ms with the same URLs kept).
 *
 * A URL is released once nothing shows it and `keep` other unused ones are newer: going back and forth
 * between steps finds its pictures, and a report's pictures are not held for the rest of the day.
 */
export interface ObjectUrls {
  /** the URL of the file `id` as stored at `version`, made from `blob()` the first time; release it when no longer shown */
  acquire(id: string, version: string, blob: () => Blob): string;
  release(id: string, version: string): void;
}

interface Entry {
  url: string;
  users: number;
  /** when it was made: of two versions of a file, the later made is the one stored now */
  made: number;
}

export function objectUrls({ create, revoke, keep }: { create: (blob: Blob) => string; revoke: (url: string) => void; keep: number }): ObjectUrls {
  // In the order of their last use, the least recently used first.
  const entries = new Map<string, Entry>();
  const keyOf = (id: string, version: string) => `${id}\n${version}`;
  let made = 0;

  /** An older version of a file is not shown again: released as soon as nothing shows it. */
  function dropOtherVersions(id: string, current: string) {
    for (const [k, e] of entries) {
      if (k !== current && k.startsWith(`${id}\n`) && e.users === 0) {
        revoke(e.url);
        entries.delete(k);
      }
    }
  }

  function trim() {
    let unused = [...entries.values()].filter((e) => e.users === 0).length;
    for (const [key, e] of entries) {
      if (unused <= keep) break;
      if (e.users > 0) continue;
      revoke(e.url);
      entries.delete(key);
      unused--;
    }
  }

  return {
    acquire(id, version, blob) {
      const key = keyOf(id, version);
      const e = entries.get(key) ?? { url: create(blob()), users: 0, made: ++made };
      e.users++;
      entries.delete(key);
      entries.set(key, e);
      dropOtherVersions(id, key);
      return e.url;
    },
    release(id, version) {
      const key = keyOf(id, version);
      const e = entries.get(key);
      if (!e) return;
      e.users = Math.max(0, e.users - 1);
      entries.delete(key);
      entries.set(key, e);
      const versions = [...entries].filter(([k]) => k.startsWith(`${id}\n`));
      const newest = versions.reduce((a, b) => (b[1].made > a[1].made ? b : a));
      dropOtherVersions(id, newest[0]);
      trim();
    },
  };
}

/** The page's object URLs of stored files. */
export const storedFileUrls = objectUrls({
  create: (blob) => URL.createObjectURL(blob),
  revoke: (url) => URL.revokeObjectURL(url),
  keep: 48,
});
