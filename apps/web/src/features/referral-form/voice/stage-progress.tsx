import { Group, Progress, Stack, Text } from '@mantine/core';
import { stageProgress } from '@trust/domain';

/** 000 §2.2 the stage progress bar: "Stage n of 7" and the percent complete. */
export function StageProgress({ stageIndex }: { stageIndex: number }) {
  const { label, percent } = stageProgress(stageIndex);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {percent}% complete
        </Text>
      </Group>
      <Progress value={percent} aria-label={label} />
    </Stack>
  );
}
