import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';

export { multipart } from './multipart.ts';

// Shared by the voice module's API tests (modules/communications/voice) and the PHI-read test.

export async function one<T>(database: Database, text: string, params: unknown[] = []): Promise<T> {
  const [row] = await database.query<T>(text, params);
  return row as T;
}

export async function orgIdOf(database: Database, name: string): Promise<number> {
  return (await one<{ id: number }>(database, 'SELECT id FROM organizations WHERE name = $1', [name])).id;
}

/** A referral that `orgId` cannot see: another organization's, not matched to one of its providers. */
export async function referralHiddenFrom(database: Database, orgId: number): Promise<number> {
  return (
    await one<{ id: number }>(
      database,
      `SELECT r.id FROM referrals r LEFT JOIN providers p ON p.id = r.matched_provider_id
        WHERE r.organization_id <> $1 AND p.organization_id IS DISTINCT FROM $1 ORDER BY r.id LIMIT 1`,
      [orgId],
    )
  ).id;
}

/** A referral of `orgId` that `otherOrgId` cannot see (not matched to one of its providers). */
export async function referralOf(database: Database, orgId: number, otherOrgId: number): Promise<number> {
  return (
    await one<{ id: number }>(
      database,
      `SELECT r.id FROM referrals r LEFT JOIN providers p ON p.id = r.matched_provider_id
        WHERE r.organization_id = $1 AND p.organization_id IS DISTINCT FROM $2 ORDER BY r.id LIMIT 1`,
      [orgId, otherOrgId],
    )
  ).id;
}

let seq = 0;
/** A directory provider of its own with this phone number. */
export async function providerWithPhone(database: Database, phone: string | null): Promise<number> {
  seq += 1;
  return (
    await one<{ id: number }>(
      database,
      `INSERT INTO providers (name, organization_type, phone) VALUES ($1, 'Food Bank', $2) RETURNING id`,
      [`Voice Test Pantry ${seq} ${randomBytes(3).toString('hex')}`, phone],
    )
  ).id;
}

export { eventually } from './helpers.ts';

export async function bodyOf(app: FastifyInstance, url: string, headers: Record<string, string>) {
  const res = await app.inject({ method: 'GET', url, headers });
  return { res, bytes: res.rawPayload };
}
