import { ActionIcon, Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { AUTOMATION_ACTION_LABELS, AUTOMATION_ACTION_TYPES, type AutomationActionType } from '@trust/domain';
import { ACTION_EXAMPLES } from './rule-texts.ts';

export type ActionRow = { type: AutomationActionType | ''; config: string };

/** The messages about action i's configuration (`actions.i.config.title` …), as one line. */
function actionError(errors: Record<string, string>, i: number): string | undefined {
  const found = Object.entries(errors)
    .filter(([k]) => k.startsWith(`actions.${i}.`))
    .map(([k, m]) => `${k.split('.').slice(3).join('.') || 'config'}: ${m}`);
  return found.length > 0 ? found.join(' ') : undefined;
}

/**
 * A rule's actions (002 §3, §5, §9): a type and its configuration as JSON; choosing a type fills in its example.
 * The modal turns the text into objects (empty: an empty object) and checks each against its type's schema.
 */
export function RuleActions({
  rows,
  errors,
  onChange,
}: {
  rows: ActionRow[];
  errors: Record<string, string>;
  onChange: (rows: ActionRow[]) => void;
}) {
  const setRow = (i: number, patch: Partial<ActionRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        Actions
      </Text>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
        <Stack key={i} gap={4}>
          <Group gap="xs" wrap="nowrap">
            <NativeSelect
              aria-label={`Action ${i + 1} type`}
              w={240}
              value={row.type}
              data={[
                { value: '', label: 'Choose an action' },
                ...AUTOMATION_ACTION_TYPES.map((t) => ({ value: t, label: AUTOMATION_ACTION_LABELS[t] })),
              ]}
              onChange={(e) => {
                const type = e.currentTarget.value as AutomationActionType | '';
                // A chosen type starts from its example, unless something is typed already.
                const config =
                  row.config.trim() || !type ? row.config : JSON.stringify(ACTION_EXAMPLES[type], null, 2);
                setRow(i, { type, config });
              }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove action ${i + 1}`}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
          <Textarea
            aria-label={`Action ${i + 1} configuration (JSON)`}
            rows={4}
            styles={{ input: { fontFamily: 'monospace' } }}
            value={row.config}
            error={actionError(errors, i)}
            description={row.type ? `For example ${JSON.stringify(ACTION_EXAMPLES[row.type])}` : undefined}
            onChange={(e) => setRow(i, { config: e.currentTarget.value })}
          />
        </Stack>
      ))}
      <Button
        size="xs"
        variant="subtle"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange([...rows, { type: '', config: '' }])}
      >
        Add Action
      </Button>
    </Stack>
  );
}
