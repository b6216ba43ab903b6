import type { Config } from '../../config.ts';
import type { SmsDriver } from './driver.ts';
import { LocalSmsDriver } from './local.ts';
import { TwilioSmsDriver } from './twilio.ts';

/** The Twilio-compatible driver when TWILIO_ACCOUNT_SID/AUTH_TOKEN/FROM are set, else the local outbox. */
export function createSmsDriver(config: Pick<Config, 'twilio'>): SmsDriver {
  return config.twilio ? new TwilioSmsDriver(config.twilio) : new LocalSmsDriver();
}
