import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen.tsx';
import { ForgotPasswordPage } from '../../features/account/forgot-password-page.tsx';
import { RegisterPage } from '../../features/account/register-page.tsx';
import { ResetPasswordPage } from '../../features/account/reset-password-page.tsx';
import { LoginPage } from '../../features/auth/login-page.tsx';
import { ConnectivityTestPage } from '../../features/connectivity/connectivity-test-page.tsx';
import { ConsentAdminPage } from '../../features/consent/consent-admin-page.tsx';
import { ConsentDocumentPage } from '../../features/consent/consent-document-page.tsx';
import { DashboardPage } from '../../features/dashboard/dashboard-page.tsx';
import { LandingPage } from '../../features/landing/landing-page.tsx';
import { OrganizationsPage } from '../../features/organizations/organizations-page.tsx';
import { OutboxPage } from '../../features/outbox/outbox-page.tsx';
import { SecurityLogPage } from '../../features/security-log/security-log-page.tsx';
import { UserManagementPage } from '../../features/user-management/user-management-page.tsx';
import { AppLayout } from '../layout/app-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { TabScreen } from './tab-screen.tsx';
import { TABS } from './tabs.ts';

/** The screens built so far; every other tab shows the shared placeholder until its issue lands. */
const SCREENS: Record<string, () => ReactNode> = {
  home: () => <LandingPage />,
  dashboard: () => <DashboardPage />,
  'railway-test': () => <ConnectivityTestPage />,
  outbox: () => <OutboxPage />,
  'cbo-management': () => <OrganizationsPage />,
  'user-management': () => <UserManagementPage />,
  'security-log': () => <SecurityLogPage />,
  register: () => <RegisterPage />,
  'forgot-password': () => <ForgotPasswordPage />,
  'reset-password': () => <ResetPasswordPage />,
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
        <Route path="/terms" element={<ConsentDocumentPage type="terms_of_use" />} />
        <Route path="/hipaa" element={<ConsentDocumentPage type="hipaa_authorization" />} />
        <Route path="/consent-admin" element={<ConsentAdminPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
