import {
  Alert,
  Badge,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { ORG_ADMIN_ROLES, type OrgRole, SECURITY_EVENT_PREFIXES } from '@trust/domain';
import { useState } from 'react';
import { useSecurityLog } from '../../api/admin/get-security-log.ts';
import { errorText } from '../../api/errors.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';

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
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / PAGE_SIZE));

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
      {log.isError && (
        <Alert color="red" role="alert">
          {errorText(log.error, 'Failed to load the security log')}
        </Alert>
      )}
      {log.isPending && !log.isError ? (
        <Loader />
      ) : (
        log.data && (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>IP</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.events.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text c="dimmed" ta="center">
                        No events found
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {log.data.events.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{new Date(e.at).toLocaleString()}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={CATEGORY_COLORS[e.action.split('.')[0] ?? ''] ?? 'gray'}>
                        {e.action}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{e.actor_name ?? 'Unknown'}</Text>
                      {e.actor_email && (
                        <Text size="xs" c="dimmed">
                          {e.actor_email}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{e.ip ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      )}
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
    </Stack>
  );
}
