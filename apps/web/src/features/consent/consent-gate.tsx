import type { ConsentStatus, LoginResponse } from '@trust/domain';
import { endPendingSession } from '../../api/consent/end-pending-session.ts';
import { ApiError } from '../../api/errors.ts';
import { lazyComponent } from '../../app/lazy-component.tsx';

/** Fetched only when a consent is due (issue #13): most page loads never show it. */
export const ConsentDialog = lazyComponent(
  () => import('./consent-dialog.tsx').then((m) => m.ConsentDialog),
  {
    fallback: null,
  },
);

/** A sign-in held back until the consents are signed (003 §4.1 step 3). */
export type PendingConsent = { response: LoginResponse; status: ConsentStatus };

/** The login answer's consent status when it asks for signatures, else null. */
export function consentPendingIn(response: LoginResponse): ConsentStatus | null {
  const status = response.consent_status;
  return status?.requires_consent ? status : null;
}

/** GET /auth/me answered 403 consent_required: a stored session whose consents are not signed yet. */
export function isConsentRequiredError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'consent_required';
}

/**
 * The consent dialog for whichever case applies: a sign-in held back (its session cookie is set, but the app
 * is not marked signed in yet; 003 §7.2), or a stored session the server holds for consent (page load).
 */
export function ConsentGate({
  pending,
  storedSession,
  storedSessionPending,
  onSignedIn,
  onStoredSessionSigned,
  onAbandon,
  onSignOut,
}: {
  pending: PendingConsent | null;
  /** The sign-in marker of a stored session, or null when signed out. */
  storedSession: string | null;
  storedSessionPending: boolean;
  /** The held sign-in may complete now. */
  onSignedIn: (response: LoginResponse) => void;
  onStoredSessionSigned: () => void;
  /** The held sign-in was abandoned. */
  onAbandon: () => void;
  onSignOut: () => void;
}) {
  if (pending) {
    return (
      <ConsentDialog
        key={pending.response.session_started_at}
        consentStatus={pending.status}
        onComplete={() => onSignedIn(pending.response)}
        onCancel={() => {
          void endPendingSession();
          onAbandon();
        }}
      />
    );
  }
  if (storedSessionPending && storedSession) {
    return (
      <ConsentDialog
        key={storedSession}
        consentStatus={null}
        onComplete={onStoredSessionSigned}
        onCancel={onSignOut}
      />
    );
  }
  return null;
}
