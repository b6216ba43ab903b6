import { Alert, Button, Center, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { DOCUMENT_MESSAGES, documentPreviewKind, type ReferralDocument } from '@trust/domain';
import { useEffect, useState } from 'react';
import { fetchDocumentBlob } from '../../api/documents/download-document.ts';

type Loaded = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed' };

/**
 * The file of a PDF or an image as an object URL while `document` is set, revoked when it changes or the
 * preview closes. The file is fetched with the bearer token (a plain link could not carry it).
 */
function usePreviewUrl(referralId: number, document: ReferralDocument | null): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const id = document?.id ?? null;
  const contentType = document?.content_type ?? '';
  useEffect(() => {
    if (id === null || documentPreviewKind(contentType) === null) return;
    let cancelled = false;
    let url: string | null = null;
    setLoaded({ status: 'loading' });
    fetchDocumentBlob(referralId, id, 'inline')
      .then((blob) => {
        if (cancelled) return;
        // The object gets the type the server checked the bytes against, so the browser renders it as that.
        url = URL.createObjectURL(new Blob([blob], { type: contentType.split(';')[0] }));
        setLoaded({ status: 'ready', url });
      })
      .catch(() => {
        if (!cancelled) setLoaded({ status: 'failed' });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [referralId, id, contentType]);
  return loaded;
}

/**
 * The preview of a document (000 §2.7, 001 §2.18): a PDF in the browser's viewer, an image as itself; other
 * types say 'Preview will be available for supported file types (PDF, images)' with 'Download to View'.
 */
export function DocumentPreview({
  referralId,
  document,
  downloading,
  onDownload,
  onClose,
}: {
  referralId: number;
  document: ReferralDocument | null;
  downloading: boolean;
  onDownload: (document: ReferralDocument) => void;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const kind = document ? documentPreviewKind(document.content_type) : null;
  const loaded = usePreviewUrl(referralId, document);
  const name = document?.filename ?? '';

  let body: React.ReactNode;
  if (!kind) {
    body = (
      <Text size="sm" c="dimmed">
        {DOCUMENT_MESSAGES.previewUnavailable}
      </Text>
    );
  } else if (loaded.status === 'loading') {
    body = (
      <Center py="xl">
        <Loader size="sm" aria-label={`Loading the preview of ${name}`} />
      </Center>
    );
  } else if (loaded.status === 'failed') {
    body = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {DOCUMENT_MESSAGES.previewFailed}
      </Alert>
    );
  } else if (kind === 'pdf') {
    body = (
      <iframe
        src={loaded.url}
        title={`Preview of ${name}`}
        style={{ width: '100%', height: phone ? 'calc(100dvh - 160px)' : '70vh', border: 0 }}
      />
    );
  } else {
    body = <Image src={loaded.url} alt={name} fit="contain" mah="70vh" w="100%" />;
  }

  return (
    <Modal opened={document !== null} onClose={onClose} title={name} size="xl" fullScreen={phone} centered>
      <Stack gap="md">
        {body}
        {document && (
          <Group justify="flex-end">
            <Button
              leftSection={<IconDownload size={16} />}
              variant={kind ? 'default' : 'filled'}
              loading={downloading}
              onClick={() => onDownload(document)}
            >
              {kind ? 'Download' : DOCUMENT_MESSAGES.downloadToView}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
