import { and, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  calls,
  providerCommunicationMethods,
  providers,
  referrals,
  users,
  voicemails,
} from '../../../db/schema/index.ts';

// Queries of calls and voicemails (this module owns both tables), with the joins their lists show (declared in
// module.ts), and the read-only look-up of the provider a voicemail's number belongs to.

export type CallRow = typeof calls.$inferSelect;
export type CallInsert = typeof calls.$inferInsert;
export type VoicemailRow = typeof voicemails.$inferSelect;
export type VoicemailInsert = typeof voicemails.$inferInsert;

export async function insertCall(db: DbOrTx, values: CallInsert): Promise<CallRow> {
  const [row] = await db.insert(calls).values(values).returning();
  return row!;
}

export async function updateCall(
  db: DbOrTx,
  id: number,
  patch: Partial<CallInsert>,
): Promise<CallRow | null> {
  const [row] = await db
    .update(calls)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(calls.id, id))
    .returning();
  return row ?? null;
}

export async function findCall(db: DbOrTx, id: number): Promise<CallRow | null> {
  const [row] = await db.select().from(calls).where(eq(calls.id, id));
  return row ?? null;
}

export async function findCallBySid(db: DbOrTx, callSid: string): Promise<CallRow | null> {
  const [row] = await db.select().from(calls).where(eq(calls.callSid, callSid));
  return row ?? null;
}

/** A call by its sid, locked until the transaction ends: two callbacks of one call apply one after the other. */
export async function lockCallBySid(db: DbOrTx, callSid: string): Promise<CallRow | null> {
  const [row] = await db.select().from(calls).where(eq(calls.callSid, callSid)).for('update');
  return row ?? null;
}

export async function lockCall(db: DbOrTx, id: number): Promise<CallRow | null> {
  const [row] = await db.select().from(calls).where(eq(calls.id, id)).for('update');
  return row ?? null;
}

const callListed = {
  row: calls,
  providerName: providers.name,
  referralNumber: referrals.referralNumber,
  placedByName: users.name,
};
export type ListedCall = {
  row: CallRow;
  providerName: string | null;
  referralNumber: string | null;
  placedByName: string | null;
};

export async function findListedCall(db: DbOrTx, id: number): Promise<ListedCall | null> {
  const [row] = await db
    .select(callListed)
    .from(calls)
    .leftJoin(providers, eq(providers.id, calls.providerId))
    .leftJoin(referrals, eq(referrals.id, calls.referralId))
    .leftJoin(users, eq(users.id, calls.userId))
    .where(eq(calls.id, id));
  return row ?? null;
}

export type CallFilter = {
  organizationId: number;
  providerId?: number | undefined;
  referralId?: number | undefined;
};

/** 001 §2.15 call history: one organization's calls, newest first (index calls_org_initiated_idx). */
export async function listCallPage(db: DbOrTx, f: CallFilter, limit: number, offset: number) {
  const where = and(
    eq(calls.organizationId, f.organizationId),
    f.providerId === undefined ? undefined : eq(calls.providerId, f.providerId),
    f.referralId === undefined ? undefined : eq(calls.referralId, f.referralId),
  );
  const rows = await db
    .select(callListed)
    .from(calls)
    .leftJoin(providers, eq(providers.id, calls.providerId))
    .leftJoin(referrals, eq(referrals.id, calls.referralId))
    .leftJoin(users, eq(users.id, calls.userId))
    .where(where)
    .orderBy(desc(calls.initiatedAt), desc(calls.id))
    .limit(limit)
    .offset(offset);
  const [totals] = await db.select({ total: count() }).from(calls).where(where);
  return { rows, total: Number(totals?.total ?? 0) };
}

/** Inserts a voicemail once per CallSid (Twilio may ask the incoming-call webhook twice); null when it exists. */
export async function insertVoicemail(db: DbOrTx, values: VoicemailInsert): Promise<VoicemailRow | null> {
  const [row] = await db
    .insert(voicemails)
    .values(values)
    .onConflictDoNothing({ target: voicemails.callSid, where: sql`${voicemails.callSid} IS NOT NULL` })
    .returning();
  return row ?? null;
}

