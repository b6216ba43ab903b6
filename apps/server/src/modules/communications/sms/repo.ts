import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  conversations,
  organizations,
  providerCommunicationMethods,
  providers,
  referralProviderMatches,
  referrals,
} from '../../../db/schema/index.ts';
import { AWAITING_STATUSES } from '../../referrals/referrals/expiry.ts';

// The reads the SMS module needs besides the communications module's records: who a number belongs to, which
// referrals wait for a provider's answer, the organizations' threads with a number, and the coordinator's
// contact for HELP. Other modules' tables are only read here (declared in module.ts); writes go through the
// communications, referrals and referral-sending services.

export type ProviderSummary = {
  id: number;
  name: string;
  phone: string | null;
  organizationId: number | null;
};

export async function findProvider(db: DbOrTx, id: number): Promise<ProviderSummary | null> {
  const [row] = await db
    .select({
      id: providers.id,
      name: providers.name,
      phone: providers.phone,
      organizationId: providers.organizationId,
    })
    .from(providers)
    .where(eq(providers.id, id));
  return row ?? null;
}

/**
 * The providers a number belongs to: the directory record's phone (providers.phone_digits) or a stored phone
 * method (provider_communication_methods.contact_digits), both indexed on the last 10 digits.
 */
export async function providerIdsByDigits(db: DbOrTx, digits: string, limit = 10): Promise<number[]> {
  if (!/^\d{10}$/.test(digits)) return [];
  const result = (await db.execute(sql`
    SELECT id FROM (
      SELECT ${providers.id} AS id FROM ${providers} WHERE ${providers.phoneDigits} = ${digits}
      UNION
      SELECT ${providerCommunicationMethods.providerId} AS id FROM ${providerCommunicationMethods}
        WHERE ${providerCommunicationMethods.contactDigits} = ${digits}
          AND ${providerCommunicationMethods.methodType} = 'phone'
    ) found ORDER BY id LIMIT ${limit}`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}

/**
 * The referral waits for this provider's answer (000 §4.2, 001 §2.8): Matched or Authorized, not answered, and
 * either matched to it, or matched to nobody yet and sent to it (the first to accept wins).
 */
function awaitsProvider(providerId: SQL | number): SQL {
  return sql`(${inArray(referrals.status, [...AWAITING_STATUSES])}
    AND coalesce(${referrals.acceptanceStatus}, 'pending') = 'pending'
    AND (${referrals.matchedProviderId} = ${providerId}
      OR (${referrals.matchedProviderId} IS NULL AND EXISTS (
        SELECT 1 FROM ${referralProviderMatches} m
        WHERE m.referral_id = ${referrals.id} AND m.provider_id = ${providerId} AND m.status = 'sent'))))`;
}

export type CounterpartThread = {
  id: number;
  organizationId: number;
  providerId: number | null;
  referralId: number | null;
  referralNumber: string | null;
  /** The thread's referral waits for the thread's provider's answer. */
  awaiting: boolean;
};

/** The organizations' SMS threads with a number, newest activity first, with their referral's state. */
export async function threadsWithCounterpart(
  db: DbOrTx,
  counterpart: string,
  limit = 50,
): Promise<CounterpartThread[]> {
  const rows = await db
    .select({
      id: conversations.id,
      organizationId: conversations.organizationId,
      providerId: conversations.providerId,
      referralId: conversations.referralId,
      referralNumber: referrals.referralNumber,
      awaiting: sql<boolean>`coalesce(${conversations.providerId} IS NOT NULL AND ${awaitsProvider(sql`${conversations.providerId}`)}, false)`,
    })
    .from(conversations)
    .leftJoin(referrals, eq(referrals.id, conversations.referralId))
    .where(
      and(
        eq(conversations.channel, 'sms'),
        eq(conversations.counterpart, counterpart),
        isNotNull(conversations.organizationId),
      ),
    )
    .orderBy(sql`${conversations.lastMessageAt} DESC NULLS LAST`, desc(conversations.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, organizationId: r.organizationId!, awaiting: Boolean(r.awaiting) }));
}

export type AwaitingReferral = {
  referralId: number;
  referralNumber: string;
  organizationId: number;
  providerId: number;
};

/**
 * The referrals waiting for an answer from any of these providers, newest first (served by
 * referrals_matched_provider_idx and referral_provider_matches_provider_idx).
 */
export async function referralsAwaiting(
  db: DbOrTx,
  providerIds: readonly number[],
  limit = 20,
): Promise<AwaitingReferral[]> {
  if (providerIds.length === 0) return [];
  const ids = sql.join(
    providerIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    SELECT DISTINCT ON (r.id) r.id AS referral_id, r.referral_number, r.organization_id, r.provider_id, r.created_at
    FROM (
      SELECT ${referrals.id} AS id, ${referrals.referralNumber} AS referral_number,
        ${referrals.organizationId} AS organization_id, ${referrals.matchedProviderId} AS provider_id,
        ${referrals.createdAt} AS created_at
      FROM ${referrals}
      WHERE ${referrals.matchedProviderId} IN (${ids})
        AND ${inArray(referrals.status, [...AWAITING_STATUSES])}
        AND coalesce(${referrals.acceptanceStatus}, 'pending') = 'pending'
      UNION ALL
      SELECT ${referrals.id}, ${referrals.referralNumber}, ${referrals.organizationId}, m.provider_id,
        ${referrals.createdAt}
      FROM ${referralProviderMatches} m JOIN ${referrals} ON ${referrals.id} = m.referral_id
      WHERE m.provider_id IN (${ids}) AND m.status = 'sent'
        AND ${referrals.matchedProviderId} IS NULL
        AND ${inArray(referrals.status, [...AWAITING_STATUSES])}
        AND coalesce(${referrals.acceptanceStatus}, 'pending') = 'pending'
    ) r
    ORDER BY r.id DESC
    LIMIT ${limit}`)) as unknown as {
    rows: { referral_id: number; referral_number: string; organization_id: number; provider_id: number }[];
  };
  return result.rows.map((r) => ({
    referralId: Number(r.referral_id),
    referralNumber: r.referral_number,
    organizationId: Number(r.organization_id),
    providerId: Number(r.provider_id),
  }));
}

/** After the provider accepted: the statuses in which it reports progress (issue #14 item 3). */
const SERVING_STATUSES = ['accepted', 'authorized', 'in_progress', 'on_hold'] as const;

/**
 * The referrals these providers accepted and are serving, newest first: the ones a "STARTED" or "DONE" text may
 * be about (served by referrals_matched_provider_idx).
 */
export async function referralsServing(
  db: DbOrTx,
  providerIds: readonly number[],
  limit = 20,
): Promise<AwaitingReferral[]> {
  if (providerIds.length === 0) return [];
  const rows = await db
    .select({
      referralId: referrals.id,
      referralNumber: referrals.referralNumber,
      organizationId: referrals.organizationId,
      providerId: referrals.matchedProviderId,
    })
    .from(referrals)
    .where(
      and(
        inArray(referrals.matchedProviderId, [...providerIds]),
        eq(referrals.acceptanceStatus, 'accepted'),
        inArray(referrals.status, [...SERVING_STATUSES]),
      ),
    )
    .orderBy(desc(referrals.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, providerId: r.providerId! }));
}

/** HELP: how to reach the coordinator (002 §3 Organization contact). */
export async function organizationContact(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      name: organizations.name,
      contactPhone: organizations.contactPhone,
      contactEmail: organizations.contactEmail,
    })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row ?? null;
}

/**
 * The organization's newest SMS thread with a provider about a referral (or about nothing: referral null), the
 * one the SMS panel shows (001 §2.12).
 */
export async function newestThread(
  db: DbOrTx,
  organizationId: number,
  providerId: number,
  referralId: number | null,
) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.organizationId, organizationId),
        eq(conversations.providerId, providerId),
        referralId === null ? isNull(conversations.referralId) : eq(conversations.referralId, referralId),
        eq(conversations.channel, 'sms'),
      ),
    )
    .orderBy(sql`${conversations.lastMessageAt} DESC NULLS LAST`, desc(conversations.id))
    .limit(1);
  return row ?? null;
}
