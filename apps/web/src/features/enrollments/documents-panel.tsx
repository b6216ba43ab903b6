import {
  ActionIcon,
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_DEFAULT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  documentExtension,
  ENROLLMENT_DOCUMENT_TYPE_LABELS,
  ENROLLMENT_DOCUMENT_TYPES,
  ENROLLMENT_MESSAGES,
  type Enrollment,
  type EnrollmentDocument,
  type EnrollmentDocumentList,
  enrollmentLabel,
  formatFileSize,
} from '@trust/domain';
import { useState } from 'react';
import {
  downloadEnrollmentDocument,
  useDeleteEnrollmentDocument,
  useUploadEnrollmentDocument,
} from '../../api/enrollments/documents.ts';
import { errorText } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatDate } from '../../components/format-date.ts';

/** The checks the server makes that the browser can make first (the types, the size limit). */
function refusalOf(file: File, maxBytes: number): string | null {
  if (!documentExtension(file.name)) return DOCUMENT_MESSAGES.typeNotAllowed;
  if (file.size === 0) return DOCUMENT_MESSAGES.emptyFile;
  if (file.size > maxBytes) return DOCUMENT_MESSAGES.tooLarge(maxBytes);
  return null;
}

/**
 * Documents (002 §2 Enrollment Details: "Upload Document" and a delete action per row; the upload's behaviour is
 * not shown, so it stores the file like a case document: checked by content, encrypted, downloadable).
 */
export function DocumentsPanel({
  enrollment,
  list,
}: {
  enrollment: Enrollment;
  list: UseQueryResult<EnrollmentDocumentList>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [documentType, setDocumentType] = useState<string>('consent_form');
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<EnrollmentDocument | null>(null);
  const upload = useUploadEnrollmentDocument(enrollment.id);
  const remove = useDeleteEnrollmentDocument(enrollment.id);
  const maxBytes = list.data?.max_file_size ?? DOCUMENT_DEFAULT_MAX_BYTES;

  const submit = () => {
    setProblem(null);
    if (!file) {
      setProblem('Choose a file to upload.');
      return;
    }
    const refusal = refusalOf(file, maxBytes);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    upload.mutate(
      { documentType, file },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: ENROLLMENT_MESSAGES.documentUploaded });
          setFile(null);
        },
        onError: (e) => setProblem(errorText(e, ENROLLMENT_MESSAGES.createDocumentFailed)),
      },
    );
  };

  const download = async (doc: EnrollmentDocument) => {
    try {
      await downloadEnrollmentDocument(doc);
    } catch (e) {
      notifications.show({ color: 'red', message: errorText(e, DOCUMENT_MESSAGES.downloadFailed) });
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSettled: () => setDeleting(null),
      onError: (e) =>
        notifications.show({ color: 'red', message: errorText(e, ENROLLMENT_MESSAGES.deleteDocumentFailed) }),
    });
  };

  const rows = list.data?.documents ?? [];
  return (
    <Stack gap="md">
      {enrollment.can_edit && (
        <Card withBorder>
          <Stack gap="sm">
            <Group grow align="flex-start">
              <FileInput
                label="File"
                placeholder="Choose a file"
                accept={DOCUMENT_ACCEPT}
                value={file}
                onChange={setFile}
                clearable
                description={`PDF, Word, text or image, up to ${formatFileSize(maxBytes)}`}
              />
              <NativeSelect
                label="Document type"
                value={documentType}
                onChange={(e) => setDocumentType(e.currentTarget.value)}
                data={ENROLLMENT_DOCUMENT_TYPES.map((t) => ({
                  value: t,
                  label: ENROLLMENT_DOCUMENT_TYPE_LABELS[t],
                }))}
              />
            </Group>
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button leftSection={<IconUpload size={16} />} onClick={submit} loading={upload.isPending}>
                Upload Document
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {list.error && (
        <Alert color="red" role="alert">
          {errorText(list.error, ENROLLMENT_MESSAGES.fetchDocumentsFailed)}
        </Alert>
      )}
      {list.data && rows.length === 0 && <Text c="dimmed">No documents uploaded yet.</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={600}>
          <Table aria-label="Documents" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Uploaded</Table.Th>
                <Table.Th>Uploaded By</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((doc) => (
                <Table.Tr key={doc.id}>
                  <Table.Td>
                    {doc.file_name}
                    <Text size="xs" c="dimmed">
                      {formatFileSize(doc.file_size)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{enrollmentLabel(ENROLLMENT_DOCUMENT_TYPE_LABELS, doc.document_type)}</Table.Td>
                  <Table.Td>{formatDate(doc.upload_date)}</Table.Td>
                  <Table.Td>{doc.uploaded_by_name ?? '—'}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Download">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Download ${doc.file_name}`}
                          onClick={() => void download(doc)}
                        >
                          <IconDownload size={16} />
                        </ActionIcon>
                      </Tooltip>
                      {doc.can_delete && (
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${doc.file_name}`}
                            onClick={() => setDeleting(doc)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete document"
        message={DOCUMENT_MESSAGES.confirmDelete}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
