/**
 * The user menu's logout (SPEC §4: loggedIn false): the tablet signs out at once, then,
 * when online, tells the server to end this session (POST /be/logout with the token it had). A server
 * without that call (404; SPEC §7 does not list it), an ended session (401), no network or a slow answer
 * change nothing and show nothing: the session then ends with its token.
 */
import { paths, ROUTES } from '@/lib/contract/routes';
import { MOCK_MODE } from '@/lib/api/mock';
import { http } from '@/lib/api/client';
import { currentToken, signOut } from './session-store';

/** How long the server's answer is waited for (the tablet has already signed out). */
const LOGOUT_TIMEOUT_MS = 10_000;

export async function logOut(): Promise<void> {
  const token = currentToken();
  signOut();
  if (!token || MOCK_MODE || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
  try {
    // sent with the token it ends (the store no longer holds it); its reply needs no reading
    await http(paths.logout(), { method: ROUTES.logout.method, headers: { Authorization: `Bearer ${token}` }, timeout: LOGOUT_TIMEOUT_MS, throwHttpErrors: false });
  } catch {
    // offline, timed out, refused: the session ends with its token; nothing to tell the inspector
  }
}
