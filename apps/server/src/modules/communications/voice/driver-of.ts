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

const drivers = new WeakMap<AppDeps, VoiceDriver>();

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
    onError: (err) => deps.log.warn({ err }, 'a simulated call step failed'),
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

export function closeVoiceDriver(deps: AppDeps) {
  drivers.get(deps)?.close();
  drivers.delete(deps);
}
