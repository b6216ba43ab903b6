import {
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  type Icon,
  IconArrowRight,
  IconArrowsShuffle,
  IconBrain,
  IconGauge,
  IconSearch,
  IconShieldCheck,
  IconStethoscope,
  IconTrophy,
} from '@tabler/icons-react';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { useOpenTab } from '../../app/navigation/use-open-tab.ts';
import { useOverlays } from '../../app/overlays/overlay-context.tsx';
import { LiveCounts } from './live-counts.tsx';
import { PlatformImpact } from './platform-impact.tsx';

const FEATURES: { title: string; text: string; icon: Icon }[] = [
  {
    title: 'AI-Powered Matching',
    text: 'Referrals are matched to the nearest providers that offer the needed service, within minutes.',
    icon: IconBrain,
  },
  {
    title: 'Trusted Network',
    text: 'Community organizations and healthcare providers working together on one secure platform.',
    icon: IconShieldCheck,
  },
  {
    title: 'Proven Results',
    text: 'Every referral is followed until the provider accepts, serves and closes it.',
    icon: IconTrophy,
  },
];

const TOOLS: { tab: string; title: string; text: string; icon: Icon }[] = [
  {
    tab: 'finder',
    title: 'Candidate Finder',
    text: 'Pick providers by hand for unpublished referrals.',
    icon: IconSearch,
  },
  {
    tab: 'matching',
    title: 'Matching Engine',
    text: 'Match referrals to providers automatically.',
    icon: IconArrowsShuffle,
  },
  {
    tab: 'capacity',
    title: 'Capacity Dashboard',
    text: 'See how providers respond and perform.',
    icon: IconGauge,
  },
];

/** 003 §2.3: the public landing page (the home tab). */
export function LandingPage() {
  const { status } = useAuth();
  const { openLogin } = useOverlays();
  const openTab = useOpenTab();
  const signedIn = status === 'signed-in';

  return (
    <Stack gap="xl">
      <Paper
        p={{ base: 'lg', sm: 'xl' }}
        radius="lg"
        style={{
          background: 'linear-gradient(135deg, var(--mantine-color-teal-7), var(--mantine-color-cyan-8))',
          color: 'white',
        }}
      >
        <Stack gap="md" maw={720}>
          <Title order={1} fz={{ base: 26, sm: 36 }} lh={1.15}>
            Connect members to the care they need
          </Title>
          <Text fz={{ base: 'sm', sm: 'lg' }} style={{ opacity: 0.92 }}>
            A care-coordination marketplace for health plans, community organizations and providers: create
            social-needs referrals, match them to providers and follow every case to the end.
          </Text>
          <Group gap="sm">
            {signedIn ? (
              <Button variant="white" color="teal" onClick={() => openTab('dashboard')}>
                Go to Dashboard
              </Button>
            ) : (
              <Button variant="white" color="teal" onClick={openLogin}>
                Login / Sign Up
              </Button>
            )}
            <Button variant="outline" color="white" onClick={() => openTab('livefeed')}>
              View Live Referral Feed
            </Button>
            <Button variant="outline" color="white" onClick={() => openTab('provider-directory')}>
              Provider Directory
            </Button>
          </Group>
          {!signedIn && (
            <Text size="sm" style={{ opacity: 0.85 }}>
              No login needed to browse the live referral feed and the provider directory.
            </Text>
          )}
        </Stack>
      </Paper>

      <LiveCounts />

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {FEATURES.map((feature) => (
          <Card key={feature.title} withBorder padding="lg">
            <ThemeIcon size={44} radius="md" variant="light" color="teal" mb="sm">
              <feature.icon size={24} />
            </ThemeIcon>
            <Title order={3} size="h4" mb={6}>
              {feature.title}
            </Title>
            <Text size="sm" c="dimmed">
              {feature.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>

      <PlatformImpact />

      <Stack gap="sm" component="section" aria-labelledby="tools-title">
        <Title order={2} size="h3" id="tools-title">
          Tools for care coordinators
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {TOOLS.map((tool) => (
            // The title is the card's name and its text the description (WCAG 2.5.3: every word of the name
            // is visible; the text, hidden from the name, is read after it).
            <UnstyledButton
              key={tool.tab}
              onClick={() => openTab(tool.tab)}
              aria-label={tool.title}
              aria-describedby={`tool-${tool.tab}-text`}
            >
              <Card withBorder padding="lg" h="100%">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={40} radius="md" variant="light" color="cyan">
                    <tool.icon size={22} />
                  </ThemeIcon>
                  <IconArrowRight size={18} color="var(--mantine-color-dimmed)" />
                </Group>
                <Text fw={700} mt="sm">
                  {tool.title}
                </Text>
                <Text size="sm" c="dimmed" id={`tool-${tool.tab}-text`} aria-hidden>
                  {tool.text}
                </Text>
              </Card>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Stack>

      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg" bg="var(--mantine-color-teal-light)">
        <Group justify="space-between" gap="md">
          <div>
            <Title order={2} size="h3">
              Find the right provider
            </Title>
            <Text size="sm" c="dimmed">
              Search community and healthcare providers by service and location.
            </Text>
          </div>
          <Button leftSection={<IconStethoscope size={18} />} onClick={() => openTab('provider-directory')}>
            Browse Provider Directory
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
