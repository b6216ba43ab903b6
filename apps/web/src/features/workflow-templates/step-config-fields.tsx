import {
  ActionIcon,
  Button,
  Checkbox,
  Code,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  ORG_ROLES,
  orgRoleLabel,
  WORKFLOW_APPROVER_ROLES,
  WORKFLOW_HTTP_METHODS,
  WORKFLOW_WAIT_DATE_FIELDS,
  WORKFLOW_WAIT_UNITS,
  type WorkflowStep,
} from '@trust/domain';
import { useOrganizationUsers } from '../../api/admin/organization-users.ts';
import { useFormTemplates } from '../../api/forms/templates.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import type { ZodForm } from '../../components/form/use-zod-form.ts';
import type { StepValues } from './step-values.ts';

type Form = ZodForm<StepValues, unknown>;
type Props = { form: Form; steps: WorkflowStep[]; editingId: number | null };

const ASSIGNABLE_ROLES = ORG_ROLES.filter((r) => r !== 'super_admin' && r !== 'viewer');
const roleData = (roles: readonly string[]) => [
  { value: '', label: 'Choose a role' },
  ...roles.map((r) => ({ value: r, label: orgRoleLabel(r as (typeof ORG_ROLES)[number]) })),
];
const PLACEHOLDERS = '{{member_first_name}}, {{program_name}}, {{workflow_name}}, {{step_name}}';

/** The organization's people, for "a specific user" (the first 200, which covers an organization's staff). */
function UserSelect({ form, path, label }: { form: Form; path: string; label: string }) {
  const { user } = useAuth();
  const cboId = user?.active_cbo_id ?? 0;
  const users = useOrganizationUsers(cboId, { page: 1, pageSize: 200 });
  return (
    <NativeSelect
      label={label}
      required
      data={[
        { value: '', label: users.isLoading ? 'Loading…' : 'Choose a user' },
        ...(users.data?.users ?? []).map((u) => ({
          value: String(u.id),
          label: `${u.name} (${orgRoleLabel(u.user_org_role)})`,
        })),
      ]}
      {...form.getInputProps(path)}
    />
  );
}

/** "Go to step …": the other steps of the workflow. */
function StepSelect({ form, path, label, steps, editingId }: Props & { path: string; label: string }) {
  return (
    <NativeSelect
      label={label}
      required
      data={[
        { value: '', label: 'Choose a step' },
        ...steps
          .filter((s) => s.id !== editingId)
          .map((s) => ({ value: String(s.step_order), label: `${s.step_order}. ${s.step_name}` })),
      ]}
      {...form.getInputProps(path)}
    />
  );
}

function TaskFields({ form }: Props) {
  const assignee = form.values.step_config.assignee;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          label="Assign to"
          data={[
            { value: 'case_manager', label: "The enrollment's case manager" },
            { value: 'user', label: 'A specific user' },
            { value: 'role', label: 'Everyone with a role' },
          ]}
          {...form.getInputProps('step_config.assignee')}
        />
        {assignee === 'user' && <UserSelect form={form} path="step_config.assignee_user_id" label="User" />}
        {assignee === 'role' && (
          <NativeSelect
            label="Role"
            required
            data={roleData(ASSIGNABLE_ROLES)}
            {...form.getInputProps('step_config.assignee_role')}
          />
        )}
      </SimpleGrid>
      <Textarea label="What to do" rows={2} {...form.getInputProps('step_config.description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Due in hours"
          min={1}
          allowDecimal={false}
          {...form.getInputProps('step_config.due_in_hours')}
        />
        <TagsInput
          label="Outcomes"
          description="Choices offered when it is marked done; a later condition reads steps.<order>.outcome."
          maxTags={10}
          {...form.getInputProps('step_config.outcomes')}
        />
      </SimpleGrid>
    </Stack>
  );
}

function NotificationFields({ form }: Props) {
  const recipient = form.values.step_config.recipient;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          label="Notify"
          data={[
            { value: 'case_manager', label: "The enrollment's case manager" },
            { value: 'user', label: 'A specific user' },
            { value: 'role', label: 'Everyone with a role' },
            { value: 'member', label: 'The member (email or text message)' },
          ]}
          {...form.getInputProps('step_config.recipient')}
        />
        {recipient === 'user' && <UserSelect form={form} path="step_config.recipient_user_id" label="User" />}
        {recipient === 'role' && (
          <NativeSelect
            label="Role"
            required
            data={roleData(ASSIGNABLE_ROLES)}
            {...form.getInputProps('step_config.recipient_role')}
          />
        )}
      </SimpleGrid>
      <TextInput label="Title" required {...form.getInputProps('step_config.title')} />
      <Textarea
        label="Message"
        required
        rows={3}
        description={`Filled in: ${PLACEHOLDERS}`}
        {...form.getInputProps('step_config.message')}
      />
      <Group gap="lg">
        <Checkbox
          label="Also send an email"
          {...form.getInputProps('step_config.send_email', { type: 'checkbox' })}
        />
        <Checkbox
          label="Also send a text message"
          {...form.getInputProps('step_config.send_sms', { type: 'checkbox' })}
        />
      </Group>
    </Stack>
  );
}

function ApprovalFields(props: Props) {
  const { form } = props;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          label="Approved by"
          data={roleData(WORKFLOW_APPROVER_ROLES)}
          {...form.getInputProps('step_config.approver_role')}
        />
        <NativeSelect
          label="When rejected"
          data={[
            { value: 'fail', label: 'Fail the workflow' },
            { value: 'go_to', label: 'Go to a step' },
          ]}
          {...form.getInputProps('step_config.on_reject')}
        />
      </SimpleGrid>
      {form.values.step_config.on_reject === 'go_to' && (
        <StepSelect {...props} path="step_config.reject_step_order" label="Step after a rejection" />
      )}
      <Textarea
        label="Instructions for the approver"
        rows={2}
        {...form.getInputProps('step_config.instructions')}
      />
    </Stack>
  );
}

