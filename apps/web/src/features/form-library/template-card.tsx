import { Badge, Box, Button, Card, Group, Modal, Overlay, Stack, Text } from '@mantine/core';
import { IconEye, IconFilePlus } from '@tabler/icons-react';
import { FORM_TYPE_LABELS, type FormTemplate } from '@trust/domain';
import { formatDate } from '../../components/format-date.ts';
import { FormSectionsView } from '../../components/smart-form/sections-view.tsx';

const NO_ANSWERS: Record<string, unknown> = {};

/**
 * A template to start a form from (002 §2 library template card, and the grouped library's card): version,
 * program, created date, times in use; 'Create Form from Template' for writers on an active template; View shows
 * the template's questions. An inactive template is covered by an 'Inactive' overlay.
 */
export function TemplateCard({
  template,
  canCreate,
  creating,
  onCreate,
  onView,
}: {
  template: FormTemplate;
  canCreate: boolean;
  creating: boolean;
  onCreate: (template: FormTemplate) => void;
  onView: (template: FormTemplate) => void;
}) {
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={template.name} pos="relative">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{template.name}</Text>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {FORM_TYPE_LABELS[template.form_type]}
          </Badge>
        </Group>
        {template.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {template.description}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Version {template.version} · {template.program_name ?? 'All programs'} · Created{' '}
          {formatDate(template.created_ts)} · Used {template.usage_count}{' '}
          {template.usage_count === 1 ? 'time' : 'times'}
        </Text>
        <Group gap="xs" mt="auto">
          {canCreate && template.is_active && (
            <Button
              size="xs"
              leftSection={<IconFilePlus size={14} />}
              loading={creating}
              onClick={() => onCreate(template)}
              aria-label={`Create Form from Template ${template.name}`}
            >
              Create Form from Template
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEye size={14} />}
            onClick={() => onView(template)}
            aria-label={`View ${template.name}`}
          >
            View
          </Button>
        </Group>
      </Stack>
      {!template.is_active && (
        // Over the card, but its View button stays usable: an inactive template can still be read.
        <Overlay
          color="#fff"
          backgroundOpacity={0.6}
          zIndex={1}
          radius="md"
          style={{ pointerEvents: 'none' }}
        >
          <Box h="100%" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Badge color="gray" size="lg">
              Inactive
            </Badge>
          </Box>
        </Overlay>
      )}
    </Card>
  );
}

/** A template's questions, read-only, as the filler will show them. */
export function TemplateViewModal({
  template,
  onClose,
}: {
  template: FormTemplate | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={template !== null} onClose={onClose} title={template?.name ?? ''} size="xl">
      {template && (
        <Stack gap="sm">
          {template.description && <Text size="sm">{template.description}</Text>}
          <FormSectionsView sections={template.sections} answers={NO_ANSWERS} readOnly />
        </Stack>
      )}
    </Modal>
  );
}
