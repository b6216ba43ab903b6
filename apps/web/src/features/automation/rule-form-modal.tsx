import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
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
import { type ActionRow, RuleActions } from './rule-actions.tsx';
import { type ConditionRow, RuleConditions } from './rule-conditions.tsx';
import { RULE_TEXTS } from './rule-texts.ts';

type Draft = {
  rule_name: string;
  trigger_type: AutomationTriggerType;
  program_id: string;
  priority: number | string;
  is_active: boolean;
  conditions: ConditionRow[];
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

        <RuleConditions
          rows={draft.conditions}
          keys={conditionKeys}
          errors={errors}
          onChange={(conditions) => set({ conditions })}
        />

        <RuleActions rows={draft.actions} errors={errors} onChange={(actions) => set({ actions })} />

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
