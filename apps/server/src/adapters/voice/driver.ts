import type { Readable } from 'node:stream';

/** What a voice driver is given to place one call (001 §7 POST /api/providers/{providerId}/communications/phone). */
export type OutgoingCall = {
  /** Our call's id (the local driver names its sid after it). */
  id: number;
  /** E.164 number to call. */
  to: string;
  /** Where the service fetches what the call does once answered (our TwiML webhook for this call). */
  twimlUrl: string;
  /** Where the service reports initiated, ringing, answered and completed (WEBHOOK_PATHS.voiceStatus). */
  statusCallbackUrl: string;
  /** 001 §2.14 Recording ON/OFF. */
  record: boolean;
  /** Where the service reports a finished recording (WEBHOOK_PATHS.voiceRecording), when recording is on. */
  recordingStatusCallbackUrl: string;
  /**
   * Resolves once the caller has stored the returned sid. The local simulation waits for it before it reports
   * anything, so its first status never arrives for a sid nobody knows yet.
   */
  stored?: Promise<void>;
};

/** One recording as the service serves it: its bytes, streamed, and their type. */
export type FetchedRecording = { stream: Readable; contentType: string };

/** Hides the voice service (DESIGN.md "Adapters"): Twilio-compatible REST when configured, a simulation otherwise. */
export interface VoiceDriver {
  /** Recorded on the call as the driver that placed it: 'twilio' or 'local'. */
  readonly name: 'twilio' | 'local';
  /** The number calls come from and voicemails are left on. */
  readonly number: string;
  /**
   * Places one call; answers the service's call sid. Throws when the service refuses it (a
   * PermanentDeliveryError for a refusal that trying again cannot change).
   */
  placeCall(call: OutgoingCall): Promise<{ callSid: string }>;
  /** Downloads a recording the service announced (its RecordingUrl). */
  fetchRecording(recordingUrl: string): Promise<FetchedRecording>;
  /** Stops whatever it still has running (the local simulation's timers). */
  close(): void;
}

/** A call's status as the service reports it (Twilio's StatusCallback parameters). */
export type CallStatusReport = {
  CallSid: string;
  CallStatus: string;
  CallDuration?: string;
};

/** A recording made by the local simulation: stored like a fetched one. */
export type LocalRecording = {
  callSid: string;
  recordingSid: string;
  audio: Buffer;
  contentType: string;
  durationSeconds: number;
};

/**
 * Where the local driver reports what a real service would send to the webhooks: the same status path, and
 * the recording it made.
 */
export interface VoiceEventSink {
  status(report: CallStatusReport): Promise<void>;
  recording(recording: LocalRecording): Promise<void>;
}
