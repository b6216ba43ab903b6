import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { storeSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { makeDirectoryProvider } from './provider-fixture.ts';
import { ProviderPickerDialog } from './provider-picker-dialog.tsx';

const pantry = makeDirectoryProvider({
  id: 1,
  organization_name: 'Bayview Food Pantry',
  distance_miles: 2.4,
});
const rides = makeDirectoryProvider({
  id: 2,
  organization_name: 'Harbor Rides Collective',
  distance_miles: 7.1,
});

describe('Select Provider dialog (001 §2.7)', { timeout: 30_000 }, () => {
  it('searches the server, greys providers already selected, shows distance and returns the choice', async () => {
    storeSession();
    const fetchMock = mockFetch({
      'GET /api/providers/search': (_init, url) => {
        const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
        const all = [pantry, rides].filter((p) =>
          p.organization_name.toLowerCase().includes(q.toLowerCase()),
        );
        return jsonResponse(200, { providers: all, count: all.length });
      },
    });
    const onSelect = vi.fn();
    renderWithProviders(
      <ProviderPickerDialog
        opened
        onClose={() => {}}
        onSelect={onSelect}
        selectedIds={[1]}
        memberLocation={{ latitude: 37.8, longitude: -122.2 }}
      />,
    );
    const taken = await screen.findByRole('option', { name: 'Bayview Food Pantry' });
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    expect(taken).toHaveTextContent('Already Selected');
    expect(taken).toHaveTextContent('2.4 miles');
    const select = screen.getByRole('button', { name: 'Select Provider' });
    await userEvent.click(taken);
    expect(select).toBeDisabled();

    await userEvent.type(screen.getByLabelText('Search providers'), 'harbor');
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Bayview Food Pantry' })).toBeNull());
    const search = callsTo(fetchMock, 'GET', '/api/providers/search').map(
      ([input]) => new URL(String(input), 'http://x').searchParams,
    );
    expect(search.at(-1)?.get('q')).toBe('harbor');
    expect(search.at(-1)?.get('latitude')).toBe('37.8');

    const option = screen.getByRole('option', { name: 'Harbor Rides Collective' });
    expect(option).not.toHaveTextContent('Already Selected');
    await userEvent.click(option);
    await userEvent.click(select);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  });

  it('shows no distance when the member location is unknown', async () => {
    storeSession();
    mockFetch({
      'GET /api/providers/search': () =>
        jsonResponse(200, { providers: [{ ...pantry, distance_miles: null }], count: 1 }),
    });
    renderWithProviders(<ProviderPickerDialog opened onClose={() => {}} onSelect={() => {}} />);
    const option = await screen.findByRole('option', { name: 'Bayview Food Pantry' });
    expect(option).not.toHaveTextContent('miles');
  });
});
