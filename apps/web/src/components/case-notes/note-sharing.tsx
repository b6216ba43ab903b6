import { Badge, Checkbox } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { CASE_NOTE_MESSAGES, type CaseNote, type CaseNoteList } from '@trust/domain';

// Issue #12, minimum necessary: a note stays inside the writer's organization unless the writer shares it with
// the referral's other side (the matched provider, or the referring organization when a provider writes).

export type SharesWith = CaseNoteList['shares_with'];

/** The writer's choice, off by default; its description says who reads the note either way. */
export function ShareToggle({
  sharesWith,
  checked,
  onChange,
  disabled,
}: {
  sharesWith: SharesWith;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const toProvider = sharesWith === 'provider';
  const reader = toProvider ? "The matched provider's organization" : 'The referring organization';
  return (
    <Checkbox
      label={toProvider ? CASE_NOTE_MESSAGES.shareWithProvider : CASE_NOTE_MESSAGES.shareWithReferrer}
      description={
        checked ? `${reader} can read this note too.` : 'Only your organization can read this note.'
      }
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

/** The badge of a shared note, named for the organization it was shared with. */
export function SharedBadge({ note, referringOrgId }: { note: CaseNote; referringOrgId: number }) {
  if (note.visibility !== 'shared') return null;
  const label =
    note.organization_id === referringOrgId
      ? CASE_NOTE_MESSAGES.sharedWithProvider
      : CASE_NOTE_MESSAGES.sharedWithReferrer;
  return (
    <Badge size="xs" variant="light" color="teal" leftSection={<IconUsers size={10} />}>
      {label}
    </Badge>
  );
}
