import { baseLanguage, type SpeechEngine, SpeechEngineError } from './engine.ts';

// A Whisper-compatible transcription endpoint (OpenAI's POST /v1/audio/transcriptions: multipart `file`, `model`,
// `language` as ISO-639-1, `response_format=json` → `{ "text": … }`), as whisper.cpp's server,
// faster-whisper-server or a hosted service answer it. STT_URL is the full address of that endpoint.

export class WhisperHttpEngine implements SpeechEngine {
  readonly name = 'whisper-http';

  constructor(private readonly options: { url: string; apiKey: string | undefined; model: string }) {}

  /** Whisper models are multilingual: every language is sent, and the endpoint says if it cannot. */
  supports(): boolean {
    return true;
  }

  async transcribe({ wav, language, signal }: { wav: Buffer; language: string; signal: AbortSignal }) {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'audio.wav');
    form.set('model', this.options.model);
    form.set('language', baseLanguage(language));
    form.set('response_format', 'json');
    form.set('temperature', '0');
    let response: Response;
    try {
      response = await fetch(this.options.url, {
        method: 'POST',
        body: form,
        signal,
        headers: this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {},
      });
    } catch (error) {
      if (signal.aborted) throw new SpeechEngineError('The transcription service took too long.');
      throw new SpeechEngineError('The transcription service could not be reached.', { cause: error });
    }
    if (!response.ok) {
      // The body may echo what was said: it is not kept.
      await response.body?.cancel().catch(() => {});
      throw new SpeechEngineError(`The transcription service answered ${response.status}.`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new SpeechEngineError('The transcription service answered something other than JSON.');
    }
    const text = (body as { text?: unknown } | null)?.text;
    if (typeof text !== 'string') throw new SpeechEngineError('The transcription service sent no text.');
    return text.trim();
  }
}
