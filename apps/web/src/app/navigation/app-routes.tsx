import type { ReactNode } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen.tsx';
import { ForgotPasswordPage } from '../../features/account/forgot-password-page.tsx';
import { RegisterPage } from '../../features/account/register-page.tsx';
import { ResetPasswordPage } from '../../features/account/reset-password-page.tsx';
import { LoginPage } from '../../features/auth/login-page.tsx';
import { AutoMatchPage } from '../../features/auto-match/auto-match-page.tsx';
import { CaseWorkspacePage } from '../../features/case-workspace/case-workspace-page.tsx';
import { ConnectivityTestPage } from '../../features/connectivity/connectivity-test-page.tsx';
import { ConsentAdminPage } from '../../features/consent/consent-admin-page.tsx';
import { ConsentDocumentPage } from '../../features/consent/consent-document-page.tsx';
import { DashboardPage } from '../../features/dashboard/dashboard-page.tsx';
import { LandingPage } from '../../features/landing/landing-page.tsx';
import { LiveFeedPage } from '../../features/live-feed/live-feed-page.tsx';
import { ManualMatchingPage } from '../../features/manual-matching/manual-matching-page.tsx';
import { MemberProfilesPage } from '../../features/member-profiles/member-profiles-page.tsx';
import { MyProvidersPage } from '../../features/my-providers/my-providers-page.tsx';
import { OrganizationsPage } from '../../features/organizations/organizations-page.tsx';
import { OtfRtfPage } from '../../features/otf-rtf/otf-rtf-page.tsx';
import { OutboxPage } from '../../features/outbox/outbox-page.tsx';
import { CommunicationsInboxPage } from '../../features/provider-communications/communications-inbox-page.tsx';
import { ProviderCommunicationsPage } from '../../features/provider-communications/provider-communications-page.tsx';
import { ProviderDirectoryPage } from '../../features/provider-directory/provider-directory-page.tsx';
import { ProviderPerformancePage } from '../../features/provider-performance/provider-performance-page.tsx';
import { ProviderVerificationPage } from '../../features/provider-verification/provider-verification-page.tsx';
import { ReferralDetailsPage } from '../../features/referral-details/referral-details-page.tsx';
import { CreateReferralPage } from '../../features/referral-form/create-referral-page.tsx';
import { EditReferralPage } from '../../features/referral-form/edit-referral-page.tsx';
import { ReferralQueuePage } from '../../features/referral-queue/referral-queue-page.tsx';
import { SecurityLogPage } from '../../features/security-log/security-log-page.tsx';
import { UserManagementPage } from '../../features/user-management/user-management-page.tsx';
import { AppLayout } from '../layout/app-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { TabScreen } from './tab-screen.tsx';
import { TABS, type TabDef, tabPath } from './tabs.ts';

/**
 * The screens built so far, by tab name, or by router path for the views of a tab with an id
 * (`/queue/:id`, `/queue/:id/edit`); every other tab shows the shared placeholder until its issue lands.
 */
const SCREENS: Record<string, () => ReactNode> = {
  home: () => <LandingPage />,
  dashboard: () => <DashboardPage />,
  livefeed: () => <LiveFeedPage />,
  'railway-test': () => <ConnectivityTestPage />,
  outbox: () => <OutboxPage />,
  'provider-verification': () => <ProviderVerificationPage />,
  otfrtf: () => <OtfRtfPage />,
  finder: () => <ManualMatchingPage />,
  matching: () => <AutoMatchPage />,
  capacity: () => <ProviderPerformancePage />,
  'provider-directory': () => <ProviderDirectoryPage />,
  directory: () => <MyProvidersScreen />,
  'provider-communications': () => <CommunicationsInboxPage />,
  '/provider-communications/:id': () => <ProviderCommunicationsPage />,
  queue: () => <ReferralQueuePage />,
  'create-referral': () => <CreateReferralPage />,
  '/queue/:id/edit': () => <EditReferralPage />,
  '/queue/:id': () => <ReferralDetailsPage />,
  workspace: () => <MemberProfilesPage />,
  '/workspace/:id': () => <CaseWorkspacePage />,
  'cbo-management': () => <OrganizationsPage />,
  'user-management': () => <UserManagementPage />,
  'security-log': () => <SecurityLogPage />,
  register: () => <RegisterPage />,
  'forgot-password': () => <ForgotPasswordPage />,
  'reset-password': () => <ResetPasswordPage />,
};

/**
 * My Providers with 'Select Provider' leading to manual matching with that provider chosen (001 §2.3, §2.5),
 * and 'Messages' to the provider's communications screen (001 §2.10).
 */
function MyProvidersScreen() {
  const navigate = useNavigate();
  return (
    <MyProvidersPage
      onSelect={(p) => navigate(`/finder?provider_id=${p.provider_id}`)}
      onMessages={(p) => navigate(tabPath('provider-communications', p.provider_id))}
    />
  );
}

/** The router paths of a tab: its name, with an id (required or optional) and its subviews. */
function routePaths(tab: TabDef): string[] {
  if (tab.name === 'home') return ['/'];
  const base = `/${tab.name}`;
  if (!tab.withId) return [base];
  const paths = tab.withId === 'optional' ? [base, `${base}/:id`] : [`${base}/:id`];
  for (const subview of tab.subviews ?? []) paths.push(`${base}/:id/${subview}`);
  return paths;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {TABS.flatMap((tab) =>
          routePaths(tab).map((path) => (
            <Route
              key={path}
              path={path}
              element={
                <TabScreen tab={tab}>
                  {(SCREENS[path] ?? SCREENS[tab.name])?.() ?? <PlaceholderScreen title={tab.title} />}
                </TabScreen>
              }
            />
          )),
        )}
        <Route path="/login" element={<LoginPage />} />
        <Route path="/terms" element={<ConsentDocumentPage type="terms_of_use" />} />
        <Route path="/hipaa" element={<ConsentDocumentPage type="hipaa_authorization" />} />
        <Route path="/consent-admin" element={<ConsentAdminPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
