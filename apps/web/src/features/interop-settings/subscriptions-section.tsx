import { Alert, Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FhirSubscriptionSummary } from '@trust/domain';
import {
  SUBSCRIPTION_STATUS_COLORS,
  SUBSCRIPTION_STATUS_LABELS,
  INTEROP_TEXT as T,
} from '@trust/domain/interop-settings';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useFhirSubscriptions } from '../../api/fhir-subscriptions/get-fhir-subscriptions.ts';
import { useReactivateFhirSubscription } from '../../api/fhir-subscriptions/reactivate-fhir-subscription.ts';
import { useTurnOffFhirSubscription } from '../../api/fhir-subscriptions/turn-off-fhir-subscription.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatDateTime } from '../../components/format-date.ts';
import { DeliveriesDrawer } from './deliveries-drawer.tsx';
import { InteropSection } from './interop-section.tsx';

type Sub = FhirSubscriptionSummary;

interface Actions {
  onDeliveries: (s: Sub) => void;
  onReactivate: (s: Sub) => void;
  onTurnOff: (s: Sub) => void;
  reactivating: number | null;
}

function columns({ onDeliveries, onReactivate, onTurnOff, reactivating }: Actions): DataTableColumn<Sub>[] {
  return [
    {
      key: 'status',
      header: T.subStatus,
      width: 220,
      cell: (s) => (
        <Stack gap={4}>
          <Badge
            variant={s.status === 'error' ? 'filled' : 'light'}
            color={SUBSCRIPTION_STATUS_COLORS[s.status]}
          >
            {SUBSCRIPTION_STATUS_LABELS[s.status]}
          </Badge>
          {s.status === 'error' && s.last_error && (
            <Text size="xs" c="red.8">
              {T.lastError}: {s.last_error}
            </Text>
          )}
          {s.status === 'error' && (
            <Text size="xs" c="dimmed">
              {T.errorHelp}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'endpoint',
      header: T.subEndpoint,
      cell: (s) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {s.endpoint}
        </Text>
      ),
    },
    {
      key: 'filter',
      header: T.subFilter,
      hideOnPhone: true,
      cell: (s) => (s.filter_criteria ? <Code>{s.filter_criteria}</Code> : T.everyStatusChange),
    },
    {
      key: 'events',
      header: T.subEvents,
      hideOnPhone: true,
      cell: (s) => s.event_count.toLocaleString('en-US'),
    },
    {
      key: 'last_delivered',
      header: T.subLastDelivered,
      nowrap: true,
      hideOnPhone: true,
      cell: (s) => formatDateTime(s.last_delivered_at, T.neverDelivered),
    },
    {
      key: 'actions',
      header: T.subActions,
      headerHidden: true,
      cell: (s) => (
        <Group gap={6}>
          <Button
            size="xs"
            variant="default"
            onClick={() => onDeliveries(s)}
            aria-label={T.deliveriesLabel(s.endpoint)}
          >
            {T.deliveries}
          </Button>
          {s.status === 'error' && (
            <Button
              size="xs"
              onClick={() => onReactivate(s)}
              loading={reactivating === s.id}
              aria-label={T.reactivateLabel(s.endpoint)}
            >
              {T.reactivate}
            </Button>
          )}
          {s.status !== 'off' && (
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => onTurnOff(s)}
              aria-label={T.turnOffLabel(s.endpoint)}
            >
              {T.turnOff}
            </Button>
          )}
        </Group>
      ),
    },
  ];
}

/** How a system subscribes: it does so itself through the FHIR API, so the screen can only explain. */
function EmptySubscriptions({ base }: { base: string }) {
  return (
    <Alert color="blue" variant="light" title={T.subscriptionsEmptyTitle}>
      <Stack gap="xs">
        <Text size="sm">{T.subscriptionsEmpty}</Text>
        <Code style={{ wordBreak: 'break-all' }}>POST {base}/fhir/Subscription</Code>
      </Stack>
    </Alert>
  );
}

/** FHIR subscriptions of the organization's systems: status (errors in red), deliveries, reactivate, turn off. */
export function SubscriptionsSection({ base }: { base: string }) {
  const subs = useFhirSubscriptions();
  const reactivate = useReactivateFhirSubscription();
  const turnOff = useTurnOffFhirSubscription();
  const [open, setOpen] = useState<Sub | null>(null);
  const [stopping, setStopping] = useState<Sub | null>(null);

  const onReactivate = (s: Sub) =>
    reactivate.mutate(s.id, {
      onSuccess: () => notifications.show({ color: 'green', message: T.reactivated }),
      onError: (error) => notifications.show({ color: 'red', message: errorText(error, T.reactivateFailed) }),
    });

  const confirmTurnOff = () => {
    if (!stopping) return;
    turnOff.mutate(stopping.id, {
      onSuccess: () => notifications.show({ color: 'green', message: T.turnedOff }),
      onError: (error) => notifications.show({ color: 'red', message: errorText(error, T.turnOffFailed) }),
      onSettled: () => setStopping(null),
    });
  };

  const rows = subs.data?.subscriptions;
  return (
    <InteropSection title={T.subscriptionsHeading} intro={T.subscriptionsIntro}>
      {rows && rows.length === 0 ? (
        <EmptySubscriptions base={base} />
      ) : (
        <DataTable<Sub>
          label={T.subscriptionsTable}
          columns={columns({
            onDeliveries: setOpen,
            onReactivate,
            onTurnOff: setStopping,
            reactivating: reactivate.isPending ? (reactivate.variables ?? null) : null,
          })}
          rows={rows}
          rowKey={(s) => s.id}
          loadingLabel={T.subscriptionsLoading}
          fetching={subs.isFetching}
          empty={T.subscriptionsEmptyTitle}
          error={subs.error}
          onRetry={() => void subs.refetch()}
          errorAlert={{ what: T.subscriptionsWhat, message: errorText(subs.error, T.subscriptionsFailed) }}
          rowProps={(s) => ({ 'data-testid': `subscription-${s.id}` })}
          minWidth={300}
        />
      )}
      <DeliveriesDrawer subscription={open} onClose={() => setOpen(null)} />
      <ConfirmDialog
        opened={stopping !== null}
        title={T.turnOffTitle}
        message={stopping ? T.turnOffMessage(stopping.endpoint) : ''}
        confirmLabel={T.turnOff}
        danger
        busy={turnOff.isPending}
        onConfirm={confirmTurnOff}
        onCancel={() => setStopping(null)}
      />
    </InteropSection>
  );
}
