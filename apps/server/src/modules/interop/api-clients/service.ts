import { randomBytes } from 'node:crypto';
import {
  API_CLIENT_MESSAGES,
  type ApiClient,
  type ApiClientCreate,
  type ApiClientCreated,
  type ApiClientList,
} from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import { inTransaction, type OrgContext } from '../../../platform/context.ts';
import { hashToken, randomToken } from '../../../platform/crypto.ts';
import { AppError } from '../../../platform/errors.ts';
import { endApiClientSessions } from '../../../platform/sessions.ts';
import * as repo from './repo.ts';
import { createServiceAccount } from './service-account.ts';
import { toApiClientWire } from './wire.ts';

/** The public id: lowercase hex, so the service account's address built from it is unique whatever the case. */
function newClientId(): string {
  return `tmc_${randomBytes(16).toString('hex')}`;
}

/** GET /api/api-clients: the active organization's clients, revoked ones included (their history matters). */
export async function listApiClients(ctx: OrgContext): Promise<ApiClientList> {
  const rows = await repo.listByOrganization(ctx.db, ctx.actor.org.id);
  await audit(ctx.db, ctx, { action: 'api_client.list_read', entityType: 'api_client' });
  return { api_clients: rows.map((r) => toApiClientWire(r, r.createdByName)) };
}

/**
 * POST /api/api-clients: a client, its service account and its membership, in one transaction. The secret (32
 * random bytes) is returned this once; only its SHA-256 is kept — like session tokens, it is random enough that
 * a slow password hash would add nothing but latency to every token request.
 */
export async function createApiClient(ctx: OrgContext, input: ApiClientCreate): Promise<ApiClientCreated> {
  const organizationId = ctx.actor.org.id;
  const clientId = newClientId();
  const secret = randomToken(32);
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const { userId } = await createServiceAccount(txCtx, { organizationId, clientId, name: input.name });
    const row = await repo.insertClient(tx, {
      organizationId,
      name: input.name,
      clientId,
      secretHash: hashToken(secret),
      scopes: [...input.scopes],
      serviceUserId: userId,
      createdBy: ctx.actor.user.id,
    });
    await audit(tx, ctx, {
      action: 'api_client.created',
      entityType: 'api_client',
      entityId: row.id,
      details: { name: row.name, client_id: clientId, scopes: row.scopes, service_user_id: userId },
    });
    return { ...toApiClientWire(row, ctx.actor.user.name), client_secret: secret };
  });
}

/**
 * POST /api/api-clients/{id}/revoke: the client can no longer get tokens, and the tokens it holds end now
 * (their sessions are deleted, and the auth layer refuses a revoked client's session regardless). Another
 * organization's client is not found.
 */
export async function revokeApiClient(ctx: OrgContext, input: { id: number }): Promise<ApiClient> {
  return ctx.db.transaction(async (tx) => {
    const found = await repo.findForUpdate(tx, ctx.actor.org.id, input.id);
    if (!found) throw new AppError('api_client.not_found', API_CLIENT_MESSAGES.notFound);
    if (found.revokedAt) throw new AppError('api_client.already_revoked', API_CLIENT_MESSAGES.alreadyRevoked);
    const revoked = await repo.markRevoked(tx, found.id, new Date());
    if (!revoked) throw new AppError('api_client.already_revoked', API_CLIENT_MESSAGES.alreadyRevoked);
    const ended = await endApiClientSessions(tx, found.id);
    await audit(tx, ctx, {
      action: 'api_client.revoked',
      entityType: 'api_client',
      entityId: found.id,
      details: { client_id: found.clientId, tokens_ended: ended },
    });
    const [listed] = await repo.listByOrganization(tx, ctx.actor.org.id, found.id);
    return toApiClientWire(revoked, listed?.createdByName ?? null);
  });
}
