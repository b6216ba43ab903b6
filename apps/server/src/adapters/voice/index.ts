import type { Config } from '../../config.ts';
import type { VoiceDriver, VoiceEventSink } from './driver.ts';
import { LocalVoiceDriver, type LocalVoiceOptions } from './local.ts';
import { TwilioVoiceDriver } from './twilio.ts';

/**
 * The Twilio-compatible driver when TWILIO_ACCOUNT_SID/AUTH_TOKEN/FROM are set, else the local simulation,
 * which reports to `sink` what the service would report to the webhooks.
 */
export function createVoiceDriver(
  config: Pick<Config, 'twilio'>,
  sink: VoiceEventSink,
  local: LocalVoiceOptions = {},
): VoiceDriver {
  return config.twilio ? new TwilioVoiceDriver(config.twilio) : new LocalVoiceDriver(sink, local);
}
