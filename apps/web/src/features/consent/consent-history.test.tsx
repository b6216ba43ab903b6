import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { storeSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { ConsentHistory } from './consent-history.tsx';

const history = {
  status: {
    requires_consent: true,
    terms_needs_update: true,
    hipaa_needs_update: false,
    all_consents_current: false,
    terms_current_version: '2.0',
    terms_signed_version: null,
    terms_signed_at: null,
    hipaa_current_version: '1.0',
    hipaa_signed_version: '1.0',
    hipaa_signed_at: '2026-02-01T10:00:00.000Z',
  },
  signatures: [
    {
      id: 5,
      document_type: 'hipaa_authorization',
      document_version: '1.0',
      signed_at: '2026-02-01T10:00:00.000Z',
      signature_text: 'Dana Rivers',
      revoked: false,
    },
    {
      id: 4,
      document_type: 'terms_of_use',
      document_version: '1.0',
      signed_at: '2026-01-01T10:00:00.000Z',
      signature_text: 'Dana R.',
      revoked: true,
    },
  ],
};

describe('ConsentHistory (003 §2.12)', () => {
  it('shows the banner, each document, the update notice and the signatures with a Revoked badge', async () => {
    storeSession('marker');
    mockFetch({ 'GET /api/consent/history': () => jsonResponse(200, history) });
    renderWithProviders(<ConsentHistory />);
    expect(await screen.findByText('Consent update required')).toBeInTheDocument();
    expect(screen.getByText('Current version: 2.0')).toBeInTheDocument();
    expect(screen.getByText('Signed version: Not signed')).toBeInTheDocument();
    expect(screen.getByText('Signed version: 1.0')).toBeInTheDocument();
    expect(screen.getByText('Update required')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Signature history' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Dana Rivers');
    expect(within(rows[2]!).getByText('Revoked')).toBeInTheDocument();
  });

  it('says when every consent is current', async () => {
    storeSession('marker');
    mockFetch({
      'GET /api/consent/history': () =>
        jsonResponse(200, {
          ...history,
          status: {
            ...history.status,
            requires_consent: false,
            terms_needs_update: false,
            all_consents_current: true,
          },
        }),
    });
    renderWithProviders(<ConsentHistory />);
    expect(await screen.findByText('All consents are current')).toBeInTheDocument();
  });

  it('revokes a signature after confirmation and reloads the history', async () => {
    storeSession('marker');
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const fetchMock = mockFetch({
      'GET /api/consent/history': () => jsonResponse(200, history),
      'POST /api/consent/signatures/5/revoke': () =>
        jsonResponse(200, { ...history.signatures[0], revoked: true }),
    });
    renderWithProviders(<ConsentHistory />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(callsTo(fetchMock, 'POST', '/api/consent/signatures/5/revoke')).toHaveLength(1);
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/consent/history')).toHaveLength(2));
  });

  it("shows 'Failed to load consent history' when the call fails without a detail", async () => {
    storeSession('marker');
    mockFetch({ 'GET /api/consent/history': () => new Response('x', { status: 500 }) });
    renderWithProviders(<ConsentHistory />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load consent history');
  });

  it('shows the server detail when there is one', async () => {
    storeSession('marker');
    mockFetch({
      'GET /api/consent/history': () => errorResponse(503, 'Database is restarting', 'unavailable'),
    });
    renderWithProviders(<ConsentHistory />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is restarting');
  });
});
