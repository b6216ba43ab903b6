import type { AppDeps } from '../../../platform/deps.ts';
import type { Jobs } from '../../../platform/jobs.ts';

/** The email module's jobs (registered from its manifest, module.ts). */
export function registerEmailJobs(_jobs: Jobs, _deps: AppDeps): void {}
