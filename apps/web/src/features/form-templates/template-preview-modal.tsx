import { Alert, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FormSection } from '@trust/domain';
import { useCallback, useState } from 'react';
import { FormSectionsView } from '../../components/smart-form/sections-view.tsx';

/**
 * A template as the person filling it will see it (002 §2 "Preview"): the shared renderer, with answers kept
 * here only, so typing shows and hides the conditional fields and sections; nothing is saved.
 */
export function TemplatePreview({ sections }: { sections: FormSection[] }) {
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const onChange = useCallback((fieldId: string, value: unknown) => {
    setAnswers((a) => ({ ...a, [fieldId]: value }));
  }, []);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Try the form: answers typed here show and hide the conditional questions and are not saved.
      </Text>
      <FormSectionsView sections={sections} answers={answers} onChange={onChange} enrollmentId={null} />
    </Stack>
  );
}

/** The preview in a dialog, full screen on a phone. `sections` undefined while the version is loading. */
export function TemplatePreviewModal({
  opened,
  title,
  sections,
  loading = false,
  error = null,
  onClose,
}: {
  opened: boolean;
  title: string;
  sections: FormSection[] | undefined;
  loading?: boolean;
  error?: string | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" fullScreen={phone === true}>
      {error ? (
        <Alert color="red" title="Error:">
          {error}
        </Alert>
      ) : loading || !sections ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label="Loading the template" />
        </Group>
      ) : (
        <TemplatePreview key={title} sections={sections} />
      )}
    </Modal>
  );
}
