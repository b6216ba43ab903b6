import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsentDocument, ConsentStatus } from '@trust/domain';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, errorResponse, headersOf, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeLoginResponse, makeMe, signedInMarker, storeSession } from '../../test/fixtures.ts';
import { renderApp, renderWithProviders } from '../../test/render-app.tsx';
import { ConsentDialog } from './consent-dialog.tsx';

const terms: ConsentDocument = {
  id: 11,
  document_type: 'terms_of_use',
  title: 'Terms of Use',
  version: '2.0',
  summary: 'Clearer rules for sharing referrals.',
  content: 'Use the service only for your work.',
};
const hipaa: ConsentDocument = {
  id: 12,
  document_type: 'hipaa_authorization',
  title: 'HIPAA Authorization',
  version: '1.1',
  summary: null,
  content: 'Protect member information.',
};

function status(overrides: Partial<ConsentStatus> = {}): ConsentStatus {
  return {
    requires_consent: true,
    terms_needs_update: true,
    hipaa_needs_update: true,
    all_consents_current: false,
    terms_current_version: '2.0',
    terms_signed_version: '1.0',
    terms_signed_at: '2026-01-01T00:00:00.000Z',
    hipaa_current_version: '1.1',
    hipaa_signed_version: null,
    hipaa_signed_at: null,
    ...overrides,
  };
}

const signed = (id: number) =>
  jsonResponse(200, {
    signature: {
      id,
      document_type: 'terms_of_use',
      document_version: '2.0',
      signed_at: new Date().toISOString(),
      signature_text: 'Dana Rivers',
      revoked: false,
    },
    consent_status: status({ requires_consent: false }),
  });

async function fillStep(user: ReturnType<typeof userEvent.setup>, name = 'Dana Rivers') {
  await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
  await user.type(screen.getByLabelText(/Electronic signature/), name);
  await user.click(screen.getByRole('checkbox', { name: /legally binding/ }));
}

