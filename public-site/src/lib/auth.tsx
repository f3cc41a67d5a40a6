import { createContext, startTransition, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { MSG, type AuthSession, type AuthUser } from '@local-creators/common';
import { apiFetch } from './api';
import { sessionClient } from './session';

interface AuthContextValue {
  user: AuthUser | null;
  session: AuthSession | null;
  loading: boolean;
  isAdmin: boolean;
  signUp(email: string, password: string): Promise<void>;
  signIn(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  /** Whether a mailed recovery link can still set a password; rejects with the service's message. */
  checkRecoveryLink(recoveryToken: string): Promise<void>;
  /** With the recovery token from the mailed link; stores the fresh session it returns. */
  updatePassword(password: string, recoveryToken?: string): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  // Signed out until the first effect reads the stored session: the server draws every page signed
  // out, and the page it sent must hydrate as it was drawn (a signed-in header follows at once).
  const [session, setSession] = useState<AuthSession | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const unsubscribe = sessionClient.subscribe((_event, next) => {
      setSession(next);
      setLoading(false);
    });
    // Not urgent: on a page the server drew, this update reaches parts still being hydrated, and
    // an urgent one would make React hydrate all of them at once, in one long task (issue 12).
    startTransition(() => sessionClient.emit('INITIAL_SESSION'));
    return () => void unsubscribe();
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      session,
      user: session?.user ?? null,
      loading,
      isAdmin: !!session?.user.app_metadata.roles.includes('admin'),
      async signUp(email, password) {
        const s = await apiFetch<AuthSession>('/api/auth/signup', {
          method: 'POST',
          body: { email, password },
          auth: false,
          idempotent: true,
        });
        sessionClient.set(s, 'SIGNED_IN');
      },
      async signIn(email, password) {
        const s = await apiFetch<AuthSession>('/api/auth/login', {
          method: 'POST',
          body: { email, password },
          auth: false,
        });
        sessionClient.set(s, 'SIGNED_IN');
      },
      async signOut() {
        try {
          if (sessionClient.current) await apiFetch('/api/auth/logout', { method: 'POST' });
        } catch {
          // signing out locally is what matters to the person
        }
        sessionClient.clear();
      },
      async requestPasswordReset(email) {
        await apiFetch('/api/auth/recover', { method: 'POST', body: { email }, auth: false });
      },
      async checkRecoveryLink(recoveryToken) {
        await apiFetch('/api/auth/recovery', { token: recoveryToken });
      },
      async updatePassword(password, recoveryToken) {
        const res = await apiFetch<{ user: AuthUser; session: AuthSession | null }>('/api/auth/user', {
          method: 'PUT',
          body: { password },
          token: recoveryToken,
        });
        if (res.session) sessionClient.set(res.session, 'SIGNED_IN');
        sessionClient.emit('USER_UPDATED');
      },
    }),
    [session, loading],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error(MSG.useAuthOutsideProvider);
  return ctx;
}
