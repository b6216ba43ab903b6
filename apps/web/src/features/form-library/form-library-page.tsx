import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NativeSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import {
  ENROLLMENT_MESSAGES,
  type Enrollment,
  FORM_INSTANCE_STATUSES,
  FORM_MESSAGES,
  FORM_SERVER_MESSAGES,
  FORM_TYPE_LABELS,
  FORM_TYPES,
  type FormInstanceStatus,
  type FormInstanceSummary,
  type FormTemplate,
  type FormType,
  ORG_WRITER_ROLES,
  type OrgRole,
} from '@trust/domain';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useEnrollment, useEnrollments } from '../../api/enrollments/enrollments.ts';
import { ApiError, errorText } from '../../api/errors.ts';
import { useCreateFormInstance, useDeleteFormInstance, useFormInstances } from '../../api/forms/instances.ts';
import { useFormTemplates } from '../../api/forms/templates.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { tabPath } from '../../app/navigation/tabs.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { FORM_STATUS_LABELS } from '../../components/smart-form/form-status-badge.tsx';
import { GroupedLibrary } from './grouped-library.tsx';
import { InstanceCard } from './instance-card.tsx';
import { TemplateCard, TemplateViewModal } from './template-card.tsx';

/** A library's forms of one enrollment are few: one page holds them. */
const INSTANCE_PAGE_SIZE = 200;
const TEMPLATE_PAGE_SIZE = 200;

/** form-library[/{enrollmentId}] (002 §2 Form Library, per enrollment). */
export function FormLibraryPage() {
  const { id } = useParams();
  if (id === undefined) return <EnrollmentPicker />;
  const enrollmentId = /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : null;
  if (enrollmentId === null) return <EnrollmentPicker notFound />;
  return <EnrollmentLibrary key={enrollmentId} enrollmentId={enrollmentId} />;
}

