import { PROVIDER_MESSAGES } from '@trust/domain';
import { ApiError } from '../../api/errors.ts';

/**
 * 001 §8 Save provider: 409 'This provider is already saved'; other failures 'Failed to save provider. Please
 * try again.' in the directory, 'Failed to save provider: {message}' in My Providers.
 */
export function saveErrorMessage(error: unknown, where: 'directory' | 'my-providers'): string {
  if (error instanceof ApiError && error.status === 409) return PROVIDER_MESSAGES.alreadySaved;
  if (where === 'directory') return 'Failed to save provider. Please try again.';
  return `Failed to save provider: ${error instanceof Error ? error.message : 'Unknown error'}`;
}

/** 001 §8: 'Failed to remove provider: {message}'. */
export function removeErrorMessage(error: unknown): string {
  return `Failed to remove provider: ${error instanceof Error ? error.message : 'Unknown error'}`;
}

/** 001 §4: the 'saved' toast shows for 3 seconds. */
export const SAVED_TOAST_MS = 3000;
