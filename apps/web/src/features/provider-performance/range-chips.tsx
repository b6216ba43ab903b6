import { Chip, Group } from '@mantine/core';
import { PERFORMANCE_RANGE_LABELS, PERFORMANCE_RANGES, type PerformanceRange } from '@trust/domain';

/** 001 §2.19 time-range chips; the chosen range is sent to the server, which filters by match time. */
export function RangeChips({
  value,
  onChange,
}: {
  value: PerformanceRange;
  onChange: (r: PerformanceRange) => void;
}) {
  return (
    <Chip.Group multiple={false} value={value} onChange={(v) => onChange(v as PerformanceRange)}>
      <Group gap="xs" role="group" aria-label="Time range">
        {PERFORMANCE_RANGES.map((r) => (
          <Chip key={r} value={r} size="sm">
            {PERFORMANCE_RANGE_LABELS[r]}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
