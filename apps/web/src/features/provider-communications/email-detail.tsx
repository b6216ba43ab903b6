import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEmailConversation } from '../../api/email/get-email-conversation.ts';
import { EmailCard } from '../../components/communications/email/email-card.tsx';

/** 001 §2.10 full-detail panel of one email of a referral row. */
export function EmailDetail({
  conversationId,
  emailId,
  providerName,
  onBack,
}: {
  conversationId: number;
  emailId: number;
  providerName: string;
  onBack: () => void;
}) {
  const conversation = useEmailConversation({ conversation_id: conversationId });
  const email = conversation.data?.emails.find((e) => e.id === emailId);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Email details">
      <Stack gap="sm">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={14} />}
          onClick={onBack}
          style={{ alignSelf: 'flex-start' }}
        >
          Back to conversation
        </Button>
        {email ? (
          <Stack component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            <EmailCard email={email} providerName={providerName} />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {conversation.isPending ? 'Loading emails...' : 'This email is no longer available.'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
