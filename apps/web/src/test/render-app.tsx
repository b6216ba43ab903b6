import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../app/app-providers.tsx';
import { AppRoutes } from '../app/navigation/app-routes.tsx';
import { preloadScreens } from '../app/navigation/screens.tsx';
import { theme } from '../app/theme.ts';
import { setViewportWidth } from './setup.ts';

// The screens are lazy chunks in the app (issue #13); loaded up front here, so a test sees them render at
// once, as before.
await preloadScreens();

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search}
    </output>
  );
}

/** The whole app at a URL and a viewport width, as a browser would show it. */
export function renderApp({ path = '/', width = 1280 }: { path?: string; width?: number } = {}) {
  setViewportWidth(width);
  const queryClient = testQueryClient();
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders queryClient={queryClient}>
        <AppRoutes />
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...result, queryClient };
}

/** One component with Mantine and a query client only. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = testQueryClient();
  const result = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}
