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
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CONSENT_DOCUMENT_LABELS,
  CONSENT_DOCUMENT_TYPES,
  type ConsentDocumentType,
  type ConsentDocumentVersion,
  publishConsentDocumentRequestSchema,
} from '@trust/domain';
import { useAllDocuments } from '../../api/consent/get-all-documents.ts';
import { usePublishDocument } from '../../api/consent/publish-document.ts';
import { errorText } from '../../api/errors.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { formatDateTime } from '../../components/format-date.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';

const VERSION_COLUMNS: DataTableColumn<ConsentDocumentVersion>[] = [
  { key: 'document', header: 'Document', cell: (d) => CONSENT_DOCUMENT_LABELS[d.document_type] },
  {
    key: 'version',
    header: 'Version',
    cell: (d) => (
      <Group gap={6}>
        {d.version}
        {d.is_current && (
          <Badge size="xs" color="teal">
            Current
          </Badge>
        )}
      </Group>
    ),
  },
  { key: 'title', header: 'Title', cell: (d) => d.title },
  { key: 'published', header: 'Published', cell: (d) => formatDateTime(d.published_at) },
  { key: 'signatures', header: 'Signatures', cell: (d) => d.signature_count },
];

const EMPTY = { version: '', title: '', summary: '', content: '' };

/**
 * Administrators publish a new version of a consent document here (issue 3 item 3); every user signs it at
 * their next sign-in. The server decides who may publish; this screen shows its answer.
 */
export function ConsentAdminPage() {
  const documents = useAllDocuments();
  const publish = usePublishDocument();
  const form = useZodForm({
    schema: publishConsentDocumentRequestSchema,
    initialValues: { document_type: 'terms_of_use' as ConsentDocumentType, ...EMPTY },
    // A message stays until the next attempt.
    clearInputErrorOnChange: false,
  });

  const startFrom = (t: ConsentDocumentType) => {
    const current = documents.data?.find((d) => d.document_type === t && d.is_current);
    form.setValues({
      document_type: t,
      ...EMPTY,
      title: current?.title ?? CONSENT_DOCUMENT_LABELS[t],
      content: current?.content ?? '',
    });
    form.clearErrors();
  };

  const submit = form.onSubmit((body) =>
    publish.mutate(body, {
      onSuccess: (doc) => {
        notifications.show({ color: 'teal', message: `${doc.title} version ${doc.version} published` });
        form.setValues(EMPTY);
      },
      onError: (error) => applyServerErrors(form, error, 'Failed to publish the document'),
    }),
  );

  if (documents.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading consent documents" />
      </Center>
    );
  if (documents.error)
    return (
      <LoadErrorAlert
        error={documents.error}
        what="consent documents"
        message={errorText(documents.error, 'Failed to load consent documents')}
        onRetry={() => void documents.refetch()}
      />
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
              value={form.values.document_type}
              onChange={(v) => v && startFrom(v as ConsentDocumentType)}
              allowDeselect={false}
            />
            <Group grow align="flex-start">
              <TextInput label="Version" required {...form.getInputProps('version')} />
              <TextInput label="Title" required {...form.getInputProps('title')} />
            </Group>
            <Textarea
              label="What's New"
              description="Optional summary shown above the document in the consent dialog"
              {...form.getInputProps('summary')}
              autosize
              minRows={2}
            />
            <Textarea
              label="Content"
              required
              {...form.getInputProps('content')}
              autosize
              minRows={8}
              maxRows={20}
            />
            {form.formError && (
              <Alert color="red" role="alert">
                {form.formError}
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
      <DataTable<ConsentDocumentVersion>
        label="Published versions"
        columns={VERSION_COLUMNS}
        rows={documents.data}
        rowKey={(d) => d.id}
        empty="No versions published yet."
        minWidth={560}
        tableProps={{ striped: true }}
      />
    </Stack>
  );
}
