import { ACCESS_AUDIT_ACTIONS } from './access.ts';
import { ADMINISTRATION_AUDIT_ACTIONS } from './administration.ts';
import { API_CLIENTS_AUDIT_ACTIONS } from './api-clients.ts';
import { COMMUNICATIONS_AUDIT_ACTIONS } from './communications.ts';
import { ENROLLMENTS_AUDIT_ACTIONS } from './enrollments.ts';
import { FHIR_AUDIT_ACTIONS } from './fhir.ts';
import { FORMS_AUDIT_ACTIONS } from './forms.ts';
import { HSDS_AUDIT_ACTIONS } from './hsds.ts';
import { MEMBERS_AUDIT_ACTIONS } from './members.ts';
import { PLATFORM_AUDIT_ACTIONS } from './platform.ts';
import { PROGRAMS_AUDIT_ACTIONS } from './programs.ts';
import { PROVIDERS_AUDIT_ACTIONS } from './providers.ts';
import { REFERRALS_AUDIT_ACTIONS } from './referrals.ts';
import { WORKFLOWS_AUDIT_ACTIONS } from './workflows.ts';

/**
 * Every action the audit log records (issue #13 item 5): `<entity>.<verb>` → what the row means, in words the
 * security log can show. audit() accepts only these; one file per area.
 */
export const AUDIT_ACTIONS = {
  ...PLATFORM_AUDIT_ACTIONS,
  ...ACCESS_AUDIT_ACTIONS,
  ...ADMINISTRATION_AUDIT_ACTIONS,
  ...REFERRALS_AUDIT_ACTIONS,
  ...PROVIDERS_AUDIT_ACTIONS,
  ...COMMUNICATIONS_AUDIT_ACTIONS,
  ...PROGRAMS_AUDIT_ACTIONS,
  ...MEMBERS_AUDIT_ACTIONS,
  ...ENROLLMENTS_AUDIT_ACTIONS,
  ...FORMS_AUDIT_ACTIONS,
  ...WORKFLOWS_AUDIT_ACTIONS,
  ...API_CLIENTS_AUDIT_ACTIONS,
  ...FHIR_AUDIT_ACTIONS,
  ...HSDS_AUDIT_ACTIONS,
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
