import type { AppEvent, EventPhi } from '@trust/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import type { AuthContext } from './auth.ts';

/** Who received a PHI event: a signed-in stream's user, organization and address. */
export type StreamedPhiRow = { auth: AuthContext; ip: string | null };

/** The audit action of PHI delivered on an event stream (a full live-feed card, say). */
export const PHI_STREAMED_ACTION = 'phi.streamed';

/**
 * Audits PHI sent on event streams (issue #12, item 10): every signed-in stream that received an event
 * published with `{ phi }` is a read by its user, one row each, all rows of one delivery in one INSERT. The
 * insert runs after the frames went out and nobody waits for it; a failure is logged (without the ids or any
 * PHI), since the event cannot be un-sent. stop() waits for inserts still running.
 */
export class StreamedPhiAudit {
  readonly #pending = new Set<Promise<void>>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  record(event: AppEvent, phi: EventPhi, receivers: readonly StreamedPhiRow[]) {
    const rows = receivers.map(({ auth, ip }) => ({
      actorUserId: auth.user.id,
      organizationId: auth.org?.id ?? null,
      action: PHI_STREAMED_ACTION,
      entityType: phi.entity_type,
      entityId: phi.ids.length === 1 ? String(phi.ids[0]) : null,
      ip,
      details: { ids: phi.ids, event_type: event.type, event_id: event.id, session_id: auth.sessionId },
    }));
    const write = this.database.db
      .insert(auditLog)
      .values(rows)
      .then(
        () => {},
        (err: unknown) => {
          const cause = (err as { cause?: { code?: string } }).cause;
          this.log.error(
            {
              code: cause?.code ?? (err as { code?: string }).code,
              event_type: event.type,
              rows: rows.length,
            },
            'could not write the audit rows of PHI sent on event streams',
          );
        },
      );
    this.#pending.add(write);
    void write.finally(() => this.#pending.delete(write));
  }

  async drain() {
    await Promise.all(this.#pending);
  }
}
