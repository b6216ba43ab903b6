import { systemContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { Jobs } from '../../../platform/jobs.ts';
import {
  FETCH_RECORDING_ATTEMPTS,
  FETCH_RECORDING_JOB,
  type RecordingOwner,
  runFetchRecordingJob,
} from './recordings.ts';
import {
  abandonTranscription,
  TRANSCRIBE_RECORDING_ATTEMPTS,
  TRANSCRIBE_RECORDING_JOB,
  TRANSCRIPTION_ABANDONED_JOB,
  type TranscriptionTarget,
  transcribeRecording,
} from './transcription-job.ts';

const targetOf = ({ kind, id }: Partial<TranscriptionTarget>): TranscriptionTarget | null =>
  (kind === 'call' || kind === 'voicemail') && typeof id === 'number' ? { kind, id } : null;

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
  // A stored recording without words is transcribed by the server's speech to text; the engine down or slow is
  // retried with backoff, and once the attempts are spent the dead letter marks it failed (transcription-job.ts).
  jobs.define<Partial<TranscriptionTarget>>({
    name: TRANSCRIBE_RECORDING_JOB,
    retryLimit: TRANSCRIBE_RECORDING_ATTEMPTS - 1,
    handler: async (data) => {
      const target = targetOf(data);
      if (target) await transcribeRecording(systemContext(deps, TRANSCRIBE_RECORDING_JOB), target);
    },
  });
  jobs.define<Partial<TranscriptionTarget>>({
    name: TRANSCRIPTION_ABANDONED_JOB,
    handler: async (data) => {
      const target = targetOf(data);
      if (target) await abandonTranscription(systemContext(deps, TRANSCRIPTION_ABANDONED_JOB), target);
    },
  });
}
