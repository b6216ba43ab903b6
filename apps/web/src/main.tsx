// First: before any schema of @trust/domain is built (the page's Content-Security-Policy forbids eval).
import '@trust/domain/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/app-providers.tsx';
import { AppRoutes } from './app/navigation/app-routes.tsx';
import { preloadStartScreen } from './app/navigation/screens.tsx';
import { createQueryClient } from './app/query-client.ts';

// The screens are fetched on first use (issue #13): the one this load shows is asked for now, beside the shell.
preloadStartScreen(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A transition: React renders the first screen in slices between frames, not in one long task that leaves a
// phone unresponsive meanwhile (issue #13, Total Blocking Time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders queryClient={createQueryClient()}>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
});