function ConditionFields(props: Props) {
  const { form } = props;
  return (
    <Stack gap="sm">
      <Textarea
        label="Condition (JSON Logic)"
        required
        rows={3}
        styles={{ input: { fontFamily: 'monospace' } }}
        description={
          <>
            True continues with the next step. Reads <Code>enrollment.status</Code>,{' '}
            <Code>enrollment.priority_level</Code>, <Code>member.language</Code>, <Code>program.name</Code>{' '}
            and earlier steps' outputs such as <Code>steps.1.outcome</Code>.
          </>
        }
        {...form.getInputProps('expression_text')}
      />
      <NativeSelect
        label="When false"
        data={[
          { value: 'end', label: 'End the workflow' },
          { value: 'go_to', label: 'Go to a step' },
        ]}
        {...form.getInputProps('step_config.on_false')}
      />
      {form.values.step_config.on_false === 'go_to' && (
        <StepSelect {...props} path="step_config.false_step_order" label="Step when false" />
      )}
    </Stack>
  );
}

function ApiCallFields({ form }: Props) {
  const rows = form.values.header_rows;
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <NativeSelect
          label="Method"
          w={110}
          data={[...WORKFLOW_HTTP_METHODS]}
          {...form.getInputProps('step_config.method')}
        />
        <TextInput
          label="URL"
          required
          style={{ flex: 1 }}
          placeholder="https://"
          {...form.getInputProps('step_config.url')}
        />
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Headers
        </Text>
        {rows.map((_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
          <Group key={i} gap="xs" wrap="nowrap">
            <TextInput
              aria-label={`Header ${i + 1} name`}
              placeholder="Name"
              style={{ flex: 1 }}
              {...form.getInputProps(`header_rows.${i}.name`)}
            />
            <TextInput
              aria-label={`Header ${i + 1} value`}
              placeholder="Value"
              style={{ flex: 2 }}
              {...form.getInputProps(`header_rows.${i}.value`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove header ${i + 1}`}
              onClick={() => form.removeListItem('header_rows', i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {typeof form.errors.header_rows === 'string' && (
          <Text size="xs" c="red">
            {form.errors.header_rows}
          </Text>
        )}
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          w="fit-content"
          onClick={() => form.insertListItem('header_rows', { name: '', value: '' })}
        >
          Add header
        </Button>
      </Stack>
      <Textarea
        label="Body"
        rows={3}
        styles={{ input: { fontFamily: 'monospace' } }}
        description={`Filled in: ${PLACEHOLDERS}, {{enrollment_id}}, {{instance_id}}`}
        {...form.getInputProps('step_config.body')}
      />
      <SimpleGrid cols={2}>
        <NumberInput
          label="Timeout (seconds)"
          min={1}
          max={30}
          allowDecimal={false}
          {...form.getInputProps('step_config.timeout_seconds')}
        />
        <NumberInput
          label="Retries"
          min={0}
          max={5}
          allowDecimal={false}
          {...form.getInputProps('step_config.retries')}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Only public addresses are called, unless the server's allow-list names the host. The response is kept
        with the step's history.
      </Text>
    </Stack>
  );
}

function WaitFields({ form }: Props) {
  const mode = form.values.step_config.mode;
  return (
    <Stack gap="sm">
      <NativeSelect
        label="Wait"
        data={[
          { value: 'duration', label: 'For a time' },
          { value: 'until_date', label: 'Until a date of the enrollment' },
        ]}
        {...form.getInputProps('step_config.mode')}
      />
      {mode === 'duration' ? (
        <SimpleGrid cols={2}>
          <NumberInput
            label="Duration"
            required
            min={1}
            allowDecimal={false}
            {...form.getInputProps('step_config.duration')}
          />
          <NativeSelect
            label="Unit"
            data={[...WORKFLOW_WAIT_UNITS]}
            {...form.getInputProps('step_config.unit')}
          />
        </SimpleGrid>
      ) : (
        <NativeSelect
          label="Date"
          required
          data={[
            { value: '', label: 'Choose a date' },
            ...WORKFLOW_WAIT_DATE_FIELDS.map((f) => ({ value: f, label: f.replace('_', ' ') })),
          ]}
          {...form.getInputProps('step_config.date_field')}
        />
      )}
    </Stack>
  );
}

function FormFields({ form }: Props) {
  const templates = useFormTemplates({ page: 1, pageSize: 200, status: 'active' });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <NativeSelect
        label="Form"
        required
        description="Assigned to the enrollment's case manager; the step waits until it is submitted."
        data={[
          { value: '', label: templates.isLoading ? 'Loading…' : 'Choose a form' },
          ...(templates.data?.templates ?? []).map((t) => ({ value: String(t.id), label: t.name })),
        ]}
        {...form.getInputProps('step_config.form_template_id')}
      />
      <NumberInput
        label="Due in days"
        min={1}
        max={365}
        allowDecimal={false}
        {...form.getInputProps('step_config.due_in_days')}
      />
    </SimpleGrid>
  );
}

const FIELDS = {
  task: TaskFields,
  notification: NotificationFields,
  approval: ApprovalFields,
  condition: ConditionFields,
  api_call: ApiCallFields,
  wait: WaitFields,
  form: FormFields,
} as const;

/** The settings of the chosen step type. */
export function StepConfigFields(props: Props) {
  const type = props.form.values.step_type;
  if (!type) return null;
  const Fields = FIELDS[type];
  return <Fields {...props} />;
}
