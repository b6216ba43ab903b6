/**
 * Routes whose answer carries PHI of members declare it (issue #12 item 10): `config: { ...read, phi:
 * phiRoute('referral') }`. The declaration is what the OpenAPI document shows as `x-phi` on the operation, so
 * the PHI routes can be listed from the document alone (`phi-reads.test.ts` calls each one and checks its audit
 * row). The audit itself stays in the service, which knows the ids it returned: one row per request, written
 * with `auditPhiRead` for a read (`<entity>.read`, `<entity>.list_read`, `<entity>.<part>_read`), or the
 * change's own row for a write that answers with the record it changed.
 */

/** What the audit rows of a PHI route name (audit_log.entity_type). */
export type PhiEntityType =
  | 'referral'
  | 'referral_event'
  | 'member'
  | 'member_import'
  | 'case_note'
  | 'referral_document'
  | 'communication'
  | 'conversation'
  | 'outbound_message'
  | 'web_form_submission'
  | 'voicemail'
  | 'call'
  | 'enrollment'
  | 'enrollment_activity'
  | 'enrollment_document'
  | 'enrollment_note'
  | 'enrollment_goal'
  | 'form_instance'
  | 'workflow_instance'
  | 'workflow_task'
  | 'voice_conversation';

export type PhiRoute = {
  /** The entity type of the audit row a request writes, naming the records it answered with. */
  entityType: PhiEntityType;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer carries PHI of members; every request writes one audit row naming what it returned. */
    phi?: PhiRoute;
  }
}

/** The OpenAPI extension that marks a PHI route's operation. */
export const PHI_EXTENSION = 'x-phi';

export function phiRoute(entityType: PhiEntityType): { phi: PhiRoute } {
  return { phi: { entityType } };
}

/** The operation's `x-phi` value, for the OpenAPI transform: `{ entity_type }`, or nothing. */
export function phiExtension(config: { phi?: PhiRoute } | undefined): Record<string, unknown> {
  return config?.phi ? { [PHI_EXTENSION]: { entity_type: config.phi.entityType } } : {};
}
