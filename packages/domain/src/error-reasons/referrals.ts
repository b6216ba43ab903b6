import type { ErrorCode } from '../errors.ts';

/**
 * Error reasons of the referrals area: each names one specific refusal and the generic code (hence the HTTP status)
 * it answers with. Services throw `new AppError('<reason>', message)`; code branches on the reason, never on
 * the message text.
 */
export const REFERRALS_ERROR_REASONS = {
  // --- Referrals, the live feed, members, case notes, documents (modules/referrals/referrals,
  // referral-members, case-notes, documents) ---
  /** Not there, or not the caller's organization's to see (the same answer: issue #12). */
  'referral.not_found': 'not_found',
  'referral.owner_only': 'forbidden',
  'referral.medicaid_id_locked': 'rule_broken',
  'referral.not_pending_for_delete': 'conflict',
  /** A claim from the live feed by an organization that has no provider listing to match it to. */
  'feed.not_a_provider': 'forbidden',
  'feed.already_taken': 'conflict',
  'member.not_found': 'not_found',
  'member.no_pending_referrals': 'conflict',
  'case_note.not_found': 'not_found',
  /** Another organization's voice conversation answers like a missing one (issue #19). */
  'voice_conversation.not_found': 'not_found',
  /** Taken by another user of the organization (create with their session id), or already made a referral. */
  'voice_conversation.conflict': 'conflict',
  'voice_conversation.too_many_fields': 'rule_broken',
  'case_note.content_invalid': 'validation_failed',
  'case_note.voice_not_supported': 'rule_broken',
  /** 001 §5: a voice note whose recording has no recognisable speech is not saved. */
  'case_note.no_speech': 'rule_broken',
  'case_note.audio_not_found': 'not_found',
  'case_note.author_only': 'forbidden',
  'document.not_found': 'not_found',
  /** The row is there but its stored file is not (logged; the reader gets a 404). */
  'document.file_missing': 'not_found',
  'document.delete_forbidden': 'forbidden',
  'document.no_file': 'bad_request',
  'document.empty_file': 'bad_request',
  'document.too_large': 'payload_too_large',
  'document.type_not_allowed': 'unsupported_media_type',
  'document.content_mismatch': 'unsupported_media_type',
  'document.not_multipart': 'unsupported_media_type',
  'document.too_many_parts': 'payload_too_large',
  'document.malformed_upload': 'bad_request',
  // --- end of referrals, feed, members, notes, documents ---
  // --- Matching, sending to providers and the provider's answer (modules/referrals/matching,
  // referral-sending, referrals/response-service.ts) ---
  'match.referral_not_pending': 'rule_broken',
  'match.member_location_unknown': 'rule_broken',
  'match.no_providers_nearby': 'rule_broken',
  'match.not_auto_matched': 'rule_broken',
  'match.entry_not_found': 'not_found',
  'match.entry_answered': 'rule_broken',
  'match.provider_not_found': 'not_found',
  'match.provider_already_matched': 'conflict',
  'match.provider_declined': 'conflict',
  /** GET /api/feedback/{id}: another organization's feedback, or none (404, so ids cannot be probed). */
  'feedback.not_found': 'not_found',
  'send.channel_unavailable': 'rule_broken',
  'send.provider_not_found': 'not_found',
  'send.contact_missing': 'rule_broken',
  'send.contact_invalid': 'validation_failed',
  'send.number_opted_out': 'rule_broken',
  'send.message_required': 'validation_failed',
  'send.method_required': 'validation_failed',
  'send.referral_already_accepted': 'rule_broken',
  'send.no_matched_providers': 'rule_broken',
  'send.provider_not_among_matches': 'rule_broken',
  'send.entry_answered': 'rule_broken',
  'provider_method.not_found': 'not_found',
  'provider_method.of_other_provider': 'rule_broken',
  'provider_method.wrong_type': 'validation_failed',
  'provider_method.fallback_not_stored': 'rule_broken',
  'provider_method.update_empty': 'validation_failed',
  'referral.not_the_matched_provider': 'forbidden',
  'referral.matched_to_other_provider': 'conflict',
  'referral.already_accepted': 'conflict',
  'referral.already_rejected': 'conflict',
  'referral.expired': 'conflict',
  'referral.not_awaiting_answer': 'conflict',
  'referral.provider_not_matched': 'not_found',
  /** A status change the lifecycle does not allow from the current status, for this actor (issue #14). */
  'referral.transition_refused': 'conflict',
  /** A step that needs an outcome (Completed) or a reason (Cancelled) came without it. */
  'referral.outcome_required': 'validation_failed',
  'referral.reason_required': 'validation_failed',
  /** A new referral's Medicaid ID is on file with another name or date of birth, not confirmed (issue #14). */
  'referral.member_mismatch': 'conflict',
  /** The member has an open referral for one of the same needs, not confirmed (issue #14). */
  'referral.duplicate_open': 'conflict',
  // --- end of matching, sending and answers ---
  /** Issue #20 metrics and service gaps: only the organization's admins (or platform operators) see them. */
  'analytics.admins_only': 'forbidden',
  /** scope=network asked by someone who is not a platform operator. */
  'analytics.network_operators_only': 'forbidden',
} as const satisfies Record<string, ErrorCode>;
