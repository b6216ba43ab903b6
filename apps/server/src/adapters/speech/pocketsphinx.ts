import { baseLanguage, type SpeechEngine, SpeechEngineError } from './engine.ts';
import type { PocketsphinxModel } from './model-folder.ts';
import { runProcess } from './run-process.ts';

// CMU pocketsphinx (Debian's `pocketsphinx`), one model per language, reading the WAV from stdin. It takes about
// the recording's length in CPU time on this machine's cores, so runs go one at a time per engine: concurrent
// requests wait their turn within their own deadline instead of starving each other.

export class PocketsphinxEngine implements SpeechEngine {
  readonly name = 'pocketsphinx';
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly binary: string,
    /** Models by language: a full tag ('es-mx') or its base ('es'), lower case. */
    private readonly models: Map<string, PocketsphinxModel>,
  ) {}

  private modelFor(language: string): PocketsphinxModel | undefined {
    return this.models.get(language.toLowerCase()) ?? this.models.get(baseLanguage(language));
  }

  supports(language: string): boolean {
    return this.modelFor(language) !== undefined;
  }

  languages(): string[] {
    return [...this.models.keys()];
  }

  transcribe(input: { wav: Buffer; language: string; signal: AbortSignal }): Promise<string> {
    const run = this.queue.then(() => this.run(input));
    this.queue = run.catch(() => {});
    return run;
  }

  private async run({ wav, language, signal }: { wav: Buffer; language: string; signal: AbortSignal }) {
    if (signal.aborted) throw new SpeechEngineError('Transcription took too long.');
    const model = this.modelFor(language);
    if (!model) throw new SpeechEngineError(`No pocketsphinx model for ${language}.`);
    const args = [
      ...['-infile', '/dev/stdin', '-logfn', '/dev/null'],
      ...['-hmm', model.hmm, '-lm', model.lm, '-dict', model.dict],
    ];
    let result: Awaited<ReturnType<typeof runProcess>>;
    try {
      // pocketsphinx fopen()s its input, and a Node child's stdin is a socket, which /dev/stdin cannot open:
      // `cat` moves the audio into a real pipe (still nothing on disk).
      result = await runProcess('sh', ['-c', 'cat | "$0" "$@"', this.binary, ...args], wav, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new SpeechEngineError(`${this.binary} is not installed on the server.`);
      }
      if (signal.aborted) throw new SpeechEngineError('Transcription took too long.');
      throw new SpeechEngineError('The speech engine failed.', { cause: error });
    }
    if (result.code === 127) throw new SpeechEngineError(`${this.binary} is not installed on the server.`);
    if (result.code !== 0) throw new SpeechEngineError(`The speech engine stopped with code ${result.code}.`);
    // One line per utterance it heard.
    return result.stdout
      .toString('utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join(' ');
  }
}
