import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { ProfilePanel } from './profile-panel.tsx';

describe('ProfilePanel (003 §2.10)', () => {
  it('shows who the user is; phone and last login only when present', () => {
    renderWithProviders(
      <ProfilePanel
        user={makeMe({
          role: 'community_provider',
          email_verified: false,
          phone_number: null,
          last_login: null,
        })}
        opened
        onClose={() => undefined}
        onSignOut={() => undefined}
      />,
    );
    expect(screen.getByText('Dana Rivers')).toBeInTheDocument();
    expect(screen.getByText('dana@example.test')).toBeInTheDocument();
    expect(screen.getByText('Community Provider (CBO)')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Member since')).toBeInTheDocument();
    expect(screen.queryByText('Phone')).not.toBeInTheDocument();
    expect(screen.queryByText('Last login')).not.toBeInTheDocument();
  });

  it('shows the phone, Verified, the last login and an unknown role raw', () => {
    renderWithProviders(
      <ProfilePanel
        user={makeMe({
          role: 'auditor',
          phone_number: '(555) 010-0101',
          last_login: '2026-03-01T09:00:00.000Z',
        })}
        opened
        onClose={() => undefined}
        onSignOut={() => undefined}
      />,
    );
    expect(screen.getByText('(555) 010-0101')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('Last login')).toBeInTheDocument();
    expect(screen.getByText('auditor')).toBeInTheDocument();
  });

  it('opens the consent history section on demand and signs out', async () => {
    storeSession('marker');
    const fetchMock = mockFetch({
      'GET /api/consent/history': () =>
        jsonResponse(200, {
          status: {
            requires_consent: false,
            terms_needs_update: false,
            hipaa_needs_update: false,
            all_consents_current: true,
            terms_current_version: null,
            terms_signed_version: null,
            terms_signed_at: null,
            hipaa_current_version: null,
            hipaa_signed_version: null,
            hipaa_signed_at: null,
          },
          signatures: [],
        }),
    });
    const onSignOut = vi.fn();
    renderWithProviders(
      <ProfilePanel user={makeMe()} opened onClose={() => undefined} onSignOut={onSignOut} />,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Two-Factor Authentication' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Consent & Signature History' }));
    expect(await screen.findByText('All consents are current')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalled();
  });
});
