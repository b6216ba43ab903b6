import {
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import {
  MEMBER_TILE_STATUSES,
  memberDeleteConfirmation,
  REFERRAL_MEMBER_PAGE_SIZE_DEFAULT,
  type ReferralMember,
} from '@trust/domain';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { useDeleteReferralMember } from '../../api/referral-members/delete-referral-member.ts';
import { useReferralMembers } from '../../api/referral-members/get-referral-members.ts';
import { useReferralMemberUpdates } from '../../api/referral-members/use-referral-member-updates.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { tabPath } from '../../app/navigation/tabs.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { MemberCard } from './member-card.tsx';
import { type MemberStatusFilter, MemberTiles } from './member-tiles.tsx';
import { MEMBER_PROFILE_MESSAGES } from './messages.ts';

const PAGE_SIZE = REFERRAL_MEMBER_PAGE_SIZE_DEFAULT;

function statusFromUrl(value: string | null): MemberStatusFilter {
  return (MEMBER_TILE_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as MemberStatusFilter)
    : 'all';
}

/**
 * The workspace tab without an id (003 §2.1 "member list first"): Member Profiles (000 §2.8), the active
 * organization's members derived from its referrals on the server. The tile filter is kept in the URL; the
 * search term (a name or an ID: PHI) is not.
 */
export function MemberProfilesPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const orgRole = user?.org_role ?? null;
  const canDelete = orgRole !== null && orgRole !== 'viewer';

  const [params, setParams] = useSearchParams();
  const status = statusFromUrl(params.get('status'));
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [deleteTarget, setDeleteTarget] = useState<ReferralMember | null>(null);

  const list = useReferralMembers({
    page,
    page_size: PAGE_SIZE,
    status,
    search: debouncedSearch || undefined,
  });
  useReferralMemberUpdates();
  const remove = useDeleteReferralMember();

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const now = new Date();

  // A page emptied by a deletion (here or elsewhere, through the live refresh) falls back to the last page.
  const emptyPastEnd = Boolean(data && data.members.length === 0 && page > 1 && !list.isFetching);
  useEffect(() => {
    if (emptyPastEnd) setPage(Math.max(1, pages));
  }, [emptyPastEnd, pages]);

  const setStatus = (next: MemberStatusFilter) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'all') updated.delete('status');
        else updated.set('status', next);
        return updated;
      },
      { replace: true },
    );
    setPage(1);
  };

  const confirmDelete = () => {
    const target = deleteTarget;
    if (!target) return;
    const name = `${target.first_name} ${target.last_name}`.trim();
    remove.mutate(target.member_id, {
      onSuccess: ({ deleted }) => {
        setDeleteTarget(null);
        notifications.show({
          color: 'green',
          message: `Deleted ${deleted === 1 ? '1 pending referral' : `${deleted} pending referrals`} for ${name}.`,
        });
      },
      onError: (error) => {
        setDeleteTarget(null);
        const text =
          error instanceof ApiError && !error.isNetworkError && error.detail
            ? error.detail
            : MEMBER_PROFILE_MESSAGES.deleteFailed;
        notifications.show({ color: 'red', message: text, autoClose: 8000 });
      },
    });
  };

  const filtered = status !== 'all' || debouncedSearch !== '';

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{MEMBER_PROFILE_MESSAGES.title}</Title>
        <Text size="sm" c="dimmed">
          Members of your organization's referrals, by Medicaid ID, most recent activity first.
        </Text>
      </div>

      <MemberTiles counts={data?.counts} active={status} onChange={setStatus} />

      <TextInput
        label="Search members"
        type="search"
        placeholder="Name, Medicaid ID, phone, email or ZIP"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        autoComplete="off"
      />

      {!data && list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading members" />
        </Center>
      ) : !data ? (
        <LoadErrorAlert error={list.error} what="members" onRetry={() => void list.refetch()} />
      ) : data.members.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack gap="xs" align="center" ta="center">
            <Title order={3}>{MEMBER_PROFILE_MESSAGES.emptyTitle}</Title>
            <Text c="dimmed">
              {filtered ? MEMBER_PROFILE_MESSAGES.emptyFiltered : MEMBER_PROFILE_MESSAGES.emptyFirst}
            </Text>
            {!filtered && canDelete && (
              <Button onClick={() => navigate(tabPath('create-referral'))}>Create Referral</Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <>
          {list.isError && <LoadErrorAlert compact error={list.error} onRetry={() => void list.refetch()} />}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" aria-busy={list.isFetching}>
            {data.members.map((member) => (
              <MemberCard
                key={member.member_id}
                member={member}
                canDelete={canDelete}
                now={now}
                onView={(m) => navigate(tabPath('workspace', m.latest_referral_id))}
                onDelete={setDeleteTarget}
              />
            ))}
          </SimpleGrid>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {data.total === 1 ? '1 member' : `${data.total} members`}
            </Text>
            {pages > 1 && (
              <Pagination total={pages} value={page} onChange={setPage} aria-label="Member pages" size="sm" />
            )}
          </Group>
        </>
      )}

      <ConfirmDialog
        opened={deleteTarget !== null}
        title="Delete pending referrals"
        message={
          deleteTarget
            ? memberDeleteConfirmation(
                `${deleteTarget.first_name} ${deleteTarget.last_name}`.trim(),
                deleteTarget.pending_count,
              )
            : ''
        }
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleteTarget(null)}
      />
    </Stack>
  );
}
