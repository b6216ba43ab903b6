import type { LoginResponse, Me, Membership } from '@trust/domain';

// Made-up people and organizations for tests (spec/README.md: no sample data of the original product).

export const testUser = {
  id: 7,
  name: 'Dana Rivers',
  email: 'dana@example.test',
  phone_number: null,
  role: 'case_manager',
  email_verified: true,
  is_active: true,
  created_at: '2026-01-02T10:00:00.000Z',
  last_login: null,
};

export function makeMe(overrides: Partial<Me> = {}): Me {
  const now = Date.now();
  return {
    ...testUser,
    active_cbo_id: null,
    org_role: null,
    is_platform_operator: false,
    consent_required: false,
    session_started_at: new Date(now).toISOString(),
    expires_at: new Date(now + 12 * 3600_000).toISOString(),
    idle_timeout_s: 3600,
    ...overrides,
  };
}

export function makeLoginResponse(overrides: Partial<LoginResponse> = {}): LoginResponse {
  const now = Date.now();
  return {
    access_token: 'token-abc',
    token_type: 'bearer',
    user: testUser,
    consent_status: null,
    requires_2fa: false,
    session_started_at: new Date(now).toISOString(),
    expires_at: new Date(now + 12 * 3600_000).toISOString(),
    idle_timeout_s: 3600,
    ...overrides,
  };
}

export function makeMembership(
  cboId: number,
  overrides: Partial<Membership> = {},
  name = `Org ${cboId}`,
): Membership {
  return {
    id: cboId * 10,
    cbo_id: cboId,
    role: 'staff',
    is_primary: false,
    organization: {
      id: cboId,
      name,
      org_type: 'cbo',
      description: null,
      contact_email: null,
      contact_phone: null,
      address: null,
      website: null,
      logo_url: null,
      status: 'active',
      settings: {},
      created_at: '2026-01-01T00:00:00.000Z',
    },
    ...overrides,
  };
}

/**
 * Mark this browser signed in, as a previous page load would have left it: the sign-in marker and the session
 * start (the session itself is an HttpOnly cookie, which the tests' mocked fetch does not need).
 */
export function storeSession(marker = 'marker-abc', startedAt = Date.now()): void {
  localStorage.setItem('signed_in', marker);
  localStorage.setItem('session_start', String(startedAt));
}

/** The sign-in marker the app keeps (null when signed out); no token is ever in local storage. */
export function signedInMarker(): string | null {
  if (localStorage.getItem('auth_token') !== null) throw new Error('a token is in local storage');
  return localStorage.getItem('signed_in');
}

/** Every value in local storage, to check that a token the server answered was not kept anywhere. */
export function storedValues(): string[] {
  return Array.from(
    { length: localStorage.length },
    (_, i) => localStorage.getItem(localStorage.key(i) ?? '') ?? '',
  );
}
