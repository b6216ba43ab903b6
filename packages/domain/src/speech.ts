import { z } from 'zod';
import { formatFileSize } from './display.ts';

// Speech to text on the wire and its texts (issue #19): the languages a recording may be in (001 §9's voice
// languages, which include the eight of the voice referral, 000 §9), what the server can transcribe for the
// caller's organization, and the answer to one transcription.

/** 001 §9 voice languages (000 §9's eight are among them), with the names people read. */
export const SPEECH_LANGUAGES = [
  { code: 'en-US', label: 'English (US)' },
  { code: 'es-ES', label: 'Spanish (Spain)' },
  { code: 'es-MX', label: 'Spanish (Mexico)' },
  { code: 'fr-FR', label: 'French' },
  { code: 'de-DE', label: 'German' },
  { code: 'it-IT', label: 'Italian' },
  { code: 'pt-BR', label: 'Portuguese (Brazil)' },
  { code: 'zh-CN', label: 'Chinese (Mandarin)' },
  { code: 'ja-JP', label: 'Japanese' },
  { code: 'ko-KR', label: 'Korean' },
  { code: 'ar-SA', label: 'Arabic' },
  { code: 'hi-IN', label: 'Hindi' },
  { code: 'vi-VN', label: 'Vietnamese' },
  { code: 'tl-PH', label: 'Tagalog' },
] as const;
export type SpeechLanguage = (typeof SPEECH_LANGUAGES)[number]['code'];
export const SPEECH_LANGUAGE_CODES = SPEECH_LANGUAGES.map((l) => l.code) as [
  SpeechLanguage,
  ...SpeechLanguage[],
];
export const speechLanguageSchema = z.enum(SPEECH_LANGUAGE_CODES, {
  error: `language must be one of ${SPEECH_LANGUAGE_CODES.join(', ')}.`,
});

export function speechLanguageLabel(code: string): string {
  return SPEECH_LANGUAGES.find((l) => l.code === code)?.label ?? code;
}

/**
 * The organization setting (organizations.settings.browser_speech_recognition, PUT /api/cbos/{id}) that lets its
 * people use the browser's own speech recognition (Web Speech API). Off by default: Chrome and Edge send that
 * audio to Google or Microsoft.
 */
export const BROWSER_SPEECH_SETTING = 'browser_speech_recognition';
export const speechSettingsKeysSchema = z.object({
  [BROWSER_SPEECH_SETTING]: z
    .boolean({ error: `${BROWSER_SPEECH_SETTING} must be true or false.` })
    .optional(),
});
export function browserSpeechAllowed(settings: Record<string, unknown> | null | undefined): boolean {
  return settings?.[BROWSER_SPEECH_SETTING] === true;
}

/** GET /api/speech/settings. */
export const speechSettingsSchema = z.object({
  /** The organization lets the browser's recognition be used (where the browser has it). */
  browser_recognition: z.boolean(),
  /** Each language and the server engine that transcribes it, null when none is configured. */
  languages: z.array(z.object({ code: z.string(), label: z.string(), server_engine: z.string().nullable() })),
  max_seconds: z.number().int(),
  max_bytes: z.number().int(),
});
export type SpeechSettings = z.infer<typeof speechSettingsSchema>;

/** POST /api/speech/transcriptions (multipart: `audio`, `language`). */
export const transcriptionSchema = z.object({
  text: z.string(),
  language: z.string(),
  engine: z.string(),
  duration_seconds: z.number(),
});
export type TranscriptionResult = z.infer<typeof transcriptionSchema>;

/** '5 minutes', '90 seconds'. */
function formatSeconds(seconds: number): string {
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} seconds`;
}

export const SPEECH_MESSAGES = {
  audioRequired: 'No recording was sent. Record something first (form field "audio").',
  audioType: 'The recording must be audio (WebM, OGG, WAV, MP3 or M4A).',
  audioUnreadable: 'The recording could not be read as audio. Please record it again.',
  tooLong: (maxSeconds: number) =>
    `The recording is longer than ${formatSeconds(maxSeconds)}. Record it in shorter parts.`,
  tooLarge: (maxBytes: number) =>
    `The recording is larger than the ${formatFileSize(maxBytes)} limit. Record it in shorter parts.`,
  languageUnavailable: (language: string) =>
    `Speech to text for ${speechLanguageLabel(language)} needs a transcription engine on the server. Ask your administrator to configure one, or type instead.`,
  engineUnavailable:
    'Transcription is not available right now. Your recording is kept: try again, or type the text instead.',
  notMultipart: 'Send the recording as multipart/form-data, in a field named "audio".',
  malformed: 'The upload could not be read. Please try again.',
  tooManyParts: 'The upload has too many files or fields. Send one recording.',
  browserOff:
    'Your organization has turned off in-browser speech recognition, because the browser sends the audio to its vendor. Recordings are transcribed on our server instead.',
} as const;
