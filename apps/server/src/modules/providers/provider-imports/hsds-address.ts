import { IMPORT_MESSAGES } from '@trust/domain';
import { checkHsdsAddress, HsdsAddressError } from '../../../adapters/registries/hsds-http.ts';
import type { Config } from '../../../config.ts';
import { AppError } from '../../../platform/errors.ts';

/**
 * Refuses an HSDS directory address that resolves to a private or local network, or to nothing, before a job is
 * created (400 on `source_url`): the operator hears of a typo at once. The run checks again at each request, since
 * a name's answer can change in between.
 */
export async function requireHsdsAddress(config: Config, sourceUrl: string): Promise<void> {
  try {
    await checkHsdsAddress(new URL(sourceUrl), config.hsdsImportAllowHosts);
  } catch (error) {
    if (!(error instanceof HsdsAddressError)) throw error;
    const message =
      error.reason === 'private'
        ? IMPORT_MESSAGES.sourceUrlPrivate(error.host)
        : IMPORT_MESSAGES.sourceUrlUnresolved(error.host);
    throw new AppError('import_job.source_url_refused', message, { fields: { source_url: message } });
  }
}
