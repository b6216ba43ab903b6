import type { VoiceDriver, VoiceEventSink } from '../../../adapters/voice/driver.ts';
import { createVoiceDriver } from '../../../adapters/voice/index.ts';
import type { LocalVoiceOptions } from '../../../adapters/voice/local.ts';
import { systemContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { applyCallStatus } from './call-status-service.ts';
import { storeLocalRecording } from './recording-store.ts';

// One voice driver per running app: the routes place calls with it, the recording job fetches with it, and
// the local simulation reports through it to the same status path as Twilio's webhook. It is closed with the
// app (the simulation's timers stop).

/** Where the voice module logs what fails in the background (the app's logger, given by the routes). */
export type VoiceLog = { warn: (obj: object, msg: string) => void };

const drivers = new WeakMap<AppDeps, VoiceDriver>();
const logs = new WeakMap<AppDeps, VoiceLog>();

/** What the local driver reports goes where Twilio's callbacks go. */
function sinkOf(deps: AppDeps): VoiceEventSink {
  const ctx = systemContext(deps, 'voice.local-simulation');
  return {
    status: async (report) => {
      await applyCallStatus(ctx, report);
    },
    recording: (recording) => storeLocalRecording(ctx, recording),
  };
}

function create(deps: AppDeps, local: LocalVoiceOptions = {}): VoiceDriver {
  return createVoiceDriver(deps.config, sinkOf(deps), {
    onError: (err) => logs.get(deps)?.warn({ err }, 'a simulated call step failed'),
    ...local,
  });
}

/** The app's voice driver (made on first use). */
export function voiceDriverOf(deps: AppDeps): VoiceDriver {
  let driver = drivers.get(deps);
  if (!driver) {
    driver = create(deps);
    drivers.set(deps, driver);
  }
  return driver;
}

/** Where the driver's background failures are logged (the routes give the app's logger). */
export function setVoiceLogger(deps: AppDeps, log: VoiceLog) {
  logs.set(deps, log);
}

/**
 * Replaces the app's driver with one made with these local-simulation options (tests make the simulated call
 * take milliseconds instead of seconds). With Twilio configured the options change nothing.
 */
export function configureVoiceDriver(deps: AppDeps, local: LocalVoiceOptions): VoiceDriver {
  drivers.get(deps)?.close();
  const driver = create(deps, local);
  drivers.set(deps, driver);
  return driver;
}

/** The logger the routes gave (undefined before they are registered). */
export function voiceLogOf(deps: AppDeps): VoiceLog | undefined {
  return logs.get(deps);
}

export function closeVoiceDriver(deps: AppDeps) {
  drivers.get(deps)?.close();
  drivers.delete(deps);
}
