import { Group, SegmentedControl, TextInput } from '@mantine/core';
import type { AnalyticsScope } from '@trust/domain';
import type { ReactNode } from 'react';
import type { PeriodFilterValue } from './use-period-filter.ts';

/**
 * From and To dates, and for platform operators the Organization / Network switch (the state and the checked
 * query come from `usePeriodFilter`). `children` go at the end of the row (an export button).
 */
export function PeriodFilter({
  value,
  onChange,
  fields,
  operator,
  organizationAvailable,
  children,
}: {
  value: PeriodFilterValue;
  onChange: (next: PeriodFilterValue) => void;
  fields: Record<string, string>;
  operator: boolean;
  /** The operator has an active organization to look at (else only the network). */
  organizationAvailable: boolean;
  children?: ReactNode;
}) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label="From"
        type="date"
        value={value.from}
        onChange={(e) => onChange({ ...value, from: e.currentTarget.value })}
        error={fields.from}
      />
      <TextInput
        label="To"
        type="date"
        value={value.to}
        onChange={(e) => onChange({ ...value, to: e.currentTarget.value })}
        error={fields.to}
      />
      {operator && (
        <SegmentedControl
          aria-label="Scope"
          value={value.scope}
          onChange={(scope) => onChange({ ...value, scope: scope as AnalyticsScope })}
          data={[
            { value: 'organization', label: 'Organization', disabled: !organizationAvailable },
            { value: 'network', label: 'Network' },
          ]}
        />
      )}
      {children}
    </Group>
  );
}
