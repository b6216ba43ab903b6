import { ActionIcon, Alert, Badge, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  BILLING_ACTIVITY_MESSAGES,
  BILLING_ACTIVITY_TYPE_OPTIONS,
  BILLING_UNIT_OPTIONS,
  type BillingActivity,
  dollarsToCents,
  formatCents,
  optionLabel,
  type Program,
} from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useBillingActivities } from '../../api/programs/get-billing-activities.ts';
import { useDeleteBillingActivity } from '../../api/programs/save-billing-activity.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { BillingActivityForm } from './billing-activity-form.tsx';

type View = { kind: 'list' } | { kind: 'form'; activity: BillingActivity | null };

function codesOf(a: BillingActivity): string {
  const codes = [
    a.cpt_code && `CPT ${a.cpt_code}`,
    a.hcpcs_code && `HCPCS ${a.hcpcs_code}`,
    a.revenue_code && `Rev ${a.revenue_code}`,
  ].filter(Boolean);
  const modifiers = [a.modifier_1, a.modifier_2].filter(Boolean).join(', ');
  return [codes.join(' · '), modifiers && `mod ${modifiers}`].filter(Boolean).join(' ') || '—';
}

function limitsOf(a: BillingActivity): string {
  const parts = [
    a.max_units_per_day !== null && `${a.max_units_per_day}/day`,
    a.max_units_per_month !== null && `${a.max_units_per_month}/month`,
  ].filter(Boolean);
  return parts.join(', ') || 'No limit';
}

/**
 * The Billing Activities modal of a program (002 §2): its billing activities with codes, unit, rate and limits;
 * managers and administrators add, edit and delete them (delete after a confirmation, 002 §5), everyone else
 * reads.
 */
export function BillingActivitiesModal({
  program,
  canManage,
  onClose,
}: {
  /** null: closed. */
  program: Program | null;
  canManage: boolean;
  onClose: () => void;
}) {
  const [view, setView] = useState<View>({ kind: 'list' });
  const [deleting, setDeleting] = useState<BillingActivity | null>(null);
  const activities = useBillingActivities(program?.id ?? null);
  const remove = useDeleteBillingActivity();

  const close = () => {
    setView({ kind: 'list' });
    setDeleting(null);
    onClose();
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `${deleting.activity_name} was deleted.` });
        setDeleting(null);
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          message: errorText(error, BILLING_ACTIVITY_MESSAGES.deleteFailed),
        });
        setDeleting(null);
      },
    });
  };

  const columns: DataTableColumn<BillingActivity>[] = [
    {
      key: 'activity',
      header: 'Activity',
      cell: (a) => (
        <>
          <Text fw={500} size="sm">
            {a.activity_name}
          </Text>
          <Text size="xs" c="dimmed">
            {[a.activity_code, a.activity_type && optionLabel(BILLING_ACTIVITY_TYPE_OPTIONS, a.activity_type)]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </>
      ),
    },
    { key: 'codes', header: 'Codes', cell: codesOf },
    {
      key: 'rate',
      header: 'Rate',
      nowrap: true,
      cell: (a) =>
        `${formatCents(dollarsToCents(a.rate_per_unit))} · ${optionLabel(BILLING_UNIT_OPTIONS, a.billing_unit).toLowerCase()}`,
    },
    { key: 'limits', header: 'Max units', cell: limitsOf, hideOnPhone: true },
    {
      key: 'flags',
      header: 'Requirements',
      hideOnPhone: true,
      cell: (a) => (
        <Group gap={4}>
          {a.requires_prior_auth && (
            <Badge size="xs" color="orange" variant="light">
              Prior auth
            </Badge>
          )}
          {a.requires_supervision && (
            <Badge size="xs" color="grape" variant="light">
              Supervision
            </Badge>
          )}
          {a.is_bundled && (
            <Badge size="xs" color="blue" variant="light">
              Bundled
            </Badge>
          )}
          {!a.is_active && (
            <Badge size="xs" color="gray">
              Inactive
            </Badge>
          )}
        </Group>
      ),
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            header: 'Actions',
            headerHidden: true,
            cell: (a: BillingActivity) => (
              <Group gap={4} wrap="nowrap">
                <Tooltip label="Edit">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Edit ${a.activity_name}`}
                    onClick={() => setView({ kind: 'form', activity: a })}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${a.activity_name}`}
                    onClick={() => setDeleting(a)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          },
        ]
      : []),
  ];

  return (
    <Modal
      opened={program !== null}
      onClose={close}
      title={
        program ? `${BILLING_ACTIVITY_MESSAGES.title}: ${program.name}` : BILLING_ACTIVITY_MESSAGES.title
      }
      size="80rem"
      centered
    >
      {program && view.kind === 'form' ? (
        <BillingActivityForm
          key={view.activity?.id ?? 'new'}
          programId={program.id}
          activity={view.activity}
          onDone={() => setView({ kind: 'list' })}
          onCancel={() => setView({ kind: 'list' })}
        />
      ) : (
        <Stack gap="sm">
          {canManage && (
            <Group justify="flex-end">
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => setView({ kind: 'form', activity: null })}
              >
                Add Billing Activity
              </Button>
            </Group>
          )}
          {deleting && (
            <Alert
              color="red"
              title="Delete billing activity"
              role="alertdialog"
              aria-label="Delete billing activity"
            >
              <Text size="sm">{BILLING_ACTIVITY_MESSAGES.confirmDelete(deleting.activity_name)}</Text>
              <Group justify="flex-end" mt="sm">
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => setDeleting(null)}
                  disabled={remove.isPending}
                >
                  Cancel
                </Button>
                <Button color="red" size="xs" onClick={confirmDelete} loading={remove.isPending}>
                  Delete
                </Button>
              </Group>
            </Alert>
          )}
          <DataTable<BillingActivity>
            label="Billing activities"
            columns={columns}
            rows={activities.data}
            rowKey={(a) => a.id}
            loadingLabel="Loading billing activities"
            fetching={activities.isFetching}
            empty="No billing activities yet"
            error={activities.error}
            onRetry={() => void activities.refetch()}
            errorAlert={{
              what: 'billing activities',
              message: errorText(activities.error, BILLING_ACTIVITY_MESSAGES.fetchFailed),
            }}
            tableProps={{ striped: true, highlightOnHover: true }}
          />
        </Stack>
      )}
    </Modal>
  );
}
