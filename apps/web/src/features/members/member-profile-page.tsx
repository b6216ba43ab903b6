import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { type CustomField, isOrgManager, MEMBER_MESSAGES, type Member } from '@trust/domain';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorText } from '../../api/errors.ts';
import { useCustomFields } from '../../api/members/custom-fields.ts';
import { useDeleteMember, useMember } from '../../api/members/members.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { tabPath } from '../../app/navigation/tabs.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { MemberEnrollmentsCard } from '../../components/enrollments/member-enrollments-card.tsx';
import { formatCalendarDate, formatDateTime } from '../../components/format-date.ts';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { customValueText, fieldSections, memberName } from './member-format.ts';
import { MemberTimeline } from './member-timeline.tsx';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** members-view/{id} (002 §2): Basic Information, custom-field sections by category, enrollments and the timeline. */
export function MemberProfilePage() {
  const { id } = useParams();
  const member = useMember(Number(id));
  const fields = useCustomFields();
  if (member.isPending) return <FullPageLoader />;
  if (member.error) {
    if (member.error instanceof ApiError && member.error.status === 404) {
      return (
        <Stack gap="sm" align="flex-start">
          <Title order={2}>{MEMBER_MESSAGES.notFound}</Title>
          <Anchor component={Link} to={tabPath('members')}>
            Back to Members
          </Anchor>
        </Stack>
      );
    }
    return <LoadErrorAlert error={member.error} onRetry={() => void member.refetch()} what="the member" />;
  }
  return <MemberProfile member={member.data} fields={fields.data ?? []} />;
}

function MemberProfile({ member, fields }: { member: Member; fields: CustomField[] }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const remove = useDeleteMember();
  const [confirming, setConfirming] = useState(false);
  const confirmDelete = () =>
    remove.mutate(member.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: MEMBER_MESSAGES.deleted });
        navigate(tabPath('members'));
      },
      onError: (error) => {
        setConfirming(false);
        notifications.show({ color: 'red', message: errorText(error, MEMBER_MESSAGES.deleteFailed) });
      },
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => navigate(tabPath('members'))}
          >
            Members
          </Button>
          <Title order={2}>{memberName(member)}</Title>
          {member.medicaid_id && <Badge variant="light">Medicaid {member.medicaid_id}</Badge>}
        </Group>
        <Group gap="xs">
          {member.can_edit && (
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => navigate(tabPath('members-edit', member.id))}
            >
              Edit
            </Button>
          )}
          {member.can_delete && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              onClick={() => setConfirming(true)}
            >
              Delete
            </Button>
          )}
        </Group>
      </Group>
      <Card withBorder>
        <Title order={3} size="h4" mb="sm">
          Basic Information
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
          <Detail label="Date of birth">{formatCalendarDate(member.dob)}</Detail>
          <Detail label="Gender">{member.gender ?? '—'}</Detail>
          <Detail label="Language">{member.language ?? '—'}</Detail>
          <Detail label="Phone">{member.phone_no ?? '—'}</Detail>
          <Detail label="Email">{member.email ?? '—'}</Detail>
          <Detail label="Patient number">{member.patient_no ?? '—'}</Detail>
          <Detail label="Race">{member.race ?? '—'}</Detail>
          <Detail label="Ethnicity">{member.ethnicity ?? '—'}</Detail>
          <Detail label="Added">{formatDateTime(member.created_ts)}</Detail>
          <Detail label="Last updated">{formatDateTime(member.last_updated_ts)}</Detail>
        </SimpleGrid>
      </Card>
      {fieldSections(fields).map((section) => (
        <Card withBorder key={section.category}>
          <Title order={3} size="h4" mb="sm">
            {section.category}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
            {section.fields.map((field) => (
              <Detail key={field.id} label={field.friendly_name}>
                {customValueText(field, member.custom_fields[field.name])}
              </Detail>
            ))}
          </SimpleGrid>
        </Card>
      ))}
      <MemberEnrollmentsCard
        memberId={member.id}
        memberName={memberName(member)}
        canEnroll={member.can_edit}
        canOverrideCapacity={isOrgManager(user?.org_role)}
        enrollmentHref={(id) => tabPath('enrollments-view', id)}
      />
      <MemberTimeline memberId={member.id} />
      <ConfirmDialog
        opened={confirming}
        title="Delete member"
        message={`Delete ${memberName(member)}? Their enrollments, activities, notes, goals and documents are deleted too. This cannot be undone.`}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
