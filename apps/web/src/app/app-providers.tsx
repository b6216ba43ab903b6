import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from './auth/auth-context.tsx';
import { OverlayProvider } from './overlays/overlay-context.tsx';
import { theme } from './theme.ts';

/** Everything the screens rely on, inside a router (the app uses BrowserRouter, tests MemoryRouter). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <OverlayProvider>
          <AuthProvider>{children}</AuthProvider>
        </OverlayProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
