import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconDeviceFloppy,
  IconHistory,
  IconLock,
  IconSend,
  IconX,
} from '@tabler/icons-react';
import {
  completionPercentage,
  FORM_MESSAGES,
  FORM_SERVER_MESSAGES,
  FORM_TYPE_LABELS,
  type FormInstance,
  type FormTemplate,
  formAnswerErrors,
  ORG_WRITER_ROLES,
  type OrgRole,
} from '@trust/domain';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, errorText } from '../../api/errors.ts';
import { useCreateFormInstance, useFormInstance } from '../../api/forms/instances.ts';
import { useFormTemplate } from '../../api/forms/templates.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { tabPath } from '../../app/navigation/tabs.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatCalendarDate, formatDateTime } from '../../components/format-date.ts';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { FormStatusBadge } from '../../components/smart-form/form-status-badge.tsx';
import { FormSectionsView } from '../../components/smart-form/sections-view.tsx';
import { AssignmentPanel } from './assignment-panel.tsx';
import { HistoryModal } from './history-modal.tsx';
import { ReviewPanel, ReviewSummary } from './review-panel.tsx';
import { type SaveOutcome, useFormSaving } from './use-form-saving.ts';

/** 002 §8: the draft save's failure text. */
export const SAVE_DRAFT_FAILED = 'Failed to save draft';
/** 002 §2 filler: the form could not be found or read. */
const NOT_FOUND_TITLE = FORM_SERVER_MESSAGES.instanceNotFound;
const NOT_FOUND_TEXT = 'Unable to load form instance';

const positiveId = (value: string | null | undefined): number | null =>
  value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null;

function NotFound({ detail }: { detail?: string }) {
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={2}>{NOT_FOUND_TITLE}</Title>
      <Text>{detail ?? NOT_FOUND_TEXT}</Text>
      <Button component={Link} to={tabPath('form-library')} variant="light">
        Form Library
      </Button>
    </Stack>
  );
}

/**
 * form-fill/{id} (002 §2, §4 the form filler): opened with a form's id it loads the form and the template
 * version the form is pinned to; opened as form-fill/new?template_id=…&enrollment_id=… it starts a form from
 * the template for the enrollment and opens it.
 */
export function FormFillerPage() {
  const { id } = useParams();
  if (id === 'new') return <StartForm />;
  const instanceId = positiveId(id);
  if (instanceId === null) return <NotFound />;
  return <FillerLoader key={instanceId} instanceId={instanceId} />;
}

/** 002 §4: "opened with a template id plus an enrollment id it creates a new instance and loads it". */
function StartForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const templateId = positiveId(params.get('template_id'));
  const enrollmentId = positiveId(params.get('enrollment_id'));
  const create = useCreateFormInstance();
  // Once per page: React runs effects twice in development, and a form must not start twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current || templateId === null || enrollmentId === null) return;
    started.current = true;
    create.mutate(
      { form_template_id: templateId, enrollment_id: enrollmentId },
      { onSuccess: (instance) => navigate(tabPath('form-fill', instance.id), { replace: true }) },
    );
  }, [templateId, enrollmentId, create, navigate]);

  if (templateId === null || enrollmentId === null) {
    return <NotFound detail="Choose a template and an enrollment in the Form Library to start a form." />;
  }
  if (create.error) {
    return (
      <Alert color="red" title="Error:" icon={<IconAlertCircle size={18} />} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(create.error, FORM_MESSAGES.createInstanceFailed)}</Text>
          <Button component={Link} to={tabPath('form-library', enrollmentId)} size="xs" variant="light">
            Back to the Form Library
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <FullPageLoader />;
}

function FillerLoader({ instanceId }: { instanceId: number }) {
  const instance = useFormInstance(instanceId);
  // The version the form is pinned to, not the template's current one.
  const template = useFormTemplate(
    instance.data?.form_template_id ?? null,
    instance.data?.form_template_version ?? null,
  );
  if (instance.isPending) return <FullPageLoader />;
  if (instance.error) {
    if (instance.error instanceof ApiError && instance.error.status === 404) return <NotFound />;
    return (
      <Stack gap="sm">
        <Title order={2}>{NOT_FOUND_TITLE}</Title>
        <LoadErrorAlert
          error={instance.error}
          onRetry={() => void instance.refetch()}
          title="Error:"
          message={errorText(instance.error, NOT_FOUND_TEXT)}
        />
      </Stack>
    );
  }
  if (template.isPending) return <FullPageLoader />;
  if (template.error) {
    return (
      <LoadErrorAlert
        error={template.error}
        onRetry={() => void template.refetch()}
        title="Error:"
        message={errorText(template.error, FORM_MESSAGES.fetchTemplateFailed)}
      />
    );
  }
  return <FormFiller instance={instance.data} template={template.data} />;
}

