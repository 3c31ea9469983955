'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { AnchorIcon, WifiOffIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { LoginReply, Pir } from '@/lib/contract';
import { DEVICE_NAME_CONFUSABLE, DEVICE_OF_ANOTHER_USER, INVALID_CREDENTIALS, INVALID_DEVICE_NAME, TOO_MANY_REQUESTS } from '@/lib/contract/constants';
import { api } from '@/lib/api/calls';
import { ApiError } from '@/lib/api/errors';
import { useOnline } from '@/lib/hooks/use-online';
import { eraseLocalData } from '@/lib/local-data/erase';
import { isDifferentUser, reportsWithUnsentWork, retryAfterSeconds } from '@/lib/session/login-state';
import { loadReports } from '@/lib/local-data/reports-store';
import { reportTitle } from '@/lib/reports/groups';
import { deviceNameStore, sessionStore, signIn } from '@/lib/session/session-store';
import { useStore } from '@/lib/store/use-store';
import { Button } from '@/components/ui/button';
import { LanguageSelect } from '@/components/shared/setting-select';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { DocumentTitle } from '@/components/shared/document-title';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

/** SPEC §2 Login: submit is disabled until both fields are filled; shows the known user and tablet. */
export function LoginScreen() {
  const t = useTranslations('login');
  const tc = useTranslations('common');
  const queryClient = useQueryClient();
  const online = useOnline();
  const storedUser = useStore(sessionStore) ?? null;
  const storedDevice = useStore(deviceNameStore) ?? '';
  const [username, setUsername] = useState(storedUser?.username ?? '');
  const [password, setPassword] = useState('');
  const [deviceName, setDeviceName] = useState(storedDevice);
  const [editDevice, setEditDevice] = useState(!storedDevice);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<LoginReply | null>(null);
  const [atRisk, setAtRisk] = useState<Pir[]>([]);
  const ids = { user: useId(), pass: useId(), device: useId(), error: useId(), why: useId() };

  const canSubmit = username.trim() !== '' && password !== '' && !busy;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!canSubmit) return;
    setBusy(true);
    setError(null);
    try {
      const reply = await api.login({ username: username.trim(), password, deviceName: deviceName.trim() });
      if (isDifferentUser(storedUser, reply.user)) {
        setAtRisk(reportsWithUnsentWork(await loadReports().catch(() => []), storedUser?.deviceName ?? ''));
        setPending(reply);
      } else signIn(reply);
    } catch (err) {
      setError(describe(err));
    } finally {
      setBusy(false);
    }
  }

  function describe(err: unknown): string {
    if (err instanceof ApiError) {
      if (err.message === INVALID_CREDENTIALS) return t('errors.INVALID_CREDENTIALS');
      if (err.message === TOO_MANY_REQUESTS) return t('errors.TOO_MANY_REQUESTS', { seconds: retryAfterSeconds(err.details) });
      if (err.message === DEVICE_OF_ANOTHER_USER) return t('errors.DEVICE_OF_ANOTHER_USER', { device: deviceName.trim() || storedDevice });
      // a tablet name is refused when it holds invisible or direction characters, or looks like a registered tablet's
      if (err.message === INVALID_DEVICE_NAME) return t('errors.INVALID_DEVICE_NAME', { device: deviceName.trim() || storedDevice });
      if (err.message === DEVICE_NAME_CONFUSABLE) {
        const similar = (err.details as { similarTo?: unknown } | undefined)?.similarTo;
        return t('errors.DEVICE_NAME_CONFUSABLE', { device: deviceName.trim() || storedDevice, similar: typeof similar === 'string' ? similar : '' });
      }
      if (err.kind === 'no-response') return t('errors.noResponse', { url: err.url });
      return t('errors.generic', { message: err.message });
    }
    return t('errors.generic', { message: String(err) });
  }

  async function confirmSwitch() {
    if (!pending) return;
    await eraseLocalData(queryClient);
    signIn(pending);
    setPending(null);
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-primary/15 via-background to-background p-4">
      <div className="w-full max-w-md rounded-2xl border bg-card p-8 shadow-lg">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
            <AnchorIcon className="size-8" aria-hidden />
          </span>
          <DocumentTitle page={t('title')} />
          <h1 className="text-2xl font-bold">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>

        {(storedUser || storedDevice) && (
          <div className="mb-5 rounded-lg bg-muted p-3 text-sm" data-testid="known-identity">
            {storedUser && <p>{t('lastUser', { name: storedUser.name })}</p>}
            <p>{storedDevice ? t('thisDevice', { device: storedDevice }) : t('unnamedDevice')}</p>
          </div>
        )}

        {!online && (
          <p className="mb-4 flex items-center gap-2 rounded-lg bg-warning/20 p-3 text-sm" role="status">
            <WifiOffIcon className="size-4 shrink-0" aria-hidden /> {t('offline')}
          </p>
        )}

        <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-describedby={error ? ids.error : undefined}>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.user}>{t('username')}</Label>
            <Input
              id={ids.user}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              required
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.pass}>{t('password')}</Label>
            <Input
              id={ids.pass}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          </div>
          {editDevice ? (
            <div className="flex flex-col gap-2">
              <Label htmlFor={ids.device}>{t('deviceName')}</Label>
              <Input id={ids.device} name="deviceName" value={deviceName} maxLength={100} onChange={(e) => setDeviceName(e.target.value)} />
              <p className="text-xs text-muted-foreground">{t('deviceNameHint')}</p>
            </div>
          ) : (
            <Button type="button" variant="link" className="self-start px-0" onClick={() => setEditDevice(true)}>
              {t('changeDevice')}
            </Button>
          )}

          {error && (
            <p id={ids.error} role="alert" className="rounded-lg bg-destructive/10 p-3 text-sm text-destructive">
              {error}
            </p>
          )}

          <Button type="submit" size="lg" disabled={!canSubmit} aria-describedby={!canSubmit && !busy ? ids.why : undefined}>
            {busy ? t('submitting') : t('submit')}
          </Button>
          {/* A disabled button says why. */}
          {!canSubmit && !busy && (
            <p id={ids.why} className="-mt-2 text-center text-xs text-muted-foreground" data-testid="sign-in-why">
              {t('fillBoth')}
            </p>
          )}
        </form>
        {/* The tablet's language until the inspector chooses: the choice can be made before signing in. */}
        <div className="mt-6 border-t pt-5">
          <LanguageSelect />
        </div>
      </div>

      <AlertDialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>{t('switchUser.title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('switchUser.description', { newUser: pending?.user.name ?? '', oldUser: storedUser?.name ?? '' })}
          </AlertDialogDescription>
          {atRisk.length > 0 && (
            <div className="rounded-lg bg-destructive/10 p-3 text-sm" data-testid="unsent-work">
              <p className="font-medium text-destructive">{t('switchUser.unsent', { count: atRisk.length })}</p>
              <ul className="mt-1 list-disc ps-5">
                {atRisk.map((r) => (
                  <li key={r.id}>
                    {reportTitle(r)} · {r.code}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel>{tc('cancel')}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={confirmSwitch}>
              {t('switchUser.confirm')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </main>
  );
}
