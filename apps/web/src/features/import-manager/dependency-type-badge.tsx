import { Badge, Group, Text } from '@mantine/core';
import { IMPORT_DEPENDENCY_COLORS, IMPORT_DEPENDENCY_TYPES, type ImportDependencyType } from '@trust/domain';
import { edgeColor } from './dependency-graph-canvas.tsx';

// A dependency's type as its word in its edge colour, and the legend of those colours.

export const TYPE_LABELS: Record<ImportDependencyType, string> = {
  success: 'Success',
  completion: 'Completion',
  conditional: 'Conditional',
};

export function TypeBadge({ type }: { type: ImportDependencyType }) {
  return (
    <Badge
      size="sm"
      variant="light"
      color={IMPORT_DEPENDENCY_COLORS[type]}
      // Dark text on the light tint: Mantine's orange text on it falls below 4.5:1.
      c="dark.6"
      tt="none"
      leftSection={
        <span
          aria-hidden
          style={{
            display: 'inline-block',
            width: 8,
            height: 8,
            borderRadius: 2,
            background: edgeColor(type),
          }}
        />
      }
    >
      {TYPE_LABELS[type]}
    </Badge>
  );
}

export function Legend() {
  return (
    <Group gap="md" aria-label="Edge colours" role="group">
      {IMPORT_DEPENDENCY_TYPES.map((type) => (
        <Group key={type} gap={6} wrap="nowrap">
          <span
            aria-hidden
            style={{ display: 'inline-block', width: 22, height: 3, background: edgeColor(type) }}
          />
          <Text size="xs">
            {TYPE_LABELS[type]} ({IMPORT_DEPENDENCY_COLORS[type]})
          </Text>
        </Group>
      ))}
      <Text size="xs" c="dimmed">
        Arrows point from a schedule to the one that runs after it; dashed circles are disabled schedules.
      </Text>
    </Group>
  );
}
