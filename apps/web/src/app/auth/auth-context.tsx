import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { type LoginResponse, MESSAGES, type Me } from '@trust/domain';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useNavigate } from 'react-router';
import { meQueryOptions, useMe } from '../../api/auth/get-me.ts';
import { logout as logoutCall } from '../../api/auth/logout.ts';
import {
  clearSession,
  readSessionStart,
  readToken,
  saveActiveCboId,
  saveSession,
  subscribeCredentials,
} from '../../api/credentials.ts';
import {
  ConsentGate,
  consentPendingIn,
  isConsentRequiredError,
  type PendingConsent,
} from '../../features/consent/consent-gate.tsx';
import { clearLastTab, readLastTab } from '../navigation/last-tab.ts';
import { afterLoginPath } from '../navigation/start-rules.ts';
import { useOverlays } from '../overlays/overlay-context.tsx';
import { isSessionFresh } from '../session/session-rules.ts';

/**
 * - `loading`: a token is stored and GET /auth/me has not answered yet (003 §2.2 spinner).
 * - `unreachable`: a token is stored but the server could not be reached (Connection Error screen).
 */
export type AuthStatus = 'signed-out' | 'loading' | 'signed-in' | 'unreachable';

interface Auth {
  status: AuthStatus;
  user: Me | null;
  /** Store the new session and go to the stored tab or the dashboard (003 §2.1, §4.1 step 4). */
  completeSignIn: (response: LoginResponse) => void;
  /** 003 §4.4: end the session, clear the stored tab, close overlays, return to home. */
  signOut: () => void;
  /** 003 §4.4: the inactivity timer ran out; the user stays on the page, signed out. */
  expireSession: () => void;
  /** Tell the server the user is still here (restarts its inactivity timer). */
  keepAlive: () => void;
}

const AuthContext = createContext<Auth | null>(null);

/** 003 §4.4: on page load a stored token counts only if the session start is under 60 minutes old. */
function dropStaleSession(): void {
  if (readToken() !== null && !isSessionFresh(readSessionStart(), Date.now())) clearSession();
}

export function AuthProvider({ children }: { children: ReactNode }) {
  useState(dropStaleSession);
  const token = useSyncExternalStore(subscribeCredentials, readToken, () => null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { closeAll } = useOverlays();
  const me = useMe(token !== null);

  // Whatever ended the session (logout, expiry, a 401 anywhere, another tab), nothing cached for the previous
  // user may outlive it: the cache can hold PHI.
  const hadToken = useRef(token !== null);
  useEffect(() => {
    if (hadToken.current && token === null) queryClient.clear();
    hadToken.current = token !== null;
  }, [token, queryClient]);

  let status: AuthStatus = 'signed-out';
  if (token !== null) {
    if (me.data) status = 'signed-in';
    // A 401 has already cleared the token (client.ts); any other failure means the server is not usable.
    // 403 consent_required: the session waits for the consent dialog (ConsentGate below).
    else if (me.error && !isConsentRequiredError(me.error)) status = 'unreachable';
    else status = 'loading';
  }

  // 003 §4.1 step 3: a sign-in whose consents are unsigned waits for the consent dialog, token not stored.
  const [pendingConsent, setPendingConsent] = useState<PendingConsent | null>(null);
  const completeSignIn = useCallback(
    (response: LoginResponse) => {
      const consent = pendingConsent === null ? consentPendingIn(response) : null;
      setPendingConsent(null);
      if (consent) {
        closeAll();
        setPendingConsent({ response, status: consent });
        return;
      }
      // session_start is measured on this browser's clock, the one the inactivity timer compares against; the
      // response's session_started_at is the same instant on the server's clock, which may be skewed.
      saveSession(response.access_token, Date.now());
      closeAll();
      navigate(afterLoginPath(readLastTab()));
    },
    [closeAll, navigate, pendingConsent],
  );

  const endSession = useCallback(() => {
    if (readToken() !== null) void logoutCall().catch(() => undefined);
    clearSession();
  }, []);

  const signOut = useCallback(() => {
    endSession();
    clearLastTab();
    // Another person may sign in next on this browser; their organization is chosen afresh.
    saveActiveCboId(null);
    closeAll();
    navigate('/', { state: { fromLogout: true } });
  }, [endSession, closeAll, navigate]);

  const expireSession = useCallback(() => {
    // The timer can fire again before the signed-out state renders; one notice is enough.
    if (readToken() === null) return;
    endSession();
    closeAll();
    notifications.show({ color: 'yellow', message: MESSAGES.sessionExpired });
  }, [endSession, closeAll]);

  const keepAlive = useCallback(() => {
    void queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }).catch(() => undefined);
  }, [queryClient]);

  const user = status === 'signed-in' ? (me.data ?? null) : null;
  const value = useMemo<Auth>(
    () => ({ status, user, completeSignIn, signOut, expireSession, keepAlive }),
    [status, user, completeSignIn, signOut, expireSession, keepAlive],
  );
  return (
    <AuthContext value={value}>
      {children}
      <ConsentGate
        pending={pendingConsent}
        storedToken={token}
        storedSessionPending={isConsentRequiredError(me.error)}
        onSignedIn={completeSignIn}
        onStoredSessionSigned={() =>
          void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey })
        }
        onAbandon={() => setPendingConsent(null)}
        onSignOut={signOut}
      />
    </AuthContext>
  );
}

export function useAuth(): Auth {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
