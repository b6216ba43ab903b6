import { createSpeechToText, type SpeechToText } from '../../../adapters/speech/index.ts';
import type { AppDeps } from '../../../platform/deps.ts';

// One speech-to-text per running app (its engines keep a queue), made on first use from the configuration.

const engines = new WeakMap<AppDeps, SpeechToText>();

export function speechToTextOf(deps: AppDeps): SpeechToText {
  let stt = engines.get(deps);
  if (!stt) {
    stt = createSpeechToText(deps.config);
    engines.set(deps, stt);
  }
  return stt;
}
