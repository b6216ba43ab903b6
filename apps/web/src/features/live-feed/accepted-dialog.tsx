import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FEED_MESSAGES } from '@trust/domain';

export type AcceptedInfo = { referralId: number; lines: string[] };

/** 000 §2.6: after confirming, a dialog titled "Referral Accepted"; from it the case workspace opens (000 §4.1). */
export function AcceptedDialog({
  info,
  onOpenWorkspace,
  onClose,
}: {
  info: AcceptedInfo | null;
  onOpenWorkspace: (referralId: number) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={info !== null} onClose={onClose} title={FEED_MESSAGES.accepted} centered>
      <Stack gap="sm">
        {info?.lines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Back to Feed
        </Button>
        <Button onClick={() => info && onOpenWorkspace(info.referralId)}>Open Case Workspace</Button>
      </Group>
    </Modal>
  );
}
