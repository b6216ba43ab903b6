import type { SignConsentRequest, SignConsentResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { markServerContact } from '../credentials.ts';

/**
 * POST /api/consent/sign (003 §7.2) with the session cookie whether or not the app is marked signed in: during
 * sign-in the login completes only after the consents are signed, so the app does not count the session yet.
 */
export async function signConsent(body: SignConsentRequest): Promise<SignConsentResponse> {
  const signed = await apiRequest<SignConsentResponse>('/api/consent/sign', {
    method: 'POST',
    body,
    auth: false,
    withSessionCookie: true,
  });
  markServerContact(Date.now());
  return signed;
}
