import { z } from 'zod';

/**
 * Who may receive an event streamed over GET /api/events: everyone (already masked data only), signed-out
 * streams only (masked data they receive instead of the full one), any signed-in user (optionally except the
 * streams acting for some organizations, which receive a fuller version of the same event), the members of one
 * organization, one user, or the platform operators (a super_admin membership: what belongs to no organization,
 * such as a message nobody could place; issue #12 minimum necessary).
 */
export const eventAudienceSchema = z.union([
  z.object({ kind: z.literal('public') }),
  z.object({ kind: z.literal('anonymous') }),
  z.object({ kind: z.literal('signed_in'), except_org_ids: z.array(z.number().int()).optional() }),
  z.object({ kind: z.literal('org'), org_id: z.number().int() }),
  z.object({ kind: z.literal('user'), user_id: z.number().int() }),
  z.object({ kind: z.literal('platform_operators') }),
]);
export type EventAudience = z.infer<typeof eventAudienceSchema>;

/** One event as a browser receives it (the `data:` line of a Server-Sent Event). */
export const appEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  at: z.string(),
  data: z.unknown(),
});
export type AppEvent = z.infer<typeof appEventSchema>;

/**
 * Sent to every open stream of a server process whose LISTEN connection came back after a loss: events
 * published meanwhile did not reach it, so clients refetch what they show (issue #12).
 */
export const RESYNC_EVENT = 'resync';

/**
 * An event that carries protected health information names what it discloses, so every stream that receives
 * it writes an audit row (DESIGN.md "reads of PHI are audited like changes"), e.g. a full live-feed card.
 */
export const eventPhiSchema = z.object({ entity_type: z.string(), ids: z.array(z.number().int()) });
export type EventPhi = z.infer<typeof eventPhiSchema>;
