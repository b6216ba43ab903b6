import {
  Alert,
  Button,
  Card,
  Center,
  FileButton,
  Group,
  Loader,
  Pagination,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconUpload } from '@tabler/icons-react';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_DEFAULT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  documentExtension,
  type ReferralDocument,
} from '@trust/domain';
import { useRef, useState } from 'react';
import { useDeleteDocument } from '../../api/documents/delete-document.ts';
import { fetchDocumentBlob, saveBlob } from '../../api/documents/download-document.ts';
import { useDocuments } from '../../api/documents/get-documents.ts';
import { useUploadDocument } from '../../api/documents/upload-document.ts';
import { useDocumentUpdates } from '../../api/documents/use-document-updates.ts';
import { ApiError } from '../../api/errors.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { LoadErrorAlert } from '../load-error-alert.tsx';
import { DocumentPreview } from './document-preview.tsx';
import { DocumentRow } from './document-row.tsx';

const PAGE_SIZE = 50;

type Banner = { title: string; detail: string | null };

/** The server answered with a refusal (as opposed to not being reached at all). */
function answered(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status > 0;
}

/** 000 §8: "Failed to upload file: {server text}" or, when the call itself failed, "Error uploading file: {message}". */
function uploadErrorText(error: unknown): string {
  if (answered(error)) return DOCUMENT_MESSAGES.uploadFailed(error.detail ?? error.message);
  return DOCUMENT_MESSAGES.uploadError(error instanceof Error ? error.message : String(error));
}

/** The checks the server makes that the browser can make first (000 §5.6 types, the size limit). */
function refusalOf(file: File, maxBytes: number): string | null {
  if (!documentExtension(file.name)) return DOCUMENT_MESSAGES.typeNotAllowed;
  if (file.size === 0) return DOCUMENT_MESSAGES.emptyFile;
  if (file.size > maxBytes) return DOCUMENT_MESSAGES.tooLarge(maxBytes);
  return null;
}

/**
 * The documents of one referral (000 §2.7 Documents tab, 001 §2.18), for the case workspace: Upload Document
 * (one file, with its progress), the list newest first with Preview, Download and Delete, and a real preview
 * of PDFs and images. The list follows live changes by anyone who sees the referral.
 */
export function CaseDocumentsPanel({ referralId }: { referralId: number | null | undefined }) {
  const id = referralId ?? null;
  const [page, setPage] = useState(1);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [uploadingName, setUploadingName] = useState('');
  const [previewing, setPreviewing] = useState<ReferralDocument | null>(null);
  const [confirming, setConfirming] = useState<ReferralDocument | null>(null);
  const [downloadingId, setDownloadingId] = useState<number | null>(null);
  const resetChooser = useRef<() => void>(null);

  const documents = useDocuments(id, page, PAGE_SIZE);
  useDocumentUpdates(id);
  const { upload, progress, uploading } = useUploadDocument(id);
  const remove = useDeleteDocument(id ?? 0);

  const maxBytes = documents.data?.max_file_size ?? DOCUMENT_DEFAULT_MAX_BYTES;
  const canUpload = id !== null && (documents.data?.can_upload ?? false);
  const pages = documents.data ? Math.max(1, Math.ceil(documents.data.total / PAGE_SIZE)) : 1;

  const onChoose = async (file: File | null) => {
    // The same file may be chosen again after a failure.
    resetChooser.current?.();
    if (!file) return;
    setBanner(null);
    if (id === null) {
      setBanner({ title: DOCUMENT_MESSAGES.noReferral, detail: null });
      return;
    }
    const refusal = refusalOf(file, maxBytes);
    if (refusal) {
      setBanner({ title: DOCUMENT_MESSAGES.uploadFailed(refusal), detail: null });
      return;
    }
    setUploadingName(file.name);
    try {
      await upload(file);
      setPage(1);
    } catch (error) {
      setBanner({ title: uploadErrorText(error), detail: null });
    }
  };

  const download = async (document: ReferralDocument) => {
    if (id === null) return;
    setDownloadingId(document.id);
    try {
      saveBlob(await fetchDocumentBlob(id, document.id), document.filename);
    } catch (error) {
      setBanner({ title: DOCUMENT_MESSAGES.downloadFailed, detail: answered(error) ? error.detail : null });
    } finally {
      setDownloadingId(null);
    }
  };

  const confirmDelete = () => {
    if (!confirming) return;
    remove.mutate(confirming.id, {
      onSuccess: () => setConfirming(null),
      onError: (error) => {
        setConfirming(null);
        setBanner(
          answered(error)
            ? { title: DOCUMENT_MESSAGES.deleteFailed, detail: error.detail }
            : { title: DOCUMENT_MESSAGES.deleteError, detail: null },
        );
      },
    });
  };

  let list: React.ReactNode;
  if (id === null) {
    list = (
      <Text c="dimmed" size="sm">
        {DOCUMENT_MESSAGES.noReferral}
      </Text>
    );
  } else if (documents.isPending) {
    list = (
      <Center py="md">
        <Loader size="sm" aria-label="Loading documents" />
      </Center>
    );
  } else if (documents.isError) {
    list = (
      <LoadErrorAlert
        error={documents.error}
        title={DOCUMENT_MESSAGES.loadFailed}
        message={answered(documents.error) ? documents.error.detail : null}
        retryLabel="Try again"
        onRetry={() => void documents.refetch()}
      />
    );
  } else if (documents.data.documents.length === 0) {
    list = (
      <Stack gap={4} align="center" py="md">
        <Text fw={600}>{DOCUMENT_MESSAGES.emptyTitle}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {DOCUMENT_MESSAGES.emptyHint}
        </Text>
      </Stack>
    );
  } else {
    list = (
      <>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Case documents">
          {documents.data.documents.map((document) => (
            <DocumentRow
              key={document.id}
              document={document}
              downloading={downloadingId === document.id}
              onPreview={() => setPreviewing(document)}
              onDownload={() => void download(document)}
              onDelete={() => setConfirming(document)}
            />
          ))}
        </Stack>
        {pages > 1 && (
          <Group justify="center">
            <Pagination total={pages} value={page} onChange={setPage} aria-label="Document pages" />
          </Group>
        )}
      </>
    );
  }

  const percent = Math.round((progress ?? 0) * 100);

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={3}>{DOCUMENT_MESSAGES.title}</Title>
          {(id === null || canUpload) && (
            <FileButton
              onChange={(file) => void onChoose(file)}
              accept={DOCUMENT_ACCEPT}
              resetRef={resetChooser}
              disabled={id === null || uploading}
              inputProps={{ 'aria-label': 'Choose a document to upload' }}
            >
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconUpload size={16} />}
                  disabled={id === null || uploading}
                  loading={uploading}
                >
                  {DOCUMENT_MESSAGES.upload}
                </Button>
              )}
            </FileButton>
          )}
        </Group>

        {uploading && (
          <Stack gap={4}>
            <Text size="sm" aria-live="polite">
              Uploading {uploadingName}… {percent}%
            </Text>
            <Progress value={percent} aria-label={`Uploading ${uploadingName}`} striped animated />
          </Stack>
        )}

        {banner && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            title={banner.title}
            role="alert"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setBanner(null)}
          >
            {banner.detail}
          </Alert>
        )}

        {list}
      </Stack>

      {id !== null && (
        <DocumentPreview
          referralId={id}
          document={previewing}
          downloading={previewing !== null && downloadingId === previewing.id}
          onDownload={(document) => void download(document)}
          onClose={() => setPreviewing(null)}
        />
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title="Delete document"
        message={DOCUMENT_MESSAGES.confirmDelete}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
