import { Badge, Grid, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useConversations } from '../../api/communications/get-conversations.ts';
import { ConversationList, ConversationRow } from '../../components/communications/conversation-list.tsx';
import { EmailConversationPanel } from '../../components/communications/email/email-conversation-panel.tsx';
import { ComposeMessageForm } from './compose-message-form.tsx';
import { EmailDetail } from './email-detail.tsx';
import { groupEmailThreads } from './email-groups.ts';
import { EmailRows } from './email-rows.tsx';
import { MessagePane } from './message-pane.tsx';
import { providerThreadParams } from './provider-threads.ts';
import { ThreadListSection } from './thread-list-section.tsx';
import { useComposePane } from './use-compose-pane.ts';

/**
 * 001 §2.10 Email tab of one provider: one row per referral with its count of emails, expanding to a row per
 * email; the message pane shows the referral's email conversation (001 §2.13), one email in full, or the
 * compose form.
 */
export function EmailTab({
  providerId,
  providerName,
  email,
  referralId,
}: {
  providerId: number;
  providerName: string;
  email: string | null;
  referralId: number | null;
}) {
  const list = useConversations(providerThreadParams(providerId, 'email'));
  const groups = groupEmailThreads(list.data?.conversations ?? []);
  const [groupKey, setGroupKey] = useState<string | null>(null);
  const [openEmail, setOpenEmail] = useState<{ conversationId: number; emailId: number } | null>(null);
  const [wanted, setWanted] = useState<number | null>(referralId);
  const { setComposing, pane, onSent } = useComposePane(setWanted);
  const selected = groups.find((g) => g.key === groupKey) ?? null;

  useEffect(() => {
    if (wanted === null) return;
    const match = groups.find((g) => g.referralId === wanted);
    if (match) {
      setGroupKey(match.key);
      setWanted(null);
    }
  }, [wanted, groups]);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <ThreadListSection list={list} onStartNew={() => setComposing(true)}>
          <ConversationList conversations={groups.map((g) => g.newest)} label="Email conversations">
            {(c) => {
              const group = groups.find((g) => g.newest.id === c.id)!;
              const open = group.key === groupKey;
              return (
                <ConversationRow
                  key={group.key}
                  conversation={{ ...c, unread_count: group.unread }}
                  by="referral"
                  selected={open}
                  onSelect={() => {
                    setGroupKey(open ? null : group.key);
                    setOpenEmail(null);
                    setComposing(false);
                  }}
                  badge={
                    <Badge size="sm" variant="light" color="gray">
                      {group.emailCount === 1 ? '1 email' : `${group.emailCount} emails`}
                    </Badge>
                  }
                  extra={
                    open ? (
                      <Stack gap={4}>
                        {group.threads.map((t) => (
                          <EmailRows
                            key={t.id}
                            conversationId={t.id}
                            selectedEmailId={openEmail?.emailId ?? null}
                            onSelect={(id) => {
                              setOpenEmail({ conversationId: t.id, emailId: id });
                              setComposing(false);
                            }}
                          />
                        ))}
                      </Stack>
                    ) : null
                  }
                />
              );
            }}
          </ConversationList>
        </ThreadListSection>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <MessagePane
          {...pane}
          compose={
            <ComposeMessageForm
              channel="email"
              providerId={providerId}
              contact={email}
              initialReferralId={referralId}
              onSent={onSent}
            />
          }
        >
          {selected &&
            (openEmail !== null ? (
              <EmailDetail
                conversationId={openEmail.conversationId}
                emailId={openEmail.emailId}
                providerName={providerName}
                onBack={() => setOpenEmail(null)}
              />
            ) : (
              <EmailConversationPanel
                key={selected.newest.id}
                thread={{ conversation_id: selected.newest.id }}
                referralId={selected.referralId}
                providerId={providerId}
                providerName={providerName}
                values={{ provider_name: providerName, referral_id: selected.newest.referral_number }}
              />
            ))}
        </MessagePane>
      </Grid.Col>
    </Grid>
  );
}
