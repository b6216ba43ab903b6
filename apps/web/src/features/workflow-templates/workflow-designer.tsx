import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  stepJumpTarget,
  WORKFLOW_STEP_TYPE_LABELS,
  type WorkflowStep,
  type WorkflowTemplate,
} from '@trust/domain';
import { useState } from 'react';
import { useOrganizationUsers } from '../../api/admin/organization-users.ts';
import { errorText } from '../../api/errors.ts';
import { useFormTemplates } from '../../api/forms/templates.ts';
import { useDeleteWorkflowStep, useWorkflowSteps } from '../../api/workflows/templates.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { StepFormModal } from './step-form-modal.tsx';
import { stepSummary } from './step-summary.ts';
import { TEMPLATE_TEXTS } from './template-texts.ts';

/** Names for the summaries: the organization's users and its forms. */
function useSummaryNames() {
  const { user } = useAuth();
  const users = useOrganizationUsers(user?.active_cbo_id ?? 0, { page: 1, pageSize: 200 });
  const forms = useFormTemplates({ page: 1, pageSize: 200 });
  return {
    user: (id: number) => users.data?.users.find((u) => u.id === id)?.name,
    form: (id: number) => forms.data?.templates.find((t) => t.id === id)?.name,
  };
}

function StepCard({
  step,
  summary,
  canEdit,
  onEdit,
  onDelete,
}: {
  step: WorkflowStep;
  summary: string;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const jump = stepJumpTarget(step.step_type, step.step_config);
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon radius="xl" size="lg" variant="light" aria-hidden>
            {step.step_order}
          </ThemeIcon>
          <div>
            <Group gap={6}>
              <Text fw={600}>{step.step_name}</Text>
              <Badge variant="light">{WORKFLOW_STEP_TYPE_LABELS[step.step_type]}</Badge>
              {!step.required && (
                <Badge variant="outline" color="gray">
                  Optional
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
              {summary}
            </Text>
            {jump !== null && (
              <Text size="xs" c="dimmed">
                Branches to step {jump}
              </Text>
            )}
          </div>
        </Group>
        {canEdit && (
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Edit">
              <ActionIcon variant="subtle" aria-label={`Edit step ${step.step_name}`} onClick={onEdit}>
                <IconEdit size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete step ${step.step_name}`}
                onClick={onDelete}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
    </Card>
  );
}

/**
 * The Workflow Designer (002 §2): the template's steps in order as a vertical flow, edit and delete per step,
 * Add Step, Add Next Step, Close. Steps are edited on the server one by one; when instances run on the current
 * version, the server copies it to a new version first, so running instances finish on theirs.
 */
export function WorkflowDesigner({
  template,
  canEdit,
  onClose,
}: {
  template: WorkflowTemplate | null;
  canEdit: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const steps = useWorkflowSteps(template?.id ?? null);
  const remove = useDeleteWorkflowStep();
  const names = useSummaryNames();
  const [editing, setEditing] = useState<WorkflowStep | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WorkflowStep | null>(null);
  const list = steps.data ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notifications.show({ color: 'green', message: TEMPLATE_TEXTS.stepDeleted }),
      onError: (error) =>
        notifications.show({ color: 'red', message: errorText(error, TEMPLATE_TEXTS.deleteStepFailed) }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <Modal
        opened={template !== null && editing === null && deleting === null}
        onClose={onClose}
        title={template ? `Workflow Designer: ${template.name}` : 'Workflow Designer'}
        size="xl"
        fullScreen={phone}
      >
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <Text size="sm" c="dimmed" maw={520}>
              Version {template?.version}. Workflows already running finish on the version they started with;
              changing the steps while some run makes the next version.
            </Text>
            {canEdit && (
              <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>
                Add Step
              </Button>
            )}
          </Group>
          {steps.isLoading && (
            <Center py="lg">
              <Loader aria-label="Loading steps" />
            </Center>
          )}
          {steps.error && (
            <Alert color="red" role="alert">
              {errorText(steps.error, TEMPLATE_TEXTS.fetchStepsFailed)}
            </Alert>
          )}
          {steps.data && list.length === 0 && (
            <Text c="dimmed" ta="center" py="md">
              No steps yet. {canEdit ? 'Add the first step.' : ''}
            </Text>
          )}
          <Stack
            gap={4}
            component="ol"
            aria-label="Steps"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {list.map((step, i) => (
              <Stack
                key={step.id}
                gap={4}
                component="li"
                aria-label={`Step ${step.step_order}: ${step.step_name}`}
              >
                <StepCard
                  step={step}
                  summary={stepSummary(step, names)}
                  canEdit={canEdit}
                  onEdit={() => setEditing(step)}
                  onDelete={() => setDeleting(step)}
                />
                {i < list.length - 1 && (
                  <Center aria-hidden>
                    <IconArrowDown size={18} color="var(--mantine-color-dimmed)" />
                  </Center>
                )}
              </Stack>
            ))}
          </Stack>
          <Group justify="space-between">
            {canEdit && list.length > 0 ? (
              <Button variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>
                Add Next Step
              </Button>
            ) : (
              <span />
            )}
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      </Modal>
      {template && (
        <StepFormModal
          opened={editing !== null}
          template={template}
          step={editing === 'new' ? null : editing}
          steps={list}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete step"
        message={deleting ? `Delete step ${deleting.step_order}, "${deleting.step_name}"?` : ''}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
