import { Grid } from '@mantine/core';
import type { Conversation } from '@trust/domain';
import { useEffect, useState } from 'react';
import { useConversations } from '../../api/communications/get-conversations.ts';
import { ConversationList, ConversationRow } from '../../components/communications/conversation-list.tsx';
import { SmsConversationPanel } from '../../components/communications/sms/sms-conversation-panel.tsx';
import { ComposeMessageForm } from './compose-message-form.tsx';
import { MessagePane } from './message-pane.tsx';
import { providerThreadParams } from './provider-threads.ts';
import { ThreadListSection } from './thread-list-section.tsx';
import { useComposePane } from './use-compose-pane.ts';

/**
 * 001 §2.10 SMS tab of one provider: its SMS threads, one per referral, and the message pane (the chosen
 * thread's chat, or the compose form). Two columns on a desktop; on a phone the pane follows the list.
 */
export function SmsTab({
  providerId,
  providerName,
  phone,
  referralId,
}: {
  providerId: number;
  providerName: string;
  phone: string | null;
  /** ?referral_id=: its thread opens, and the compose form starts with it. */
  referralId: number | null;
}) {
  const list = useConversations(providerThreadParams(providerId, 'sms'));
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [wanted, setWanted] = useState<number | null>(referralId);
  const { setComposing, pane, onSent } = useComposePane(setWanted);
  const threads = list.data?.conversations ?? [];
  const selected = threads.find((c) => c.id === selectedId) ?? null;

  // Open the thread of the referral asked for (the URL, or the one just written to) once it is listed.
  useEffect(() => {
    if (wanted === null) return;
    const match = threads.find((c) => c.referral_id === wanted);
    if (match) {
      setSelectedId(match.id);
      setWanted(null);
    }
  }, [wanted, threads]);

  const open = (c: Conversation) => {
    setSelectedId(c.id);
    setComposing(false);
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <ThreadListSection list={list} onStartNew={() => setComposing(true)}>
          <ConversationList conversations={threads} label="SMS conversations">
            {(c) => (
              <ConversationRow
                key={c.id}
                conversation={c}
                by="referral"
                selected={c.id === selectedId}
                onSelect={() => open(c)}
              />
            )}
          </ConversationList>
        </ThreadListSection>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <MessagePane
          {...pane}
          compose={
            <ComposeMessageForm
              channel="sms"
              providerId={providerId}
              contact={phone}
              initialReferralId={referralId}
              onSent={onSent}
            />
          }
        >
          {selected && (
            <SmsConversationPanel
              key={selected.id}
              thread={{ conversation_id: selected.id }}
              referralId={selected.referral_id}
              providerId={providerId}
              providerName={providerName}
            />
          )}
        </MessagePane>
      </Grid.Col>
    </Grid>
  );
}
