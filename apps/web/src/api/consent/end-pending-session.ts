/**
 * POST /auth/logout with the login token of a sign-in that was abandoned in the consent dialog: the token was
 * never stored, so the usual logout call (stored token) cannot end it.
 */
export async function endPendingSession(token: string): Promise<void> {
  try {
    await fetch('/auth/logout', {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    });
  } catch {
    // The session ends on its own after 60 minutes without activity.
  }
}
