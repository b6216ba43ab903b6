import {
  ACTIVITY_TYPES,
  ENROLLMENT_STATUSES,
  type EnrollmentStatus,
  GOAL_CATEGORIES,
  NOTE_TYPES,
  PRIORITY_LEVELS,
} from '@trust/domain';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import {
  billingActivities,
  enrollmentActivities,
  enrollmentGoals,
  enrollmentNotes,
  enrollments,
  programs,
} from '../schema/index.ts';
import type { Random } from './random.ts';

// Demo enrollments (issue #15 item 6): members of each organization in its programs, each with the story the
// product would have recorded — activities (completed ones billed where the program has a billing activity of
// that type), notes (a few confidential) and goals — consistent with its status and dates, and never more active
// enrollments in a program than its capacity. Deterministic: the same Random gives the same rows.
//
// Call it from load.ts once members and programs are in, inside the load's transaction:
//
//   await insertEnrollmentDemoData(tx, rng, {
//     now,
//     organizations: [{ organizationId, memberIds, programIds, caseManagerIds }],
//   });

export type EnrollmentDemoOrganization = {
  organizationId: number;
  memberIds: readonly number[];
  programIds: readonly number[];
  /** Users of the organization who manage enrollments (not viewers); the creator is one of them. */
  caseManagerIds: readonly number[];
  /** How many enrollments to make (fewer when the members and programs do not allow so many); 150 by default. */
  count?: number;
};

export type EnrollmentDemoCounts = { enrollments: number; activities: number; notes: number; goals: number };

const DAY_MS = 86_400_000;

/** How often each status is drawn (an active one over a full program becomes pending). */
const STATUS_WEIGHTS: Record<EnrollmentStatus, number> = {
  pending: 14,
  active: 46,
  on_hold: 8,
  completed: 20,
  withdrawn: 8,
  terminated: 4,
};

const NOTE_TEXTS = [
  'Reached the member by phone; confirmed the next visit.',
  'Member asked for help with transportation to appointments.',
  'Eligibility documents received and reviewed.',
  'Left a voicemail; will try again tomorrow.',
  'Care plan reviewed with the member and their caregiver.',
  'Member reports the food delivery arrived on time.',
  'Discussed housing options; member prefers to stay near family.',
  'Pharmacy confirmed the prescriptions were picked up.',
];
const CONFIDENTIAL_TEXTS = [
  'Member disclosed a safety concern at home; safety plan discussed.',
  'Behavioral health follow-up requested by the member.',
];
const GOAL_TEXTS: Record<(typeof GOAL_CATEGORIES)[number], string[]> = {
  health: ['Attend every primary care appointment this quarter', 'Keep blood pressure log weekly'],
  housing: ['Move into stable housing', 'Complete the housing voucher application'],
  employment: ['Apply to three jobs a month', 'Finish the job-readiness workshop'],
  education: ['Enroll in the GED program', 'Complete the financial literacy class'],
  social: ['Join a community support group', 'Reconnect with a family member weekly'],
  other: ['Get a state ID card', 'Set up a bank account'],
};
const ACTIVITY_NOTES = [
  'Initial outreach call',
  'Home visit',
  'Follow-up on referral to food pantry',
  'Care plan review',
  'Assessment completed in clinic',
  null,
  null,
];

function isoDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function weighted(rng: Random): EnrollmentStatus {
  const total = ENROLLMENT_STATUSES.reduce((sum, s) => sum + STATUS_WEIGHTS[s], 0);
  let pick = rng.next() * total;
  for (const status of ENROLLMENT_STATUSES) {
    pick -= STATUS_WEIGHTS[status];
    if (pick < 0) return status;
  }
  return 'pending';
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

/** Seeds enrollments with their activities, notes and goals for each organization; answers what it wrote. */
export async function insertEnrollmentDemoData(
  tx: Tx,
  rng: Random,
  input: { now: Date; organizations: readonly EnrollmentDemoOrganization[] },
): Promise<EnrollmentDemoCounts> {
  const counts: EnrollmentDemoCounts = { enrollments: 0, activities: 0, notes: 0, goals: 0 };
  for (const org of input.organizations) {
    if (org.memberIds.length === 0 || org.programIds.length === 0) continue;
    const programRows = await tx
      .select({ id: programs.id, capacity: programs.capacity })
      .from(programs)
      .where(inArray(programs.id, [...org.programIds]));
    const capacity = new Map(programRows.map((p) => [p.id, p.capacity]));
    const billingRows = await tx
      .select({
        id: billingActivities.id,
        programId: billingActivities.programId,
        type: billingActivities.activityType,
      })
      .from(billingActivities)
      .where(inArray(billingActivities.programId, [...org.programIds]));
    const billingFor = (programId: number, type: string) =>
      billingRows.find((b) => b.programId === programId && b.type === type)?.id ?? null;
    const active = new Map<number, number>();
    const taken = new Set<string>();
    const wanted = Math.min(org.count ?? 150, org.memberIds.length * org.programIds.length);

    const rows: (typeof enrollments.$inferInsert)[] = [];
    for (let attempts = 0; rows.length < wanted && attempts < wanted * 10; attempts++) {
      const memberId = rng.pick(org.memberIds);
      const programId = rng.pick(org.programIds);
      const key = `${memberId}:${programId}`;
      if (taken.has(key)) continue;
      taken.add(key);
      let status = weighted(rng);
      const limit = capacity.get(programId) ?? null;
      if (status === 'active' && limit !== null && (active.get(programId) ?? 0) >= limit) status = 'pending';
      if (status === 'active') active.set(programId, (active.get(programId) ?? 0) + 1);
      const enrolled = new Date(input.now.getTime() - rng.int(3, 365) * DAY_MS);
      const everActive = status !== 'pending' && !(status === 'withdrawn' && rng.chance(0.4));
      const started = everActive ? new Date(enrolled.getTime() + rng.int(0, 14) * DAY_MS) : null;
      const final = status === 'completed' || status === 'withdrawn' || status === 'terminated';
      const ended = final
        ? new Date(Math.min(input.now.getTime(), (started ?? enrolled).getTime() + rng.int(20, 200) * DAY_MS))
        : null;
      const caseManager = org.caseManagerIds.length ? rng.pick(org.caseManagerIds) : null;
      rows.push({
        organizationId: org.organizationId,
        memberId,
        programId,
        status,
        enrollmentDate: isoDate(enrolled),
        startDate: started && started <= input.now ? isoDate(started) : started ? isoDate(input.now) : null,
        endDate: ended ? isoDate(ended) : null,
        caseManagerUserId: caseManager,
        priorityLevel: rng.pick(PRIORITY_LEVELS),
        eligibilityVerified: status !== 'pending' || rng.chance(0.3),
        consentObtained: status !== 'pending' || rng.chance(0.5),
        notes: rng.chance(0.3) ? 'Referred by the health plan care team.' : null,
        createdBy: caseManager,
        createdTs: enrolled,
        lastUpdatedTs: ended ?? started ?? enrolled,
      });
    }
    const ids = await insertChunked(rows, (chunk) =>
      tx.insert(enrollments).values(chunk).returning({ id: enrollments.id }),
    );
    counts.enrollments += ids.length;

    const activities: (typeof enrollmentActivities.$inferInsert)[] = [];
    const notes: (typeof enrollmentNotes.$inferInsert)[] = [];
    const goals: (typeof enrollmentGoals.$inferInsert)[] = [];
    rows.forEach((row, i) => {
      const enrollmentId = ids[i]!;
      const from = new Date(`${row.startDate ?? row.enrollmentDate}T15:00:00Z`).getTime();
      const to = row.endDate
        ? new Date(`${row.endDate}T15:00:00Z`).getTime()
        : input.now.getTime() + 21 * DAY_MS;
      const actor = row.caseManagerUserId ?? null;
      const span = Math.max(1, Math.round((to - from) / DAY_MS));
      const activityCount = row.status === 'pending' ? rng.int(0, 1) : rng.int(1, 6);
      for (let a = 0; a < activityCount; a++) {
        const at = new Date(from + rng.int(0, span) * DAY_MS);
        const past = at.getTime() < input.now.getTime();
        const activityType = a === 0 ? 'outreach' : rng.pick(ACTIVITY_TYPES);
        const status = past
          ? rng.chance(0.8)
            ? 'completed'
            : rng.pick(['cancelled', 'no_show'] as const)
          : 'scheduled';
        const billing = status === 'completed' ? billingFor(row.programId, activityType) : null;
        activities.push({
          enrollmentId,
          activityType,
          activityDate: isoDate(at),
          status,
          notes: rng.pick(ACTIVITY_NOTES),
          billingActivityId: billing,
          units: billing ? rng.int(1, 4) : 1,
          performedBy: actor,
          completedAt: status === 'completed' ? new Date(at.getTime() + rng.int(1, 8) * 3_600_000) : null,
          createdTs: new Date(Math.min(at.getTime(), input.now.getTime())),
        });
      }
      const noteCount = rng.int(0, 3);
      for (let n = 0; n < noteCount; n++) {
        const confidential = rng.chance(0.1);
        const at = new Date(Math.min(input.now.getTime(), from + rng.int(0, span) * DAY_MS));
        notes.push({
          enrollmentId,
          noteText: confidential ? rng.pick(CONFIDENTIAL_TEXTS) : rng.pick(NOTE_TEXTS),
          noteType: confidential ? 'clinical' : rng.pick(NOTE_TYPES),
          isConfidential: confidential,
          createdBy: actor,
          createdTs: at,
        });
      }
      const goalCount = row.status === 'pending' ? 0 : rng.int(0, 3);
      for (let g = 0; g < goalCount; g++) {
        const category = rng.pick(GOAL_CATEGORIES);
        const created = new Date(Math.min(input.now.getTime(), from + rng.int(0, 10) * DAY_MS));
        const status =
          row.status === 'completed'
            ? rng.chance(0.7)
              ? 'completed'
              : 'cancelled'
            : rng.chance(0.25)
              ? 'completed'
              : 'active';
        goals.push({
          enrollmentId,
          goalText: rng.pick(GOAL_TEXTS[category]),
          goalCategory: category,
          targetDate: isoDate(new Date(created.getTime() + rng.int(30, 180) * DAY_MS)),
          status,
          createdBy: actor,
          completedAt:
            status === 'completed'
              ? new Date(Math.min(input.now.getTime(), created.getTime() + rng.int(7, 90) * DAY_MS))
              : null,
          createdTs: created,
        });
      }
    });
    counts.activities += (
      await insertChunked(activities, (chunk) =>
        tx.insert(enrollmentActivities).values(chunk).returning({ id: enrollmentActivities.id }),
      )
    ).length;
    counts.notes += (
      await insertChunked(notes, (chunk) =>
        tx.insert(enrollmentNotes).values(chunk).returning({ id: enrollmentNotes.id }),
      )
    ).length;
    counts.goals += (
      await insertChunked(goals, (chunk) =>
        tx.insert(enrollmentGoals).values(chunk).returning({ id: enrollmentGoals.id }),
      )
    ).length;
  }
  return counts;
}
