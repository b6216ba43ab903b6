import { Box } from '@mantine/core';
import { Component, type ReactNode, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { reloadPage } from '../reload-page.ts';

/**
 * A screen whose code could not be fetched (the network dropped; app/lazy-component.tsx already reloads the
 * page once for a chunk a new deployment removed) says so with a Retry, instead of taking the whole app down.
 * Reset when the reader goes to another screen.
 */
class ScreenLoadBoundary extends Component<{ path: string; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: { path: string }) {
    // Not a key: a key would also remount the screen on every change of its id (`/queue/1` → `/queue/2`).
    if (previous.path !== this.props.path && this.state.error !== null) this.setState({ error: null });
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return <LoadErrorAlert error={this.state.error} what="this screen" onRetry={reloadPage} />;
  }
}

/**
 * The current screen. Screens are fetched on first use (navigation/screens.tsx), so the area shows a loader
 * meanwhile. It is at least as tall as the window below the header: the footer after it is first drawn below
 * the fold, and a screen that fills in its data later pushes nothing the reader sees (issue #13: the footer
 * moving down as the live feed loaded was the page's whole layout shift).
 */
export function ScreenArea() {
  const { pathname } = useLocation();
  return (
    <Box mih="calc(100dvh - var(--app-shell-header-offset, 0rem) - var(--app-shell-padding, 0rem))">
      <ScreenLoadBoundary path={pathname}>
        <Suspense fallback={<FullPageLoader label="Loading the screen" />}>
          <Outlet />
        </Suspense>
      </ScreenLoadBoundary>
    </Box>
  );
}
