import type { LoginReply, StoredToken, Token, User } from '@/lib/contract';
import { loadContract } from '@/lib/contract/load';
import { createPersistentStore } from '@/lib/store/persistent-store';
import { tokenExpiresAt } from './login-state';
import { SESSION_KEY } from './session-key';

export const sessionStore = createPersistentStore<User | null>(SESSION_KEY, async () => (await loadContract()).user.nullable(), null);

/** The name this tablet goes by, kept when users change so the login screen can show it. */
export const deviceNameStore = createPersistentStore('deviceName', async () => (await loadContract()).storedDeviceName, '');

/** The token as the tablet keeps it: with when it dies, counted from now. */
function kept(token: Token, now = Date.now()): StoredToken {
  return { ...token, expiresAt: tokenExpiresAt(token.expire, now) };
}

export function signIn(reply: LoginReply) {
  sessionStore.set({ ...reply.user, loggedIn: true, token: kept(reply.token) });
  deviceNameStore.set(reply.user.deviceName);
}

/** SPEC §4: logout sets loggedIn false; the user and every local report stay on the tablet. */
export function signOut() {
  sessionStore.set((u) => (u ? { ...u, loggedIn: false, token: null } : u));
}

export function replaceToken(token: Token) {
  sessionStore.set((u) => (u ? { ...u, token: kept(token) } : u));
}

export function currentToken(): string | null {
  return sessionStore.get()?.token?.jwt ?? null;
}

/** The name of this tablet as the signed-in user's session knows it ('' before any sign-in). */
export function currentDevice(): string {
  return sessionStore.get()?.deviceName ?? '';
}
