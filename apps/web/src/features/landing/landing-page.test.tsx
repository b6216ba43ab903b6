import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, deferred, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
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

  it('shows placeholders, then the Platform Impact figures from the server with the spec’s labels', async () => {
    const impact = deferred<Response>();
    const fetchMock = mockFetch({ 'GET /api/impact': () => impact.promise });
    renderApp({ path: '/' });
    const section = screen.getByRole('region', { name: 'Platform Impact' });
    expect(within(section).getAllByTestId('impact-placeholder')).toHaveLength(5);
    impact.resolve(
      jsonResponse(200, {
        assists: 481000,
        navigators: 28097,
        service_areas: 12,
        targeted_members: 6441134,
        success_rate: 0.9804,
        computed_at: '2026-03-01T10:00:00.000Z',
      }),
    );
    expect(await within(section).findByTestId('impact-assists')).toHaveTextContent('481,000');
    expect(within(section).getByTestId('impact-navigators')).toHaveTextContent('28,097');
    expect(within(section).getByTestId('impact-service-areas')).toHaveTextContent('12');
    expect(within(section).getByTestId('impact-members')).toHaveTextContent('6,441,134');
    expect(within(section).getByTestId('impact-success')).toHaveTextContent('98%');
    for (const label of [
      'Care navigation assists',
      'Navigators',
      'Service areas',
      'Targeted members',
      'Success',
    ])
      expect(within(section).getByText(label)).toBeInTheDocument();
    expect(within(section).queryByTestId('impact-placeholder')).not.toBeInTheDocument();
    // Open: sent without the session.
    expect(callsTo(fetchMock, 'GET', '/api/impact')[0]?.[1]?.credentials).toBe('omit');
    expect(screen.getByRole('button', { name: 'Browse Provider Directory' })).toBeInTheDocument();
  });

  it('keeps the Platform Impact labels without numbers when the figures cannot be loaded', async () => {
    mockFetch({ 'GET /api/impact': () => errorResponse(500, 'boom') });
    renderApp({ path: '/' });
    const section = screen.getByRole('region', { name: 'Platform Impact' });
    expect(await within(section).findByText('Figures are unavailable right now.')).toBeInTheDocument();
    expect(within(section).getByText('Care navigation assists')).toBeInTheDocument();
    expect(within(section).queryByTestId('impact-placeholder')).not.toBeInTheDocument();
    expect(within(section).queryByTestId('impact-assists')).not.toBeInTheDocument();
  });

  it('shows a dash for the success rate before any member answered', async () => {
    mockFetch({
      'GET /api/impact': () =>
        jsonResponse(200, {
          assists: 0,
          navigators: 3,
          service_areas: 0,
          targeted_members: 0,
          success_rate: null,
          computed_at: '2026-03-01T10:00:00.000Z',
        }),
    });
    renderApp({ path: '/' });
    expect(await screen.findByTestId('impact-success')).toHaveTextContent('—');
    expect(screen.getByTestId('impact-assists')).toHaveTextContent('0');
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
