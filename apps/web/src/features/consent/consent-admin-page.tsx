import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  CONSENT_DOCUMENT_LABELS,
  CONSENT_DOCUMENT_TYPES,
  type ConsentDocumentType,
  publishConsentDocumentRequestSchema,
} from '@trust/domain';
import { type FormEvent, useState } from 'react';
import { useAllDocuments } from '../../api/consent/get-all-documents.ts';
import { usePublishDocument } from '../../api/consent/publish-document.ts';
import { ApiError, errorText } from '../../api/errors.ts';

const EMPTY = { version: '', title: '', summary: '', content: '' };

/**
 * Administrators publish a new version of a consent document here (issue 3 item 3); every user signs it at
 * their next sign-in. The server decides who may publish; this screen shows its answer.
 */
export function ConsentAdminPage() {
  const documents = useAllDocuments();
  const publish = usePublishDocument();
  const [type, setType] = useState<ConsentDocumentType>('terms_of_use');
  const [form, setForm] = useState(EMPTY);
  const [fields, setFields] = useState<Record<string, string>>({});

  const startFrom = (t: ConsentDocumentType) => {
    setType(t);
    const current = documents.data?.find((d) => d.document_type === t && d.is_current);
    setForm({
      ...EMPTY,
      title: current?.title ?? CONSENT_DOCUMENT_LABELS[t],
      content: current?.content ?? '',
    });
    setFields({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = publishConsentDocumentRequestSchema.safeParse({ document_type: type, ...form });
    if (!parsed.success) {
      setFields(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setFields({});
    publish.mutate(parsed.data, {
      onSuccess: (doc) => {
        notifications.show({ color: 'teal', message: `${doc.title} version ${doc.version} published` });
        setForm(EMPTY);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setFields(error.fields);
      },
    });
  };

  if (documents.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading consent documents" />
      </Center>
    );
  if (documents.error)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {errorText(documents.error, 'Failed to load consent documents')}
      </Alert>
    );

  return (
    <Stack gap="lg">
      <Title order={2}>Consent documents</Title>
      <Card withBorder>
        <form onSubmit={submit} aria-label="Publish a new version">
          <Stack gap="sm">
            <Title order={4}>Publish a new version</Title>
            <Text size="sm" c="dimmed">
              Publishing makes this the current version at once. Every user signs it at their next sign-in.
            </Text>
            <Select
              label="Document"
              data={CONSENT_DOCUMENT_TYPES.map((t) => ({ value: t, label: CONSENT_DOCUMENT_LABELS[t] }))}
              value={type}
              onChange={(v) => v && startFrom(v as ConsentDocumentType)}
              allowDeselect={false}
            />
            <Group grow align="flex-start">
              <TextInput
                label="Version"
                required
                value={form.version}
                error={fields.version}
                onChange={(e) => setForm({ ...form, version: e.currentTarget.value })}
              />
              <TextInput
                label="Title"
                required
                value={form.title}
                error={fields.title}
                onChange={(e) => setForm({ ...form, title: e.currentTarget.value })}
              />
            </Group>
            <Textarea
              label="What's New"
              description="Optional summary shown above the document in the consent dialog"
              value={form.summary}
              error={fields.summary}
              autosize
              minRows={2}
              onChange={(e) => setForm({ ...form, summary: e.currentTarget.value })}
            />
            <Textarea
              label="Content"
              required
              value={form.content}
              error={fields.content}
              autosize
              minRows={8}
              maxRows={20}
              onChange={(e) => setForm({ ...form, content: e.currentTarget.value })}
            />
            {publish.error && !(publish.error instanceof ApiError && publish.error.fields) && (
              <Alert color="red" role="alert">
                {errorText(publish.error, 'Failed to publish the document')}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={publish.isPending}>
                Publish
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label="Published versions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Document</Table.Th>
              <Table.Th>Version</Table.Th>
              <Table.Th>Title</Table.Th>
              <Table.Th>Published</Table.Th>
              <Table.Th>Signatures</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.data.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{CONSENT_DOCUMENT_LABELS[d.document_type]}</Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    {d.version}
                    {d.is_current && (
                      <Badge size="xs" color="teal">
                        Current
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{d.title}</Table.Td>
                <Table.Td>{new Date(d.published_at).toLocaleString()}</Table.Td>
                <Table.Td>{d.signature_count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
