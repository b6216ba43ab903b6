import type { ReactNode } from 'react';
import { isSignedIn } from '../../api/credentials.ts';
import { ConsentDialog } from '../../features/consent/consent-gate.tsx';
import { SignInForm } from '../auth/login-modal.tsx';
import { WIDE_QUERY } from '../layout/layout-bands.ts';
import { ProfilePanel } from '../layout/profile-menu.tsx';
import { type LazyComponent, lazyComponent } from '../lazy-component.tsx';
import { readLastTab } from './last-tab.ts';
import { startPath } from './start-rules.ts';

// Issue #13: every screen is its own chunk, fetched when first shown (app/lazy-component.tsx); the app's first load
// carries only the shell. Heavy libraries (Leaflet, TipTap, DOMPurify) are imported by the screens that use
// them, so they travel in those screens' chunks.

export const BillingReportPage = lazyComponent(() =>
  import('../../features/billing-report/billing-report-page.tsx').then((m) => m.BillingReportPage),
);
export const EnrollmentsPage = lazyComponent(() =>
  import('../../features/enrollments/enrollments-page.tsx').then((m) => m.EnrollmentsPage),
);
export const EnrollmentDetailsPage = lazyComponent(() =>
  import('../../features/enrollments/enrollment-details-page.tsx').then((m) => m.EnrollmentDetailsPage),
);
export const FormAnalyticsPage = lazyComponent(() =>
  import('../../features/form-analytics/form-analytics-page.tsx').then((m) => m.FormAnalyticsPage),
);
export const FormFillerPage = lazyComponent(() =>
  import('../../features/form-filler/form-filler-page.tsx').then((m) => m.FormFillerPage),
);
export const FormLibraryPage = lazyComponent(() =>
  import('../../features/form-library/form-library-page.tsx').then((m) => m.FormLibraryPage),
);
export const FormTemplatesPage = lazyComponent(() =>
  import('../../features/form-templates/form-templates-page.tsx').then((m) => m.FormTemplatesPage),
);
export const ForgotPasswordPage = lazyComponent(() =>
  import('../../features/account/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
);
export const ActiveWorkflowsPage = lazyComponent(() =>
  import('../../features/active-workflows/active-workflows-page.tsx').then((m) => m.ActiveWorkflowsPage),
);
export const AutomationRulesPage = lazyComponent(() =>
  import('../../features/automation/automation-rules-page.tsx').then((m) => m.AutomationRulesPage),
);
export const WorkflowTemplatesPage = lazyComponent(() =>
  import('../../features/workflow-templates/workflow-templates-page.tsx').then(
    (m) => m.WorkflowTemplatesPage,
  ),
);
export const RegisterPage = lazyComponent(() =>
  import('../../features/account/register-page.tsx').then((m) => m.RegisterPage),
);
export const ResetPasswordPage = lazyComponent(() =>
  import('../../features/account/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
);
export const LoginPage = lazyComponent(() =>
  import('../../features/auth/login-page.tsx').then((m) => m.LoginPage),
);
export const AutoMatchPage = lazyComponent(() =>
  import('../../features/auto-match/auto-match-page.tsx').then((m) => m.AutoMatchPage),
);
export const CaseWorkspacePage = lazyComponent(() =>
  import('../../features/case-workspace/case-workspace-page.tsx').then((m) => m.CaseWorkspacePage),
);
export const ConnectivityTestPage = lazyComponent(() =>
  import('../../features/connectivity/connectivity-test-page.tsx').then((m) => m.ConnectivityTestPage),
);
export const ConsentAdminPage = lazyComponent(() =>
  import('../../features/consent/consent-admin-page.tsx').then((m) => m.ConsentAdminPage),
);
export const ConsentDocumentPage = lazyComponent(() =>
  import('../../features/consent/consent-document-page.tsx').then((m) => m.ConsentDocumentPage),
);
export const DashboardPage = lazyComponent(() =>
  import('../../features/dashboard/dashboard-page.tsx').then((m) => m.DashboardPage),
);
export const LandingPage = lazyComponent(() =>
  import('../../features/landing/landing-page.tsx').then((m) => m.LandingPage),
);
export const LiveFeedPage = lazyComponent(() =>
  import('../../features/live-feed/live-feed-page.tsx').then((m) => m.LiveFeedPage),
);
export const ManualMatchingPage = lazyComponent(() =>
  import('../../features/manual-matching/manual-matching-page.tsx').then((m) => m.ManualMatchingPage),
);
export const MemberProfilesPage = lazyComponent(() =>
  import('../../features/member-profiles/member-profiles-page.tsx').then((m) => m.MemberProfilesPage),
);
export const MembersPage = lazyComponent(() =>
  import('../../features/members/members-page.tsx').then((m) => m.MembersPage),
);
export const MemberImportPage = lazyComponent(() =>
  import('../../features/member-import/member-import-page.tsx').then((m) => m.MemberImportPage),
);
export const MemberFormPage = lazyComponent(() =>
  import('../../features/members/member-form-page.tsx').then((m) => m.MemberFormPage),
);
export const MemberProfilePage = lazyComponent(() =>
  import('../../features/members/member-profile-page.tsx').then((m) => m.MemberProfilePage),
);
export const ImportManagerPage = lazyComponent(() =>
  import('../../features/import-manager/import-manager-page.tsx').then((m) => m.ImportManagerPage),
);
export const FieldConfigPage = lazyComponent(() =>
  import('../../features/field-config/field-config-page.tsx').then((m) => m.FieldConfigPage),
);
export const FieldMappingPage = lazyComponent(() =>
  import('../../features/field-mapping/field-mapping-page.tsx').then((m) => m.FieldMappingPage),
);
export const MyProvidersPage = lazyComponent(() =>
  import('../../features/my-providers/my-providers-page.tsx').then((m) => m.MyProvidersPage),
);
export const OrganizationsPage = lazyComponent(() =>
  import('../../features/organizations/organizations-page.tsx').then((m) => m.OrganizationsPage),
);
export const OtfRtfPage = lazyComponent(() =>
  import('../../features/otf-rtf/otf-rtf-page.tsx').then((m) => m.OtfRtfPage),
);
export const OutboxPage = lazyComponent(() =>
  import('../../features/outbox/outbox-page.tsx').then((m) => m.OutboxPage),
);
export const CommunicationsInboxPage = lazyComponent(() =>
  import('../../features/provider-communications/communications-inbox-page.tsx').then(
    (m) => m.CommunicationsInboxPage,
  ),
);
export const ProgramsPage = lazyComponent(() =>
  import('../../features/programs/programs-page.tsx').then((m) => m.ProgramsPage),
);
export const ProviderCommunicationsPage = lazyComponent(() =>
  import('../../features/provider-communications/provider-communications-page.tsx').then(
    (m) => m.ProviderCommunicationsPage,
  ),
);
export const ProviderDirectoryPage = lazyComponent(() =>
  import('../../features/provider-directory/provider-directory-page.tsx').then(
    (m) => m.ProviderDirectoryPage,
  ),
);
export const ProviderPerformancePage = lazyComponent(() =>
  import('../../features/provider-performance/provider-performance-page.tsx').then(
    (m) => m.ProviderPerformancePage,
  ),
);
export const ProviderVerificationPage = lazyComponent(() =>
  import('../../features/provider-verification/provider-verification-page.tsx').then(
    (m) => m.ProviderVerificationPage,
  ),
);
export const ReferralDetailsPage = lazyComponent(() =>
  import('../../features/referral-details/referral-details-page.tsx').then((m) => m.ReferralDetailsPage),
);
export const CreateReferralPage = lazyComponent(() =>
  import('../../features/referral-form/create-referral-page.tsx').then((m) => m.CreateReferralPage),
);
export const EditReferralPage = lazyComponent(() =>
  import('../../features/referral-form/edit-referral-page.tsx').then((m) => m.EditReferralPage),
);
export const InteropSettingsPage = lazyComponent(() =>
  import('../../features/interop-settings/interop-settings-page.tsx').then((m) => m.InteropSettingsPage),
);
export const ReferralQueuePage = lazyComponent(() =>
  import('../../features/referral-queue/referral-queue-page.tsx').then((m) => m.ReferralQueuePage),
);
export const ServiceGapsPage = lazyComponent(() =>
  import('../../features/service-gaps/service-gaps-page.tsx').then((m) => m.ServiceGapsPage),
);
export const SystemMetricsPage = lazyComponent(() =>
  import('../../features/system-metrics/system-metrics-page.tsx').then((m) => m.SystemMetricsPage),
);
export const SecurityLogPage = lazyComponent(() =>
  import('../../features/security-log/security-log-page.tsx').then((m) => m.SecurityLogPage),
);
export const UserManagementPage = lazyComponent(() =>
  import('../../features/user-management/user-management-page.tsx').then((m) => m.UserManagementPage),
);

/**
 * Every screen above, and the dialogs loaded on first opening, loaded now: the tests render the app as it was
 * before they were lazy.
 */
export function preloadScreens(): Promise<unknown> {
  return Promise.all(
    [
      BillingReportPage,
      EnrollmentsPage,
      EnrollmentDetailsPage,
      FormAnalyticsPage,
      FormFillerPage,
      FormLibraryPage,
      ForgotPasswordPage,
      FormTemplatesPage,
      RegisterPage,
      ResetPasswordPage,
      LoginPage,
      AutoMatchPage,
      CaseWorkspacePage,
      ConnectivityTestPage,
      ConsentAdminPage,
      ConsentDocumentPage,
      DashboardPage,
      LandingPage,
      LiveFeedPage,
      ManualMatchingPage,
      MemberProfilesPage,
      MyProvidersPage,
      OrganizationsPage,
      OtfRtfPage,
      OutboxPage,
      ProgramsPage,
      CommunicationsInboxPage,
      ProviderCommunicationsPage,
      ProviderDirectoryPage,
      ProviderPerformancePage,
      ProviderVerificationPage,
      ReferralDetailsPage,
      CreateReferralPage,
      EditReferralPage,
      ReferralQueuePage,
      InteropSettingsPage,
      SecurityLogPage,
      ServiceGapsPage,
      SystemMetricsPage,
      UserManagementPage,
      SignInForm,
      ProfilePanel,
      ConsentDialog,
    ].map((screen) => screen.preload()),
  );
}

/** The screens a page load most often starts on, by the first segment of their path. */
const START_SCREENS: Record<string, LazyComponent<() => ReactNode>> = {
  '': LandingPage,
  livefeed: LiveFeedPage,
  dashboard: DashboardPage,
};

/**
 * Fetches the screen this page load will show while the app starts (issue #13): left to the render, its chunk
 * is asked for only once the shell has run and rendered, one more round trip before the first content. `/`
 * goes where the start rules will send it (livefeed on a phone, 003 §2.1). Only the usual start screens; any
 * other loads on render as before.
 */
export function preloadStartScreen(pathname: string): Promise<unknown> {
  const target =
    pathname === '/'
      ? (startPath({
          storedTab: readLastTab(),
          wide: window.matchMedia(WIDE_QUERY).matches,
          signedIn: isSignedIn(),
        }) ?? '/')
      : pathname;
  const screen = START_SCREENS[target.split('/')[1] ?? ''];
  return (screen?.preload() ?? Promise.resolve()).catch(() => {
    // The render asks again and shows what went wrong.
  });
}
