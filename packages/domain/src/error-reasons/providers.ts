import type { ErrorCode } from '../errors.ts';

/**
 * Error reasons of the providers area: each names one specific refusal and the generic code (hence the HTTP status)
 * it answers with. Services throw `new AppError('<reason>', message)`; code branches on the reason, never on
 * the message text.
 */
export const PROVIDERS_ERROR_REASONS = {
  'provider.not_found': 'not_found',
  'provider.address_not_located': 'bad_request',
  'provider.capacity_not_own': 'forbidden',
  'provider.capacity_wait_required': 'validation_failed',
  'provider.already_verified': 'conflict',
  'provider.not_awaiting_verification': 'not_found',
  /** A web form or website an organization typed in is opened only once a platform operator verified it. */
  'provider.unverified_web_form': 'rule_broken',
  'provider.unverified_discovery': 'rule_broken',
  'saved_provider.provider_not_found': 'not_found',
  'saved_provider.already_saved': 'conflict',
  'saved_provider.not_saved': 'not_found',
  'ratings.not_configured': 'rule_broken',
  'ratings.out_of_scope': 'forbidden',
  'ratings.location_incomplete': 'rule_broken',
  'ratings.lookup_failed': 'unavailable',
  'import_job.not_found': 'not_found',
  'import_job.not_cancellable': 'conflict',
  'import_job.file_not_configured': 'rule_broken',
  /** Issue #21: an HSDS directory's address that resolves to a private network, or to nothing. */
  'import_job.source_url_refused': 'validation_failed',
  'import_schedule.not_found': 'not_found',
  'import_schedule.invalid_cron': 'validation_failed',
  'import_schedule.running': 'conflict',
  'import_dependency.cycle': 'conflict',
  'import_dependency.exists': 'conflict',
  'import_dependency.invalid': 'validation_failed',
  'import_recommendation.not_enough_runs': 'rule_broken',
  'import_recommendation.low_confidence': 'rule_broken',
  /** Issue #18 item 7: only the provider's own organization confirms its listing… */
  'provider.listing_not_own': 'forbidden',
  /** …and there only its administrators and managers (ORG_MANAGER_ROLES). */
  'provider.listing_role_required': 'forbidden',
} as const satisfies Record<string, ErrorCode>;
