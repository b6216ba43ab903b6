import { noteVisibleTo } from '@trust/domain';

const NOTE_EVENTS = new Set(['note_added', 'note_updated', 'note_deleted']);

/**
 * Whether a history row may be shown to an organization: every row but those about a case note the organization
 * may not read (issue #12: an internal note of the referring organization is not the matched provider's, not
 * even that it exists). Note rows name the note's organization and visibility (case-notes/service.ts); a row
 * written before they did is treated as an internal note of the referring organization.
 */
export function eventVisibleTo(
  event: { type: string; details: Record<string, unknown> },
  viewer: { orgId: number; referringOrgId: number },
): boolean {
  if (!NOTE_EVENTS.has(event.type)) return true;
  const { organization_id: organizationId, visibility } = event.details;
  return noteVisibleTo(
    {
      organizationId: typeof organizationId === 'number' ? organizationId : viewer.referringOrgId,
      visibility: visibility === 'shared' ? 'shared' : 'internal',
    },
    viewer,
  );
}
