import { QueryObserver } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsentHistory, Me } from '@trust/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryOptions } from '../../api/auth/get-me.ts';
import { ApiError } from '../../api/errors.ts';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { renderApp, testQueryClient } from '../../test/render-app.tsx';
import { watchConsentRequired } from './consent-required-watcher.ts';

// Issue #12: revoking a consent ends the session's access at once, not at the next sign-in. The server holds the
// session (403 consent_required on everything but the consent routes); the app shows the consent dialog.

const CONSENT_REQUIRED = 'Please review and sign the updated consent documents before continuing.';

const current = {
  requires_consent: false,
  terms_needs_update: false,
  hipaa_needs_update: false,
  all_consents_current: true,
  terms_current_version: '1.0',
  terms_signed_version: '1.0',
  terms_signed_at: '2026-01-01T00:00:00.000Z',
  hipaa_current_version: '1.0',
  hipaa_signed_version: '1.0',
  hipaa_signed_at: '2026-01-01T00:00:00.000Z',
};
const history: ConsentHistory = {
  status: current,
  signatures: [
    {
      id: 5,
      document_type: 'hipaa_authorization',
      document_version: '1.0',
      signed_at: '2026-01-01T00:00:00.000Z',
      signature_text: 'Dana Rivers',
      revoked: false,
    },
  ],
};

afterEach(() => vi.restoreAllMocks());

describe('revoking a consent (issue #12)', () => {
  it('opens the Consent Update Required dialog at once', async () => {
    storeSession();
    let held = false;
    const fetchMock = mockFetch({
      // As the server answers: who am I still answers a held session, and says it is held.
      'GET /auth/me': () => jsonResponse(200, makeMe({ consent_required: held })),
      'GET /api/consent/history': () =>
        jsonResponse(
          200,
          held
            ? {
                status: {
                  ...current,
                  requires_consent: true,
                  hipaa_needs_update: true,
                  all_consents_current: false,
                },
                signatures: [{ ...history.signatures[0], revoked: true }],
              }
            : history,
        ),
      'GET /api/consent/documents/active': () => jsonResponse(200, []),
      'POST /api/consent/signatures/5/revoke': () => {
        held = true;
        return jsonResponse(200, { ...history.signatures[0], revoked: true });
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp({ path: '/dashboard' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Profile: Dana Rivers' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    const panel = await screen.findByRole('dialog', { name: 'Profile' });
    await user.click(within(panel).getByRole('button', { name: /Consent & Signature History/ }));
    expect(screen.queryByText('Consent Update Required')).not.toBeInTheDocument();

    await user.click(await within(panel).findByRole('button', { name: 'Revoke' }));
    expect(callsTo(fetchMock, 'POST', '/api/consent/signatures/5/revoke')).toHaveLength(1);
    expect(await screen.findByText('Consent Update Required')).toBeInTheDocument();
  }, 20_000);

  it('asks who am I again when any call is refused for consent, and only once while it stays refused', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': () => jsonResponse(200, makeMe({ consent_required: true })),
    });
    const client = testQueryClient();
    client.setQueryData(meQueryOptions().queryKey, makeMe());
    const me = new QueryObserver(client, meQueryOptions()).subscribe(() => undefined);
    const stop = watchConsentRequired(client);
    try {
      const refused = () =>
        Promise.reject(
          new ApiError({
            status: 403,
            code: 'consent_required',
            detail: CONSENT_REQUIRED,
            message: CONSENT_REQUIRED,
          }),
        );
      await client.fetchQuery({ queryKey: ['referrals', 'queue'], queryFn: refused }).catch(() => undefined);
      await waitFor(() => expect(callsTo(fetchMock, 'GET', '/auth/me')).toHaveLength(1));
      await waitFor(() =>
        expect(client.getQueryData<Me>(meQueryOptions().queryKey)?.consent_required).toBe(true),
      );
      // Other screens failing the same way do not ask again: the dialog is already open.
      await client.fetchQuery({ queryKey: ['members'], queryFn: refused }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
      expect(callsTo(fetchMock, 'GET', '/auth/me')).toHaveLength(1);
      // A refusal of another kind is not about consent.
      const other = () => Promise.reject(new ApiError({ status: 403, code: 'forbidden', message: 'No' }));
      client.setQueryData(meQueryOptions().queryKey, makeMe());
      await client.fetchQuery({ queryKey: ['other'], queryFn: other }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
      expect(callsTo(fetchMock, 'GET', '/auth/me')).toHaveLength(1);
    } finally {
      stop();
      me();
    }
  });
});
