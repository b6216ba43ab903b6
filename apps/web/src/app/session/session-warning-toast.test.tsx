import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe, signedInMarker, storeSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { formatCountdown, shouldWarn } from './session-warning-toast.tsx';

describe('session warning toast (003 §2.13, §4.4)', () => {
  it('formats m:ss and warns only between 120 and 1 seconds', () => {
    expect(formatCountdown(120)).toBe('2:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(9)).toBe('0:09');
    expect(shouldWarn(121)).toBe(false);
    expect(shouldWarn(120)).toBe(true);
    expect(shouldWarn(1)).toBe(true);
    expect(shouldWarn(0)).toBe(false);
  });

  function signedInWithMinutesLeft(minutesIdle: number) {
    storeSession('marker', Date.now() - minutesIdle * 60_000);
    return mockFetch({
      'GET /auth/me': () => jsonResponse(200, makeMe()),
      'POST /auth/logout': () => jsonResponse(200, { ok: true }),
      'GET /api/dashboard/stats': () => jsonResponse(200, {}),
    });
  }

  it('does not show with more than two minutes left', async () => {
    signedInWithMinutesLeft(50);
    renderApp({ path: '/railway-test' });
    await screen.findByRole('button', { name: /Profile/ });
    expect(screen.queryByText('Stay Logged In')).not.toBeInTheDocument();
  });

  it("'Stay Logged In' calls GET /auth/me and restarts the timer", async () => {
    const fetchMock = signedInWithMinutesLeft(59);
    renderApp({ path: '/railway-test' });
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByTestId('session-countdown').textContent).toMatch(/^[01]:\d\d$/);
    const before = callsTo(fetchMock, 'GET', '/auth/me').length;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Stay Logged In' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/auth/me').length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(Date.now() - Number(localStorage.getItem('session_start'))).toBeLessThan(5000);
  });

  it("'Logout Now' ends the session", async () => {
    const fetchMock = signedInWithMinutesLeft(59);
    renderApp({ path: '/railway-test' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout Now' }));
    await waitFor(() => expect(signedInMarker()).toBeNull());
    expect(callsTo(fetchMock, 'POST', '/auth/logout')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
