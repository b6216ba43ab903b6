import { Button, Center, Group, Loader, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconActivity, IconArrowLeft, IconFilePlus } from '@tabler/icons-react';
import type { ClientReferral } from '@trust/domain';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { useDeleteReferral } from '../../api/referrals/delete-referral.ts';
import { useReferrals } from '../../api/referrals/get-referrals.ts';
import { useReferralUpdates } from '../../api/referrals/use-referral-updates.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { tabPath } from '../../app/navigation/tabs.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { GapFilterBar } from './gap-filter-bar.tsx';
import { groupByMember } from './group-by-member.ts';
import { MemberGroupSection } from './member-group.tsx';
import { QUEUE_MESSAGES } from './messages.ts';
import { QueueCounters } from './queue-counters.tsx';
import { QueueFilterPanel } from './queue-filter-panel.tsx';
import { useGapFilters, useQueueFilters } from './queue-filters.ts';
import { ReferralCard, type ReferralCardActions } from './referral-card.tsx';

export const QUEUE_PAGE_SIZE = 25;

/** 000 §8 referral delete failure: the server's reason, or the generic text when it could not be asked. */
function deleteErrorText(error: unknown): string {
  if (error instanceof ApiError && !error.isNetworkError) {
    return QUEUE_MESSAGES.deleteRefused(error.detail ?? error.message);
  }
  return QUEUE_MESSAGES.deleteFailed;
}

/** The queue tab (000 §2.3): the organization's referrals, searched and filtered on the server, by member. */
export function ReferralQueuePage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const orgRole = user?.org_role ?? null;
  // Viewers (002 §6) read the queue; the server refuses their changes anyway.
  const canWrite = orgRole !== null && orgRole !== 'viewer';

  const { filters, setFilter, active: queueFiltersActive } = useQueueFilters();
  // Issue #20: a Service Gaps figure's filters (need, county, gap kind, period), from its link.
  const { gapFilters, clearGapFilters, active: gapFiltersActive } = useGapFilters();
  const filtersActive = queueFiltersActive || gapFiltersActive;
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  // The scope control shows once the organization is seen to receive referrals (it acts for a directory
  // provider), and stays for the visit so the control does not come and go with the filters.
  const [receives, setReceives] = useState(false);

  const list = useReferrals({
    page,
    page_size: QUEUE_PAGE_SIZE,
    search: debouncedSearch || undefined,
    ...filters,
    ...gapFilters,
  });
  useReferralUpdates();
  const remove = useDeleteReferral();
  const [deleteTarget, setDeleteTarget] = useState<ClientReferral | null>(null);

  const data = list.data;
  if (!receives && data?.referrals.some((r) => r.viewerRole === 'provider')) setReceives(true);
  const showScope = receives || filters.scope !== 'all';
  const searching = debouncedSearch !== '';
  const now = new Date();
  const pages = data ? Math.max(1, Math.ceil(data.total / QUEUE_PAGE_SIZE)) : 1;

  // A page emptied by a deletion (here or elsewhere, through the live refresh) falls back to the last page.
  const emptyPastEnd = Boolean(data && data.referrals.length === 0 && page > 1 && !list.isFetching);
  useEffect(() => {
    if (emptyPastEnd) setPage(Math.max(1, pages));
  }, [emptyPastEnd, pages]);

  const goBack = () => {
    // The first page of the visit has nowhere to go back to: the dashboard is the start after sign-in.
    if (location.key === 'default') navigate(tabPath('dashboard'));
    else navigate(-1);
  };

  const actions: ReferralCardActions = {
    onView: (r) => navigate(tabPath('queue', r.id)),
    onEdit: (r) => navigate(tabPath('queue', r.id, 'edit')),
    onDelete: setDeleteTarget,
  };

  const confirmDelete = () => {
    const target = deleteTarget;
    if (!target) return;
    remove.mutate(Number(target.id), {
      onSuccess: () => {
        setDeleteTarget(null);
        notifications.show({
          color: 'green',
          message: `Referral #${target.referralNumber} for ${target.memberName} was deleted.`,
        });
      },
      onError: (error) => {
        setDeleteTarget(null);
        notifications.show({ color: 'red', message: deleteErrorText(error), autoClose: 8000 });
      },
    });
  };

  const changeFilter = (key: Parameters<typeof setFilter>[0], value: string) => {
    setFilter(key, value);
    setPage(1);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" align="center" wrap="nowrap">
          <Button
            variant="subtle"
            size="compact-md"
            leftSection={<IconArrowLeft size={16} />}
            onClick={goBack}
          >
            Back
          </Button>
          <Title order={2}>{QUEUE_MESSAGES.title}</Title>
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconActivity size={16} />}
            onClick={() => navigate(tabPath('livefeed'))}
          >
            Live Feed
          </Button>
          <Button
            leftSection={<IconFilePlus size={16} />}
            onClick={() => navigate(tabPath('create-referral'))}
          >
            Create Referral
          </Button>
        </Group>
      </Group>

      <GapFilterBar
        filters={gapFilters}
        onClear={() => {
          clearGapFilters();
          setPage(1);
        }}
      />

      <QueueCounters counts={data?.counts} />

      <QueueFilterPanel
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        filters={filters}
        onFilter={changeFilter}
        showScope={showScope}
      />

      {!data && list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading referrals" />
        </Center>
      ) : !data ? (
        <LoadErrorAlert error={list.error} what="referrals" onRetry={() => void list.refetch()} />
      ) : data.referrals.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack gap="xs" align="center" ta="center">
            <Title order={3}>{QUEUE_MESSAGES.emptyTitle}</Title>
            {filtersActive || searching ? (
              <Text c="dimmed">{QUEUE_MESSAGES.emptyFiltered}</Text>
            ) : (
              <>
                <Text c="dimmed">{QUEUE_MESSAGES.emptyFirst}</Text>
                {canWrite && (
                  <Button
                    leftSection={<IconFilePlus size={16} />}
                    onClick={() => navigate(tabPath('create-referral'))}
                  >
                    {QUEUE_MESSAGES.createFirst}
                  </Button>
                )}
              </>
            )}
          </Stack>
        </Paper>
      ) : (
        <>
          {list.isError && <LoadErrorAlert compact error={list.error} onRetry={() => void list.refetch()} />}
          <Stack gap="lg" aria-busy={list.isFetching}>
            {groupByMember(data.referrals, data.memberReferralCounts).map((group) => (
              <MemberGroupSection key={group.medicaidId} group={group}>
                {group.referrals.map((referral) => (
                  <ReferralCard
                    key={referral.id}
                    referral={referral}
                    canWrite={canWrite}
                    now={now}
                    actions={actions}
                  />
                ))}
              </MemberGroupSection>
            ))}
          </Stack>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {`Showing ${(page - 1) * QUEUE_PAGE_SIZE + 1}–${(page - 1) * QUEUE_PAGE_SIZE + data.referrals.length} of ${data.total}`}
            </Text>
            {pages > 1 && (
              <Pagination total={pages} value={page} onChange={setPage} aria-label="Queue pages" size="sm" />
            )}
          </Group>
        </>
      )}

      <ConfirmDialog
        opened={deleteTarget !== null}
        title="Delete referral"
        message={deleteTarget ? QUEUE_MESSAGES.confirmDelete(deleteTarget.memberName) : ''}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleteTarget(null)}
      />
    </Stack>
  );
}
