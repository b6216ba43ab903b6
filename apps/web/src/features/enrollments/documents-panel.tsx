import { FileInput, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconUpload } from '@tabler/icons-react';
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
import { formatDate } from '../../components/format-date.ts';
import { AddRecordCard } from './add-record-card.tsx';
import { notifyFailure } from './notify-failure.ts';
import { DeleteRecordDialog, useDeleteRecord } from './record-delete.tsx';
import { RecordListStatus, RecordTable } from './record-list.tsx';
import { DeleteRowAction, RowAction, RowActions } from './row-actions.tsx';

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
  const upload = useUploadEnrollmentDocument(enrollment.id);
  const deletion = useDeleteRecord(
    useDeleteEnrollmentDocument(enrollment.id),
    ENROLLMENT_MESSAGES.deleteDocumentFailed,
  );
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
      notifyFailure(e, DOCUMENT_MESSAGES.downloadFailed);
    }
  };

  const rows = list.data?.documents ?? [];
  return (
    <Stack gap="md">
      {enrollment.can_edit && (
        <AddRecordCard
          error={problem}
          submitLabel="Upload Document"
          submitIcon={<IconUpload size={16} />}
          submitting={upload.isPending}
          onSubmit={submit}
        >
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
        </AddRecordCard>
      )}
      <RecordListStatus
        list={list}
        count={rows.length}
        failedMessage={ENROLLMENT_MESSAGES.fetchDocumentsFailed}
        emptyText="No documents uploaded yet."
      />
      {rows.length > 0 && (
        <RecordTable
          label="Documents"
          minWidth={600}
          columns={['File Name', 'Type', 'Uploaded', 'Uploaded By', 'Actions']}
        >
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
                <RowActions>
                  <RowAction
                    tooltip="Download"
                    ariaLabel={`Download ${doc.file_name}`}
                    onClick={() => void download(doc)}
                  >
                    <IconDownload size={16} />
                  </RowAction>
                  {doc.can_delete && (
                    <DeleteRowAction
                      ariaLabel={`Delete ${doc.file_name}`}
                      onClick={() => deletion.ask(doc)}
                    />
                  )}
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </RecordTable>
      )}
      <DeleteRecordDialog
        {...deletion.dialog}
        title="Delete document"
        message={DOCUMENT_MESSAGES.confirmDelete}
      />
    </Stack>
  );
}
