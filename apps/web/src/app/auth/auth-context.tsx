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
  forgetLegacyToken,
  isSignedIn,
  readSessionStart,
  readSignedIn,
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
 * - `loading`: the browser holds a session and GET /auth/me has not answered yet (003 §2.2 spinner).
 * - `unreachable`: the browser holds a session but the server could not be reached (Connection Error screen).
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

/**
 * 003 §4.4: on page load a stored session counts only if the session start is under 60 minutes old; a stale one
 * is ended on the server too (its cookie cleared), since this tab will not send it again.
 */
function dropStaleSession(): void {
  forgetLegacyToken();
  if (isSignedIn() && !isSessionFresh(readSessionStart(), Date.now())) {
    void logoutCall().catch(() => undefined);
    clearSession();
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  useState(dropStaleSession);
  // The sign-in marker (not a credential: the session is an HttpOnly cookie); null when signed out.
  const marker = useSyncExternalStore(subscribeCredentials, readSignedIn, () => null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { closeAll } = useOverlays();
  const me = useMe(marker !== null);

  // Whatever ended the session (logout, expiry, a 401 anywhere, another tab), or replaced it (another tab signed
  // in anew), nothing cached for the previous user may outlive it: the cache can hold PHI.
  const previousMarker = useRef(marker);
  useEffect(() => {
    if (previousMarker.current !== null && previousMarker.current !== marker) queryClient.clear();
    previousMarker.current = marker;
  }, [marker, queryClient]);

  let status: AuthStatus = 'signed-out';
  if (marker !== null) {
    if (me.data) status = 'signed-in';
    // A 401 has already cleared the marker (client.ts); any other failure means the server is not usable.
    // 403 consent_required: the session waits for the consent dialog (ConsentGate below).
    else if (me.error && !isConsentRequiredError(me.error)) status = 'unreachable';
    else status = 'loading';
  }

  // 003 §4.1 step 3: a sign-in whose consents are unsigned waits for the consent dialog, not marked signed in
  // (the server holds its session to the consent calls).
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
      // The server set the session cookie; the answer's access_token (for API clients) is not kept anywhere.
      // session_start is measured on this browser's clock, the one the inactivity timer compares against; the
      // response's session_started_at is the same instant on the server's clock, which may be skewed.
      saveSession(Date.now());
      closeAll();
      navigate(afterLoginPath(readLastTab()));
    },
    [closeAll, navigate, pendingConsent],
  );

  const endSession = useCallback(() => {
    if (isSignedIn()) void logoutCall().catch(() => undefined);
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
    if (!isSignedIn()) return;
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
        storedSession={marker}
        // Held for consent: told by GET /auth/me (`consent_required`, e.g. right after a revocation, issue #12), or
        // by a 403 consent_required of it.
        storedSessionPending={isConsentRequiredError(me.error) || me.data?.consent_required === true}
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

/**
 * The signed-in user, or null when signed out or outside the app's AuthProvider (a shared component rendered
 * alone): for pieces that only decide whether to show something.
 */
export function useSignedInUser(): Me | null {
  return useContext(AuthContext)?.user ?? null;
}
