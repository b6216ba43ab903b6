import { Alert, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { CONSENT_DOCUMENT_LABELS, CONSENT_MESSAGES, type ConsentDocumentType } from '@trust/domain';
import { useActiveDocument } from '../../api/consent/get-active-documents.ts';
import { errorText } from '../../api/errors.ts';

/** /terms and /hipaa (003 §2.1): the current version of a consent document, readable signed out. */
export function ConsentDocumentPage({ type }: { type: ConsentDocumentType }) {
  const { document, isPending, error } = useActiveDocument(type);
  const label = CONSENT_DOCUMENT_LABELS[type];
  if (isPending)
    return (
      <Center py="xl">
        <Loader aria-label={`Loading ${label}`} />
      </Center>
    );
  if (error)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {errorText(error, CONSENT_MESSAGES.loadFailed)}
      </Alert>
    );
  if (!document)
    return (
      <Stack>
        <Title order={2}>{label}</Title>
        <Text c="dimmed">No version of this document has been published yet.</Text>
      </Stack>
    );
  return (
    <Stack gap="md" maw={860}>
      <div>
        <Title order={2}>{document.title}</Title>
        <Text c="dimmed" size="sm">
          Version {document.version}
        </Text>
      </div>
      <Paper withBorder p="lg">
        <Text style={{ whiteSpace: 'pre-wrap' }}>{document.content}</Text>
      </Paper>
    </Stack>
  );
}
