import { systemContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { Jobs } from '../../../platform/jobs.ts';
import {
  FETCH_RECORDING_ATTEMPTS,
  FETCH_RECORDING_JOB,
  type RecordingOwner,
  runFetchRecordingJob,
} from './recordings.ts';

/** The voice module's jobs (registered from its manifest, module.ts). */
export function registerVoiceJobs(jobs: Jobs, deps: AppDeps): void {
  // A recording announced by the service is fetched once into encrypted storage; a failure (the recording is
  // not ready yet, the service is down) is retried with backoff (modules/communications/voice/recordings.ts).
  jobs.define<Partial<RecordingOwner>>({
    name: FETCH_RECORDING_JOB,
    retryLimit: FETCH_RECORDING_ATTEMPTS - 1,
    handler: async ({ kind, id }) => {
      if ((kind === 'call' || kind === 'voicemail') && typeof id === 'number') {
        await runFetchRecordingJob(systemContext(deps, FETCH_RECORDING_JOB), { kind, id });
      }
    },
  });
}
