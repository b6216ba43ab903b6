import { ACCESS_ERROR_REASONS } from './access.ts';
import { ADMINISTRATION_ERROR_REASONS } from './administration.ts';
import { API_CLIENTS_ERROR_REASONS } from './api-clients.ts';
import { COMMUNICATIONS_ERROR_REASONS } from './communications.ts';
import { ENROLLMENTS_ERROR_REASONS } from './enrollments.ts';
import { FHIR_ERROR_REASONS } from './fhir.ts';
import { FORMS_ERROR_REASONS } from './forms.ts';
import { HSDS_ERROR_REASONS } from './hsds.ts';
import { MEMBERS_ERROR_REASONS } from './members.ts';
import { PLATFORM_ERROR_REASONS } from './platform.ts';
import { PROGRAMS_ERROR_REASONS } from './programs.ts';
import { PROVIDERS_ERROR_REASONS } from './providers.ts';
import { REFERRALS_ERROR_REASONS } from './referrals.ts';
import {
  AUTOMATION_ERROR_REASONS,
  NOTIFICATIONS_ERROR_REASONS,
  WORKFLOWS_ERROR_REASONS,
} from './workflows.ts';

/**
 * Every error reason (issue #13 item 5): `<subject>.<what happened>` → the generic code it answers with. The
 * envelope carries both: `code` (the HTTP-level class the spec's client reads) and `reason` (which refusal).
 * One file per area; a reason is added where its area's rule lives.
 */
export const ERROR_REASONS = {
  ...PLATFORM_ERROR_REASONS,
  ...ACCESS_ERROR_REASONS,
  ...ADMINISTRATION_ERROR_REASONS,
  ...REFERRALS_ERROR_REASONS,
  ...PROVIDERS_ERROR_REASONS,
  ...COMMUNICATIONS_ERROR_REASONS,
  ...PROGRAMS_ERROR_REASONS,
  ...MEMBERS_ERROR_REASONS,
  ...ENROLLMENTS_ERROR_REASONS,
  ...FORMS_ERROR_REASONS,
  ...WORKFLOWS_ERROR_REASONS,
  ...NOTIFICATIONS_ERROR_REASONS,
  ...AUTOMATION_ERROR_REASONS,
  ...API_CLIENTS_ERROR_REASONS,
  ...FHIR_ERROR_REASONS,
  ...HSDS_ERROR_REASONS,
} as const;
export type ErrorReason = keyof typeof ERROR_REASONS;

export function isErrorReason(value: string): value is ErrorReason {
  return Object.hasOwn(ERROR_REASONS, value);
}
