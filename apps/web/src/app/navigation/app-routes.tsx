import type { ReactNode } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen.tsx';
import { AppLayout } from '../layout/app-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import {
  ActiveWorkflowsPage,
  AutoMatchPage,
  AutomationRulesPage,
  BillingReportPage,
  CaseWorkspacePage,
  CommunicationsInboxPage,
  ConnectivityTestPage,
  ConsentAdminPage,
  ConsentDocumentPage,
  CreateReferralPage,
  DashboardPage,
  EditReferralPage,
  EnrollmentDetailsPage,
  EnrollmentsPage,
  FieldConfigPage,
  FieldMappingPage,
  ForgotPasswordPage,
  FormAnalyticsPage,
  FormFillerPage,
  FormLibraryPage,
  FormTemplatesPage,
  ImportManagerPage,
  InteropSettingsPage,
  LandingPage,
  LiveFeedPage,
  LoginPage,
  ManualMatchingPage,
  MemberFormPage,
  MemberImportPage,
  MemberProfilePage,
  MemberProfilesPage,
  MembersPage,
  MyProvidersPage,
  OrganizationsPage,
  OtfRtfPage,
  OutboxPage,
  ProgramsPage,
  ProviderCommunicationsPage,
  ProviderDirectoryPage,
  ProviderPerformancePage,
  ProviderVerificationPage,
  ReferralDetailsPage,
  ReferralQueuePage,
  RegisterPage,
  ResetPasswordPage,
  SecurityLogPage,
  ServiceGapsPage,
  SystemMetricsPage,
  UserManagementPage,
  WorkflowTemplatesPage,
} from './screens.tsx';
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
  admin: () => <ImportManagerPage />,
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
  members: () => <MembersPage />,
  'members-new': () => <MemberFormPage />,
  'members-import': () => <MemberImportPage />,
  'members-edit': () => <MemberFormPage />,
  'members-view': () => <MemberProfilePage />,
  'field-config': () => <FieldConfigPage />,
  'field-mapping': () => <FieldMappingPage />,
  '/workspace/:id': () => <CaseWorkspacePage />,
  enrollments: () => <EnrollmentsPage />,
  'enrollments-view': () => <EnrollmentDetailsPage />,
  programs: () => <ProgramsPage />,
  'form-templates': () => <FormTemplatesPage />,
  'form-library': () => <FormLibraryPage />,
  'form-fill': () => <FormFillerPage />,
  'form-analytics': () => <FormAnalyticsPage />,
  'billing-report': () => <BillingReportPage />,
  workflows: () => <WorkflowTemplatesPage />,
  'workflow-instances': () => <ActiveWorkflowsPage />,
  'automation-rules': () => <AutomationRulesPage />,
  'cbo-management': () => <OrganizationsPage />,
  'user-management': () => <UserManagementPage />,
  'security-log': () => <SecurityLogPage />,
  interop: () => <InteropSettingsPage />,
  metrics: () => <SystemMetricsPage />,
  'service-gaps': () => <ServiceGapsPage />,
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
