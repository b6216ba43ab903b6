import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { StatCards } from './stat-cards.tsx';

const figures = (total: number) => ({
  total,
  pending: 3,
  completed: 4,
  active: 2,
  success_rate: 0.875,
  avg_response_hours: 2.3,
});

afterEach(() => vi.unstubAllGlobals());

describe('dashboard stat cards (003 §2.4)', () => {
  it('shows the server figures and toggles between personal and organization', async () => {
    mockFetch({
      'GET /api/dashboard/stats': () =>
        jsonResponse(200, { personal: figures(11), organization: { ...figures(57), success_rate: null } }),
    });
    renderWithProviders(<StatCards />);
    expect(await screen.findByText('11')).toBeInTheDocument();
    expect(screen.getByText('88%')).toBeInTheDocument();
    expect(screen.getByText('2.3 hours')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Organization'));
    expect(await screen.findByText('57')).toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
  });

  it('shows the error text when the figures cannot load', async () => {
    mockFetch({
      'GET /api/dashboard/stats': () =>
        jsonResponse(403, { code: 'forbidden', detail: 'Nope', message: 'Nope', error: 'Nope' }),
    });
    renderWithProviders(<StatCards />);
    expect(await screen.findByText('Nope')).toBeInTheDocument();
  });
});
