import {
  browserSpeechAllowed,
  SPEECH_LANGUAGES,
  SPEECH_MESSAGES,
  type SpeechSettings,
  speechLanguageSchema,
  type TranscriptionResult,
} from '@trust/domain';
import {
  AudioDecodeError,
  AudioTooLongError,
  SpeechEngineError,
  SpeechLanguageUnavailableError,
} from '../../../adapters/speech/index.ts';
import { sniffAudio } from '../../../platform/audio-type.ts';
import { audit } from '../../../platform/audit.ts';
import type { OrgContext, ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { findOrganization } from '../../administration/orgs/service.ts';
import { speechToTextOf } from './engine-of.ts';

// Speech to text for the product (issue #19): voice referral stages, voice notes, voicemails and call
// recordings all go through `transcribeAudio`. What was said is PHI: it is returned, never logged; the audit
// row names who transcribed what kind of recording, how long, with which engine — not the words.

/** What the recording is for: the audit row says it. */
export type TranscriptionPurpose = 'voice_referral' | 'voice_note' | 'voicemail' | 'call_recording';

/**
 * The words of a recording, with the engine and duration. Refusals: no audio (400), not audio (415), too large
 * or too long (413), no engine for the language (422), the engine down or too slow (503).
 */
export async function transcribeAudio(
  ctx: ServiceContext,
  input: {
    audio: Buffer | null;
    language: string;
    purpose: TranscriptionPurpose;
    entity?: { type: string; id: number };
  },
): Promise<TranscriptionResult> {
  const stt = speechToTextOf(ctx.deps);
  const { audio, language } = input;
  if (!audio || audio.length === 0) {
    throw new AppError('speech.audio_required', SPEECH_MESSAGES.audioRequired, {
      fields: { audio: SPEECH_MESSAGES.audioRequired },
    });
  }
  if (audio.length > stt.limits.maxBytes) {
    throw new AppError('speech.audio_too_large', SPEECH_MESSAGES.tooLarge(stt.limits.maxBytes));
  }
  if (!sniffAudio(audio)) {
    throw new AppError('speech.audio_type', SPEECH_MESSAGES.audioType, {
      fields: { audio: SPEECH_MESSAGES.audioType },
    });
  }
  let result: Awaited<ReturnType<typeof stt.transcribe>>;
  try {
    result = await stt.transcribe({ audio, language });
  } catch (error) {
    if (error instanceof SpeechLanguageUnavailableError) {
      throw new AppError('speech.language_unavailable', SPEECH_MESSAGES.languageUnavailable(language));
    }
    if (error instanceof AudioTooLongError) {
      throw new AppError('speech.audio_too_long', SPEECH_MESSAGES.tooLong(error.maxSeconds));
    }
    if (error instanceof AudioDecodeError) {
      throw new AppError('speech.audio_type', SPEECH_MESSAGES.audioUnreadable, {
        fields: { audio: SPEECH_MESSAGES.audioUnreadable },
      });
    }
    if (error instanceof SpeechEngineError) {
      // The reason (down, slow, not installed) is for operators; the words are not in it.
      ctx.log.warn({ reason: error.message, language }, 'speech to text failed');
      throw new AppError('speech.engine_unavailable', SPEECH_MESSAGES.engineUnavailable);
    }
    throw error;
  }
  await audit(ctx.db, ctx, {
    action: 'speech.transcribed',
    entityType: input.entity?.type ?? 'speech',
    entityId: input.entity?.id,
    details: {
      purpose: input.purpose,
      language,
      engine: result.engine,
      duration_seconds: Math.round(result.durationSeconds * 10) / 10,
      characters: result.text.length,
    },
  });
  return {
    text: result.text,
    language,
    engine: result.engine,
    duration_seconds: Math.round(result.durationSeconds * 10) / 10,
  };
}

/** GET /api/speech/settings: whether the organization allows the browser's recognition, the server's engines. */
export async function speechSettings(ctx: OrgContext): Promise<SpeechSettings> {
  const stt = speechToTextOf(ctx.deps);
  const org = await findOrganization(ctx, { id: ctx.actor.org.id });
  return {
    browser_recognition: browserSpeechAllowed(org?.settings),
    languages: SPEECH_LANGUAGES.map(({ code, label }) => ({
      code,
      label,
      server_engine: stt.engineFor(code)?.name ?? null,
    })),
    max_seconds: stt.limits.maxSeconds,
    max_bytes: stt.limits.maxBytes,
  };
}

/** The language field of an upload: one of the voice languages (400 otherwise). */
export function parseSpeechLanguage(value: string | undefined): string {
  const parsed = speechLanguageSchema.safeParse(value?.trim() || 'en-US');
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw new AppError('request.invalid', message, { fields: { language: message } });
  }
  return parsed.data;
}
