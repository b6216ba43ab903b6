import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeFormSummary } from '../../test/form-fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { FormsAssignedCard } from './forms-assigned-card.tsx';

// Issue #16 item 5: the drafts assigned to the signed-in user, on their dashboard.

describe('Forms assigned to me', () => {
  it("lists the user's assigned drafts, soonest due first, overdue in red, each linking to the filler", async () => {
    const fetchMock = mockFetch({
      'GET /api/forms/instances/': () =>
        jsonResponse(200, {
          instances: [
            makeFormSummary({ id: 31, due_date: null, form_template_name: 'Household Intake' }),
            makeFormSummary({ id: 32, due_date: '2020-01-01', form_template_name: 'Consent to Share' }),
          ],
          total: 2,
        }),
    });
    renderWithProviders(
      <MemoryRouter>
        <FormsAssignedCard userId={7} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Forms assigned to me' })).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Consent to Share');
    const overdue = within(items[0] as HTMLElement).getByText(/overdue/);
    expect(overdue).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'Consent to Share' })).toHaveAttribute(
      'href',
      '/form-fill/32',
    );
    expect(within(items[1] as HTMLElement).getByText('No due date')).toBeInTheDocument();
    expect(screen.getByText('2 open')).toBeInTheDocument();
    const [url] = callsTo(fetchMock, 'GET', '/api/forms/instances/')[0] ?? [];
    const query = new URL(String(url), 'http://localhost').searchParams;
    expect(query.get('assigned_to_user_id')).toBe('7');
    expect(query.get('status')).toBe('draft');
  });

  it('says when nothing is waiting', async () => {
    mockFetch({ 'GET /api/forms/instances/': () => jsonResponse(200, { instances: [], total: 0 }) });
    renderWithProviders(
      <MemoryRouter>
        <FormsAssignedCard userId={7} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No forms are waiting for you.')).toBeInTheDocument();
  });
});
