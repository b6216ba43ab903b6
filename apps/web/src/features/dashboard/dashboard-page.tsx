import { Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import {
  type Icon,
  IconActivity,
  IconArrowsShuffle,
  IconFilePlus,
  IconLogout,
  IconStethoscope,
} from '@tabler/icons-react';
import { orgRoleLabel } from '@trust/domain';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { tabPath } from '../../app/navigation/tabs.ts';
import { FormsAssignedCard } from './forms-assigned-card.tsx';
import { MyTasksCard } from './my-tasks-card.tsx';
import { RecentActivityCard } from './recent-activity-card.tsx';
import { StatCards } from './stat-cards.tsx';
import { UnreadNotificationsCard } from './unread-notifications-card.tsx';

// The chart library stays out of the dashboard's first load: the trend card comes in its own chunk.
const ReferralTrendCard = lazy(() => import('./referral-trend-card.tsx'));

const QUICK_ACTIONS: { label: string; tab: string; icon: Icon }[] = [
  { label: 'Create New Referral', tab: 'create-referral', icon: IconFilePlus },
  { label: 'View Live Feed', tab: 'livefeed', icon: IconActivity },
  { label: 'Matching Engine', tab: 'matching', icon: IconArrowsShuffle },
  { label: 'Navigator Directory', tab: 'provider-directory', icon: IconStethoscope },
];

/**
 * 003 §2.4: the user dashboard, the default tab after login. The spec's stat cards and activity hold hard-coded
 * sample data; ours come from recorded referrals (GET /api/dashboard/stats, /activity, /trend).
 */
export function DashboardPage() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2}>Welcome back, {user.name}!</Title>
          {user.org_role && (
            <Badge variant="light" mt={6}>
              {orgRoleLabel(user.org_role)}
            </Badge>
          )}
        </div>
        <Button variant="default" leftSection={<IconLogout size={16} />} onClick={signOut}>
          Logout
        </Button>
      </Group>

      <StatCards />

      <Card withBorder padding="lg">
        <Title order={3} size="h4" mb="sm">
          Quick Actions
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
          {QUICK_ACTIONS.map((action) => (
            <Button
              key={action.tab}
              variant="light"
              justify="flex-start"
              leftSection={<action.icon size={18} />}
              onClick={() => navigate(tabPath(action.tab))}
            >
              {action.label}
            </Button>
          ))}
        </SimpleGrid>
      </Card>

      {/* What waits for the person (tasks, forms, notifications) sits beside the activity, above the fold. */}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        {user.org_role && <RecentActivityCard />}
        <Stack gap="lg">
          {user.org_role && user.org_role !== 'viewer' && <MyTasksCard />}
          <FormsAssignedCard userId={user.id} />
          {user.org_role && <UnreadNotificationsCard />}
          {user.org_role && (
            <Suspense fallback={<Loader size="sm" aria-label="Loading the referral trend" />}>
              <ReferralTrendCard />
            </Suspense>
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
