import type { SignConsentRequest, SignConsentResponse } from '@trust/domain';
import { toApiError } from '../client.ts';
import { markServerContact } from '../credentials.ts';
import { networkError } from '../errors.ts';

/**
 * POST /api/consent/sign (003 §7.2) with an explicit bearer token: during sign-in the login token is not
 * stored yet (the login completes only after the consents are signed).
 */
export async function signConsent(token: string, body: SignConsentRequest): Promise<SignConsentResponse> {
  let response: Response;
  try {
    response = await fetch('/api/consent/sign', {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw networkError();
  }
  markServerContact(Date.now());
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as SignConsentResponse;
}