/** Without an enrollment: forms belong to one, so the library asks which. */
function EnrollmentPicker({ notFound = false }: { notFound?: boolean }) {
  const navigate = useNavigate();
  const list = useEnrollments({ page: 1, pageSize: 50 });
  const data = (list.data?.enrollments ?? []).map((e) => ({
    value: String(e.id),
    label: `${e.member_name} — ${e.program_name} (${e.status})`,
  }));
  return (
    <Stack gap="md" maw={640}>
      <Title order={2}>Form Library</Title>
      {notFound && <Alert color="red">{ENROLLMENT_MESSAGES.notFound}</Alert>}
      <Text size="sm">
        Forms belong to a member's enrollment in a program. Choose an enrollment to see its forms and to start
        new ones from the templates.
      </Text>
      {list.error ? (
        <LoadErrorAlert
          error={list.error}
          onRetry={() => void list.refetch()}
          title="Error:"
          message={errorText(list.error, ENROLLMENT_MESSAGES.fetchFailed)}
        />
      ) : (
        <Select
          label="Enrollment"
          placeholder={list.isPending ? 'Loading enrollments…' : 'Search by member or program'}
          searchable
          nothingFoundMessage="No enrollment found"
          data={data}
          value={null}
          onChange={(value) => value && navigate(tabPath('form-library', value))}
        />
      )}
      {list.data && list.data.total > data.length && (
        <Text size="xs" c="dimmed">
          Showing the first {data.length} of {list.data.total} enrollments. The others are reached from{' '}
          <Anchor component={Link} to={tabPath('enrollments')} size="xs" underline="always">
            Enrollments
          </Anchor>{' '}
          (an enrollment's Forms button).
        </Text>
      )}
    </Stack>
  );
}

function EnrollmentLibrary({ enrollmentId }: { enrollmentId: number }) {
  const enrollment = useEnrollment(enrollmentId);
  if (enrollment.isPending) return <FullPageLoader />;
  if (enrollment.error) {
    if (enrollment.error instanceof ApiError && enrollment.error.status === 404) {
      return <EnrollmentPicker notFound />;
    }
    return (
      <LoadErrorAlert
        error={enrollment.error}
        onRetry={() => void enrollment.refetch()}
        title="Error:"
        message={errorText(enrollment.error, ENROLLMENT_MESSAGES.fetchFailed)}
      />
    );
  }
  return <FormLibrary enrollment={enrollment.data} />;
}

/**
 * The library of one enrollment (002 §2): My Forms and Available Templates, as a list or grouped by type;
 * search, type and status (forms only) filters and Clear Filters; each form's card (Continue, View, delete of a
 * draft) and each template's (Create Form from Template, for writers).
 */
export function FormLibrary({ enrollment }: { enrollment: Enrollment }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const writer = user?.org_role != null && ORG_WRITER_ROLES.includes(user.org_role as OrgRole);
  const [view, setView] = useState<'list' | 'grouped'>('list');
  const [tab, setTab] = useState<string | null>('forms');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [formType, setFormType] = useState<FormType | ''>('');
  const [status, setStatus] = useState<FormInstanceStatus | ''>('');
  const [deleting, setDeleting] = useState<FormInstanceSummary | null>(null);
  const [viewing, setViewing] = useState<FormTemplate | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const instances = useFormInstances({
    enrollmentId: enrollment.id,
    status: status || null,
    pageSize: INSTANCE_PAGE_SIZE,
  });
  // Only active templates start forms (a library page holds an organization's templates: 200 at most).
  const templates = useFormTemplates({
    page: 1,
    pageSize: TEMPLATE_PAGE_SIZE,
    search: debouncedSearch,
    formType,
    status: 'active',
  });
  const create = useCreateFormInstance();
  const remove = useDeleteFormInstance();

  // The forms of one enrollment are on one page; the name and type filters apply to it here.
  const shownForms = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (instances.data?.instances ?? []).filter(
      (i) =>
        (!formType || i.form_type === formType) &&
        (!needle || i.form_template_name.toLowerCase().includes(needle)),
    );
  }, [instances.data, search, formType]);
  const shownTemplates = templates.data?.templates ?? [];
  const filtering = search !== '' || formType !== '' || status !== '';

  const clearFilters = () => {
    setSearch('');
    setFormType('');
    setStatus('');
  };

  // 002 §4: a form started from a template opens in the filler.
  const startForm = (template: FormTemplate) => {
    setFailure(null);
    create.mutate(
      { form_template_id: template.id, enrollment_id: enrollment.id },
      {
        onSuccess: (instance) => navigate(tabPath('form-fill', instance.id)),
        onError: (e) => setFailure(errorText(e, FORM_MESSAGES.createInstanceFailed)),
      },
    );
  };
  const creatingId = create.isPending ? (create.variables?.form_template_id ?? null) : null;

  const confirmDelete = () => {
    if (!deleting) return;
    setFailure(null);
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        notifications.show({ color: 'green', message: FORM_SERVER_MESSAGES.instanceDeleted });
      },
      onError: (e) => {
        setDeleting(null);
        setFailure(errorText(e, FORM_MESSAGES.deleteInstanceFailed));
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={2}>Form Library</Title>
          <Text size="sm" c="dimmed">
            <Anchor
              component={Link}
              to={tabPath('enrollments-view', enrollment.id)}
              size="sm"
              underline="always"
            >
              {enrollment.member_name}
            </Anchor>{' '}
            · {enrollment.program_name}
          </Text>
        </div>
        <SegmentedControl
          aria-label="Library view"
          value={view}
          onChange={(v) => setView(v as typeof view)}
          data={[
            { value: 'list', label: 'List' },
            { value: 'grouped', label: 'Grouped' },
          ]}
        />
      </Group>

      {failure && (
        <Alert
          color="red"
          title="Error:"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setFailure(null)}
        >
          {failure}
        </Alert>
      )}

      {view === 'grouped' ? (
        <GroupedLibrary canCreate={writer} creatingId={creatingId} onCreate={startForm} onView={setViewing} />
      ) : (
        <>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              aria-label="Search forms"
              placeholder="Search by name"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              style={{ flex: '1 1 220px' }}
            />
            <NativeSelect
              aria-label="Form type"
              value={formType}
              data={[
                { value: '', label: 'All types' },
                ...FORM_TYPES.map((t) => ({ value: t, label: FORM_TYPE_LABELS[t] })),
              ]}
              onChange={(e) => setFormType(e.currentTarget.value as FormType | '')}
              style={{ flex: '0 1 180px' }}
            />
            {tab === 'forms' && (
              <NativeSelect
                aria-label="Status"
                value={status}
                data={[
                  { value: '', label: 'All statuses' },
                  ...FORM_INSTANCE_STATUSES.map((s) => ({ value: s, label: FORM_STATUS_LABELS[s] })),
                ]}
                onChange={(e) => setStatus(e.currentTarget.value as FormInstanceStatus | '')}
                style={{ flex: '0 1 160px' }}
              />
            )}
            <Button variant="default" onClick={clearFilters} disabled={!filtering}>
              Clear Filters
            </Button>
          </Group>

          <Tabs value={tab} onChange={setTab}>
            <Tabs.List>
              <Tabs.Tab value="forms">My Forms ({instances.data ? shownForms.length : '…'})</Tabs.Tab>
              <Tabs.Tab value="templates">
                Available Templates ({templates.data ? shownTemplates.length : '…'})
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="forms" pt="md">
              {instances.error ? (
                <LoadErrorAlert
                  error={instances.error}
                  onRetry={() => void instances.refetch()}
                  title="Error:"
                  message={errorText(instances.error, FORM_MESSAGES.fetchInstancesFailed)}
                />
              ) : instances.isPending ? (
                <Text c="dimmed">Loading forms…</Text>
              ) : shownForms.length === 0 ? (
                <Card withBorder padding="lg">
                  <Stack gap={4} align="center">
                    <Text fw={600}>No forms found</Text>
                    <Text size="sm" c="dimmed">
                      {filtering
                        ? 'No form matches these filters.'
                        : 'Start one from the Available Templates.'}
                    </Text>
                  </Stack>
                </Card>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                  {shownForms.map((i) => (
                    <InstanceCard key={i.id} instance={i} onDelete={setDeleting} />
                  ))}
                </SimpleGrid>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="templates" pt="md">
              {templates.error ? (
                <LoadErrorAlert
                  error={templates.error}
                  onRetry={() => void templates.refetch()}
                  title="Error:"
                  message={errorText(templates.error, FORM_MESSAGES.fetchTemplatesFailed)}
                />
              ) : templates.isPending ? (
                <Text c="dimmed">Loading templates…</Text>
              ) : shownTemplates.length === 0 ? (
                <Card withBorder padding="lg">
                  <Stack gap={4} align="center">
                    <Text fw={600}>No forms found</Text>
                    <Text size="sm" c="dimmed">
                      {filtering ? 'No template matches these filters.' : 'No active form templates yet.'}
                    </Text>
                  </Stack>
                </Card>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                  {shownTemplates.map((t) => (
                    <TemplateCard
                      key={t.id}
                      template={t}
                      canCreate={writer}
                      creating={creatingId === t.id}
                      onCreate={startForm}
                      onView={setViewing}
                    />
                  ))}
                </SimpleGrid>
              )}
            </Tabs.Panel>
          </Tabs>
        </>
      )}

      <ConfirmDialog
        opened={deleting !== null}
        title="Delete form"
        message="This action cannot be undone."
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <TemplateViewModal template={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
