import { logout } from '../auth/logout.ts';

/**
 * POST /auth/logout for a sign-in abandoned in the consent dialog: its session (and cookie) exists though the
 * app never counted it as signed in, so the usual sign-out path (which checks the marker) would not end it.
 */
export async function endPendingSession(): Promise<void> {
  try {
    await logout();
  } catch {
    // The session ends on its own after 60 minutes without activity.
  }
}
