import { activeMembers } from '../../../administration/orgs/service.ts';
import type { StepRun } from './types.ts';

// Who a task, an approval or a notification goes to, inside the enrollment's organization. A user named in a step
// who has since left the organization (or is a viewer) is not a valid assignee: the step fails with that reason
// instead of handing work to someone who cannot do it.

export type Person = { id: number; name: string; email: string | null; phone: string | null };

export type Recipients =
  | { ok: true; userId: number | null; role: string | null; people: Person[] }
  | { ok: false; error: string };

export async function recipientsOf(
  run: StepRun,
  kind: string,
  userId: unknown,
  role: unknown,
): Promise<Recipients> {
  const org = run.instance.organizationId;
  if (kind === 'role') {
    const people = await activeMembers(run.tx, { organizationId: org, roles: [String(role)] });
    return { ok: true, userId: null, role: String(role), people };
  }
  const id = kind === 'user' ? Number(userId) : run.facts.caseManagerUserId;
  if (id === null) {
    // No case manager: the enrollment's work goes to its program's managers.
    const people = await activeMembers(run.tx, { organizationId: org, roles: ['manager'] });
    return { ok: true, userId: null, role: 'manager', people };
  }
  const [member] = await activeMembers(run.tx, { organizationId: org, userId: id });
  if (!member || member.role === 'viewer') {
    return { ok: false, error: `User ${id} is not an active member of the organization who can do this.` };
  }
  return { ok: true, userId: member.id, role: null, people: [member] };
}
