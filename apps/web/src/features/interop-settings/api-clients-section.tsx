import { Badge, Button, Code, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { ApiClient, ApiClientCreated } from '@trust/domain';
import { API_CLIENT_STATUS_COLORS, API_SCOPE_SHORT, INTEROP_TEXT as T } from '@trust/domain/interop-settings';
import { useState } from 'react';
import { useApiClients } from '../../api/api-clients/get-api-clients.ts';
import { useRevokeApiClient } from '../../api/api-clients/revoke-api-client.ts';
import { errorText } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatDateTime } from '../../components/format-date.ts';
import { ClientSecretModal } from './client-secret-modal.tsx';
import { InteropSection } from './interop-section.tsx';
import { NewApiClientModal } from './new-api-client-modal.tsx';

function StatusBadge({ client }: { client: ApiClient }) {
  const status = client.revoked_at ? 'revoked' : 'active';
  return (
    <Badge variant="light" color={API_CLIENT_STATUS_COLORS[status]}>
      {client.revoked_at ? T.statusRevoked : T.statusActive}
    </Badge>
  );
}

function columns(onRevoke: (client: ApiClient) => void): DataTableColumn<ApiClient>[] {
  return [
    {
      key: 'name',
      header: T.clientName,
      // The client id sits under the name, so the row keeps its status and Revoke in view at any width.
      cell: (c) => (
        <>
          <Text size="sm" fw={600}>
            {c.name}
          </Text>
          <Code fz="xs" aria-label={T.clientId} style={{ wordBreak: 'break-all' }}>
            {c.client_id}
          </Code>
        </>
      ),
    },
    {
      key: 'scopes',
      header: T.clientScopes,
      cell: (c) => (
        <Group gap={4}>
          {c.scopes.map((scope) => (
            <Badge key={scope} variant="outline" color="gray" tt="none" title={scope}>
              {API_SCOPE_SHORT[scope]}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'created',
      header: T.clientCreated,
      hideOnPhone: true,
      cell: (c) => (
        <>
          <Text size="sm">{formatDateTime(c.created_at)}</Text>
          <Text size="xs" c="dimmed">
            {T.createdBy(c.created_by_name ?? T.unknownPerson)}
          </Text>
        </>
      ),
    },
    {
      key: 'last_used',
      header: T.clientLastUsed,
      hideOnPhone: true,
      cell: (c) => formatDateTime(c.last_used_at, T.neverUsed),
    },
    { key: 'status', header: T.clientStatus, cell: (c) => <StatusBadge client={c} /> },
    {
      key: 'actions',
      header: T.clientActions,
      headerHidden: true,
      cell: (c) =>
        c.revoked_at ? null : (
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => onRevoke(c)}
            aria-label={T.revokeLabel(c.name)}
          >
            {T.revoke}
          </Button>
        ),
    },
  ];
}

/** Issue #21 item 4: the organization's API clients, a new one (its secret shown once) and revocation. */
export function ApiClientsSection() {
  const clients = useApiClients();
  const revoke = useRevokeApiClient();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiClientCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiClient | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    const { id, name } = revoking;
    revoke.mutate(id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: T.revoked(name) });
        setRevoking(null);
      },
      onError: (error) => {
        notifications.show({ color: 'red', message: errorText(error, T.revokeFailed) });
        setRevoking(null);
      },
    });
  };

  return (
    <InteropSection
      title={T.clientsHeading}
      intro={T.clientsIntro}
      action={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {T.newClient}
        </Button>
      }
    >
      <DataTable<ApiClient>
        label={T.clientsTable}
        columns={columns(setRevoking)}
        rows={clients.data?.api_clients}
        rowKey={(c) => c.id}
        loadingLabel={T.clientsLoading}
        fetching={clients.isFetching}
        empty={T.clientsEmpty}
        error={clients.error}
        onRetry={() => void clients.refetch()}
        errorAlert={{ what: T.clientsWhat, message: errorText(clients.error, T.clientsFailed) }}
        rowProps={(c) => ({ 'data-testid': `api-client-${c.client_id}` })}
        minWidth={300}
      />
      <NewApiClientModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(client) => {
          setCreating(false);
          setCreated(client);
        }}
      />
      <ClientSecretModal created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        opened={revoking !== null}
        title={T.revokeTitle}
        message={revoking ? T.revokeMessage(revoking.name) : ''}
        confirmLabel={T.revoke}
        danger
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </InteropSection>
  );
}
