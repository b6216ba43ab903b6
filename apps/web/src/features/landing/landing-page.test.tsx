import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('Landing page (003 §2.3)', () => {
  it('shows a loader, then the live counts from the server', async () => {
    const stats = deferred<Response>();
    mockFetch({ 'GET /api/stats/landing': () => stats.promise });
    renderApp({ path: '/' });
    expect(screen.getByRole('status', { name: 'Loading live counts' })).toBeInTheDocument();
    stats.resolve(
      jsonResponse(200, {
        referrals_count: 1520,
        providers_count: 87,
        auto_matched_count: 1140,
        auto_matched_percent: 75,
      }),
    );
    expect(await screen.findByTestId('count-referrals')).toHaveTextContent('1,520');
    expect(screen.getByTestId('count-providers')).toHaveTextContent('87');
    expect(screen.getByTestId('count-auto-matched')).toHaveTextContent('75%');
  });

  it('shows the Platform Impact figures exactly as the spec lists them', async () => {
    mockFetch({});
    renderApp({ path: '/' });
    for (const figure of ['481,000', '28,097', '12', '6,441,134', '98%']) {
      expect(screen.getByText(figure)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Browse Provider Directory' })).toBeInTheDocument();
  });

  it('opens the login modal from a protected tile and lands on that tile after login', async () => {
    mockFetch({});
    renderApp({ path: '/' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Matching Engine' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Sign in to your account');
    expect(localStorage.getItem('last_tab')).toBe('matching');
  });

  it('goes to the live feed without login', async () => {
    mockFetch({});
    renderApp({ path: '/' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'View Live Referral Feed' }));
    expect(await screen.findByRole('heading', { name: 'Live Referral Feed' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/livefeed');
  });
});
