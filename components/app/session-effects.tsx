'use client';
import { useEffect } from 'react';
import { onSessionExpired } from '@/lib/api/client';
import { api } from '@/lib/api/calls';
import { ApiError } from '@/lib/api/errors';
import { needsTokenRefresh, tokenRefreshDelayMs, tokenRetryDelayMs } from '@/lib/session/login-state';
import { replaceToken, sessionStore, signOut } from '@/lib/session/session-store';
import { useStore } from '@/lib/store/use-store';
import { useOnline } from '@/lib/hooks/use-online';

/**
 * SPEC §4: the token is refreshed 30 s before it dies, counted from when it was received (at once
 * if that has passed while the app was closed or offline); a refresh that fails for want of a network
 * or server is tried again, backing off, until the token dies; a 401 SESSION_EXPIRED logs the user
 * out (local data stays). Waking the tablet (the page shown again) works the delay out again.
 */
export function SessionEffects() {
  const user = useStore(sessionStore);
  const online = useOnline();

  useEffect(() => onSessionExpired(signOut), []);

  const tokenJwt = user?.token?.jwt;
  const expiresAt = user?.token?.expiresAt;
  const loggedIn = user?.loggedIn;
  useEffect(() => {
    if (!online || !loggedIn) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    let refreshing = false;
    const refresh = () => {
      refreshing = true;
      return api
        .refreshToken()
        // A reply that comes after this session ended (signed out, another inspector signed in)
        // belongs to no one: it neither hands its token to the new session nor ends it.
        .then((r) => {
          if (!stopped) replaceToken(r.token);
        })
        .catch((e) => {
          if (stopped) return;
          // A refused token ends the session; anything else is tried again while the token lives.
          if (e instanceof ApiError && e.status === 401) return signOut();
          const retry = tokenRetryDelayMs(attempt++, expiresAt, Date.now());
          if (retry !== null && !stopped) timer = setTimeout(refresh, retry);
        })
        .finally(() => (refreshing = false));
    };
    const arm = () => {
      clearTimeout(timer);
      const delay = needsTokenRefresh(sessionStore.get(), online) ? 0 : tokenRefreshDelayMs(expiresAt, Date.now());
      timer = setTimeout(refresh, delay);
    };
    arm();
    // A page's timers stand still while the tablet sleeps: on waking the refresh is worked out again
    // from the token's expiry, so a token that should have been refreshed meanwhile is refreshed now.
    const wake = () => {
      if (document.visibilityState === 'visible' && !stopped && !refreshing) {
        attempt = 0;
        arm();
      }
    };
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('pageshow', wake);
    window.addEventListener('focus', wake);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('pageshow', wake);
      window.removeEventListener('focus', wake);
    };
  }, [online, loggedIn, tokenJwt, expiresAt]);

  return null;
}
