import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ClientReferral, HOUSING_NEED, TRANSPORTATION_NEED, urgencyLabel } from '@trust/domain';
import type { ReactNode } from 'react';
import { formatCalendarDateMedium, formatDateTimeMedium, relativeAge } from '../../components/format-date.ts';
import { UrgencyBadge } from '../../components/referral/urgency-badge.tsx';
import type { DetailsTimelineEntry } from './details-timeline.ts';
import { DETAILS_MESSAGES } from './messages.ts';

// The cards of Referral Details (000 §2.4): each is a labelled region with rows of label and value.

export function DetailCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} h="100%">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** One label and its value; an empty value says so instead of leaving a gap. */
function Row({ label, value }: { label: string; value: ReactNode }) {
  const empty = value === null || value === undefined || value === '';
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} c={empty ? 'dimmed' : undefined}>
        {empty ? DETAILS_MESSAGES.notRecorded : value}
      </Text>
    </div>
  );
}

function Rows({ children }: { children: ReactNode }) {
  return <Stack gap={8}>{children}</Stack>;
}

function YesNo({ value, label }: { value: boolean; label: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm">{label}</Text>
      <Badge color={value ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
        {value ? 'Yes' : 'No'}
      </Badge>
    </Group>
  );
}

export function MemberCard({ r }: { r: ClientReferral }) {
  const place = [r.city, [r.state, r.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const address = [r.streetAddress, place, r.country].filter(Boolean).join(', ');
  return (
    <DetailCard title="Member Information">
      <Rows>
        <Row label="Name" value={r.memberName} />
        <Row label="Medicaid ID" value={r.memberMedicaidId} />
        <Row label="Date of birth" value={r.dateOfBirth ? formatCalendarDateMedium(r.dateOfBirth) : ''} />
        <Row label="Phone" value={r.phoneNumber} />
        <Row label="Email" value={r.email} />
        <Row label="Preferred language" value={r.preferredLanguage} />
        <Row label="Address" value={address} />
      </Rows>
    </DetailCard>
  );
}

export function HealthPlanCard({ r }: { r: ClientReferral }) {
  return (
    <DetailCard title="Health Plan Information">
      <Rows>
        <Row label="Health plan" value={r.healthPlan} />
        <Row label="Plan type" value={r.planType} />
      </Rows>
    </DetailCard>
  );
}

export function ReferringProviderCard({ r }: { r: ClientReferral }) {
  const p = r.referringProvider;
  return (
    <DetailCard title="Referring Provider">
      <Rows>
        <Row label="Name" value={p.name} />
        <Row label="NPI" value={p.npi} />
        <Row label="Organization" value={p.organization} />
        <Row label="Phone" value={p.phone} />
      </Rows>
    </DetailCard>
  );
}

function NeedList({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap">
      {items.map((item) => (
        <Badge key={item} variant="outline" color="gray" tt="none" fw={500}>
          {item}
        </Badge>
      ))}
    </Group>
  );
}

/** 000 §2.4: housing, transportation and the other social services, each with its subcategories. */
export function ServicesCard({ r }: { r: ClientReferral }) {
  const housing = r.sdohNeeds.includes(HOUSING_NEED) || r.housingSubcategories.length > 0;
  const transportation =
    r.sdohNeeds.includes(TRANSPORTATION_NEED) || r.transportationSubcategories.length > 0;
  const other = r.sdohNeeds.filter((n) => n !== HOUSING_NEED && n !== TRANSPORTATION_NEED);
  return (
    <DetailCard title="Services Requested">
      <Rows>
        <Row
          label="Housing"
          value={
            housing ? (
              <NeedList items={r.housingSubcategories.length ? r.housingSubcategories : [HOUSING_NEED]} />
            ) : (
              'None'
            )
          }
        />
        <Row
          label="Transportation"
          value={
            transportation ? (
              <NeedList
                items={
                  r.transportationSubcategories.length ? r.transportationSubcategories : [TRANSPORTATION_NEED]
                }
              />
            ) : (
              'None'
            )
          }
        />
        <Row label="Other social services" value={other.length ? <NeedList items={other} /> : 'None'} />
      </Rows>
    </DetailCard>
  );
}

export function UrgencyCard({ r }: { r: ClientReferral }) {
  return (
    <DetailCard title="Urgency">
      <Rows>
        <Row label="Urgency level" value={<UrgencyBadge urgency={urgencyLabel(r.urgencyLevel)} />} />
        <Row label="Member availability" value={r.availability} />
      </Rows>
    </DetailCard>
  );
}

export function ClinicalCard({ r }: { r: ClientReferral }) {
  return (
    <DetailCard title="Clinical Context">
      <Rows>
        <Row label="Primary diagnosis" value={r.primaryDiagnosis} />
        <Row label="Risk score" value={r.riskScore === undefined ? '' : `${r.riskScore} / 100`} />
      </Rows>
    </DetailCard>
  );
}

export function ComplianceCard({ r }: { r: ClientReferral }) {
  return (
    <DetailCard title="Compliance">
      <Stack gap={8}>
        <YesNo label="Member consent obtained" value={r.consentObtained} />
        <YesNo label="Prior authorization required" value={r.authorizationRequired} />
        <YesNo label="HIPAA compliant" value={r.hipaaCompliant} />
      </Stack>
    </DetailCard>
  );
}

export function TimelineCard({ entries, now }: { entries: DetailsTimelineEntry[]; now: Date }) {
  return (
    <DetailCard title="Timeline">
      <Stack gap={8} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {entries.map((e) => (
          <li key={e.key}>
            <Text size="xs" c="dimmed" fw={500}>
              {e.label}
              {e.note ? ` · ${e.note}` : ''}
            </Text>
            <Text size="sm">
              {e.at
                ? `${formatDateTimeMedium(e.at)} (${Date.parse(e.at) <= now.getTime() ? relativeAge(e.at, now) : 'upcoming'})`
                : '—'}
            </Text>
          </li>
        ))}
      </Stack>
    </DetailCard>
  );
}

export function NotesCard({ r }: { r: ClientReferral }) {
  return (
    <DetailCard title="Additional Notes">
      <Text size="sm" c={r.additionalNotes ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
        {r.additionalNotes || DETAILS_MESSAGES.noNotes}
      </Text>
    </DetailCard>
  );
}