describe('ConsentDialog (003 §2.8, §4.2, §5)', () => {
  it('walks terms then HIPAA, validates each step, signs both with the session cookie, then closes after 2 s', async () => {
    const fetchMock = mockFetch({
      'GET /api/consent/documents/active': () => jsonResponse(200, [terms, hipaa]),
      'POST /api/consent/sign': () => signed(1),
    });
    const onComplete = vi.fn();
    renderWithProviders(<ConsentDialog consentStatus={status()} onComplete={onComplete} />);
    const user = userEvent.setup();

    expect(screen.getByText('Consent Update Required')).toBeInTheDocument();
    expect(await screen.findByText('Terms of Use and HIPAA Authorization')).toBeInTheDocument();
    expect(screen.getByText('Step 1: Terms of Use')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Consent progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByRole('heading', { name: 'Terms of Use' })).toBeInTheDocument();
    expect(screen.getByText('Version 2.0')).toBeInTheDocument();
    expect(screen.getByText("What's New")).toBeInTheDocument();
    expect(screen.getByText('Clearer rules for sharing referrals.')).toBeInTheDocument();
    expect(screen.getByText('Use the service only for your work.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue to HIPAA Authorization' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please accept the terms and provide your signature');
    // A blank name does not count as a signature.
    await fillStep(user, '   ');
    await user.click(screen.getByRole('button', { name: 'Continue to HIPAA Authorization' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please accept the terms and provide your signature');
    await user.type(screen.getByLabelText(/Electronic signature/), 'Dana Rivers');
    await user.click(screen.getByRole('button', { name: 'Continue to HIPAA Authorization' }));

    expect(screen.getByRole('heading', { name: 'HIPAA Authorization' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Consent progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(screen.queryByText("What's New")).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/consent/sign')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please accept the HIPAA authorization and provide your signature',
    );
    // Back to Terms keeps what was entered there.
    await user.click(screen.getByRole('button', { name: 'Back to Terms' }));
    expect(screen.getByLabelText(/Electronic signature/)).toHaveValue('   Dana Rivers');
    await user.click(screen.getByRole('button', { name: 'Continue to HIPAA Authorization' }));
    await fillStep(user, 'Dana Rivers');
    await user.click(screen.getByRole('button', { name: 'Complete' }));

    expect(await screen.findByText('Consent Updated Successfully')).toBeInTheDocument();
    const calls = callsTo(fetchMock, 'POST', '/api/consent/sign');
    expect(calls.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { document_id: 11, signature_text: 'Dana Rivers' },
      { document_id: 12, signature_text: 'Dana Rivers' },
    ]);
    // The sign-in's session cookie, though the app does not count the session yet; never a bearer token.
    expect(calls[0]![1]?.credentials).toBe('same-origin');
    expect(headersOf(calls[0]![1]).get('authorization')).toBeNull();
    expect(onComplete).not.toHaveBeenCalled();
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1), { timeout: 3000 });
  }, 15_000);

  it("shows 'Submitting...' while signing", async () => {
    let release!: () => void;
    mockFetch({
      'GET /api/consent/documents/active': () => jsonResponse(200, [terms, hipaa]),
      'POST /api/consent/sign': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(signed(1));
        }),
    });
    renderWithProviders(
      <ConsentDialog consentStatus={status({ hipaa_needs_update: false })} onComplete={() => undefined} />,
    );
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Terms of Use' });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await fillStep(user);
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Consent Updated Successfully')).toBeInTheDocument();
  });

  it("stops at the first failure with 'Failed to sign HIPAA Authorization'; a retry does not sign the terms twice", async () => {
    let hipaaFails = true;
    const fetchMock = mockFetch({
      'GET /api/consent/documents/active': () => jsonResponse(200, [terms, hipaa]),
      'POST /api/consent/sign': (init) => {
        const body = JSON.parse(String(init.body));
        if (body.document_id === 12 && hipaaFails) return new Response('down', { status: 502 });
        return signed(body.document_id);
      },
    });
    const onComplete = vi.fn();
    renderWithProviders(<ConsentDialog consentStatus={status()} onComplete={onComplete} />);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Terms of Use' });
    await fillStep(user);
    await user.click(screen.getByRole('button', { name: 'Continue to HIPAA Authorization' }));
    await fillStep(user);
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sign HIPAA Authorization');
    expect(screen.queryByText('Consent Updated Successfully')).not.toBeInTheDocument();

    hipaaFails = false;
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Consent Updated Successfully')).toBeInTheDocument();
    const ids = callsTo(fetchMock, 'POST', '/api/consent/sign').map(
      ([, i]) => JSON.parse(String(i?.body)).document_id,
    );
    expect(ids).toEqual([11, 12, 12]);
  });

  it('a failed terms signature stops before HIPAA and shows the detail from the server', async () => {
    const fetchMock = mockFetch({
      'GET /api/consent/documents/active': () => jsonResponse(200, [terms, hipaa]),
      'POST /api/consent/sign': () =>
        errorResponse(422, 'This consent document is not the current version.', 'rule_broken'),
    });
    renderWithProviders(<ConsentDialog consentStatus={status()} onComplete={() => undefined} />);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Terms of Use' });
    await fillStep(user);
    await user.click(screen.getByRole('button', { name: 'Continue to HIPAA Authorization' }));
    await fillStep(user);
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This consent document is not the current version.',
    );
    expect(callsTo(fetchMock, 'POST', '/api/consent/sign')).toHaveLength(1);
  });

  it("shows the server's message for a signature and marks its input", async () => {
    mockFetch({
      'GET /api/consent/documents/active': () => jsonResponse(200, [terms, hipaa]),
      'POST /api/consent/sign': () =>
        jsonResponse(400, {
          code: 'validation_failed',
          detail: 'Invalid body. signature_text: Signature is too long',
          message: 'Invalid body. signature_text: Signature is too long',
          error: 'Invalid body. signature_text: Signature is too long',
          fields: { signature_text: 'Signature is too long' },
        }),
    });
    renderWithProviders(
      <ConsentDialog consentStatus={status({ terms_needs_update: false })} onComplete={() => undefined} />,
    );
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'HIPAA Authorization' });
    await fillStep(user);
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Signature is too long$/);
    expect(screen.getByLabelText(/Electronic signature/)).toHaveAttribute('aria-invalid', 'true');
    // A change takes the message away.
    await user.type(screen.getByLabelText(/Electronic signature/), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("starts at HIPAA when only HIPAA changed, without 'Back to Terms', and falls back to its own failure text", async () => {
    mockFetch({
      'GET /api/consent/documents/active': () => jsonResponse(200, [terms, hipaa]),
      'POST /api/consent/sign': () => jsonResponse(500, {}),
    });
    renderWithProviders(
      <ConsentDialog consentStatus={status({ terms_needs_update: false })} onComplete={() => undefined} />,
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'HIPAA Authorization' })).toBeInTheDocument();
    expect(screen.getByText('HIPAA Authorization', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to Terms' })).not.toBeInTheDocument();
    await fillStep(user);
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sign HIPAA Authorization');
  });

  it("shows only 'Failed to load consent documents' when the documents cannot be loaded", async () => {
    mockFetch({ 'GET /api/consent/documents/active': () => jsonResponse(500, {}) });
    renderWithProviders(<ConsentDialog consentStatus={status()} onComplete={() => undefined} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/HTTP 500|Failed to load consent documents/);
    expect(screen.queryByRole('heading', { name: 'Terms of Use' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to load consent documents' when neither needed document is published", async () => {
    mockFetch({ 'GET /api/consent/documents/active': () => jsonResponse(200, []) });
    renderWithProviders(<ConsentDialog consentStatus={status()} onComplete={() => undefined} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load consent documents');
  });
});

describe('the consent step of the login flow (003 §4.1 step 3)', () => {
  it('holds the login until both documents are signed with its session, then completes it', async () => {
    const fetchMock = mockFetch({
      'POST /auth/login': () =>
        jsonResponse(200, makeLoginResponse({ access_token: 'fresh-token', consent_status: status() })),
      'GET /api/consent/documents/active': () => jsonResponse(200, [terms, hipaa]),
      'POST /api/consent/sign': () => signed(1),
      'GET /auth/me': () => jsonResponse(200, makeMe()),
    });
    renderApp({ path: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), 'dana@example.test');
    await user.type(screen.getByLabelText(/Password/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Consent Update Required')).toBeInTheDocument();
    expect(signedInMarker()).toBeNull();
    await screen.findByRole('heading', { name: 'Terms of Use' });
    await fillStep(user);
    await user.click(screen.getByRole('button', { name: 'Continue to HIPAA Authorization' }));
    await fillStep(user);
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Consent Updated Successfully')).toBeInTheDocument();
    for (const [, init] of callsTo(fetchMock, 'POST', '/api/consent/sign')) {
      expect(init?.credentials).toBe('same-origin');
      expect(headersOf(init).get('authorization')).toBeNull();
    }
    await waitFor(() => expect(signedInMarker()).not.toBeNull(), { timeout: 3000 });
    await waitFor(() => expect(screen.queryByText('Consent Update Required')).not.toBeInTheDocument());
  }, 15_000);

  it('shows the dialog on page load when the stored session answers 403 consent_required', async () => {
    storeSession();
    let pending = true;
    mockFetch({
      'GET /auth/me': () =>
        pending
          ? errorResponse(
              403,
              'Please review and sign the updated consent documents before continuing.',
              'consent_required',
            )
          : jsonResponse(200, makeMe()),
      'GET /api/consent/history': () =>
        jsonResponse(200, { status: status({ hipaa_needs_update: false }), signatures: [] }),
      'GET /api/consent/documents/active': () => jsonResponse(200, [terms, hipaa]),
      'POST /api/consent/sign': () => {
        pending = false;
        return signed(1);
      },
    });
    renderApp({ path: '/dashboard' });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Terms of Use' })).toBeInTheDocument();
    expect(screen.queryByText('Unable to connect to the backend server.')).not.toBeInTheDocument();
    await fillStep(user);
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Consent Updated Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Consent Update Required')).not.toBeInTheDocument(), {
      timeout: 3000,
    });
    expect(signedInMarker()).not.toBeNull();
  }, 15_000);
});
