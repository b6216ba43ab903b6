import { type ApiClient, isApiScope } from '@trust/domain';
import type { ApiClientRow } from './repo.ts';

/** A client as its admins see it: never the secret's hash. */
export function toApiClientWire(row: ApiClientRow, createdByName: string | null): ApiClient {
  return {
    id: row.id,
    name: row.name,
    client_id: row.clientId,
    scopes: row.scopes.filter(isApiScope),
    created_at: row.createdAt.toISOString(),
    created_by_name: createdByName,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}
