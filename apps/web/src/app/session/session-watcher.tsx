import { useAuth } from '../auth/auth-context.tsx';
import { useSessionTimer } from './use-session-timer.ts';

/**
 * Runs the inactivity timer while signed in (003 §4.4). It renders nothing yet: the warning toast with
 * 'Stay Logged In' (003 §2.13) plugs in here, reading `secondsLeft` and calling `extend`.
 */
export function SessionWatcher() {
  const { status, user, expireSession, keepAlive } = useAuth();
  const absoluteEnd = user ? Date.parse(user.expires_at) : Number.NaN;
  useSessionTimer({
    enabled: status === 'signed-in',
    absoluteEndMs: Number.isNaN(absoluteEnd) ? null : absoluteEnd,
    onExpire: expireSession,
    onKeepAlive: keepAlive,
  });
  return null;
}
