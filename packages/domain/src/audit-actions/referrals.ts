/** Audit-log actions of the referrals area: the action string and what it records (shown in the security log). */
export const REFERRALS_AUDIT_ACTIONS = {
  // --- Referrals, the live feed, members, case notes, documents, OTF/RTF (modules/referrals/referrals,
  // referral-members, case-notes, documents, otf-rtf) ---
  'referral.created': 'Created a referral',
  'referral.member_confirmed':
    'Confirmed that a Medicaid ID on file with other details is the same person, and chose which details to keep',
  'referral.duplicate_confirmed': 'Created a referral although the member had an open one for the same need',
  'referral.read': "Read a referral's full record",
  'referral.list_read': 'Read a page of the referral queue',
  'referral.updated': 'Edited a referral (the names of the fields changed)',
  'referral.status_changed': "Changed a referral's status",
  'referral.contact_updated': "Changed the member's emergency contact on a referral",
  'referral.deleted': 'Deleted a Pending referral',
  'referral.claimed': 'Claimed a Pending referral from the live feed (and read its full record)',
  'referral.feed_read': 'Read a page of the live feed with full cards',
  'referral.expired': 'A referral expired unanswered and needs re-matching (the system)',
  'referral.provider_expired': 'A provider let its answer window on a referral pass (the system)',
  'referral.cascaded':
    'Matched a referral every provider declined to the next providers and sent it (the system)',
  'referral.needs_rematching': 'Flagged a referral no provider took for its coordinator (the system)',
  'referral.member_follow_up_sent':
    'Asked the member of a completed referral whether they got help (the system)',
  'referral.member_replied': "Recorded the member's answer to whether they got help (by SMS)",
  'referral.phi_email_delivered':
    'The member-details email of an accepted referral was delivered (the system)',
  'referral.phi_email_failed':
    'The member-details email of an accepted referral failed for good (the system)',
  'referral_event.list_read': "Read a referral's history",
  'outbound_message.list_read': 'Read the list of messages sent (about a referral, or in the outbox)',
  'web_form_submission.list_read': "Read a referral's provider web-form submissions and their screenshots",
  'member.lookup': 'Looked up a member by Medicaid ID for the referral form',
  'member.list_read': 'Read a page of Member Profiles',
  'case_note.created': 'Added a case note to a referral',
  'case_note.read': 'Read a case note (an edit that changed nothing)',
  'case_note.list_read': "Read a referral's case notes",
  'case_note.updated': 'Edited a case note (its text or visibility)',
  'case_note.deleted': 'Deleted a case note',
  'case_note.audio_read': "Played a voice note's recording",
  'document.uploaded': 'Uploaded a document to a referral',
  'document.read': 'Downloaded a document of a referral',
  'document.list_read': "Read the list of a referral's documents",
  'document.deleted': 'Deleted a document of a referral',
  'otf_rtf.created': 'Submitted an OTF/RTF form',
  // --- end of referrals, feed, members, notes, documents, OTF/RTF ---
  // --- Matching, sending to providers and the provider's answer (modules/referrals/matching,
  // referral-sending, referrals/response-service.ts) ---
  'referral.auto_matched': 'Auto-matched a referral to the nearest providers',
  'referral.matched': 'Matched a referral to one provider by hand',
  'referral.match_changed': 'Replaced a matched provider of a referral',
  'referral.match_removed': 'Removed a matched provider from a referral',
  'match.feedback': 'Gave feedback on a ranked provider for a referral',
  'referral.sent_to_provider': 'Sent a referral to a provider',
  'referral.sent_to_providers': 'Sent a referral to several matched providers',
  'provider_methods.discovered': "Stored a provider's contacts found in the directory and on its website",
  'provider_method.updated': "Changed a provider's communication method (attempt, verified, preferred)",
  'referral.accepted': 'A provider accepted a referral',
  'referral.rejected': 'A provider declined a referral',
  'referral.provider_declined': 'A provider the referral was sent to declined it (others may still answer)',
  'referral.phi_shared': "Emailed the member's details to the accepting provider",
  // --- end of matching, sending and answers ---
  // --- Voice referral intake (modules/referrals/voice-conversations, issue #19) ---
  'voice_conversation.created': 'Started a voice referral conversation',
  'voice_conversation.updated': 'Saved a voice referral conversation (transcript, extracted data, messages)',
  'voice_conversation.field_saved': 'Saved a field extracted from a voice referral conversation',
  'voice_conversation.read': 'Opened a voice referral conversation',
  'voice_conversation.linked': 'Created a referral from a voice referral conversation',
} as const satisfies Record<string, string>;
