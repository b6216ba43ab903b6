import type { AppDeps } from '../../../platform/deps.ts';
import { decryptSecret, encryptionKey, encryptSecret } from '../../../platform/secret-box.ts';

// Bodies of communications that name the member (an SMS or email about a referral, a call's context message, a
// voicemail's transcription) are stored sealed with AES-256-GCM, like the outbox's PHI messages: a copy of the
// database alone does not reveal them. They are opened only to show them to the organization whose thread it
// is, and that read is audited by the caller.

export function sealBody(deps: AppDeps, text: string | null | undefined, phi: boolean): string | null {
  if (text == null) return null;
  return phi ? encryptSecret(encryptionKey(deps.config), text) : text;
}

/** The readable body; a body that no longer opens (a changed key) reads as null rather than failing a list. */
export function openBody(deps: AppDeps, stored: string | null, phi: boolean): string | null {
  if (stored == null || !phi) return stored;
  try {
    return decryptSecret(encryptionKey(deps.config), stored);
  } catch {
    return null;
  }
}
