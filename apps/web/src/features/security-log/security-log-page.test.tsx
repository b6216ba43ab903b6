import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { SecurityLogScreen } from './security-log-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const event = (id: number, action: string) => ({
  id,
  at: '2030-01-01T10:00:00.000Z',
  action,
  actor_name: 'Dana Rivers',
  actor_email: 'dana@example.test',
  ip: '10.0.0.7',
  entity_type: 'user',
  entity_id: '7',
  details: {},
});

describe('security log (issue 3 item 9)', { timeout: 15_000 }, () => {
  it('shows the events and asks the server again for a category and a page', async () => {
    const urls: string[] = [];
    mockFetch({
      'GET /api/audit-log': (_init, url) => {
        urls.push(url);
        return jsonResponse(200, {
          events: [event(1, 'auth.login'), event(2, 'membership.role_changed')],
          total: 120,
          page: 1,
          page_size: 50,
        });
      },
    });
    renderWithProviders(<SecurityLogScreen cboId={3} orgRole="org_admin" />);
    expect(await screen.findByText('auth.login')).toBeInTheDocument();
    expect(screen.getAllByText('10.0.0.7')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(urls.some((u) => u.includes('page=2'))).toBe(true));
    await userEvent.selectOptions(screen.getByLabelText('Event type'), 'Two-factor');
    await waitFor(() =>
      expect(urls.some((u) => u.includes('action=2fa.') && u.includes('page=1'))).toBe(true),
    );
  });

  it("shows the server's refusal", async () => {
    mockFetch({
      'GET /api/audit-log': () => errorResponse(403, 'Your role does not allow this action.', 'forbidden'),
    });
    renderWithProviders(<SecurityLogScreen cboId={3} orgRole="staff" />);
    expect(await screen.findByText('Your role does not allow this action.')).toBeInTheDocument();
  });
});
