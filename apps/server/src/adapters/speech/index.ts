import path from 'node:path';
import type { Config } from '../../config.ts';
import { decodeToPcmWav } from './decode.ts';
import { type SpeechEngine, SpeechLanguageUnavailableError, type Transcription } from './engine.ts';
import { findPocketsphinxModel, modelFolders } from './model-folder.ts';
import { PocketsphinxEngine } from './pocketsphinx.ts';
import { WhisperHttpEngine } from './whisper-http.ts';

export {
  AudioDecodeError,
  AudioTooLongError,
  SpeechEngineError,
  SpeechLanguageUnavailableError,
  type Transcription,
} from './engine.ts';

/**
 * The server's speech to text: the engines configured, first that supports a language wins — STT_URL (every
 * language), then STT_MODEL_DIR's pocketsphinx folders, then Debian's English pocketsphinx when it is installed.
 */
export type SpeechToText = {
  /** The engine for a language, or null: the person is told an engine must be configured. */
  engineFor(language: string): SpeechEngine | null;
  /**
   * Decodes any recording and transcribes it within STT_TIMEOUT_MS. Rejects with AudioDecodeError,
   * AudioTooLongError, SpeechLanguageUnavailableError or SpeechEngineError (down, slow).
   */
  transcribe(input: {
    audio: Buffer;
    language: string;
  }): Promise<Transcription & { durationSeconds: number }>;
  limits: { maxSeconds: number; maxBytes: number };
};

export function createSpeechToText(config: Pick<Config, 'speech'>): SpeechToText {
  const c = config.speech;
  const engines: SpeechEngine[] = [];
  if (c.url) engines.push(new WhisperHttpEngine({ url: c.url, apiKey: c.apiKey, model: c.model }));
  if (c.modelDir) {
    const models = modelFolders(c.modelDir);
    if (models.size > 0) engines.push(new PocketsphinxEngine(c.pocketsphinxPath, models));
  }
  const builtin = findPocketsphinxModel(c.builtinModelDir);
  if (builtin) {
    // Debian installs the model as …/model/en-us: it is US English, and serves the other English variants.
    const language = path.basename(c.builtinModelDir).toLowerCase();
    engines.push(new PocketsphinxEngine(c.pocketsphinxPath, new Map([[language, builtin]])));
  }
  const engineFor = (language: string) => engines.find((e) => e.supports(language)) ?? null;
  return {
    engineFor,
    limits: { maxSeconds: c.maxSeconds, maxBytes: c.maxBytes },
    async transcribe({ audio, language }) {
      const engine = engineFor(language);
      if (!engine) throw new SpeechLanguageUnavailableError(language);
      const signal = AbortSignal.timeout(c.timeoutMs);
      const { wav, durationSeconds } = await decodeToPcmWav(audio, {
        ffmpegPath: c.ffmpegPath,
        maxSeconds: c.maxSeconds,
        signal,
      });
      const text = await engine.transcribe({ wav, language, signal });
      return { text, engine: engine.name, durationSeconds };
    },
  };
}
