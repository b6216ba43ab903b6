import { Badge, Group } from '@mantine/core';

/**
 * A provider's services as chips, at most `max` of them (001 §9: 6 in My Providers, 5 in results), then how
 * many more there are.
 */
export function ServiceChips({ services, max }: { services: readonly string[]; max: number }) {
  const shown = services.slice(0, max);
  const more = services.length - shown.length;
  if (shown.length === 0) return null;
  return (
    <Group gap={4} aria-label="Services">
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
