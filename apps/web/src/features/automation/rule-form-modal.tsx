import {
  ActionIcon,
  Alert,
  Button,
  Code,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  AUTOMATION_ACTION_LABELS,
  AUTOMATION_ACTION_TYPES,
  AUTOMATION_CONDITION_KEYS,
  AUTOMATION_MESSAGES,
  AUTOMATION_TRIGGER_LABELS,
  AUTOMATION_TRIGGER_TYPES,
  type AutomationActionType,
  type AutomationRule,
  type AutomationTriggerType,
  COMMON_CONDITION_KEYS,
  checkRule,
  parseJson,
} from '@trust/domain';
import { useEffect, useState } from 'react';
import { useProgramOptions } from '../../api/enrollments/program-options.ts';
import { ApiError, errorText } from '../../api/errors.ts';
import { useSaveAutomationRule } from '../../api/workflows/rules.ts';
import { ACTION_EXAMPLES, RULE_TEXTS } from './rule-texts.ts';

type Row = { key: string; value: string };
type ActionRow = { type: AutomationActionType | ''; config: string };
type Draft = {
  rule_name: string;
  trigger_type: AutomationTriggerType;
  program_id: string;
  priority: number | string;
  is_active: boolean;
  conditions: Row[];
  actions: ActionRow[];
};

function draftOf(rule: AutomationRule | null): Draft {
  return {
    rule_name: rule?.rule_name ?? '',
    // 002 §9: a new rule's trigger is enrollment_status_changed; active; priority 1.
    trigger_type: rule?.trigger_type ?? 'enrollment_status_changed',
    program_id: rule?.program_id ? String(rule.program_id) : '',
    priority: rule?.priority ?? 1,
    is_active: rule?.is_active ?? true,
    conditions: Object.entries(rule?.trigger_conditions ?? {}).map(([key, value]) => ({ key, value })),
    actions: (rule?.actions ?? []).map((a) => ({ type: a.type, config: JSON.stringify(a.config, null, 2) })),
  };
}

/**
 * Create and Edit of an automation rule (002 §2, §5): name and trigger required; a condition counts only when its
 * key and value are both filled; an action only when a type is chosen, its configuration JSON (empty: an empty
 * object), else 'Invalid JSON in action configuration'; priority 1 to 10; program optional. Each condition and
 * action is then checked as the server checks it (checkRule), with the message at its row.
 */
