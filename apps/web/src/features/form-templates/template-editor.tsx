import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowDown,
  IconArrowUp,
  IconDeviceFloppy,
  IconEye,
  IconPencil,
  IconPlus,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import {
  FORM_CONDITION_OPERATOR_LABELS,
  FORM_FIELD_TYPE_LABELS,
  FORM_MESSAGES,
  FORM_SERVER_MESSAGES,
  FORM_TYPE_LABELS,
  FORM_TYPES,
  type FormCondition,
  type FormField,
  type FormSection,
  type FormType,
  formTemplateProblem,
} from '@trust/domain';
import { useState } from 'react';
import { useProgramOptions } from '../../api/enrollments/program-options.ts';
import { ApiError, errorText } from '../../api/errors.ts';
import { useSaveFormTemplate } from '../../api/forms/templates.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FieldModal } from './field-modal.tsx';
import { SectionModal } from './section-modal.tsx';
import { allIds, bodyOf, conditionSources, moved, newId, type TemplateDraft } from './template-draft.ts';
import { TemplatePreviewModal } from './template-preview-modal.tsx';

const TYPE_DATA = FORM_TYPES.map((t) => ({ value: t, label: FORM_TYPE_LABELS[t] }));

type SectionEdit = { section: FormSection; isNew: boolean };
type FieldEdit = { sectionId: string; field: FormField; isNew: boolean };
type Removal = { kind: 'section'; sectionId: string } | { kind: 'field'; sectionId: string; fieldId: string };

/** "Shown when Housing status equals Homeless" for a field or section row. */
function conditionText(condition: FormCondition, sections: readonly FormSection[]): string {
  const source = sections.flatMap((s) => s.fields).find((f) => f.field_id === condition.field_id);
  const name = source?.label || condition.field_id;
  const operator = FORM_CONDITION_OPERATOR_LABELS[condition.operator];
  if (condition.operator === 'is_filled') return `Shown when ${name} ${operator}`;
  return `Shown when ${name} ${operator} ${condition.value ?? ''}`;
}

/**
 * The template editor (002 §2, §4, §5, §9): the template's information and settings, its sections and their
 * fields (added, edited, deleted after a question, moved up and down), a Preview that behaves as the filler
 * will, and Save Template. The save rule of 002 §5 (`formTemplateProblem`) runs before anything is sent; saving
 * an existing template asks whether to make a new version or change the current one (002 §4), and a version
 * forms were started on can only be saved as a new one (the server's 409 says so and the editor offers it).
 */
