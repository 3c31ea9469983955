'use client';
import { useEffect } from 'react';
import { onSessionExpired } from '@/lib/api/client';
import { api } from '@/lib/api/calls';
import { ApiError } from '@/lib/api/errors';
import { needsTokenRefresh, tokenRefreshDelaySeconds } from '@/lib/session/login-state';
import { replaceToken, sessionStore, signOut } from '@/lib/session/session-store';
import { useStore } from '@/lib/store/use-store';
import { useOnline } from '@/lib/hooks/use-online';

/**
 * SPEC §4: the token is refreshed at (expiry − 30) s while online; a 401 SESSION_EXPIRED logs the
 * user out (local data stays).
 */
export function SessionEffects() {
  const user = useStore(sessionStore);
  const online = useOnline();

  useEffect(() => onSessionExpired(signOut), []);

  const tokenJwt = user?.token?.jwt;
  const expire = user?.token?.expire;
  const loggedIn = user?.loggedIn;
  useEffect(() => {
    if (!online || !loggedIn) return;
    const refresh = () =>
      api
        .refreshToken()
        .then((r) => replaceToken(r.token))
        .catch((e) => {
          // A refused token ends the session; a network failure is retried at the next timer.
          if (e instanceof ApiError && e.status === 401) signOut();
        });
    if (needsTokenRefresh(sessionStore.get(), online)) {
      void refresh();
      return;
    }
    const timer = setTimeout(refresh, tokenRefreshDelaySeconds(expire) * 1000);
    return () => clearTimeout(timer);
  }, [online, loggedIn, tokenJwt, expire]);

  return null;
}
