// What the channel modules (sms, email, voice, web-forms) read and change of records and threads besides
// recording them (service.ts): this module owns the tables, the others come through here, never its repo.
export type { AttachmentRow, CommunicationRow, ConversationRow } from './repo.ts';
export {
  attachmentsOf,
  conversationsWithCounterpart,
  ensureConversation,
  findByExternalId,
  findByOutboundMessage,
  findCommunication,
  findConversation,
  findConversationByReplyToken,
  listConversationPage,
  lockCommunication,
  threadMessages,
  updateConversation,
} from './repo.ts';
