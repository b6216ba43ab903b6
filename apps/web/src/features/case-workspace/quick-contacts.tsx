import { Anchor, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconMail, IconMapPin, IconMessage, IconPhone } from '@tabler/icons-react';
import type { ClientReferral } from '@trust/domain';
import { WORKSPACE_MESSAGES } from './messages.ts';
import { mailtoHref, mapsHref, memberAddress, smsHref, telHref } from './workspace-format.ts';

function ContactCard({
  title,
  icon: IconComponent,
  color,
  value,
  href,
  external = false,
}: {
  title: string;
  icon: Icon;
  color: string;
  value: string;
  href: string | null;
  external?: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={title}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={color} size="lg" radius="md" aria-hidden>
          <IconComponent size={18} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {title}
          </Text>
          {href ? (
            <Anchor
              href={href}
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
              {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {value}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              {WORKSPACE_MESSAGES.noInformation}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/** 000 §2.7: four quick-contact cards; each says "No information available" when the detail is missing. */
export function QuickContacts({ referral }: { referral: ClientReferral }) {
  const address = memberAddress(referral);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
      <ContactCard
        title="Call Member"
        icon={IconPhone}
        color="green"
        value={referral.phoneNumber}
        href={telHref(referral.phoneNumber)}
      />
      <ContactCard
        title="Send Email"
        icon={IconMail}
        color="blue"
        value={referral.email}
        href={mailtoHref(referral.email)}
      />
      <ContactCard
        title="Send SMS"
        icon={IconMessage}
        color="grape"
        value={referral.phoneNumber}
        href={smsHref(referral.phoneNumber)}
      />
      <ContactCard
        title="Address"
        icon={IconMapPin}
        color="orange"
        value={address}
        href={mapsHref(address)}
        external
      />
    </SimpleGrid>
  );
}
