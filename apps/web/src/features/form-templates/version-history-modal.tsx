import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconEye } from '@tabler/icons-react';
import { FORM_MESSAGES, type FormTemplate } from '@trust/domain';
import { type ReactNode, useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useFormTemplate, useFormTemplateVersions } from '../../api/forms/templates.ts';
import { formatDateTime } from '../../components/format-date.ts';
import { TemplatePreview } from './template-preview-modal.tsx';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Version History (002 §2): every version of a template, newest first, with when and by whom it was saved, its
 * field count and how many forms were started on it; View opens that version (GET ?version=N) in the preview.
 * 002 §8: a failed fetch of the versions shows an empty list, silently.
 */
export function VersionHistoryModal({
  template,
  onClose,
}: {
  template: FormTemplate | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [viewing, setViewing] = useState<number | null>(null);
  const versions = useFormTemplateVersions(template?.id ?? null);
  const version = useFormTemplate(viewing === null ? null : (template?.id ?? null), viewing);

  const close = () => {
    setViewing(null);
    onClose();
  };

  let body: ReactNode;
  if (viewing !== null) {
    body = (
      <Stack gap="sm">
        <Group justify="space-between">
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => setViewing(null)}
            px={0}
          >
            Back to versions
          </Button>
          <Badge variant="light">Version {viewing}</Badge>
        </Group>
        {version.error ? (
          <Alert color="red" title="Error:">
            {errorText(version.error, FORM_MESSAGES.fetchTemplateFailed)}
          </Alert>
        ) : version.data ? (
          <TemplatePreview key={viewing} sections={version.data.sections} />
        ) : (
          <Group justify="center" p="lg">
            <Loader size="sm" aria-label={`Loading version ${viewing}`} />
          </Group>
        )}
      </Stack>
    );
  } else if (versions.isPending) {
    body = (
      <Group justify="center" p="lg">
        <Loader size="sm" aria-label="Loading the versions" />
      </Group>
    );
  } else if ((versions.data?.versions ?? []).length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No versions to show.
      </Text>
    );
  } else {
    body = (
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {versions.data?.versions.map((v) => (
          <Paper key={v.version} withBorder p="sm" component="li">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>Version {v.version}</Text>
                  {v.is_current && (
                    <Badge color="green" variant="light">
                      Current
                    </Badge>
                  )}
                </Group>
                <Text size="sm">
                  {formatDateTime(v.last_updated_ts)}
                  {v.created_by_name ? ` · ${v.created_by_name}` : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {plural(v.field_count, 'field', 'fields')} ·{' '}
                  {plural(v.usage_count, 'form started', 'forms started')}
                </Text>
              </Stack>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconEye size={14} />}
                aria-label={`View version ${v.version}`}
                onClick={() => setViewing(v.version)}
              >
                View
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Modal
      opened={template !== null}
      onClose={close}
      title={`Version History: ${template?.name ?? ''}`}
      size="xl"
      fullScreen={phone === true && viewing !== null}
    >
      {body}
    </Modal>
  );
}
