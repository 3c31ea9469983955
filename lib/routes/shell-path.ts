/**
 * The static export pre-renders each dynamic route once, with `_` for its dynamic segments.
 * Both the server and the service worker answer `/pir/<id>/…` with that shell; the page reads
 * the real ids from the address after mount.
 */
export const SHELL_SEGMENT = '_';

/**
 * Maps a URL path to the path of its pre-rendered shell, or returns it unchanged:
 *   /pir/<id>/…                        → /pir/_/…
 *   /pir/<id>/vessel/category/<x>/…    → /pir/_/vessel/category/_/…
 *   /pir/<id>/vessel/file/<x>/…        → /pir/_/vessel/file/_/…
 * A segment is left alone when it is the last one and names a file (`/pir/index.txt`).
 */
export function shellPath(pathname: string): string {
  const parts = pathname.split('/');
  const isDynamic = (i: number) => {
    const s = parts[i];
    if (s === undefined || s === '') return false;
    return !(i === parts.length - 1 && s.includes('.'));
  };
  if (parts[1] !== 'pir' || !isDynamic(2)) return pathname;
  parts[2] = SHELL_SEGMENT;
  if (parts[3] === 'vessel' && (parts[4] === 'category' || parts[4] === 'file') && isDynamic(5)) parts[5] = SHELL_SEGMENT;
  return parts.join('/');
}

/** The app's routes (SPEC §2), as the pages read them from the address. */
export type AppRoute =
  | { name: 'reports' }
  | { name: 'calendar' }
  | { name: 'pir'; id: string }
  | { name: 'vessel'; id: string }
  | { name: 'vesselCategory'; id: string; fileType: string }
  | { name: 'vesselFile'; id: string; fileId: string }
  | { name: 'home' }
  | { name: 'unknown' };

export function parseRoute(pathname: string): AppRoute {
  const p = pathname.split('/').filter(Boolean).map(decodeURIComponentSafe);
  if (p.length === 0) return { name: 'home' };
  if (p[0] === 'reports' && p.length === 1) return { name: 'reports' };
  if (p[0] === 'calendar' && p.length === 1) return { name: 'calendar' };
  if (p[0] === 'pir' && p[1]) {
    const id = p[1];
    if (p.length === 2) return { name: 'pir', id };
    if (p[2] === 'vessel') {
      if (p.length === 3) return { name: 'vessel', id };
      if (p[3] === 'category' && p[4] && p.length === 5) return { name: 'vesselCategory', id, fileType: p[4] };
      if (p[3] === 'file' && p[4] && p.length === 5) return { name: 'vesselFile', id, fileId: p[4] };
    }
  }
  return { name: 'unknown' };
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Paths the app links to, with the trailing slash the static export serves. */
export const href = {
  reports: () => '/reports/',
  calendar: () => '/calendar/',
  pir: (id: number | string, step?: string) => `/pir/${id}/${step ? `#${encodeURIComponent(step)}` : ''}`,
  vessel: (id: number | string) => `/pir/${id}/vessel/`,
  vesselCategory: (id: number | string, fileType: string) => `/pir/${id}/vessel/category/${encodeURIComponent(fileType)}/`,
  vesselFile: (id: number | string, fileId: number | string) => `/pir/${id}/vessel/file/${encodeURIComponent(String(fileId))}/`,
} as const;
