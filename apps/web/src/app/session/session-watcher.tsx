import { useAuth } from '../auth/auth-context.tsx';
import { SessionWarningToast } from './session-warning-toast.tsx';
import { useSessionTimer } from './use-session-timer.ts';

/**
 * Runs the inactivity timer while signed in (003 §4.4) and shows the warning toast in its last two minutes
 * (003 §2.13): 'Stay Logged In' counts as activity and calls GET /auth/me, which extends the server session;
 * 'Logout Now' ends it.
 */
export function SessionWatcher() {
  const { status, user, expireSession, keepAlive, signOut } = useAuth();
  const absoluteEnd = user ? Date.parse(user.expires_at) : Number.NaN;
  const { secondsLeft, extend } = useSessionTimer({
    enabled: status === 'signed-in',
    absoluteEndMs: Number.isNaN(absoluteEnd) ? null : absoluteEnd,
    onExpire: expireSession,
    onKeepAlive: keepAlive,
  });
  if (status !== 'signed-in') return null;
  return <SessionWarningToast secondsLeft={secondsLeft} onStay={extend} onLogout={signOut} />;
}
