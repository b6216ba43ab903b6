import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type BackupCodesResponse, TWO_FACTOR_MESSAGES as M } from '@trust/domain';
import { backupCodesFileText, downloadTextFile } from './backup-codes-file.ts';

/** 003 §2.11 backup codes, shown once: copy to clipboard, download as a text file. */
export function BackupCodesModal({
  result,
  onClose,
}: {
  result: BackupCodesResponse | null;
  onClose: () => void;
}) {
  const copy = async () => {
    if (!result) return;
    try {
      await navigator.clipboard.writeText(result.codes.join('\n'));
      notifications.show({ color: 'teal', message: M.codesCopied });
    } catch {
      notifications.show({ color: 'red', message: 'Could not copy to the clipboard' });
    }
  };
  const download = () => {
    if (!result) return;
    downloadTextFile(
      'trust-marketplace-backup-codes.txt',
      backupCodesFileText(result.codes, result.generated_at),
    );
  };

  return (
    <Modal opened={result !== null} onClose={onClose} title="Your backup codes" centered>
      {result && (
        <Stack gap="md">
          <Text size="sm">
            Keep these codes somewhere safe. Each code can be used only once, when you cannot get a code by
            SMS or from your authenticator app. They will not be shown again.
          </Text>
          <SimpleGrid
            cols={2}
            spacing="xs"
            aria-label="Backup codes"
            component="ul"
            style={{ listStyle: 'none', padding: 0 }}
          >
            {result.codes.map((c) => (
              <Text component="li" key={c} ff="monospace">
                {c}
              </Text>
            ))}
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void copy()}>
              Copy to clipboard
            </Button>
            <Button variant="default" onClick={download}>
              Download
            </Button>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
