import { DAY_MS, DIRECTORY_STALE_AFTER_DAYS_DEFAULT } from '@trust/domain';
import { count, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/crypto.ts';
import type { Database, Tx } from '../client.ts';
import {
  appMeta,
  caseNotes,
  memberFollowUps,
  members,
  memberships,
  organizations,
  providerCommunicationMethods,
  providers,
  referralEvents,
  referrals,
  users,
} from '../schema/index.ts';
import { makeCommunicationMethods } from './communication-methods.ts';
import { insertConsentDemoData } from './consent.ts';
import { insertEnrollmentDemoData } from './enrollments.ts';
import { makeMember, makeProvider, makeReferral } from './factories.ts';
import { demoFollowUp } from './follow-ups.ts';
import { insertFormDemoData } from './forms.ts';
import { noteAddedEvent, referralNotes, referralTimeline } from './history.ts';
import { insertMemberFieldDemoData } from './member-fields.ts';
import { METROS, type Metro } from './metros.ts';
import { DEMO_ORGANIZATIONS, DEMO_USERS, type DemoOrgKey } from './people.ts';
import { insertProgramDemoData } from './programs.ts';
import { Random } from './random.ts';
import { referralLifecycle } from './statuses.ts';
import { insertTwoFactorDemoData } from './two-factor.ts';
import { insertWorkflowDemoData } from './workflows.ts';

const DEMO_LOCK = 7_240_002;
const MARKER = 'demo_data';
/** Directory providers generated around each demo metro. */
const DEMO_PROVIDERS_PER_METRO = 1000;

export type DemoCounts = {
  organizations: number;
  users: number;
  providers: number;
  members: number;
  referrals: number;
};

/**
 * Loads the generated demo dataset into an empty database, in one transaction: a process killed half-way
 * leaves nothing behind and the next start loads it again. A database that already has users (real data, or
 * a finished load) is left alone.
 */
export async function loadDemoData(
  database: Database,
  options: {
    password: string;
    providersPerMetro?: number;
    referrals?: number;
    now?: Date;
    /** The deployment's DIRECTORY_STALE_AFTER_DAYS: the listings' confirmations and scores are drawn against it. */
    staleAfterDays?: number;
  },
): Promise<{ loaded: boolean; counts?: DemoCounts }> {
  return database.withLock(DEMO_LOCK, async () => {
    const [marker] = await database.db.select().from(appMeta).where(eq(appMeta.key, MARKER));
    const [existing] = await database.db.select({ n: count() }).from(users);
    if (marker || (existing?.n ?? 0) > 0) return { loaded: false };
    const passwordHash = await hashPassword(options.password);
    const counts = await database.db.transaction((tx) => insertAll(tx, passwordHash, options));
    return { loaded: true, counts };
  });
}

async function insertChunked<T extends Record<string, unknown>>(
  rows: T[],
  insert: (chunk: T[]) => Promise<{ id: number }[]>,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 250)
    ids.push(...(await insert(rows.slice(i, i + 250))).map((r) => r.id));
  return ids;
}