export function TemplateEditor({
  templateId,
  initial,
  heading,
  onClose,
}: {
  /** The template changed, or null for a new one (created, or a duplicate). */
  templateId: number | null;
  initial: TemplateDraft;
  heading: string;
  /** Back to the list: after a save, or on Close / Cancel. */
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<TemplateDraft>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string> | undefined>(undefined);
  const [inUse, setInUse] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [sectionEdit, setSectionEdit] = useState<SectionEdit | null>(null);
  const [fieldEdit, setFieldEdit] = useState<FieldEdit | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const programs = useProgramOptions();
  const save = useSaveFormTemplate();

  const update = (change: Partial<TemplateDraft>) => setDraft((d) => ({ ...d, ...change }));
  const setSections = (change: (sections: FormSection[]) => FormSection[]) =>
    setDraft((d) => ({ ...d, sections: change(d.sections) }));
  const changeSection = (sectionId: string, change: (section: FormSection) => FormSection) =>
    setSections((sections) => sections.map((s) => (s.section_id === sectionId ? change(s) : s)));

  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const close = () => (dirty ? setDiscarding(true) : onClose());

  const send = (createNewVersion: boolean) => {
    setAsking(false);
    setInUse(null);
    setProblem(null);
    setServerFields(undefined);
    save.mutate(
      { id: templateId, body: bodyOf(draft), createNewVersion },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message:
              templateId === null
                ? FORM_SERVER_MESSAGES.templateCreated
                : FORM_SERVER_MESSAGES.templateUpdated,
          });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.reason === 'form_template.version_in_use') {
            setInUse(errorText(error, FORM_MESSAGES.updateTemplateFailed));
            return;
          }
          setProblem(
            errorText(
              error,
              templateId === null ? FORM_MESSAGES.createTemplateFailed : FORM_MESSAGES.updateTemplateFailed,
            ),
          );
          setServerFields(error instanceof ApiError ? error.fields : undefined);
        },
      },
    );
  };

  const attemptSave = () => {
    const found = formTemplateProblem(draft);
    setProblem(found);
    setServerFields(undefined);
    if (found) return;
    if (templateId === null) send(false);
    else setAsking(true);
  };

  const addSection = () =>
    setSectionEdit({
      isNew: true,
      section: {
        section_id: newId('section', allIds(draft.sections)),
        title: '',
        fields: [],
        collapsible: true,
        collapsed_by_default: false,
      },
    });

  const addField = (sectionId: string) =>
    setFieldEdit({
      sectionId,
      isNew: true,
      field: {
        field_id: newId('field', allIds(draft.sections)),
        field_type: 'text',
        label: '',
        required: false,
      },
    });

  const saveSection = (section: FormSection) => {
    if (sectionEdit?.isNew) setSections((sections) => [...sections, section]);
    else changeSection(section.section_id, () => section);
    setSectionEdit(null);
  };

  const saveField = (field: FormField) => {
    if (!fieldEdit) return;
    const { sectionId, isNew } = fieldEdit;
    changeSection(sectionId, (s) => ({
      ...s,
      fields: isNew ? [...s.fields, field] : s.fields.map((f) => (f.field_id === field.field_id ? field : f)),
    }));
    setFieldEdit(null);
  };

  const confirmRemoval = () => {
    if (!removal) return;
    if (removal.kind === 'section') {
      setSections((sections) => sections.filter((s) => s.section_id !== removal.sectionId));
    } else {
      changeSection(removal.sectionId, (s) => ({
        ...s,
        fields: s.fields.filter((f) => f.field_id !== removal.fieldId),
      }));
    }
    setRemoval(null);
  };

  const programData = [
    { value: '', label: 'No program' },
    ...(programs.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
    ...(draft.program_id !== null && !programs.data?.some((p) => p.id === draft.program_id)
      ? [
          {
            value: String(draft.program_id),
            label: programs.isPending ? 'Loading programs…' : 'Unknown program',
          },
        ]
      : []),
  ];
  const fieldMessages = Object.entries(serverFields ?? {}).filter(([key]) => key !== 'name');

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{heading}</Title>
        <Group gap="xs">
          <Button variant="light" leftSection={<IconEye size={16} />} onClick={() => setPreviewing(true)}>
            Preview
          </Button>
          <Button variant="default" leftSection={<IconX size={16} />} onClick={close}>
            Close
          </Button>
        </Group>
      </Group>

      {problem && (
        <Alert color="red" title="Error:" role="alert">
          {problem}
          {fieldMessages.length > 0 && (
            <List size="sm" mt="xs">
              {fieldMessages.map(([key, message]) => (
                <List.Item key={key}>{message}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {inUse && (
        <Alert color="orange" title="This version is in use" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{inUse}</Text>
            <Button size="xs" onClick={() => send(true)} loading={save.isPending}>
              Save as new version
            </Button>
          </Stack>
        </Alert>
      )}

      <Paper withBorder p="md" component="section" aria-labelledby="template-info-heading">
        <Title order={3} size="h4" id="template-info-heading" mb="sm">
          Template information
        </Title>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Template name"
              withAsterisk
              aria-required
              value={draft.name}
              error={serverFields?.name}
              onChange={(e) => update({ name: e.currentTarget.value })}
            />
            <NativeSelect
              label="Form type"
              data={TYPE_DATA}
              value={draft.form_type}
              onChange={(e) => update({ form_type: e.currentTarget.value as FormType })}
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={draft.description}
            onChange={(e) => update({ description: e.currentTarget.value })}
          />
          <NativeSelect
            label="Program"
            data={programData}
            value={draft.program_id === null ? '' : String(draft.program_id)}
            onChange={(e) =>
              update({ program_id: e.currentTarget.value ? Number(e.currentTarget.value) : null })
            }
          />
          <Group gap="lg">
            <Checkbox
              label="Auto-save while filling"
              checked={draft.settings.auto_save}
              onChange={(e) =>
                update({ settings: { ...draft.settings, auto_save: e.currentTarget.checked } })
              }
            />
            <Checkbox
              label="Allow partial saves"
              checked={draft.settings.allow_partial_save}
              onChange={(e) =>
                update({ settings: { ...draft.settings, allow_partial_save: e.currentTarget.checked } })
              }
            />
            <Switch
              label="Active"
              checked={draft.is_active}
              onChange={(e) => update({ is_active: e.currentTarget.checked })}
            />
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby="template-sections-heading">
        <Group justify="space-between" mb="sm">
          <Title order={3} size="h4" id="template-sections-heading">
            Sections
          </Title>
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={addSection}>
            Add Section
          </Button>
        </Group>
        {draft.sections.length === 0 ? (
          <Text size="sm" c="dimmed">
            No sections yet. A template needs at least one section.
          </Text>
        ) : (
          <Stack gap="sm">
            {draft.sections.map((section, index) => (
              <SectionCard
                key={section.section_id}
                section={section}
                sections={draft.sections}
                first={index === 0}
                last={index === draft.sections.length - 1}
                onMove={(by) => setSections((sections) => moved(sections, index, by))}
                onEdit={() => setSectionEdit({ section, isNew: false })}
                onDelete={() => setRemoval({ kind: 'section', sectionId: section.section_id })}
                onAddField={() => addField(section.section_id)}
                onEditField={(field) => setFieldEdit({ sectionId: section.section_id, field, isNew: false })}
                onDeleteField={(field) =>
                  setRemoval({ kind: 'field', sectionId: section.section_id, fieldId: field.field_id })
                }
                onMoveField={(fieldIndex, by) =>
                  changeSection(section.section_id, (s) => ({
                    ...s,
                    fields: moved(s.fields, fieldIndex, by),
                  }))
                }
              />
            ))}
          </Stack>
        )}
      </Paper>

      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button leftSection={<IconDeviceFloppy size={16} />} onClick={attemptSave} loading={save.isPending}>
          Save Template
        </Button>
      </Group>

      {sectionEdit && (
        <SectionModal
          key={sectionEdit.section.section_id}
          section={sectionEdit.section}
          isNew={sectionEdit.isNew}
          sources={conditionSources(
            draft.sections,
            (_, s) => s.section_id === sectionEdit.section.section_id,
          )}
          onSave={saveSection}
          onClose={() => setSectionEdit(null)}
        />
      )}
      {fieldEdit && (
        <FieldModal
          key={fieldEdit.field.field_id}
          field={fieldEdit.field}
          isNew={fieldEdit.isNew}
          sources={conditionSources(draft.sections, (f) => f.field_id === fieldEdit.field.field_id)}
          onSave={saveField}
          onClose={() => setFieldEdit(null)}
        />
      )}
      <ConfirmDialog
        opened={removal !== null}
        title={removal?.kind === 'section' ? 'Delete section' : 'Delete field'}
        message={removal?.kind === 'section' ? 'Delete this section?' : 'Delete this field?'}
        confirmLabel="Delete"
        danger
        onConfirm={confirmRemoval}
        onCancel={() => setRemoval(null)}
      />
      <ConfirmDialog
        opened={discarding}
        title="Discard changes"
        message="Your changes to this template are not saved. Close it anyway?"
        confirmLabel="Discard changes"
        danger
        onConfirm={onClose}
        onCancel={() => setDiscarding(false)}
      />
      <VersionQuestion
        opened={asking}
        name={draft.name}
        busy={save.isPending}
        onNewVersion={() => send(true)}
        onUpdateCurrent={() => send(false)}
        onCancel={() => setAsking(false)}
      />
      <TemplatePreviewModal
        opened={previewing}
        title={`Preview: ${draft.name.trim() || 'Untitled template'}`}
        sections={draft.sections}
        onClose={() => setPreviewing(false)}
      />
    </Stack>
  );
}

/**
 * 002 §4: saving a template asks whether to create a new version (OK) or update the current one (Cancel). Forms
 * already started stay on the version they were started on either way.
 */
function VersionQuestion({
  opened,
  name,
  busy,
  onNewVersion,
  onUpdateCurrent,
  onCancel,
}: {
  opened: boolean;
  name: string;
  busy: boolean;
  onNewVersion: () => void;
  onUpdateCurrent: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Save as a new version?" centered>
      <Text size="sm">
        Create a new version of {name.trim() || 'this template'}? Forms already started keep the version they
        were started on. Choose Update current version to change the current version in place.
      </Text>
      <Group justify="flex-end" mt="lg" gap="xs">
        <Button variant="default" onClick={onUpdateCurrent} disabled={busy}>
          Update current version
        </Button>
        <Button onClick={onNewVersion} loading={busy}>
          Create new version
        </Button>
      </Group>
    </Modal>
  );
}

/** One section in the editor: its heading, badges, actions and fields. */
function SectionCard({
  section,
  sections,
  first,
  last,
  onMove,
  onEdit,
  onDelete,
  onAddField,
  onEditField,
  onDeleteField,
  onMoveField,
}: {
  section: FormSection;
  sections: readonly FormSection[];
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
  onAddField: () => void;
  onEditField: (field: FormField) => void;
  onDeleteField: (field: FormField) => void;
  onMoveField: (index: number, by: -1 | 1) => void;
}) {
  const headingId = `section-heading-${section.section_id}`;
  const title = section.title || 'Untitled section';
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={headingId} bg="gray.0">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={4} size="h5" id={headingId}>
            {title}
          </Title>
          {section.description && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {section.description}
            </Text>
          )}
          <Group gap={4}>
            {section.collapsible !== false && (
              <Badge size="xs" variant="light" color="gray">
                {section.collapsed_by_default ? 'Collapsed by default' : 'Collapsible'}
              </Badge>
            )}
            {section.conditional_logic && (
              <Badge size="xs" variant="light" color="violet">
                {conditionText(section.conditional_logic, sections)}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={`Move section ${title} up`}
            disabled={first}
            onClick={() => onMove(-1)}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move section ${title} down`}
            disabled={last}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <Tooltip label="Edit section">
            <ActionIcon variant="subtle" aria-label={`Edit section ${title}`} onClick={onEdit}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete section">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete section ${title}`}
              onClick={onDelete}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      <Stack gap={6} mt="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {section.fields.map((field, index) => {
          const label = field.label || 'Untitled field';
          return (
            <Paper key={field.field_id} component="li" withBorder p="xs" radius="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500}>
                    {label}
                  </Text>
                  <Group gap={4}>
                    <Badge size="xs" variant="outline">
                      {FORM_FIELD_TYPE_LABELS[field.field_type]}
                    </Badge>
                    {field.required && (
                      <Badge size="xs" color="red" variant="light">
                        Required
                      </Badge>
                    )}
                    {field.options && field.options.length > 0 && (
                      <Badge size="xs" color="gray" variant="light">
                        {field.options.length} {field.options.length === 1 ? 'option' : 'options'}
                      </Badge>
                    )}
                  </Group>
                  {field.conditional_logic && (
                    <Text size="xs" c="violet.8">
                      {conditionText(field.conditional_logic, sections)}
                    </Text>
                  )}
                </Stack>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move field ${label} up`}
                    disabled={index === 0}
                    onClick={() => onMoveField(index, -1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move field ${label} down`}
                    disabled={index === section.fields.length - 1}
                    onClick={() => onMoveField(index, 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Edit field ${label}`}
                    onClick={() => onEditField(field)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete field ${label}`}
                    onClick={() => onDeleteField(field)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {section.fields.length === 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          No fields in this section yet.
        </Text>
      )}
      <Button
        size="xs"
        variant="subtle"
        mt="xs"
        leftSection={<IconPlus size={14} />}
        aria-label={`Add Field to ${title}`}
        onClick={onAddField}
      >
        Add Field
      </Button>
    </Paper>
  );
}
