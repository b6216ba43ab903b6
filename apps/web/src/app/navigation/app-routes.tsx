import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen.tsx';
import { LoginPage } from '../../features/auth/login-page.tsx';
import { ConnectivityTestPage } from '../../features/connectivity/connectivity-test-page.tsx';
import { DashboardPage } from '../../features/dashboard/dashboard-page.tsx';
import { LandingPage } from '../../features/landing/landing-page.tsx';
import { AppLayout } from '../layout/app-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { TabScreen } from './tab-screen.tsx';
import { TABS } from './tabs.ts';

/** The screens built so far; every other tab shows the shared placeholder until its issue lands. */
const SCREENS: Record<string, () => ReactNode> = {
  home: () => <LandingPage />,
  dashboard: () => <DashboardPage />,
  'railway-test': () => <ConnectivityTestPage />,
};

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {TABS.map((tab) => {
          const screen = SCREENS[tab.name]?.() ?? <PlaceholderScreen title={tab.title} />;
          const path = tab.name === 'home' ? '/' : tab.withId ? `/${tab.name}/:id` : `/${tab.name}`;
          return <Route key={tab.name} path={path} element={<TabScreen tab={tab}>{screen}</TabScreen>} />;
        })}
        <Route path="/login" element={<LoginPage />} />
        <Route path="/terms" element={<PlaceholderScreen title="Terms of Use" />} />
        <Route path="/hipaa" element={<PlaceholderScreen title="HIPAA Authorization" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