/**
 * The filler itself (002 §2, §4, §5): header (template, member, status, saved state), Save Draft, Submit Form,
 * History, Close; the completion bar; auto-save; the sections; review and assignment below.
 *
 * Every keystroke changes the answers held here, so what does not depend on them (the header, the panels, the
 * dialogs) is memoized with stable handlers: a keystroke re-renders the field typed in and little else.
 */
export function FormFiller({ instance, template }: { instance: FormInstance; template: FormTemplate }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const writer = user?.org_role != null && ORG_WRITER_ROLES.includes(user.org_role as OrgRole);
  const editable = instance.status === 'draft' && instance.can_edit;
  const [autoSave, setAutoSave] = useState(template.settings.auto_save);
  const form = useFormSaving(instance, { editable, autoSave });
  const [alert, setAlert] = useState<{ color: string; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [savingDraft, setSavingDraft] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);

  const sections = template.sections;
  const completion = useMemo(
    () => completionPercentage({ sections }, form.answers),
    [sections, form.answers],
  );
  const { save, setErrors, getAnswers } = form;

  const report = useCallback(
    (outcome: SaveOutcome, failure: string) => {
      if (outcome.ok) return true;
      // A stale save's message is shown from the saving hook, whichever save met it (auto-save too).
      if (outcome.stale) return false;
      const error = outcome.error;
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        setAlert({ color: 'red', text: FORM_MESSAGES.submissionInvalid });
        return false;
      }
      setAlert({ color: 'red', text: errorText(error, failure) });
      return false;
    },
    [setErrors],
  );

  const saveDraft = useCallback(async () => {
    setAlert(null);
    setSavingDraft(true);
    const outcome = await save('draft');
    setSavingDraft(false);
    if (outcome.ok) {
      notifications.show({ color: 'green', message: FORM_SERVER_MESSAGES.draftSaved });
      return;
    }
    if (outcome.stale) return;
    const fields = outcome.error instanceof ApiError ? outcome.error.fields : undefined;
    if (fields && Object.keys(fields).length > 0) setErrors(fields);
    const detail = errorText(outcome.error, SAVE_DRAFT_FAILED);
    notifications.show(
      detail === SAVE_DRAFT_FAILED
        ? { color: 'red', message: SAVE_DRAFT_FAILED }
        : { color: 'red', title: SAVE_DRAFT_FAILED, message: detail },
    );
  }, [save, setErrors]);

  // 002 §5: every field is validated before the confirmation; the server checks again.
  const askSubmit = useCallback(() => {
    setAlert(null);
    const errors = formAnswerErrors({ sections }, getAnswers(), { requireAll: true });
    if (Object.keys(errors).length > 0) {
      setErrors(errors);
      setAlert({ color: 'red', text: FORM_MESSAGES.submissionInvalid });
      return;
    }
    setConfirming(true);
  }, [sections, getAnswers, setErrors]);

  const submit = useCallback(async () => {
    setSubmitting(true);
    const outcome = await save('submitted');
    setSubmitting(false);
    setConfirming(false);
    if (report(outcome, FORM_MESSAGES.submitFailed)) {
      setErrors({});
      notifications.show({ color: 'green', message: FORM_SERVER_MESSAGES.submitted });
    }
  }, [save, report, setErrors]);

  const enrollmentId = instance.enrollment_id;
  const close = useCallback(() => navigate(tabPath('form-library', enrollmentId)), [navigate, enrollmentId]);
  const openHistory = useCallback(() => setHistoryOpen(true), []);
  const closeHistory = useCallback(() => setHistoryOpen(false), []);
  const cancelSubmit = useCallback(() => setConfirming(false), []);
  const confirmSubmit = useCallback(() => void submit(), [submit]);
  const onSaveDraft = useCallback(() => void saveDraft(), [saveDraft]);

  return (
    <Stack gap="md">
      <FillerHeader
        instance={instance}
        editable={editable}
        dirty={form.dirty}
        saving={form.saving}
        savingDraft={savingDraft}
        submitting={submitting}
        onSaveDraft={onSaveDraft}
        onSubmit={askSubmit}
        onHistory={openHistory}
        onClose={close}
      />
      <CompletionBar completion={completion} />
      {editable && <AutoSaveToggle checked={autoSave} onChange={setAutoSave} />}
      <InstanceFacts instance={instance} />
      <ReadOnlyBanner instance={instance} />

      {form.staleMessage && (
        <Alert
          color="orange"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={form.dismissStale}
        >
          {form.staleMessage}
        </Alert>
      )}
      {alert && (
        <Alert
          color={alert.color}
          icon={<IconAlertCircle size={18} />}
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setAlert(null)}
        >
          {alert.text}
        </Alert>
      )}

      <FormSectionsView
        sections={sections}
        answers={form.answers}
        errors={form.errors}
        readOnly={!editable}
        onChange={form.onChange}
        enrollmentId={instance.enrollment_id}
      />

      <ReviewPanel instance={instance} />
      {editable && writer && user?.active_cbo_id != null && (
        <AssignmentPanel
          key={`${instance.assigned_to_user_id}-${instance.due_date}`}
          instance={instance}
          cboId={user.active_cbo_id}
          onAssigned={form.adoptRevision}
        />
      )}

      <SubmitConfirmation
        opened={confirming}
        busy={submitting}
        onConfirm={confirmSubmit}
        onCancel={cancelSubmit}
      />
      <HistoryModal instanceId={instance.id} opened={historyOpen} onClose={closeHistory} />
    </Stack>
  );
}

