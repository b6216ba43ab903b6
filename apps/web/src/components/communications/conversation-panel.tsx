import type { Conversation } from '@trust/domain';
import { EmailConversationPanel } from './email/email-conversation-panel.tsx';
import { SmsConversationPanel } from './sms/sms-conversation-panel.tsx';

/** The SMS or email panel of an inbox thread (001 §2.11 "opens the SMS or email panel"). */
export function ConversationPanel({
  conversation,
  onClose,
}: {
  conversation: Conversation;
  onClose: () => void;
}) {
  const thread = { conversation_id: conversation.id };
  if (conversation.method_type === 'email') {
    return (
      <EmailConversationPanel
        key={conversation.id}
        thread={thread}
        referralId={conversation.referral_id}
        providerId={conversation.provider_id}
        providerName={conversation.provider_name ?? conversation.contact_value}
        values={{ referral_id: conversation.referral_number, provider_name: conversation.provider_name }}
        onClose={onClose}
      />
    );
  }
  return (
    <SmsConversationPanel
      key={conversation.id}
      thread={thread}
      referralId={conversation.referral_id}
      providerId={conversation.provider_id}
      providerName={conversation.provider_name ?? conversation.contact_value}
      onClose={onClose}
    />
  );
}
