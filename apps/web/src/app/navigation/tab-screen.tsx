import { Alert, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAuth } from '../auth/auth-context.tsx';
import { useLayoutBand } from '../layout/use-layout-band.ts';
import { LandingPage } from './screens.tsx';
import { canAccess, type TabDef } from './tabs.ts';

/**
 * 003 §2.1: a signed-out visitor who asks for a protected tab sees the home page; the URL stays, and the tab
 * was stored as the last tab, so signing in opens it. The admin tab exists only in the wide layout (003 §6).
 */
export function TabScreen({ tab, children }: { tab: TabDef; children: ReactNode }) {
  const { status } = useAuth();
  const { wide } = useLayoutBand();
  if (!canAccess(tab, status === 'signed-in')) return <LandingPage />;
  if (tab.wideOnly && !wide) {
    return (
      <Stack>
        <Title order={2}>{tab.title}</Title>
        <Alert color="blue">
          The {tab.title} needs a wider screen (at least 1024 px). Open it on a desktop.
        </Alert>
      </Stack>
    );
  }
  return children;
}
