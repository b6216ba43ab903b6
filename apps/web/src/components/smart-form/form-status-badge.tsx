import { Badge } from '@mantine/core';
import { IconCircleCheck, IconClipboardCheck, IconPencil, IconSend } from '@tabler/icons-react';
import type { FormInstanceStatus } from '@trust/domain';

export const FORM_STATUS_LABELS: Record<FormInstanceStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  reviewed: 'Reviewed',
  approved: 'Approved',
};

export const FORM_STATUS_COLORS: Record<FormInstanceStatus, string> = {
  draft: 'gray',
  submitted: 'blue',
  reviewed: 'violet',
  approved: 'green',
};

/** The icon of a form's status (002 §2 library cards: "status icon and badge"). */
export function FormStatusIcon({ status, size = 20 }: { status: FormInstanceStatus; size?: number }) {
  const props = { size, 'aria-hidden': true, color: `var(--mantine-color-${FORM_STATUS_COLORS[status]}-6)` };
  switch (status) {
    case 'draft':
      return <IconPencil {...props} />;
    case 'submitted':
      return <IconSend {...props} />;
    case 'reviewed':
      return <IconClipboardCheck {...props} />;
    case 'approved':
      return <IconCircleCheck {...props} />;
  }
}

/** A form's status as a badge, coloured the same on every screen. */
export function FormStatusBadge({ status }: { status: FormInstanceStatus }) {
  return (
    <Badge color={FORM_STATUS_COLORS[status]} variant="light">
      {FORM_STATUS_LABELS[status]}
    </Badge>
  );
}
