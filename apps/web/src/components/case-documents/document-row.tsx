import { Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import {
  IconDownload,
  IconEye,
  IconFileText,
  IconFileTypePdf,
  IconPhoto,
  IconTrash,
} from '@tabler/icons-react';
import { documentPreviewKind, formatFileSize, type ReferralDocument } from '@trust/domain';
import { formatDate, formatDateTime } from '../format-date.ts';

function DocumentIcon({ contentType }: { contentType: string }) {
  const kind = documentPreviewKind(contentType);
  const Icon = kind === 'pdf' ? IconFileTypePdf : kind === 'image' ? IconPhoto : IconFileText;
  return (
    <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
      <Icon size={20} />
    </ThemeIcon>
  );
}

/** One document of the list (000 §2.7, 001 §2.18): file name, size, upload date, uploader, and its actions. */
export function DocumentRow({
  document,
  downloading,
  onPreview,
  onDownload,
  onDelete,
}: {
  document: ReferralDocument;
  downloading: boolean;
  onPreview: () => void;
  onDownload: () => void;
  onDelete: () => void;
}) {
  const name = document.filename;
  const uploadedAt = new Date(document.uploaded_at);
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={name}>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <DocumentIcon contentType={document.content_type} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" truncate="end" title={name}>
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatFileSize(document.file_size)} ·{' '}
              <time dateTime={document.uploaded_at} title={formatDateTime(uploadedAt)}>
                {formatDate(uploadedAt)}
              </time>
              {' · '}
              {document.uploaded_by_name?.trim() || 'Unknown User'}
            </Text>
          </div>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconEye size={14} />}
            onClick={onPreview}
            aria-label={`Preview ${name}`}
          >
            Preview
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            onClick={onDownload}
            loading={downloading}
            aria-label={`Download ${name}`}
          >
            Download
          </Button>
          {document.can_delete && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={onDelete}
              aria-label={`Delete ${name}`}
            >
              Delete
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