export function RuleFormModal({
  opened,
  rule,
  onClose,
}: {
  opened: boolean;
  rule: AutomationRule | null;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(draftOf(rule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const programs = useProgramOptions();
  const save = useSaveAutomationRule();
  useEffect(() => {
    if (opened) {
      setDraft(draftOf(rule));
      setErrors({});
      setAlert(null);
    }
  }, [opened, rule]);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setRow = <K extends 'conditions' | 'actions'>(list: K, i: number, patch: Partial<Draft[K][number]>) =>
    setDraft((d) => ({ ...d, [list]: d[list].map((r, j) => (j === i ? { ...r, ...patch } : r)) }));
  const removeRow = (list: 'conditions' | 'actions', i: number) =>
    setDraft((d) => ({ ...d, [list]: d[list].filter((_, j) => j !== i) }));
  const conditionKeys = [...AUTOMATION_CONDITION_KEYS[draft.trigger_type], ...COMMON_CONDITION_KEYS];

  const submit = () => {
    setErrors({});
    setAlert(null);
    const found: Record<string, string> = {};
    if (!draft.rule_name.trim()) found.rule_name = AUTOMATION_MESSAGES.nameRequired;
    const priority = Number(draft.priority);
    if (!Number.isInteger(priority) || priority < 1 || priority > 10)
      found.priority = AUTOMATION_MESSAGES.priorityRange;
    const conditions = Object.fromEntries(
      draft.conditions
        .filter((r) => r.key.trim() && r.value.trim())
        .map((r) => [r.key.trim(), r.value.trim()]),
    );
    const actions: { type: AutomationActionType; config: Record<string, unknown> }[] = [];
    for (const a of draft.actions) {
      if (!a.type) continue;
      const config = a.config.trim() === '' ? {} : parseJson(a.config);
      if (config === undefined || config === null || typeof config !== 'object' || Array.isArray(config)) {
        setAlert(AUTOMATION_MESSAGES.invalidJson);
        return;
      }
      actions.push({ type: a.type, config: config as Record<string, unknown> });
    }
    const checked = checkRule({ trigger_type: draft.trigger_type, trigger_conditions: conditions, actions });
    if (!checked.ok) Object.assign(found, checked.fields);
    if (Object.keys(found).length > 0) return setErrors(found);
    save.mutate(
      {
        id: rule?.id ?? null,
        body: {
          rule_name: draft.rule_name.trim(),
          trigger_type: draft.trigger_type,
          trigger_conditions: conditions,
          actions,
          is_active: draft.is_active,
          priority,
          program_id: draft.program_id ? Number(draft.program_id) : null,
        },
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: rule ? RULE_TEXTS.updated : RULE_TEXTS.created });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          setAlert(errorText(error, rule ? RULE_TEXTS.updateFailed : RULE_TEXTS.createFailed));
        },
      },
    );
  };

  /** The message for a condition row (by its key) or an action row (any of its config's keys). */
  const conditionError = (key: string) => errors[`trigger_conditions.${key}`];
  const actionError = (i: number) =>
    Object.entries(errors)
      .filter(([k]) => k.startsWith(`actions.${i}.`))
      .map(([k, m]) => `${k.split('.').slice(3).join('.') || 'config'}: ${m}`)
      .join(' ');

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={rule ? 'Edit Automation Rule' : 'Create Automation Rule'}
      size="xl"
      centered
    >
      <Stack gap="sm">
        {alert && (
          <Alert color="red" role="alert">
            {alert}
          </Alert>
        )}
        <TextInput
          label="Rule name"
          required
          value={draft.rule_name}
          error={errors.rule_name}
          onChange={(e) => set({ rule_name: e.currentTarget.value })}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect
            label="Trigger type"
            required
            value={draft.trigger_type}
            data={AUTOMATION_TRIGGER_TYPES.map((t) => ({ value: t, label: AUTOMATION_TRIGGER_LABELS[t] }))}
            onChange={(e) => set({ trigger_type: e.currentTarget.value as AutomationTriggerType })}
          />
          <NativeSelect
            label="Program"
            value={draft.program_id}
            data={[
              { value: '', label: 'All Programs' },
              ...(programs.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
            ]}
            onChange={(e) => set({ program_id: e.currentTarget.value })}
          />
          <NumberInput
            label="Priority"
            description="1 runs first"
            min={1}
            max={10}
            allowDecimal={false}
            value={draft.priority}
            error={errors.priority}
            onChange={(v) => set({ priority: v })}
          />
        </SimpleGrid>
        <Switch
          label="Active"
          checked={draft.is_active}
          onChange={(e) => set({ is_active: e.currentTarget.checked })}
        />

        <Stack gap={6}>
          <Text fw={600} size="sm">
            Conditions
          </Text>
          <Text size="xs" c="dimmed">
            All must hold. <Code>expression</Code> takes a JSON Logic object over event, enrollment and
            program.
          </Text>
          {draft.conditions.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
            <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
              <NativeSelect
                aria-label={`Condition ${i + 1} key`}
                w={200}
                value={row.key}
                data={[
                  { value: '', label: 'Choose a key' },
                  ...conditionKeys.map((k) => ({ value: k, label: k })),
                ]}
                onChange={(e) => setRow('conditions', i, { key: e.currentTarget.value })}
              />
              <TextInput
                aria-label={`Condition ${i + 1} value`}
                placeholder="Value"
                style={{ flex: 1 }}
                value={row.value}
                error={conditionError(row.key)}
                onChange={(e) => setRow('conditions', i, { value: e.currentTarget.value })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={6}
                aria-label={`Remove condition ${i + 1}`}
                onClick={() => removeRow('conditions', i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {errors['trigger_conditions.cron'] && !draft.conditions.some((r) => r.key === 'cron') && (
            <Text size="xs" c="red">
              {errors['trigger_conditions.cron']}
            </Text>
          )}
          <Button
            size="xs"
            variant="subtle"
            w="fit-content"
            leftSection={<IconPlus size={14} />}
            onClick={() => set({ conditions: [...draft.conditions, { key: '', value: '' }] })}
          >
            Add Condition
          </Button>
        </Stack>

        <Stack gap={6}>
          <Text fw={600} size="sm">
            Actions
          </Text>
          {draft.actions.map((row, i) => (
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
                      row.config.trim() || !type
                        ? row.config
                        : JSON.stringify(ACTION_EXAMPLES[type], null, 2);
                    setRow('actions', i, { type, config });
                  }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove action ${i + 1}`}
                  onClick={() => removeRow('actions', i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <Textarea
                aria-label={`Action ${i + 1} configuration (JSON)`}
                rows={4}
                styles={{ input: { fontFamily: 'monospace' } }}
                value={row.config}
                error={actionError(i) || undefined}
                description={
                  row.type ? `For example ${JSON.stringify(ACTION_EXAMPLES[row.type])}` : undefined
                }
                onChange={(e) => setRow('actions', i, { config: e.currentTarget.value })}
              />
            </Stack>
          ))}
          <Button
            size="xs"
            variant="subtle"
            w="fit-content"
            leftSection={<IconPlus size={14} />}
            onClick={() => set({ actions: [...draft.actions, { type: '', config: '' }] })}
          >
            Add Action
          </Button>
        </Stack>

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={submit}>
            {rule ? 'Save Rule' : 'Create Rule'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
