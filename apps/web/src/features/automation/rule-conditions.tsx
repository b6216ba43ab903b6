import { ActionIcon, Button, Code, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

export type ConditionRow = { key: string; value: string };

/**
 * A rule's conditions as the spec's key/value pairs (002 §3, §5): the keys the trigger offers; a row counts only
 * when key and value are both filled (the modal leaves the others out). A message names its row by key.
 */
export function RuleConditions({
  rows,
  keys,
  errors,
  onChange,
}: {
  rows: ConditionRow[];
  keys: string[];
  errors: Record<string, string>;
  onChange: (rows: ConditionRow[]) => void;
}) {
  const setRow = (i: number, patch: Partial<ConditionRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        Conditions
      </Text>
      <Text size="xs" c="dimmed">
        All must hold. <Code>expression</Code> takes a JSON Logic object over event, enrollment and program.
      </Text>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <NativeSelect
            aria-label={`Condition ${i + 1} key`}
            w={200}
            value={row.key}
            data={[{ value: '', label: 'Choose a key' }, ...keys.map((k) => ({ value: k, label: k }))]}
            onChange={(e) => setRow(i, { key: e.currentTarget.value })}
          />
          <TextInput
            aria-label={`Condition ${i + 1} value`}
            placeholder="Value"
            style={{ flex: 1 }}
            value={row.value}
            error={errors[`trigger_conditions.${row.key}`]}
            onChange={(e) => setRow(i, { value: e.currentTarget.value })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={6}
            aria-label={`Remove condition ${i + 1}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {errors['trigger_conditions.cron'] && !rows.some((r) => r.key === 'cron') && (
        <Text size="xs" c="red">
          {errors['trigger_conditions.cron']}
        </Text>
      )}
      <Button
        size="xs"
        variant="subtle"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange([...rows, { key: '', value: '' }])}
      >
        Add Condition
      </Button>
    </Stack>
  );
}
