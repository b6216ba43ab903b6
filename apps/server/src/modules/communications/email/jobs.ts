import type { AppDeps } from '../../../platform/deps.ts';
import type { Jobs } from '../../../platform/jobs.ts';

/** The email module's jobs (platform/job-definitions.ts registers every module's). */
export function registerEmailJobs(_jobs: Jobs, _deps: AppDeps): void {}
