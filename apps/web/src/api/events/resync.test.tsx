import { useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app-providers.tsx';
import { testQueryClient } from '../../test/render-app.tsx';
import { useAppEvents } from './use-app-events.ts';

// Issue #12: a server process whose LISTEN connection came back sends `resync` on every stream, because events
// published while it was down never arrived; the page then refetches what it shows.

let queryRuns = 0;

function Screen() {
  const probe = useQuery({
    queryKey: ['probe'],
    queryFn: async () => {
      queryRuns += 1;
      return queryRuns;
    },
  });
  useAppEvents(['referral.changed'], () => {});
  return <output data-testid="runs">{probe.data ?? 0}</output>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('resync', () => {
  it('refetches every shown query when the shared stream receives resync', async () => {
    queryRuns = 0;
    let push: ((text: string) => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (!url.includes('/api/events')) {
          return new Response('{"code":"not_found","detail":"x","message":"x","error":"x"}', { status: 404 });
        }
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(new TextEncoder().encode(text));
            push('retry: 3000\n: connected\n\n');
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    render(
      <MemoryRouter>
        <AppProviders queryClient={testQueryClient()}>
          <Screen />
        </AppProviders>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('runs').textContent).toBe('1'));
    await waitFor(() => expect(push).toBeDefined());
    push!(
      'id: r1\nevent: resync\ndata: {"id":"r1","type":"resync","at":"2026-01-01T00:00:00Z","data":{}}\n\n',
    );
    await waitFor(() => expect(screen.getByTestId('runs').textContent).toBe('2'));
  });
});
