import type { ServerModule } from '../platform/module.ts';
import authModule from './access/auth/module.ts';
import consentModule from './access/consent/module.ts';
import invitationsModule from './access/invitations/module.ts';
import passwordsModule from './access/passwords/module.ts';
import twoFactorModule from './access/two-factor/module.ts';
import auditLogModule from './administration/audit-log/module.ts';
import clientConfigModule from './administration/client-config/module.ts';
import healthModule from './administration/health/module.ts';
import orgsModule from './administration/orgs/module.ts';
import usersModule from './administration/users/module.ts';
import automationModule from './care/automation/module.ts';
import enrollmentsModule from './care/enrollments/module.ts';
import formsModule from './care/forms/module.ts';
import memberImportsModule from './care/member-imports/module.ts';
import memberTimelineModule from './care/member-timeline/module.ts';
import membersModule from './care/members/module.ts';
import programsModule from './care/programs/module.ts';
import workflowsModule from './care/workflows/module.ts';
import communicationsModule from './communications/communications/module.ts';
import emailModule from './communications/email/module.ts';
import notificationsModule from './communications/notifications/module.ts';
import outboxModule from './communications/outbox/module.ts';
import smsModule from './communications/sms/module.ts';
import speechModule from './communications/speech/module.ts';
import voiceModule from './communications/voice/module.ts';
import webFormsModule from './communications/web-forms/module.ts';
import apiClientsModule from './interop/api-clients/module.ts';
import fhirModule from './interop/fhir/module.ts';
import hsdsModule from './interop/hsds/module.ts';
import directoryModule from './providers/directory/module.ts';
import providerImportsModule from './providers/provider-imports/module.ts';
import providerPerformanceModule from './providers/provider-performance/module.ts';
import savedProvidersModule from './providers/saved-providers/module.ts';
import analyticsModule from './referrals/analytics/module.ts';
import caseNotesModule from './referrals/case-notes/module.ts';
import dashboardModule from './referrals/dashboard/module.ts';
import documentsModule from './referrals/documents/module.ts';
import matchingModule from './referrals/matching/module.ts';
import otfRtfModule from './referrals/otf-rtf/module.ts';
import referralMembersModule from './referrals/referral-members/module.ts';
import referralSendingModule from './referrals/referral-sending/module.ts';
import referralsModule from './referrals/referrals/module.ts';
import voiceConversationsModule from './referrals/voice-conversations/module.ts';

/**
 * Every server module, in registration order (the directory's first: it also runs alone). app.ts builds the
 * server from this list; a new module adds its manifest here and nowhere else.
 */
export const MODULES: readonly ServerModule[] = [
  healthModule,
  clientConfigModule,
  directoryModule,
  providerImportsModule,
  hsdsModule,
  authModule,
  twoFactorModule,
  orgsModule,
  outboxModule,
  usersModule,
  invitationsModule,
  passwordsModule,
  auditLogModule,
  consentModule,
  dashboardModule,
  analyticsModule,
  membersModule,
  memberImportsModule,
  referralsModule,
  referralMembersModule,
  caseNotesModule,
  voiceConversationsModule,
  documentsModule,
  otfRtfModule,
  matchingModule,
  providerPerformanceModule,
  savedProvidersModule,
  referralSendingModule,
  communicationsModule,
  smsModule,
  emailModule,
  speechModule,
  voiceModule,
  webFormsModule,
  apiClientsModule,
  fhirModule,
  programsModule,
  enrollmentsModule,
  formsModule,
  workflowsModule,
  automationModule,
  notificationsModule,
  memberTimelineModule,
];
