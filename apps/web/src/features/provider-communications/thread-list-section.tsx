import { Button, Center, Loader, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { COMMUNICATION_MESSAGES, type ConversationList } from '@trust/domain';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/communications/empty-state.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';

/** 001 §2.10 Conversations list of a tab: loading, error, the empty state with 'Start New', or the rows. */
export function ThreadListSection({
  list,
  onStartNew,
  children,
}: {
  list: UseQueryResult<ConversationList>;
  onStartNew: () => void;
  children: ReactNode;
}) {
  const empty = list.data?.conversations.length === 0;
  return (
    <Stack gap="sm">
      <Title order={4}>Conversations</Title>
      {list.isPending ? (
        <Center py="lg">
          <Loader size="sm" aria-label="Loading conversations" />
        </Center>
      ) : !list.data ? (
        <LoadErrorAlert error={list.error} what="conversations" onRetry={() => void list.refetch()} />
      ) : empty ? (
        <EmptyState
          title={COMMUNICATION_MESSAGES.noConversations}
          action={
            <Button size="xs" mt="xs" leftSection={<IconPlus size={14} />} onClick={onStartNew}>
              {COMMUNICATION_MESSAGES.startNew}
            </Button>
          }
        />
      ) : (
        children
      )}
    </Stack>
  );
}