async function insertAll(
  tx: Tx,
  passwordHash: string,
  options: { providersPerMetro?: number; referrals?: number; now?: Date; staleAfterDays?: number },
): Promise<DemoCounts> {
  const rng = new Random();
  const now = options.now ?? new Date();
  const freshness = { now, staleAfterDays: options.staleAfterDays ?? DIRECTORY_STALE_AFTER_DAYS_DEFAULT };

  const orgIds = {} as Record<DemoOrgKey, number>;
  for (const org of DEMO_ORGANIZATIONS) {
    const [row] = await tx.insert(organizations).values(org.values).returning({ id: organizations.id });
    orgIds[org.key] = row!.id;
  }

  const userIds: Record<string, number> = {};
  for (const u of DEMO_USERS) {
    const [row] = await tx
      .insert(users)
      .values({
        name: u.name,
        email: u.email,
        phoneNumber: u.phone,
        role: u.role,
        passwordHash,
        emailVerified: true,
      })
      .returning({ id: users.id });
    userIds[u.email] = row!.id;
    const orgs = u.orgs === 'all' ? DEMO_ORGANIZATIONS.map((o) => ({ org: o.key, role: u.allRole })) : u.orgs;
    await tx.insert(memberships).values(
      orgs.map((m, i) => ({
        userId: row!.id,
        organizationId: orgIds[m.org],
        role: m.role,
        isPrimary: i === 0,
      })),
    );
  }

  // Directory providers around each metro (a few thousand in all); the community organizations that are providers get a listing of
  // their own linked to them, so their users act for it. Most listings were confirmed within the stale time, a
  // few were not ("may be out of date"); each one's data quality is computed by the directory's rule.
  const providerRows = METROS.flatMap((metro) =>
    Array.from({ length: options.providersPerMetro ?? DEMO_PROVIDERS_PER_METRO }, () =>
      makeProvider(rng, metro, {}, freshness),
    ),
  );
  for (const org of DEMO_ORGANIZATIONS) {
    if (org.provider) {
      providerRows.unshift(
        makeProvider(
          rng,
          METROS[0]!,
          {
            name: org.values.name,
            organizationType: 'Community-Based Organization',
            services: org.provider.services,
            email: org.values.contactEmail,
            phone: org.values.contactPhone,
            organizationId: orgIds[org.key],
            // The organizations keep their own listings current (the browser journeys match Harbor's by
            // distance and need it to rank as it always did): confirmed two days ago, complete, so high quality.
            lastVerifiedAt: new Date(now.getTime() - 2 * DAY_MS),
            capacityStatus: 'accepting',
            capacityWaitDays: null,
          },
          freshness,
        ),
      );
    }
  }
  const providerIds = await insertChunked(providerRows, (chunk) =>
    tx.insert(providers).values(chunk).returning({ id: providers.id }),
  );
  // Every third directory provider has contact methods a coordinator already worked with (001 §3); the others,
  // and the organizations' own listings, offer the directory fallbacks until someone discovers theirs.
  const methodRows = providerRows.flatMap((row, i) =>
    i % 3 === 2 && row.organizationId == null ? makeCommunicationMethods(rng, providerIds[i]!, row, now) : [],
  );
  await insertChunked(methodRows, (chunk) =>
    tx.insert(providerCommunicationMethods).values(chunk).returning({ id: providerCommunicationMethods.id }),
  );
  type DemoProvider = {
    id: number;
    name: string;
    email: string | null | undefined;
    linked: boolean;
    organizationId: number | null;
  };
  const toDemoProvider = (i: number): DemoProvider => ({
    id: providerIds[i]!,
    name: providerRows[i]!.name,
    email: providerRows[i]!.email,
    linked: providerRows[i]!.organizationId != null,
    organizationId: providerRows[i]!.organizationId ?? null,
  });
  const providersByMetro = new Map<string, DemoProvider[]>();
  providerRows.forEach((p, i) => {
    const list = providersByMetro.get(p.city ?? '') ?? [];
    list.push(toDemoProvider(i));
    providersByMetro.set(p.city ?? '', list);
  });
  // Some referrals of the health plan go to Harbor Community Services (cbo@trust.demo acts for it).
  const harborIndex = providerRows.findIndex((p) => p.organizationId === orgIds.harbor);
  // The first user of each organization answers for its directory listing (claims, acceptances).
  const userOfOrg = new Map<number, { id: number; name: string }>();
  for (const u of DEMO_USERS) {
    if (u.orgs === 'all') continue;
    const orgId = orgIds[u.orgs[0]!.org];
    if (!userOfOrg.has(orgId)) userOfOrg.set(orgId, { id: userIds[u.email]!, name: u.name });
  }

  // Members and referrals belong to the organizations that refer (health plan and clinic).
  const referringOrgs = DEMO_ORGANIZATIONS.filter((o) => o.refers);
  let memberCount = 0;
  let referralCount = 0;
  /** The members of each referring organization, for its enrollments (issue #15 item 9). */
  const membersOf = new Map<number, number[]>();
  const totalReferrals = options.referrals ?? 240;
  for (const [orgIndex, org] of referringOrgs.entries()) {
    const metro: Metro = METROS[orgIndex % METROS.length]!;
    const memberRows = Array.from({ length: 60 }, () => makeMember(rng, orgIds[org.key], metro));
    const memberIds = await insertChunked(memberRows, (chunk) =>
      tx.insert(members).values(chunk).returning({ id: members.id }),
    );
    memberCount += memberRows.length;
    membersOf.set(orgIds[org.key], [...memberIds]);

    const staff = DEMO_USERS.filter((u) => u.orgs !== 'all' && u.orgs.some((m) => m.org === org.key)).map(
      (u) => ({ id: userIds[u.email]!, name: u.name }),
    );
    const creators = staff.map((u) => u.id);
    const nearby = providersByMetro.get(metro.city) ?? [];
    const perOrg = Math.round(totalReferrals / referringOrgs.length);
    const referralRows = Array.from({ length: perOrg }, (_, i) => {
      const m = rng.next() < 0.5 ? i % memberRows.length : rng.int(0, memberRows.length - 1);
      const createdAt = new Date(now.getTime() - rng.int(1, 60 * 24 * 45) * 60_000);
      const base = makeReferral(rng, {
        organizationId: orgIds[org.key],
        createdBy: creators.length ? rng.pick(creators) : null,
        member: { ...memberRows[m]!, id: memberIds[m]! },
        metro,
        createdAt,
      });
      const provider = orgIndex === 0 && i % 6 === 0 ? toDemoProvider(harborIndex) : rng.pick(nearby);
      return { row: { ...base, ...referralLifecycle(rng, i, base, provider, now) }, provider };
    });
    const referralIds = await insertChunked(
      referralRows.map((r) => r.row),
      (chunk) => tx.insert(referrals).values(chunk).returning({ id: referrals.id }),
    );
    referralCount += referralRows.length;

    // Each referral's history (timeline events, case notes), as the product would have recorded it.
    const events: (typeof referralEvents.$inferInsert)[] = [];
    const notes: (typeof caseNotes.$inferInsert)[] = [];
    const followUps: (typeof memberFollowUps.$inferInsert)[] = [];
    referralRows.forEach(({ row, provider }, i) => {
      const stored = { ...row, id: referralIds[i]! };
      const matched = stored.matchedProviderId ? provider : null;
      const actors = {
        staff,
        providerUser: matched?.organizationId ? (userOfOrg.get(matched.organizationId) ?? null) : null,
        providerName: matched?.name ?? '',
      };
      events.push(...referralTimeline(rng, stored, actors, now));
      notes.push(...referralNotes(rng, stored, actors, now));
      const followUp = demoFollowUp(rng, stored, now);
      if (followUp) {
        followUps.push(followUp.row);
        events.push(...followUp.events);
      }
    });
    await insertChunked(followUps, (chunk) =>
      tx.insert(memberFollowUps).values(chunk).returning({ id: memberFollowUps.id }),
    );
    const noteIds = await insertChunked(notes, (chunk) =>
      tx.insert(caseNotes).values(chunk).returning({ id: caseNotes.id }),
    );
    notes.forEach((note, i) => {
      events.push(noteAddedEvent({ ...note, id: noteIds[i]! }));
    });
    events.sort((a, b) => (a.at as Date).getTime() - (b.at as Date).getTime());
    await insertChunked(events, (chunk) =>
      tx.insert(referralEvents).values(chunk).returning({ id: referralEvents.id }),
    );
    // updated_at is the last moment of each story.
    await tx.execute(sql`
      UPDATE referrals r SET updated_at = e.last_at
        FROM (SELECT referral_id, max(at) AS last_at FROM referral_events GROUP BY referral_id) e
       WHERE e.referral_id = r.id AND r.organization_id = ${orgIds[org.key]}`);
  }

  // The health plan's custom member fields and two plans' file layouts (issue #15 items 2, 3).
  await insertMemberFieldDemoData(tx, orgIds.plan);
  // Programs with their billing activities (issue #15 item 5), and the plan's enrollments in them (item 6): its
  // members with referrals, and as many again known only to the registry (sent by the plan's roster).
  const programIds = await insertProgramDemoData(tx, { plan: orgIds.plan, harbor: orgIds.harbor });
  const rosterRows = Array.from({ length: 100 }, () => makeMember(rng, orgIds.plan, METROS[0]!));
  const rosterIds = await insertChunked(rosterRows, (chunk) =>
    tx.insert(members).values(chunk).returning({ id: members.id }),
  );
  memberCount += rosterRows.length;
  const planCaseManagers = DEMO_USERS.filter(
    (u) => u.orgs !== 'all' && u.orgs.some((m) => m.org === 'plan' && m.role !== 'viewer'),
  ).map((u) => userIds[u.email]!);
  await insertEnrollmentDemoData(tx, rng, {
    now,
    organizations: [
      {
        organizationId: orgIds.plan,
        memberIds: [...(membersOf.get(orgIds.plan) ?? []), ...rosterIds],
        programIds: programIds.byOrganization.get(orgIds.plan) ?? [],
        caseManagerIds: planCaseManagers,
        count: 260,
      },
    ],
  });

  // Smart forms (issue #16 item 6): a template of every type and forms of the plan's enrollments in every status.
  const planReviewers = DEMO_USERS.filter(
    (u) =>
      u.orgs !== 'all' && u.orgs.some((m) => m.org === 'plan' && ['org_admin', 'manager'].includes(m.role)),
  ).map((u) => userIds[u.email]!);
  await insertFormDemoData(tx, rng, {
    now,
    organizationId: orgIds.plan,
    writerIds: planCaseManagers,
    reviewerIds: planReviewers,
  });

  // Workflows and automation rules (issue #17 item 5): the ECM onboarding and a 90-day reassessment written by the
  // plan's manager, onboarding instances in every status, and three rules.
  await insertWorkflowDemoData(tx, rng, {
    now,
    organizationId: orgIds.plan,
    authorId: userIds['manager@trust.demo']!,
  });

  await insertConsentDemoData(
    tx,
    DEMO_USERS.map((u) => ({ id: userIds[u.email]!, name: u.name })),
    now,
  );
  await insertTwoFactorDemoData(tx, { passwordHash, organizationId: orgIds.plan, now });
  await tx.insert(appMeta).values({ key: MARKER, value: { loaded_at: now.toISOString() } });
  return {
    organizations: DEMO_ORGANIZATIONS.length,
    users: DEMO_USERS.length,
    providers: providerRows.length,
    members: memberCount,
    referrals: referralCount,
  };
}
