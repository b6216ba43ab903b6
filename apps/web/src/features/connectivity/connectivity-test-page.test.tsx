import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { isSameOrigin, joinUrl } from '../../api/connectivity/probe-endpoint.ts';
import { errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

const HEALTH = {
  status: 'ok',
  database: 'pglite',
  database_ok: true,
  version: '0.1.0',
  uptime_s: 12,
  providers_count: 1234,
};

describe('Connectivity test page (003 §2.14, §7.7)', () => {
  it('tests health, root and users of the service URL and shows pass or fail', async () => {
    const fetchMock = mockFetch({
      'GET /health': () => jsonResponse(200, HEALTH),
      'GET /': () =>
        new Response('<!doctype html>', { status: 200, headers: { 'content-type': 'text/html' } }),
      'GET /api/users': () => errorResponse(401, 'Please sign in to continue.'),
    });
    renderApp({ path: '/railway-test' });
    const input = screen.getByLabelText(/Service URL/);
    expect(input).toHaveValue(window.location.origin);
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, 'https://status.example.test/');
    await user.click(screen.getByRole('button', { name: 'Run Tests' }));

    const health = await screen.findByTestId('check-health');
    expect(within(health).getByText('Pass')).toBeInTheDocument();
    expect(within(health).getByText('HTTP 200 OK')).toBeInTheDocument();
    expect(within(screen.getByTestId('check-root')).getByText('Pass')).toBeInTheDocument();
    expect(within(screen.getByTestId('check-users')).getByText('Fail')).toBeInTheDocument();
    expect(within(screen.getByTestId('check-users')).getByText('HTTP 401')).toBeInTheDocument();
    expect(screen.getByText('1,234 providers in the directory.')).toBeInTheDocument();

    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toEqual(
      expect.arrayContaining([
        'https://status.example.test/health',
        'https://status.example.test/',
        'https://status.example.test/api/users',
      ]),
    );
  });

  it('shows the error text when the service cannot be reached', async () => {
    mockFetch({
      'GET /health': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp({ path: '/railway-test' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Run Tests' }));
    const health = await screen.findByTestId('check-health');
    expect(within(health).getByText('Fail')).toBeInTheDocument();
    expect(within(health).getByText('TypeError: Failed to fetch')).toBeInTheDocument();
  });

  it('sends the token only to this origin', () => {
    expect(isSameOrigin('http://localhost:3000/health', 'http://localhost:3000')).toBe(true);
    expect(isSameOrigin('/health', 'http://localhost:3000')).toBe(true);
    expect(isSameOrigin('https://evil.example/health', 'http://localhost:3000')).toBe(false);
    expect(joinUrl('https://a.test//', '/health')).toBe('https://a.test/health');
  });
});
