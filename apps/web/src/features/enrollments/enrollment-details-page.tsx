import { Anchor, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconForms } from '@tabler/icons-react';
import { ENROLLMENT_MESSAGES, type Enrollment, isOrgManager } from '@trust/domain';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useEnrollmentDocuments } from '../../api/enrollments/documents.ts';
import { useEnrollment } from '../../api/enrollments/enrollments.ts';
import {
  useEnrollmentActivities,
  useEnrollmentGoals,
  useEnrollmentNotes,
} from '../../api/enrollments/records.ts';
import { ApiError, errorText } from '../../api/errors.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { tabPath } from '../../app/navigation/tabs.ts';
import { EnrollmentStatusBadge } from '../../components/enrollments/enrollment-status-badge.tsx';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { ActivitiesPanel } from './activities-panel.tsx';
import { DocumentsPanel } from './documents-panel.tsx';
import { EnrollmentWorkflows, useEnrollmentWorkflows } from './enrollment-workflows.tsx';
import { GoalsPanel } from './goals-panel.tsx';
import { NotesPanel } from './notes-panel.tsx';
import { OverviewPanel } from './overview-panel.tsx';

function BackToList() {
  return (
    <Button
      component={Link}
      to={tabPath('enrollments')}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      px={0}
    >
      Back to List
    </Button>
  );
}

/** enrollments-view/{id} (002 §2 Enrollment Details). */
export function EnrollmentDetailsPage() {
  const { id } = useParams();
  const enrollmentId = id && /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : null;
  const enrollment = useEnrollment(enrollmentId);
  if (enrollmentId === null) {
    return (
      <Stack gap="sm" align="flex-start">
        <Title order={2}>{ENROLLMENT_MESSAGES.noneSelected}</Title>
        <BackToList />
      </Stack>
    );
  }
  if (enrollment.isPending) return <FullPageLoader />;
  if (enrollment.error) {
    if (enrollment.error instanceof ApiError && enrollment.error.status === 404) {
      return (
        <Stack gap="sm" align="flex-start">
          <Title order={2}>{ENROLLMENT_MESSAGES.notFound}</Title>
          <BackToList />
        </Stack>
      );
    }
    return (
      <LoadErrorAlert
        error={enrollment.error}
        onRetry={() => void enrollment.refetch()}
        what="the enrollment"
        message={errorText(enrollment.error, ENROLLMENT_MESSAGES.fetchFailed)}
      />
    );
  }
  return <EnrollmentDetails enrollment={enrollment.data} />;
}

function EnrollmentDetails({ enrollment }: { enrollment: Enrollment }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const role = user?.org_role ?? null;
  const manager = role !== null && isOrgManager(role);
  const [tab, setTab] = useState<string | null>('overview');
  const activities = useEnrollmentActivities(enrollment.id);
  const documents = useEnrollmentDocuments(enrollment.id);
  const notes = useEnrollmentNotes(enrollment.id);
  const goals = useEnrollmentGoals(enrollment.id);
  const workflows = useEnrollmentWorkflows(enrollment.id);
  const count = (total: number | undefined) => (total === undefined ? '…' : String(total));

  return (
    <Stack gap="md">
      <BackToList />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Title order={2}>{enrollment.member_name}</Title>
          <Text c="dimmed">
            <Anchor component={Link} to={tabPath('members-view', enrollment.member_id)} size="sm">
              Member profile
            </Anchor>{' '}
            · {enrollment.program_name}
          </Text>
        </Stack>
        <Group gap="sm">
          <EnrollmentStatusBadge status={enrollment.status} />
          {/* 002 §2: the enrollment's forms are in its Form Library. */}
          <Button
            component={Link}
            to={tabPath('form-library', enrollment.id)}
            variant="light"
            size="xs"
            leftSection={<IconForms size={16} />}
          >
            Forms
          </Button>
        </Group>
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="activities">Activities ({count(activities.data?.total)})</Tabs.Tab>
          <Tabs.Tab value="documents">Documents ({count(documents.data?.total)})</Tabs.Tab>
          <Tabs.Tab value="notes">Notes ({count(notes.data?.total)})</Tabs.Tab>
          <Tabs.Tab value="goals">Goals ({count(goals.data?.total)})</Tabs.Tab>
          <Tabs.Tab value="workflows">Workflows ({count(workflows.data?.total)})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <OverviewPanel
            enrollment={enrollment}
            canOverrideCapacity={manager}
            onDeleted={() => navigate(tabPath('enrollments'))}
          />
        </Tabs.Panel>
        <Tabs.Panel value="activities" pt="md">
          <ActivitiesPanel enrollment={enrollment} list={activities} />
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="md">
          <DocumentsPanel enrollment={enrollment} list={documents} />
        </Tabs.Panel>
        <Tabs.Panel value="notes" pt="md">
          <NotesPanel enrollment={enrollment} list={notes} />
        </Tabs.Panel>
        <Tabs.Panel value="goals" pt="md">
          <GoalsPanel enrollment={enrollment} list={goals} />
        </Tabs.Panel>
        <Tabs.Panel value="workflows" pt="md">
          <EnrollmentWorkflows enrollment={enrollment} canStart={role !== null && role !== 'viewer'} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
