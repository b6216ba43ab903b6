import { Anchor, Button, Card, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import {
  type DashboardActivityItem,
  type DashboardView,
  REFERRAL_STATUS_LABELS,
  type ReferralStatus,
} from '@trust/domain';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDashboardActivity } from '../../api/dashboard/get-dashboard-activity.ts';
import { tabPath } from '../../app/navigation/tabs.ts';
import { formatDateTime, formatRelativeTime } from '../../components/format-date.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';

export const RECENT_ACTIVITY_TEXT = {
  title: 'Recent Activity',
  viewAll: 'View All Referrals',
  showMore: 'Show more',
  emptyPersonal: 'No activity yet on your referrals or by you.',
  emptyOrganization: 'No activity yet in your organization.',
  system: 'System',
} as const;

function statusName(value: string | null): string {
  if (!value) return '—';
  return REFERRAL_STATUS_LABELS[value as ReferralStatus] ?? value.replace(/_/g, ' ');
}

function ActivityRow({ item }: { item: DashboardActivityItem }) {
  const moved = item.from_status && item.to_status && item.from_status !== item.to_status;
  const referral = item.referral_number ? `Referral #${item.referral_number}` : 'A referral';
  return (
    <li>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {item.summary}
          </Text>
          <Text size="sm">
            {item.referral_id !== null ? (
              <Anchor component={Link} to={tabPath('queue', item.referral_id)}>
                {referral}
              </Anchor>
            ) : (
              referral
            )}
            {moved && ` · ${statusName(item.from_status)} → ${statusName(item.to_status)}`}
          </Text>
          <Text size="xs" c="dimmed">
            By {item.actor_name ?? RECENT_ACTIVITY_TEXT.system}
          </Text>
        </div>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          <time dateTime={item.at} title={formatDateTime(item.at)}>
            {formatRelativeTime(item.at)}
          </time>
        </Text>
      </Group>
    </li>
  );
}

/**
 * 003 §2.4 Recent Activity with the Personal / Organization toggle: the history of the organization's referrals,
 * newest first (personal: what the signed-in person did, and what happened on the referrals they created). Each
 * item names the referral by number and links to its details; 'View All Referrals' opens the queue.
 */
export function RecentActivityCard() {
  const [view, setView] = useState<DashboardView>('personal');
  const activity = useDashboardActivity(view);
  const navigate = useNavigate();
  const titleId = useId();
  const items = activity.data?.pages.flatMap((p) => p.items) ?? [];

  let body: React.ReactNode;
  if (activity.isPending) body = <Loader size="sm" aria-label="Loading recent activity" />;
  else if (activity.isError && items.length === 0)
    body = (
      <LoadErrorAlert error={activity.error} what="recent activity" onRetry={() => void activity.refetch()} />
    );
  else if (items.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {view === 'personal' ? RECENT_ACTIVITY_TEXT.emptyPersonal : RECENT_ACTIVITY_TEXT.emptyOrganization}
      </Text>
    );
  else
    body = (
      <>
        <Stack
          component="ul"
          gap="sm"
          aria-label={`${RECENT_ACTIVITY_TEXT.title}, ${view}`}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((item) => (
            <ActivityRow key={item.id} item={item} />
          ))}
        </Stack>
        {activity.isError && (
          <LoadErrorAlert compact error={activity.error} onRetry={() => void activity.refetch()} />
        )}
        {activity.hasNextPage && (
          <Button
            variant="subtle"
            size="compact-sm"
            loading={activity.isFetchingNextPage}
            onClick={() => void activity.fetchNextPage()}
          >
            {RECENT_ACTIVITY_TEXT.showMore}
          </Button>
        )}
      </>
    );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" id={titleId}>
            {RECENT_ACTIVITY_TEXT.title}
          </Title>
          <SegmentedControl
            value={view}
            onChange={(v) => setView(v as DashboardView)}
            aria-label="Show activity of"
            data={[
              { value: 'personal', label: 'Personal' },
              { value: 'organization', label: 'Organization' },
            ]}
            size="xs"
          />
        </Group>
        {body}
        <Group>
          <Button
            variant="light"
            leftSection={<IconListCheck size={16} />}
            onClick={() => navigate(tabPath('queue'))}
          >
            {RECENT_ACTIVITY_TEXT.viewAll}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
