import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { onResync } from '../api/events/resync.ts';
import { watchConsentRequired } from '../features/consent/consent-required-watcher.ts';
import { AuthProvider } from './auth/auth-context.tsx';
import { OverlayProvider } from './overlays/overlay-context.tsx';
import { theme } from './theme.ts';

/** Everything the screens rely on, inside a router (the app uses BrowserRouter, tests MemoryRouter). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // The server missed events for a while (its LISTEN connection dropped): everything shown is refetched.
  useEffect(() => onResync(() => void queryClient.invalidateQueries()), [queryClient]);
  // A revoked consent holds the session at once (issue #12): the consent dialog opens on the next refused call.
  useEffect(() => watchConsentRequired(queryClient), [queryClient]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* Issue 13: at the top a toast covered the header and the screen's heading, actions and inline results
          (the button or message it reports on); bottom centre leaves them, and the session warning (bottom
          right), in view. */}
      <Notifications position="bottom-center" />
      <QueryClientProvider client={queryClient}>
        <OverlayProvider>
          <AuthProvider>{children}</AuthProvider>
        </OverlayProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
