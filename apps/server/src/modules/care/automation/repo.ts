import { and, asc, count, desc, eq, getTableColumns, gt, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  automationEvents,
  automationRuleRuns,
  automationRules,
  enrollments,
  members,
  programs,
  users,
} from '../../../db/schema/index.ts';

// Automation rules, their runs and the recent events they are tested against. Every query names the organization.

export type RuleRow = typeof automationRules.$inferSelect;
export type RuleInsert = typeof automationRules.$inferInsert;
export type RunRow = typeof automationRuleRuns.$inferSelect;
export type RunInsert = typeof automationRuleRuns.$inferInsert;
export type EventRow = typeof automationEvents.$inferSelect;
export type RuleView = RuleRow & { programName: string | null };

/** One stored action of a run: what to do and how it went. */
export type RunAction = {
  type: string;
  config: Record<string, unknown>;
  status: 'pending' | 'done' | 'failed' | 'skipped';
  result: string | null;
};

function viewQuery(db: DbOrTx) {
  return db
    .select({ ...getTableColumns(automationRules), programName: programs.name })
    .from(automationRules)
    .leftJoin(programs, eq(programs.id, automationRules.programId));
}

export async function listRules(
  db: DbOrTx,
  organizationId: number,
  filter: { programId?: number; isActive?: boolean; limit: number; offset: number },
) {
  const where = and(
    eq(automationRules.organizationId, organizationId),
    filter.programId === undefined ? undefined : eq(automationRules.programId, filter.programId),
    filter.isActive === undefined ? undefined : eq(automationRules.isActive, filter.isActive),
  ) as SQL;
  const [rows, totals] = await Promise.all([
    viewQuery(db)
      .where(where)
      .orderBy(asc(automationRules.priority), asc(automationRules.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(automationRules).where(where),
  ]);
  return { rows: rows as RuleView[], total: Number(totals[0]?.n ?? 0) };
}

export async function findRule(
  db: DbOrTx,
  organizationId: number,
  id: number,
): Promise<RuleView | undefined> {
  const [row] = await viewQuery(db).where(
    and(eq(automationRules.id, id), eq(automationRules.organizationId, organizationId)),
  );
  return row as RuleView | undefined;
}

export async function findRuleById(db: DbOrTx, id: number): Promise<RuleRow | undefined> {
  const [row] = await db.select().from(automationRules).where(eq(automationRules.id, id));
  return row;
}

export async function insertRule(tx: DbOrTx, values: RuleInsert): Promise<RuleRow> {
  const [row] = await tx.insert(automationRules).values(values).returning();
  return row!;
}

export async function updateRule(tx: DbOrTx, id: number, values: Partial<RuleInsert>) {
  await tx.update(automationRules).set(values).where(eq(automationRules.id, id));
}

export async function deleteRule(tx: DbOrTx, id: number) {
  await tx.delete(automationRules).where(eq(automationRules.id, id));
}

/** The organization's active rules of a trigger, in priority order (1 first). */
export async function activeRules(db: DbOrTx, organizationId: number, triggerType: string) {
  return db
    .select()
    .from(automationRules)
    .where(
      and(
        eq(automationRules.organizationId, organizationId),
        eq(automationRules.triggerType, triggerType),
        eq(automationRules.isActive, true),
      ),
    )
    .orderBy(asc(automationRules.priority), asc(automationRules.id));
}

export async function lockDueRules(tx: DbOrTx, now: Date, limit: number) {
  return tx
    .select()
    .from(automationRules)
    .where(
      and(
        eq(automationRules.isActive, true),
        eq(automationRules.triggerType, 'scheduled'),
        lte(automationRules.nextRunAt, now),
      ),
    )
    .orderBy(asc(automationRules.nextRunAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

// --- Runs ---

/** Inserts a run; null when this rule already evaluated this event. */
export async function insertRun(tx: DbOrTx, values: RunInsert): Promise<RunRow | null> {
  const [row] = await tx.insert(automationRuleRuns).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function lockRun(tx: DbOrTx, id: number): Promise<RunRow | undefined> {
  const [row] = await tx.select().from(automationRuleRuns).where(eq(automationRuleRuns.id, id)).for('update');
  return row;
}

export async function setRunActions(tx: DbOrTx, id: number, actions: RunAction[]) {
  await tx.update(automationRuleRuns).set({ actions }).where(eq(automationRuleRuns.id, id));
}

/** The next matched run of the same event after this one, by its rule's priority (the chain of actions). */
export async function nextMatchedRun(db: DbOrTx, run: RunRow): Promise<RunRow | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(automationRuleRuns) })
    .from(automationRuleRuns)
    .innerJoin(automationRules, eq(automationRules.id, automationRuleRuns.ruleId))
    .where(
      and(
        eq(automationRuleRuns.eventId, run.eventId),
        eq(automationRuleRuns.matched, true),
        gt(automationRuleRuns.id, run.id),
        sql`jsonb_array_length(${automationRuleRuns.actions}) > 0`,
      ),
    )
    .orderBy(asc(automationRuleRuns.id))
    .limit(1);
  return row;
}

export async function listRuns(db: DbOrTx, ruleId: number, limit: number, offset: number) {
  const where = eq(automationRuleRuns.ruleId, ruleId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(automationRuleRuns)
      .where(where)
      .orderBy(desc(automationRuleRuns.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(automationRuleRuns).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

// --- Recent events ---

export async function insertEvent(tx: DbOrTx, values: typeof automationEvents.$inferInsert) {
  await tx.insert(automationEvents).values(values).onConflictDoNothing();
}

export async function recentEvents(db: DbOrTx, organizationId: number, triggerType?: string) {
  return db
    .select()
    .from(automationEvents)
    .where(
      and(
        eq(automationEvents.organizationId, organizationId),
        triggerType === undefined ? undefined : eq(automationEvents.triggerType, triggerType),
      ),
    )
    .orderBy(desc(automationEvents.at))
    .limit(50);
}

export async function findEvent(
  db: DbOrTx,
  organizationId: number,
  id: string,
): Promise<EventRow | undefined> {
  const [row] = await db
    .select()
    .from(automationEvents)
    .where(and(eq(automationEvents.id, id), eq(automationEvents.organizationId, organizationId)));
  return row;
}

export async function pruneEvents(db: DbOrTx, before: Date) {
  await db.delete(automationEvents).where(lt(automationEvents.at, before));
}

// --- What rules read of enrollments and people (declared in module.ts `reads`) ---

export type EnrollmentFacts = {
  id: number;
  organizationId: number;
  status: string;
  priorityLevel: string | null;
  programId: number;
  programName: string;
  programType: string | null;
  caseManagerUserId: number | null;
  caseManagerEmail: string | null;
  memberFirstName: string;
  memberEmail: string | null;
};

export async function enrollmentFacts(db: DbOrTx, id: number): Promise<EnrollmentFacts | undefined> {
  const [row] = await db
    .select({
      id: enrollments.id,
      organizationId: enrollments.organizationId,
      status: enrollments.status,
      priorityLevel: enrollments.priorityLevel,
      programId: enrollments.programId,
      programName: programs.name,
      programType: programs.programType,
      caseManagerUserId: enrollments.caseManagerUserId,
      caseManagerEmail: users.email,
      memberFirstName: members.firstName,
      memberEmail: members.email,
    })
    .from(enrollments)
    .innerJoin(members, eq(members.id, enrollments.memberId))
    .innerJoin(programs, eq(programs.id, enrollments.programId))
    .leftJoin(users, eq(users.id, enrollments.caseManagerUserId))
    .where(eq(enrollments.id, id));
  return row as EnrollmentFacts | undefined;
}

/** Open enrollments of a program (or the organization) for a scheduled rule, after `afterId`. */
export async function openEnrollmentIds(
  db: DbOrTx,
  rule: { organizationId: number; programId: number | null },
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.organizationId, rule.organizationId),
        rule.programId === null ? undefined : eq(enrollments.programId, rule.programId),
        inArray(enrollments.status, ['pending', 'active', 'on_hold']),
      ),
    )
    .orderBy(asc(enrollments.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
