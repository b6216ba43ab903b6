import { Alert, Badge, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { type AuditEvent, ORG_ADMIN_ROLES, type OrgRole, SECURITY_EVENT_PREFIXES } from '@trust/domain';
import { useState } from 'react';
import { useSecurityLog } from '../../api/admin/get-security-log.ts';
import { errorText } from '../../api/errors.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatDateTime } from '../../components/format-date.ts';

const PAGE_SIZE = 50;

const CATEGORY_LABELS: Record<(typeof SECURITY_EVENT_PREFIXES)[number], string> = {
  auth: 'Sign-in and sign-out',
  '2fa': 'Two-factor',
  device: 'Trusted devices',
  password: 'Passwords',
  consent: 'Consents',
  invitation: 'Invitations',
  membership: 'Memberships and roles',
};

const CATEGORY_COLORS: Record<string, string> = {
  auth: 'blue',
  '2fa': 'violet',
  device: 'cyan',
  password: 'orange',
  consent: 'teal',
  invitation: 'grape',
  membership: 'pink',
};

const COLUMNS: DataTableColumn<AuditEvent>[] = [
  { key: 'time', header: 'Time', cell: (e) => formatDateTime(e.at) },
  {
    key: 'action',
    header: 'Action',
    cell: (e) => (
      <Badge variant="light" color={CATEGORY_COLORS[e.action.split('.')[0] ?? ''] ?? 'gray'}>
        {e.action}
      </Badge>
    ),
  },
  {
    key: 'who',
    header: 'Who',
    cell: (e) => (
      <>
        <Text size="sm">{e.actor_name ?? 'Unknown'}</Text>
        {e.actor_email && (
          <Text size="xs" c="dimmed">
            {e.actor_email}
          </Text>
        )}
      </>
    ),
  },
  { key: 'ip', header: 'IP', cell: (e) => e.ip ?? '—' },
];

/** Issue 3 item 9: the security events of the active organization's members, for its administrators. */
export function SecurityLogPage() {
  const { user } = useAuth();
  return <SecurityLogScreen cboId={user?.active_cbo_id ?? null} orgRole={user?.org_role ?? null} />;
}

export function SecurityLogScreen({ cboId, orgRole }: { cboId: number | null; orgRole: OrgRole | null }) {
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const isAdmin = orgRole ? ORG_ADMIN_ROLES.includes(orgRole) : false;
  const log = useSecurityLog(cboId, { page, pageSize: PAGE_SIZE, action });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Security Log</Title>
        <NativeSelect
          aria-label="Event type"
          w={240}
          value={action}
          onChange={(e) => {
            setAction(e.currentTarget.value);
            setPage(1);
          }}
          data={[
            { value: '', label: 'All security events' },
            ...SECURITY_EVENT_PREFIXES.map((p) => ({ value: `${p}.`, label: CATEGORY_LABELS[p] })),
          ]}
        />
      </Group>
      {!isAdmin && (
        <Alert color="yellow">Only administrators of the active organization can see its security log.</Alert>
      )}
      <DataTable<AuditEvent>
        label="Security log"
        columns={COLUMNS}
        rows={log.data?.events}
        rowKey={(e) => e.id}
        loadingLabel="Loading the security log"
        fetching={log.isFetching}
        empty="No events found"
        error={log.error}
        onRetry={() => void log.refetch()}
        errorAlert={{
          what: 'the security log',
          message: errorText(log.error, 'Failed to load the security log'),
        }}
        tableProps={{ striped: true, highlightOnHover: true }}
        paging={{ page, pageSize: PAGE_SIZE, total: log.data?.total ?? 0, onPageChange: setPage }}
      />
    </Stack>
  );
}
