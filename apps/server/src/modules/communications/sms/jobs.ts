import type { AppDeps } from '../../../platform/deps.ts';
import type { Jobs } from '../../../platform/jobs.ts';

/**
 * The SMS module's jobs (platform/job-definitions.ts registers every module's). It has none of its own: every
 * SMS it sends (a coordinator's message, an auto reply) is delivered and retried by the outbox's
 * `outbound.deliver` job, and Twilio reports delivery to the status webhook (routes.ts).
 */
export function registerSmsJobs(_jobs: Jobs, _deps: AppDeps): void {}
