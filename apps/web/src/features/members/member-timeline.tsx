import { Anchor, Card, Text, Timeline, Title } from '@mantine/core';
import {
  IconCalendarUser,
  IconCheckbox,
  IconFileText,
  IconListCheck,
  IconNote,
  IconTarget,
  IconUserPlus,
} from '@tabler/icons-react';
import type { MemberTimelineKind } from '@trust/domain';
import { Link } from 'react-router';
import { useMemberTimeline } from '../../api/members/members.ts';
import { tabPath } from '../../app/navigation/tabs.ts';
import { formatCalendarDate, formatDateTime } from '../../components/format-date.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';

const ICONS: Record<MemberTimelineKind, typeof IconNote> = {
  member: IconUserPlus,
  referral: IconListCheck,
  enrollment: IconCalendarUser,
  activity: IconCheckbox,
  note: IconNote,
  goal: IconTarget,
  document: IconFileText,
};

/** The profile's Activity Timeline (002 §2): referrals, enrollments and their activities, notes, goals, documents. */
export function MemberTimeline({ memberId }: { memberId: number }) {
  const timeline = useMemberTimeline(memberId);
  return (
    <Card withBorder>
      <Title order={3} size="h4" mb="sm">
        Activity Timeline
      </Title>
      {timeline.error ? (
        <LoadErrorAlert error={timeline.error} onRetry={() => void timeline.refetch()} what="the timeline" />
      ) : timeline.isPending ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : timeline.data.entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing yet.
        </Text>
      ) : (
        <Timeline bulletSize={24} lineWidth={2}>
          {timeline.data.entries.map((entry) => {
            const Icon = ICONS[entry.kind];
            return (
              <Timeline.Item
                key={entry.id}
                bullet={<Icon size={14} aria-hidden />}
                title={
                  entry.link ? (
                    <Anchor component={Link} to={tabPath(entry.link.tab, entry.link.id)} size="sm" fw={600}>
                      {entry.title}
                    </Anchor>
                  ) : (
                    <Text size="sm" fw={600}>
                      {entry.title}
                    </Text>
                  )
                }
              >
                {entry.detail && (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {entry.detail}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {entry.all_day ? formatCalendarDate(entry.at.slice(0, 10)) : formatDateTime(entry.at)}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Card>
  );
}
