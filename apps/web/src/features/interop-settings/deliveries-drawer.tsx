import { Badge, Drawer, Text } from '@mantine/core';
import type { FhirSubscriptionDelivery, FhirSubscriptionSummary } from '@trust/domain';
import {
  DELIVERY_KIND_LABELS,
  DELIVERY_STATUS_COLORS,
  DELIVERY_STATUS_LABELS,
  INTEROP_TEXT as T,
} from '@trust/domain/interop-settings';
import { errorText } from '../../api/errors.ts';
import { useFhirSubscriptionDeliveries } from '../../api/fhir-subscriptions/get-fhir-subscription-deliveries.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatDateTime } from '../../components/format-date.ts';

const COLUMNS: DataTableColumn<FhirSubscriptionDelivery>[] = [
  { key: 'created', header: T.deliveryCreated, nowrap: true, cell: (d) => formatDateTime(d.created_at) },
  { key: 'kind', header: T.deliveryKind, cell: (d) => DELIVERY_KIND_LABELS[d.kind] },
  { key: 'task_status', header: T.deliveryTaskStatus, cell: (d) => d.task_status ?? '—' },
  {
    key: 'status',
    header: T.deliveryStatus,
    cell: (d) => (
      <Badge variant="light" color={DELIVERY_STATUS_COLORS[d.status]}>
        {DELIVERY_STATUS_LABELS[d.status]}
      </Badge>
    ),
  },
  { key: 'attempts', header: T.deliveryAttempts, cell: (d) => d.attempts },
  { key: 'code', header: T.deliveryCode, hideOnPhone: true, cell: (d) => d.last_status_code ?? '—' },
  {
    key: 'error',
    header: T.deliveryError,
    cell: (d) =>
      d.last_error ? (
        <Text size="xs" c="red.8">
          {d.last_error}
        </Text>
      ) : (
        '—'
      ),
  },
  {
    key: 'delivered',
    header: T.deliveryDelivered,
    nowrap: true,
    cell: (d) => formatDateTime(d.delivered_at),
  },
];

/** The last notifications of one subscription and how each delivery went (attempts, HTTP status, error). */
export function DeliveriesDrawer({
  subscription,
  onClose,
}: {
  subscription: FhirSubscriptionSummary | null;
  onClose: () => void;
}) {
  const deliveries = useFhirSubscriptionDeliveries(subscription?.id ?? null);
  return (
    <Drawer
      opened={subscription !== null}
      onClose={onClose}
      position="right"
      size="min(64rem, 100%)"
      title={subscription ? T.deliveriesTitle(subscription.endpoint) : T.deliveriesTable}
      styles={{ title: { wordBreak: 'break-all' } }}
    >
      {subscription && (
        <DataTable<FhirSubscriptionDelivery>
          label={T.deliveriesTable}
          columns={COLUMNS}
          rows={deliveries.data?.deliveries}
          rowKey={(d) => d.id}
          loadingLabel={T.deliveriesLoading}
          fetching={deliveries.isFetching}
          empty={T.deliveriesEmpty}
          error={deliveries.error}
          onRetry={() => void deliveries.refetch()}
          errorAlert={{ what: T.deliveriesWhat, message: errorText(deliveries.error, T.deliveriesFailed) }}
          minWidth={640}
        />
      )}
    </Drawer>
  );
}
