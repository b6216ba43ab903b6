import { Badge, Button, Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import {
  type Icon,
  IconActivity,
  IconArrowsShuffle,
  IconFilePlus,
  IconLogout,
  IconStethoscope,
} from '@tabler/icons-react';
import { orgRoleLabel } from '@trust/domain';
import { useNavigate } from 'react-router';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { tabPath } from '../../app/navigation/tabs.ts';
import { FormsAssignedCard } from './forms-assigned-card.tsx';
import { MyTasksCard } from './my-tasks-card.tsx';
import { StatCards } from './stat-cards.tsx';

const QUICK_ACTIONS: { label: string; tab: string; icon: Icon }[] = [
  { label: 'Create New Referral', tab: 'create-referral', icon: IconFilePlus },
  { label: 'View Live Feed', tab: 'livefeed', icon: IconActivity },
  { label: 'Matching Engine', tab: 'matching', icon: IconArrowsShuffle },
  { label: 'Navigator Directory', tab: 'provider-directory', icon: IconStethoscope },
];

/**
 * 003 §2.4: the user dashboard, the default tab after login. The spec's stat cards hold hard-coded sample
 * numbers; ours are computed by the server from recorded referrals (GET /api/dashboard/stats).
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

      {user.org_role && user.org_role !== 'viewer' && <MyTasksCard />}

      <FormsAssignedCard userId={user.id} />

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
    </Stack>
  );
}
