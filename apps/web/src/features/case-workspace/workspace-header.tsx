import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import type { ClientReferral } from '@trust/domain';
import { ReferralStatusBadge } from '../../components/referral/status-badge.tsx';
import { WORKSPACE_MESSAGES } from './messages.ts';
import { canFindProviders } from './workspace-format.ts';

/**
 * 000 §2.7 header: member name, Medicaid ID, Find Providers (only while Pending or On Hold, and only for the
 * organization that may match it), status badge.
 */
export function WorkspaceHeader({
  referral,
  onBack,
  onFindProviders,
}: {
  referral: ClientReferral;
  onBack: () => void;
  onFindProviders: () => void;
}) {
  const showFind = referral.viewerRole === 'owner' && canFindProviders(referral.status);
  return (
    <Stack gap="xs">
      <Group>
        <Button variant="subtle" size="compact-md" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          Back
        </Button>
      </Group>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {referral.memberName}
          </Title>
          <Text c="dimmed" size="sm">
            Medicaid ID: {referral.memberMedicaidId} · Referral #{referral.referralNumber}
          </Text>
        </Stack>
        <Group gap="sm">
          {showFind && (
            <Button leftSection={<IconSearch size={16} />} onClick={onFindProviders}>
              {WORKSPACE_MESSAGES.findProviders}
            </Button>
          )}
          <ReferralStatusBadge status={referral.status} size="lg" />
        </Group>
      </Group>
    </Stack>
  );
}
