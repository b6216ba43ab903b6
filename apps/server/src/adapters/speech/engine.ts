// Speech to text behind one interface (issue #19): the server's engines (a Whisper-compatible endpoint, pocketsphinx
// model folders, Debian's built-in English pocketsphinx) all take 16 kHz mono 16-bit PCM WAV (decode.ts makes it
// from whatever the browser or the voice service recorded) and a BCP-47 language such as 'es-ES'.
// Audio and its text are PHI: nothing here logs them or writes them to disk.

export type Transcription = { text: string; engine: string };

export interface SpeechEngine {
  /** Shown to operators and stored with a transcription ('whisper-http', 'pocketsphinx'). */
  readonly name: string;
  /** Whether it can transcribe this language ('en-US', 'es-MX', …). */
  supports(language: string): boolean;
  /** The words of a 16 kHz mono PCM WAV; '' when nothing was said. Rejects with SpeechEngineError. */
  transcribe(input: { wav: Buffer; language: string; signal: AbortSignal }): Promise<string>;
}

/** The engine is down, too slow or answered nonsense: the person is told and may type instead. */
export class SpeechEngineError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SpeechEngineError';
  }
}

/** The bytes are not audio the decoder can read. */
export class AudioDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AudioDecodeError';
  }
}

/** The recording is longer than the configured limit (STT_MAX_SECONDS). */
export class AudioTooLongError extends Error {
  constructor(readonly maxSeconds: number) {
    super(`The recording is longer than ${maxSeconds} seconds.`);
    this.name = 'AudioTooLongError';
  }
}

/** 'es-ES' → 'es' (what Whisper's `language` field and most model folders are named by). */
export function baseLanguage(language: string): string {
  return language.split(/[-_]/)[0]!.toLowerCase();
}

/** No engine on this server transcribes the language: an administrator must configure one (README). */
export class SpeechLanguageUnavailableError extends Error {
  constructor(readonly language: string) {
    super(`No speech engine is configured for ${language}.`);
    this.name = 'SpeechLanguageUnavailableError';
  }
}
