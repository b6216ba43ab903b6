import { Badge, Group } from '@mantine/core';
import { PERFORMANCE_SERVICE_CHIPS } from '@trust/domain';

/** 001 §9: the first 3 services, then '+N more'. */
export function ServiceChips({ services }: { services: readonly string[] }) {
  const shown = services.slice(0, PERFORMANCE_SERVICE_CHIPS);
  const more = services.length - shown.length;
  return (
    <Group gap={4}>
      {shown.map((s) => (
        <Badge key={s} variant="light" size="sm" tt="none">
          {s}
        </Badge>
      ))}
      {more > 0 && (
        <Badge variant="outline" color="gray" size="sm" tt="none">
          +{more} more
        </Badge>
      )}
    </Group>
  );
}
