import { Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ClientReferral } from '@trust/domain';
import type { ReactNode } from 'react';
import { formatCalendarDate, formatDateTime, relativeAge } from '../../components/format-date.ts';
import { UrgencyBadge } from '../../components/referral/urgency-badge.tsx';
import { memberAddress } from './workspace-format.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function orDash(value: string): string {
  return value.trim() ? value : '—';
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={4}>{title}</Title>
      {children}
    </Stack>
  );
}

function SubcategoryList({ label, items }: { label: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <List size="sm" spacing={2} aria-label={label}>
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </div>
  );
}

/**
 * 000 §2.7 Case Overview: contact info, SDoH needs with the housing and transportation subcategories, date of
 * birth, language, urgency, created (relative age), referring provider and health plan.
 */
export function CaseOverviewCard({ referral, now }: { referral: ClientReferral; now: Date }) {
  const provider = referral.referringProvider;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Case Overview">
      <Stack gap="md">
        <Title order={3}>Case Overview</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
          <Section title="Contact Information">
            <Field label="Phone">{orDash(referral.phoneNumber)}</Field>
            <Field label="Email">{orDash(referral.email)}</Field>
            <Field label="Address">{orDash(memberAddress(referral))}</Field>
          </Section>

          <Section title="Member Details">
            <Field label="Date of Birth">{formatCalendarDate(referral.dateOfBirth)}</Field>
            <Field label="Language">{orDash(referral.preferredLanguage)}</Field>
            <Field label="Urgency">
              <UrgencyBadge urgency={referral.urgencyLevel} size="sm" />
            </Field>
            <Field label="Created">
              <span title={formatDateTime(referral.createdAt)}>{relativeAge(referral.createdAt, now)}</span>
            </Field>
          </Section>

          <Section title="SDoH Needs">
            {referral.sdohNeeds.length > 0 ? (
              <Group gap={6}>
                {referral.sdohNeeds.map((need) => (
                  <Badge key={need} variant="light" color="blue" size="sm">
                    {need}
                  </Badge>
                ))}
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                No needs recorded
              </Text>
            )}
            <SubcategoryList label="Housing" items={referral.housingSubcategories} />
            <SubcategoryList label="Transportation" items={referral.transportationSubcategories} />
          </Section>

          <Section title="Referring Provider">
            <Field label="Name">{orDash(provider.name)}</Field>
            <Field label="Organization">{orDash(provider.organization)}</Field>
            <Field label="NPI">{orDash(provider.npi)}</Field>
          </Section>

          <Section title="Health Plan">
            <Field label="Health Plan">{orDash(referral.healthPlan)}</Field>
            <Field label="Plan Type">{orDash(referral.planType)}</Field>
          </Section>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
