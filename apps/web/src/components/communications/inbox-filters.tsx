import { Button, Group } from '@mantine/core';

/** 001 §2.11 filter buttons, plus Unmatched for platform operators in the organization's inbox. */
export const INBOX_FILTERS = ['all', 'sms', 'email', 'fax', 'voice'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number] | 'unmatched';

const LABELS: Record<InboxFilter, string> = {
  all: 'All',
  sms: 'SMS',
  email: 'Email',
  fax: 'Fax',
  voice: 'Voice',
  unmatched: 'Unmatched',
};

export function InboxFilters({
  value,
  onChange,
  withUnmatched,
}: {
  value: InboxFilter;
  onChange: (filter: InboxFilter) => void;
  withUnmatched: boolean;
}) {
  const filters: InboxFilter[] = withUnmatched ? [...INBOX_FILTERS, 'unmatched'] : [...INBOX_FILTERS];
  return (
    <Group gap={6} role="group" aria-label="Filter conversations" wrap="wrap">
      {filters.map((filter) => (
        <Button
          key={filter}
          size="compact-sm"
          variant={value === filter ? 'filled' : 'default'}
          color={filter === 'unmatched' ? 'orange' : undefined}
          aria-pressed={value === filter}
          onClick={() => onChange(filter)}
        >
          {LABELS[filter]}
        </Button>
      ))}
    </Group>
  );
}