const FillerHeader = memo(function FillerHeader({
  instance,
  editable,
  dirty,
  saving,
  savingDraft,
  submitting,
  onSaveDraft,
  onSubmit,
  onHistory,
  onClose,
}: {
  instance: FormInstance;
  editable: boolean;
  dirty: boolean;
  saving: boolean;
  savingDraft: boolean;
  submitting: boolean;
  onSaveDraft: () => void;
  onSubmit: () => void;
  onHistory: () => void;
  onClose: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Stack gap={4}>
        <Title order={2}>{instance.form_template_name}</Title>
        <Text c="dimmed" size="sm">
          {instance.member_name ?? 'Unknown member'}
          {instance.program_name ? ` · ${instance.program_name}` : ''} ·{' '}
          {FORM_TYPE_LABELS[instance.form_type]} · version {instance.form_template_version}
        </Text>
        <Group gap="xs">
          <FormStatusBadge status={instance.status} />
          {editable &&
            (dirty ? (
              <Badge color="orange" variant="dot">
                Unsaved changes
              </Badge>
            ) : (
              <Badge color="green" variant="dot">
                All changes saved
              </Badge>
            ))}
          {saving && <Loader size="xs" aria-label="Saving" />}
        </Group>
      </Stack>
      <Group gap="xs" wrap="wrap">
        {editable && (
          <>
            <Button
              variant="default"
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={onSaveDraft}
              loading={savingDraft}
              disabled={submitting}
            >
              Save Draft
            </Button>
            <Button
              leftSection={<IconSend size={16} />}
              onClick={onSubmit}
              disabled={savingDraft || submitting}
            >
              Submit Form
            </Button>
          </>
        )}
        <Button variant="default" leftSection={<IconHistory size={16} />} onClick={onHistory}>
          History
        </Button>
        <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={onClose}>
          Close
        </Button>
      </Group>
    </Group>
  );
});

const CompletionBar = memo(function CompletionBar({ completion }: { completion: number }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Completion
        </Text>
        <Text size="sm">{completion}%</Text>
      </Group>
      <Progress
        value={completion}
        color={completion === 100 ? 'green' : 'blue'}
        aria-label={`Form ${completion}% complete`}
      />
    </Stack>
  );
});

const AutoSaveToggle = memo(function AutoSaveToggle({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox
      label="Auto-save every 30 seconds"
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
});

const InstanceFacts = memo(function InstanceFacts({ instance }: { instance: FormInstance }) {
  const fact = (label: string, value: string) => (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:{' '}
      </Text>
      {value}
    </Text>
  );
  return (
    <Group gap="lg" wrap="wrap">
      {fact('Assigned to', instance.assigned_to_name ?? 'Nobody')}
      {fact('Due', formatCalendarDate(instance.due_date, 'No due date'))}
      {fact('Started', formatDateTime(instance.started_at))}
      {fact(
        'Last updated',
        `${formatDateTime(instance.last_updated_ts)}${
          instance.last_updated_by_name ? ` by ${instance.last_updated_by_name}` : ''
        }`,
      )}
      <Anchor component={Link} to={tabPath('enrollments-view', instance.enrollment_id)} size="sm">
        Enrollment
      </Anchor>
    </Group>
  );
});

/** 002 §2: the read-only banner of a submitted form (and a note for a draft the user may only read). */
const ReadOnlyBanner = memo(function ReadOnlyBanner({ instance }: { instance: FormInstance }) {
  if (instance.status !== 'draft') {
    return (
      <Alert color="blue" icon={<IconLock size={18} />} title={FORM_SERVER_MESSAGES.notEditable}>
        <Stack gap={2}>
          {instance.submitted_at && (
            <Text size="sm">Submitted on {formatDateTime(instance.submitted_at)}.</Text>
          )}
          <ReviewSummary instance={instance} />
        </Stack>
      </Alert>
    );
  }
  if (!instance.can_edit) {
    return (
      <Alert color="gray" icon={<IconLock size={18} />}>
        You can read this form but not change it.
      </Alert>
    );
  }
  return null;
});

/** 002 §4, §5: the confirmation before submitting says the form cannot be edited afterward. */
const SubmitConfirmation = memo(function SubmitConfirmation({
  opened,
  busy,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      opened={opened}
      title="Submit form"
      message="Once submitted, this form cannot be edited. Submit it now?"
      confirmLabel="Submit Form"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
});
