import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconLock, IconMapPin, IconPhone } from '@tabler/icons-react';
import { type DirectoryProvider, PROVIDER_VERIFICATION_MESSAGES } from '@trust/domain';
import type { ReactNode } from 'react';
import { CallFirstWarning, DataQualityBadge } from './data-quality.tsx';
import { formatAddress } from './directions-url.ts';
import { OutOfDateBadge } from './listing-freshness.tsx';
import { ServiceChips } from './service-chips.tsx';

/**
 * One provider in a list (directory results, My Providers, pickers): name, type, distance, address, phone,
 * data quality with the call-first warning, "may be out of date" with the last-verified day (issue #18 item 7),
 * and up to `maxServices` service chips (001 §9). The caller adds its own buttons.
 */
export function ProviderCard({
  provider: p,
  maxServices,
  actions,
  onOpen,
}: {
  provider: DirectoryProvider;
  maxServices: number;
  actions?: ReactNode;
  onOpen?: () => void;
}) {
  const address = formatAddress(p);
  const phone = p.primary_phone ?? p.phone;
  return (
    <Card withBorder padding="md" radius="md" aria-label={p.organization_name} component="article">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            {onOpen ? (
              <Anchor component="button" type="button" fw={700} ta="left" onClick={onOpen}>
                {p.organization_name}
              </Anchor>
            ) : (
              <Text fw={700}>{p.organization_name}</Text>
            )}
            <Group gap={6}>
              <Badge variant="outline" size="sm" tt="none">
                {p.organization_type}
              </Badge>
              <DataQualityBadge score={p.data_quality_score} />
              {/* Issue #12: only its own organization is shown a provider added by hand before verification. */}
              {p.verification_status === 'private' && (
                <Badge
                  color="orange"
                  // Dark text on the pale orange: Mantine's orange on its light tint is below 4.5:1.
                  c="dark.6"
                  variant="light"
                  size="sm"
                  tt="none"
                  leftSection={<IconLock size={12} />}
                >
                  {PROVIDER_VERIFICATION_MESSAGES.privateBadge}
                </Badge>
              )}
              <OutOfDateBadge provider={p} />
            </Group>
          </Stack>
          {p.distance_miles !== null && (
            <Text size="sm" fw={600} c="blue" style={{ whiteSpace: 'nowrap' }}>
              {p.distance_miles} mi
            </Text>
          )}
        </Group>
        {address && (
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={14} aria-hidden />
            <Text size="sm" c="dimmed">
              {address}
            </Text>
          </Group>
        )}
        {phone && (
          <Group gap={4} wrap="nowrap">
            <IconPhone size={14} aria-hidden />
            <Anchor size="sm" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
              {phone}
            </Anchor>
          </Group>
        )}
        <ServiceChips services={p.services} max={maxServices} />
        <CallFirstWarning score={p.data_quality_score} />
        {actions && <Group gap="xs">{actions}</Group>}
      </Stack>
    </Card>
  );
}
