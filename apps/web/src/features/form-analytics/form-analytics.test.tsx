import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockFetch, type RouteHandler } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { makeFormAnalytics, makeFormSummary } from '../../test/form-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { defaultRange, formatMinutes } from './form-analytics-page.tsx';

// Form Analytics (002 §2; issue #16 item 4) against the routes of 002 §7, mocked.

function server(routes: Record<string, RouteHandler> = {}) {
  storeSession();
  return mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ org_role: 'staff', active_cbo_id: 1 })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/programs/': () => jsonResponse(200, { programs: [], total: 0 }),
    'GET /api/forms/analytics/overview': () => jsonResponse(200, makeFormAnalytics()),
    ...routes,
  });
}

describe('Form Analytics', { timeout: 30_000 }, () => {
  it('asks for the last 30 days by default and shows the figures', async () => {
    const fetchMock = server();
    renderApp({ path: '/form-analytics' });
    expect(await screen.findByText('Pending Review')).toBeInTheDocument();
    const { start, end } = defaultRange();
    expect(screen.getByLabelText('Start date')).toHaveValue(start);
    expect(screen.getByLabelText('End date')).toHaveValue(end);
    const [url] = callsTo(fetchMock, 'GET', '/api/forms/analytics/overview')[0] ?? [];
    const query = new URL(String(url), 'http://localhost').searchParams;
    expect(query.get('start_date')).toBe(start);
    expect(query.get('end_date')).toBe(end);
    expect(screen.getByText('75%')).toBeInTheDocument();
    expect(screen.getByText('1 h 35 min')).toBeInTheDocument();
    // The ranking, in order.
    const ranking = screen.getByRole('heading', { name: 'Most Used Forms' }).parentElement as HTMLElement;
    const items = within(ranking).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Household Intake');
    expect(items[1]).toHaveTextContent('Consent to Share');
  });

  it('colours each completion-rate bar green at 80 or more, blue at 60 or more, amber below', async () => {
    server();
    renderApp({ path: '/form-analytics' });
    expect(await screen.findByRole('progressbar', { name: 'Intake: 85% completed' })).toBeInTheDocument();
    // The bar is drawn in the colour's theme variable.
    const colour = (name: string) => screen.getByRole('progressbar', { name }).getAttribute('style') ?? '';
    expect(colour('Intake: 85% completed')).toContain('--mantine-color-green-filled');
    expect(colour('Consent: 60% completed')).toContain('--mantine-color-blue-filled');
    expect(colour('Care Plan: 50% completed')).toContain('--mantine-color-yellow-filled');
  });

  it('offers View Overdue Forms when some are overdue, listing them with links to the filler', async () => {
    const fetchMock = server({
      'GET /api/forms/instances/': () =>
        jsonResponse(200, {
          instances: [makeFormSummary({ id: 31, due_date: '2020-01-01', member_name: 'Rosa Delgado' })],
          total: 1,
        }),
    });
    renderApp({ path: '/form-analytics' });
    expect(await screen.findByText('Overdue')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View Overdue Forms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Overdue Forms' });
    const link = await within(dialog).findByRole('link', { name: 'Household Intake' });
    expect(link).toHaveAttribute('href', '/form-fill/31');
    expect(within(dialog).getByText('Rosa Delgado')).toBeInTheDocument();
    const [url] = callsTo(fetchMock, 'GET', '/api/forms/instances/')[0] ?? [];
    expect(new URL(String(url), 'http://localhost').searchParams.get('compliance')).toBe('overdue');
  });

  it('has no View Overdue Forms when nothing is overdue', async () => {
    server({
      'GET /api/forms/analytics/overview': () =>
        jsonResponse(200, makeFormAnalytics({ compliance: { overdue: 0, due_soon: 1, compliant: 9 } })),
    });
    renderApp({ path: '/form-analytics' });
    expect(await screen.findByText('Compliant')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View Overdue Forms' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to load analytics' with a Retry instead of sample figures", async () => {
    let fail = true;
    server({
      'GET /api/forms/analytics/overview': () =>
        fail ? jsonResponse(500, { code: 'internal' }) : jsonResponse(200, makeFormAnalytics()),
    });
    renderApp({ path: '/form-analytics' });
    expect(await screen.findByText('Failed to load analytics')).toBeInTheDocument();
    expect(screen.queryByText('Pending Review')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Pending Review')).toBeInTheDocument();
  });

  it('Export downloads the CSV of the range', async () => {
    const fetchMock = server({
      'GET /api/forms/analytics/export': () =>
        new Response('section,form_type\nrange,\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="form-analytics.csv"',
          },
        }),
    });
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp({ path: '/form-analytics' });
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [url] = callsTo(fetchMock, 'GET', '/api/forms/analytics/export')[0] ?? [];
    expect(new URL(String(url), 'http://localhost').searchParams.get('start_date')).toBe(
      defaultRange().start,
    );
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('form-analytics.csv');
    click.mockRestore();
  });

  it('says minutes as a reader would', () => {
    expect(formatMinutes(null)).toBe('—');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(200)).toBe('3 h 20 min');
    expect(formatMinutes(60 * 24 * 2 + 60 * 4)).toBe('2 d 4 h');
  });
});
