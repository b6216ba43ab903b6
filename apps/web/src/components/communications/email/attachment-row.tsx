import { Button, Group, Text } from '@mantine/core';
import { IconDownload, IconPaperclip } from '@tabler/icons-react';
import type { EmailAttachment } from '@trust/domain';
import { useState } from 'react';
import { saveBlob } from '../../../api/documents/download-document.ts';
import { fetchAttachmentBlob } from '../../../api/email/download-attachment.ts';
import { errorText } from '../../../api/errors.ts';

/** 001 §2.13: '12.3 KB'. */
export function sizeInKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** 001 §2.13 attachment row: file name, size in KB, Download (fetched with the session; the read is audited). */
export function AttachmentRow({ attachment }: { attachment: EmailAttachment }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveBlob(await fetchAttachmentBlob(attachment.url), attachment.filename);
    } catch (err) {
      setError(errorText(err, 'Failed to download the attachment.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group component="li" gap="xs" wrap="nowrap" justify="space-between" aria-label={attachment.filename}>
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <IconPaperclip size={14} aria-hidden />
        <Text size="sm" truncate>
          {attachment.filename}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {sizeInKb(attachment.size)}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        {error && (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        )}
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconDownload size={12} />}
          loading={busy}
          onClick={() => void download()}
          aria-label={`Download ${attachment.filename}`}
        >
          Download
        </Button>
      </Group>
    </Group>
  );
}
