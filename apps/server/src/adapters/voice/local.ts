import { randomBytes } from 'node:crypto';
import { PermanentDeliveryError } from '../errors.ts';
import type { FetchedRecording, OutgoingCall, VoiceDriver, VoiceEventSink } from './driver.ts';
import { toneWav } from './wav.ts';

/** The product's number in the local simulation (555-01xx numbers are reserved for fiction). */
export const LOCAL_VOICE_NUMBER = '+12135550100';

/** When each step of a simulated call happens, in ms after it was placed (DESIGN.md "Adapters"). */
export type LocalVoiceTimings = { ringingMs: number; answeredMs: number; completedMs: number };

export const DEFAULT_LOCAL_TIMINGS: LocalVoiceTimings = {
  ringingMs: 500,
  answeredMs: 1500,
  completedMs: 3000,
};

export type LocalVoiceOptions = {
  timings?: Partial<LocalVoiceTimings>;
  /** Seconds of tone in a simulated recording. */
  recordingSeconds?: number;
  /** Told of a step the sink failed to apply (the simulation goes on). */
  onError?: (error: unknown) => void;
};

class Cancelled extends Error {}

/**
 * The default driver: no call leaves the machine. It answers a sid 'CAlocal…' and then reports, through the
 * same status path the webhook uses, ringing, in_progress and completed with the duration; with recording on
 * it makes a short WAV of a quiet tone as the call's recording. Timers are unref'd (they never keep the
 * process alive) and cancelled by close().
 */
export class LocalVoiceDriver implements VoiceDriver {
  readonly name = 'local';
  readonly number = LOCAL_VOICE_NUMBER;
  readonly #timings: LocalVoiceTimings;
  readonly #timers = new Set<{ timer: NodeJS.Timeout; cancel: () => void }>();
  #closed = false;

  constructor(
    private readonly sink: VoiceEventSink,
    private readonly options: LocalVoiceOptions = {},
  ) {
    this.#timings = { ...DEFAULT_LOCAL_TIMINGS, ...options.timings };
  }

  async placeCall(call: OutgoingCall) {
    if (this.#closed) throw new Error('The voice driver is closed.');
    const callSid = `CAlocal${randomBytes(14).toString('hex')}`;
    void this.#simulate(callSid, call).catch((error) => {
      if (!(error instanceof Cancelled)) this.options.onError?.(error);
    });
    return { callSid };
  }

  /** Waits `ms` after `start`; rejects with Cancelled when the driver closes first. */
  #until(start: number, ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const entry = {
        timer: setTimeout(
          () => {
            this.#timers.delete(entry);
            resolve();
          },
          Math.max(0, start + ms - Date.now()),
        ),
        cancel: () => reject(new Cancelled()),
      };
      entry.timer.unref();
      this.#timers.add(entry);
    });
  }

  async #report(step: () => Promise<void>) {
    if (this.#closed) throw new Cancelled();
    try {
      await step();
    } catch (error) {
      if (this.#closed) throw new Cancelled();
      this.options.onError?.(error);
    }
  }

  async #simulate(callSid: string, call: OutgoingCall) {
    const start = Date.now();
    await call.stored;
    const { ringingMs, answeredMs, completedMs } = this.#timings;
    await this.#until(start, ringingMs);
    await this.#report(() => this.sink.status({ CallSid: callSid, CallStatus: 'ringing' }));
    await this.#until(start, answeredMs);
    await this.#report(() => this.sink.status({ CallSid: callSid, CallStatus: 'in-progress' }));
    await this.#until(start, completedMs);
    const duration = Math.max(1, Math.round((completedMs - answeredMs) / 1000));
    await this.#report(() =>
      this.sink.status({ CallSid: callSid, CallStatus: 'completed', CallDuration: String(duration) }),
    );
    if (!call.record) return;
    const seconds = this.options.recordingSeconds ?? Math.min(duration, 3);
    await this.#report(() =>
      this.sink.recording({
        callSid,
        recordingSid: `RElocal${callSid.slice(7)}`,
        audio: toneWav(seconds),
        contentType: 'audio/wav',
        durationSeconds: seconds,
      }),
    );
  }

  /** Nothing is fetched from anywhere: the simulation hands its recordings to the sink itself. */
  async fetchRecording(_recordingUrl: string): Promise<FetchedRecording> {
    throw new PermanentDeliveryError(
      'The local voice driver fetches no recordings (its simulated calls store their own).',
    );
  }

  /** Cancels every simulated call still running. */
  close() {
    this.#closed = true;
    for (const entry of this.#timers) {
      clearTimeout(entry.timer);
      entry.cancel();
    }
    this.#timers.clear();
  }
}
