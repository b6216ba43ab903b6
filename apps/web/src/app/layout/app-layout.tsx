import { AppShell, Box, Drawer, Group, Text } from '@mantine/core';
import { IconShieldHeart } from '@tabler/icons-react';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { useAuth } from '../auth/auth-context.tsx';
import { LoginModal } from '../auth/login-modal.tsx';
import { ConnectionErrorScreen } from '../connection-error-screen.tsx';
import { MAIN_ID } from '../navigation/focus-screen-heading.ts';
import { useFocusOnNavigate } from '../navigation/use-focus-on-navigate.ts';
import { useRecordLastTab } from '../navigation/use-record-last-tab.ts';
import { useStartTabRedirect } from '../navigation/use-start-tab-redirect.ts';
import { useOverlays } from '../overlays/overlay-context.tsx';
import { useReplayHeldClick } from '../prerender-context.ts';
import { SessionWatcher } from '../session/session-watcher.tsx';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { ScreenArea } from './screen-area.tsx';
import { Sidebar } from './sidebar.tsx';
import { FOCUS_TARGET_CLASS, SkipLink } from './skip-link.tsx';
import { useLayoutBand } from './use-layout-band.ts';

/** 003 §2.1 sidebar width 64 units (16 rem). */
const SIDEBAR_WIDTH = 256;

/**
 * The application shell (003 §2.1, §2.2): header, fixed sidebar from 1024 px (a hamburger drawer below), the
 * current tab, and the footer. Under 640 px everything tightens into the compact phone layout.
 */
export function AppLayout() {
  const { status } = useAuth();
  const { wide, phone } = useLayoutBand();
  const { navOpen, closeNav } = useOverlays();
  useRecordLastTab();
  useStartTabRedirect(status, wide);
  useFocusOnNavigate(status);
  useReplayHeldClick();

  if (status === 'loading') return <FullPageLoader label="Checking your session" />;
  if (status === 'unreachable') return <ConnectionErrorScreen />;

  const signedIn = status === 'signed-in';
  return (
    <AppShell
      header={{ height: phone ? 52 : 60 }}
      navbar={{ width: SIDEBAR_WIDTH, breakpoint: 'md', collapsed: { mobile: true } }}
      padding={phone ? 'xs' : 'md'}
    >
      <SkipLink />
      <AppShell.Header>
        <AppHeader wide={wide} phone={phone} />
      </AppShell.Header>
      {wide && (
        <AppShell.Navbar>
          <Sidebar signedIn={signedIn} wide compact={false} onNavigate={closeNav} />
        </AppShell.Navbar>
      )}
      {!wide && (
        <Drawer
          opened={navOpen}
          onClose={closeNav}
          size={phone ? '85%' : 300}
          padding={0}
          title={
            <Group gap={8} px="sm">
              <IconShieldHeart size={20} color="var(--mantine-color-teal-6)" aria-hidden />
              <Text fw={700}>Trust Marketplace</Text>
            </Group>
          }
          styles={{ body: { height: 'calc(100% - 60px)', padding: 0 } }}
        >
          <Sidebar signedIn={signedIn} wide={false} compact={phone} onNavigate={closeNav} />
        </Drawer>
      )}
      <AppShell.Main id={MAIN_ID} tabIndex={-1} className={FOCUS_TARGET_CLASS}>
        <Box maw={1200} mx="auto" px={phone ? 2 : 0}>
          <ScreenArea />
          <AppFooter />
        </Box>
      </AppShell.Main>
      <LoginModal />
      <SessionWatcher />
    </AppShell>
  );
}
