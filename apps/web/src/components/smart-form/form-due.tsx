import { Text } from '@mantine/core';
import type { FormInstanceStatus } from '@trust/domain';
import { formatCalendarDate } from '../format-date.ts';

/** Today's calendar date where the reader is (YYYY-MM-DD), the day a due date is compared with. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A draft past its due date (issue #16 compliance: overdue is a draft whose due date has passed). */
export function isFormOverdue(
  form: { status: FormInstanceStatus; due_date: string | null },
  today: string = localToday(),
): boolean {
  return form.status === 'draft' && form.due_date !== null && form.due_date < today;
}

/** A form's due date, in red with "overdue" when a draft is past it. */
export function FormDueDate({
  form,
  size = 'sm',
}: {
  form: { status: FormInstanceStatus; due_date: string | null };
  size?: 'xs' | 'sm';
}) {
  if (!form.due_date) return <Text size={size}>No due date</Text>;
  const overdue = isFormOverdue(form);
  return (
    <Text size={size} c={overdue ? 'red.7' : undefined} fw={overdue ? 600 : undefined}>
      {formatCalendarDate(form.due_date)}
      {overdue ? ' (overdue)' : ''}
    </Text>
  );
}
