import {
  Anchor,
  Badge,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Pagination,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLink } from '@tabler/icons-react';
import {
  COMMUNICATION_MESSAGES,
  type CommunicationChannel,
  type Conversation,
  conversationsWithMessage,
} from '@trust/domain';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useConversations } from '../../api/communications/get-conversations.ts';
import { useCommunicationUpdates } from '../../api/communications/use-communication-updates.ts';
import { LoadErrorAlert } from '../load-error-alert.tsx';
import { AssignConversationDialog } from './assign-conversation-dialog.tsx';
import { ComingSoon } from './coming-soon.tsx';
import { ConversationList, ConversationRow } from './conversation-list.tsx';
import { ConversationPanel } from './conversation-panel.tsx';
import { EmptyState } from './empty-state.tsx';
import { type InboxFilter, InboxFilters } from './inbox-filters.tsx';

/** A link to the provider's own communications screen (001 §2.10), when the host screen has one. */
function ProviderLink({
  conversation,
  href,
}: {
  conversation: Conversation;
  href?: (conversation: Conversation) => string | null;
}) {
  const to = href?.(conversation) ?? null;
  if (!to || conversation.provider_id === null) return null;
  return (
    <Anchor component={Link} to={to} size="sm">
      All communications with {conversation.provider_name ?? 'this provider'}
    </Anchor>
  );
}

export type InboxScope =
  | { kind: 'organization' }
  | { kind: 'provider'; providerId: number; providerName: string }
  | { kind: 'referral'; referralId: number };

function subtitleOf(scope: InboxScope): string {
  if (scope.kind === 'provider') return conversationsWithMessage(scope.providerName);
  if (scope.kind === 'referral') return COMMUNICATION_MESSAGES.referralSubtitle;
  return 'Every conversation of your organization with providers';
}

function scopeParams(scope: InboxScope) {
  if (scope.kind === 'provider') return { provider_id: scope.providerId };
  if (scope.kind === 'referral') return { referral_id: scope.referralId };
  return {};
}

/**
 * 001 §2.11 Communications inbox: the threads of the organization, of one provider, or of one referral, with
 * the total unread, the All/SMS/Email/Fax/Voice filters (Fax and Voice keep the spec's placeholders) and, for
 * platform operators in the organization's inbox, the inbound messages nobody could place with 'Assign to referral'.
 * A chosen thread opens its SMS or email panel on the right (below on phones) with a close button. It follows
 * the live stream and polls only while the stream is down.
 */
export function CommunicationsInbox({
  scope,
  canTriage = false,
  headingOrder = 3,
  providerHref,
}: {
  scope: InboxScope;
  /** Platform operators see the Unmatched filter (the server checks again: canTriageUnmatched). */
  canTriage?: boolean;
  /** 2 when the inbox is the page, 3 inside another screen. */
  headingOrder?: 2 | 3;
  /** Where the chosen thread's provider screen is, to offer a link to it. */
  providerHref?: (conversation: Conversation) => string | null;
}) {
  useCommunicationUpdates();
  const [filter, setFilter] = useState<InboxFilter>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Conversation | null>(null);
  const [assigning, setAssigning] = useState<Conversation | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const base = scopeParams(scope);
  const placeholder = filter === 'fax' || filter === 'voice';
  const method: CommunicationChannel | undefined =
    filter === 'sms' || filter === 'email' ? filter : undefined;
  const totals = useConversations({ ...base, page: 1 });
  const list = useConversations(
    { ...base, method, unmatched: filter === 'unmatched' ? true : undefined, page },
    { enabled: !placeholder },
  );
  const conversations = list.data?.conversations ?? [];
  const current = selected ? (conversations.find((c) => c.id === selected.id) ?? selected) : null;
  const totalUnread = totals.data?.total_unread ?? 0;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;

  // Below Mantine's md breakpoint the panel opens under the list: bring it into view.
  const stacked = useMediaQuery('(max-width: 61.99em)', undefined, { getInitialValueInEffect: false });
  useEffect(() => {
    if (selected && stacked) panelRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [selected, stacked]);

  const choose = (next: InboxFilter) => {
    setFilter(next);
    setPage(1);
    setSelected(null);
  };

  return (
    <Stack gap="md" component="section" aria-label="Communications">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Group gap="xs">
            <Title order={headingOrder}>{COMMUNICATION_MESSAGES.inboxTitle}</Title>
            {totalUnread > 0 && (
              <Badge color="red" aria-label={`${totalUnread} unread`}>
                {totalUnread} unread
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {subtitleOf(scope)}
          </Text>
        </Stack>
      </Group>
      <InboxFilters
        value={filter}
        onChange={choose}
        withUnmatched={canTriage && scope.kind === 'organization'}
      />

      {placeholder ? (
        <ComingSoon channel={filter} />
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: current ? 5 : 12 }}>
            {list.isPending ? (
              <Center py="lg">
                <Loader size="sm" aria-label="Loading conversations" />
              </Center>
            ) : list.isError && !list.data ? (
              <LoadErrorAlert error={list.error} what="conversations" onRetry={() => void list.refetch()} />
            ) : conversations.length === 0 ? (
              <EmptyState
                title={
                  filter === 'unmatched' ? 'No unmatched messages' : COMMUNICATION_MESSAGES.noConversations
                }
                text={filter === 'unmatched' ? undefined : COMMUNICATION_MESSAGES.startConversation}
              />
            ) : (
              <Stack gap="sm">
                <ConversationList conversations={conversations} label="Conversations">
                  {(c) => (
                    <ConversationRow
                      key={c.id}
                      conversation={c}
                      by="provider"
                      selected={current?.id === c.id}
                      onSelect={() => setSelected(c)}
                      extra={
                        !c.matched && canTriage ? (
                          <Group>
                            <Button
                              size="compact-xs"
                              variant="light"
                              color="orange"
                              leftSection={<IconLink size={12} />}
                              onClick={() => setAssigning(c)}
                            >
                              Assign to referral
                            </Button>
                          </Group>
                        ) : null
                      }
                    />
                  )}
                </ConversationList>
                {pages > 1 && (
                  <Pagination
                    total={pages}
                    value={page}
                    onChange={setPage}
                    size="sm"
                    aria-label="Conversation pages"
                  />
                )}
              </Stack>
            )}
          </Grid.Col>
          {current && (
            <Grid.Col span={{ base: 12, md: 7 }} ref={panelRef}>
              <Stack gap="xs">
                <ConversationPanel conversation={current} onClose={() => setSelected(null)} />
                <ProviderLink conversation={current} href={providerHref} />
              </Stack>
            </Grid.Col>
          )}
        </Grid>
      )}
      <AssignConversationDialog
        conversation={assigning}
        onClose={() => setAssigning(null)}
        onAssigned={(assigned) =>
          setSelected(assigned.method_type === 'sms' || assigned.method_type === 'email' ? assigned : null)
        }
      />
    </Stack>
  );
}
