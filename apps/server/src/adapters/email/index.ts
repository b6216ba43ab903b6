import type { Config } from '../../config.ts';
import type { EmailDriver } from './driver.ts';
import { LocalEmailDriver } from './local.ts';
import { SmtpEmailDriver } from './smtp.ts';

/** SMTP when SMTP_URL is set, else the local outbox. */
export function createEmailDriver(config: Pick<Config, 'smtpUrl' | 'smtpFrom'>): EmailDriver {
  return config.smtpUrl ? new SmtpEmailDriver(config.smtpUrl, config.smtpFrom) : new LocalEmailDriver();
}
