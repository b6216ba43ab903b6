import { computePriority } from '@trust/domain';
import type { providerCommunicationMethods, providers } from '../schema/index.ts';
import type { Random } from './random.ts';

type MethodRow = typeof providerCommunicationMethods.$inferInsert;

/**
 * Contact methods a coordinator has already worked with (001 §3 Communication method): the provider's phone,
 * email and web form from its record, some verified, with a history of sends, one preferred; the priority is
 * computed by the same rule the server applies after each attempt (001 §9).
 */
export function makeCommunicationMethods(
  rng: Random,
  providerId: number,
  provider: typeof providers.$inferInsert,
  now: Date,
): MethodRow[] {
  const contacts: [string, string | null | undefined][] = [
    ['phone', provider.phone],
    ['email', provider.email],
    ['web_form', provider.webFormUrl],
  ];
  const rows: MethodRow[] = contacts
    .filter((c): c is [string, string] => Boolean(c[1]))
    .map(([methodType, contactValue]) => {
      const attempts = rng.int(0, 12);
      const successCount = Math.round(attempts * (0.5 + rng.next() * 0.5));
      const lastUsedAt = attempts > 0 ? new Date(now.getTime() - rng.int(1, 120) * 86_400_000) : null;
      return {
        providerId,
        methodType,
        contactValue,
        verified: rng.chance(0.6),
        isPreferred: false,
        successCount,
        failureCount: attempts - successCount,
        lastUsedAt,
        discoveryMethod: 'directory',
        discoveredAt: new Date(now.getTime() - rng.int(30, 365) * 86_400_000),
      };
    });
  if (rows.length > 0) rng.pick(rows).isPreferred = true;
  for (const row of rows) {
    row.priority = computePriority(
      {
        methodType: row.methodType,
        verified: row.verified ?? false,
        isPreferred: row.isPreferred ?? false,
        successCount: row.successCount ?? 0,
        failureCount: row.failureCount ?? 0,
        lastUsedAt: row.lastUsedAt ?? null,
      },
      now,
    );
  }
  return rows;
}