export async function updateVoicemail(
  db: DbOrTx,
  id: number,
  patch: Partial<VoicemailInsert>,
): Promise<VoicemailRow | null> {
  const [row] = await db.update(voicemails).set(patch).where(eq(voicemails.id, id)).returning();
  return row ?? null;
}

export async function lockVoicemailBySid(db: DbOrTx, callSid: string): Promise<VoicemailRow | null> {
  const [row] = await db.select().from(voicemails).where(eq(voicemails.callSid, callSid)).for('update');
  return row ?? null;
}

export async function lockVoicemail(db: DbOrTx, id: number): Promise<VoicemailRow | null> {
  const [row] = await db.select().from(voicemails).where(eq(voicemails.id, id)).for('update');
  return row ?? null;
}

const voicemailListed = {
  row: voicemails,
  providerName: providers.name,
  referralNumber: referrals.referralNumber,
};
export type ListedVoicemail = {
  row: VoicemailRow;
  providerName: string | null;
  referralNumber: string | null;
};

export async function findListedVoicemail(db: DbOrTx, id: number): Promise<ListedVoicemail | null> {
  const [row] = await db
    .select(voicemailListed)
    .from(voicemails)
    .leftJoin(providers, eq(providers.id, voicemails.providerId))
    .leftJoin(referrals, eq(referrals.id, voicemails.referralId))
    .where(eq(voicemails.id, id));
  return row ?? null;
}

export type VoicemailFilter = {
  organizationId: number;
  /** Also the voicemails nobody could place (organization null): coordinators triage them. */
  withUnmatched: boolean;
  providerId?: number | undefined;
  referralId?: number | undefined;
};

function voicemailWhere(f: VoicemailFilter): SQL | undefined {
  return and(
    f.withUnmatched
      ? or(eq(voicemails.organizationId, f.organizationId), isNull(voicemails.organizationId))
      : eq(voicemails.organizationId, f.organizationId),
    f.providerId === undefined ? undefined : eq(voicemails.providerId, f.providerId),
    f.referralId === undefined ? undefined : eq(voicemails.referralId, f.referralId),
  );
}

/** 001 §2.16: one page of voicemails, newest first, with the unread count of every selected one. */
export async function listVoicemailPage(db: DbOrTx, f: VoicemailFilter, limit: number, offset: number) {
  const where = voicemailWhere(f);
  const rows = await db
    .select(voicemailListed)
    .from(voicemails)
    .leftJoin(providers, eq(providers.id, voicemails.providerId))
    .leftJoin(referrals, eq(referrals.id, voicemails.referralId))
    .where(where)
    .orderBy(desc(voicemails.receivedAt), desc(voicemails.id))
    .limit(limit)
    .offset(offset);
  const [totals] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) FILTER (WHERE NOT ${voicemails.isRead})::int`,
    })
    .from(voicemails)
    .where(where);
  return { rows, total: Number(totals?.total ?? 0), unread: Number(totals?.unread ?? 0) };
}

export async function findProvider(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: providers.id, name: providers.name })
    .from(providers)
    .where(eq(providers.id, id));
  return row ?? null;
}

export async function findUserPhone(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, userId));
  return row?.phone ?? null;
}

/** The provider a number belongs to: its record's phone, else one of its phone methods (last 10 digits). */
export async function providerByDigits(db: DbOrTx, digits: string): Promise<number | null> {
  const [own] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(eq(providers.phoneDigits, digits))
    .orderBy(providers.id)
    .limit(1);
  if (own) return own.id;
  const [method] = await db
    .select({ id: providerCommunicationMethods.providerId })
    .from(providerCommunicationMethods)
    .where(eq(providerCommunicationMethods.contactDigits, digits))
    .orderBy(providerCommunicationMethods.providerId)
    .limit(1);
  return method?.id ?? null;
}
