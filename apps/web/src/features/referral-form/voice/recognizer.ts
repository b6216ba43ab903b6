// What the voice intake needs of a speech recognizer, whichever does the work: the browser's own (Web Speech
// API, browser-recognizer.ts) or our server (recorded segments, server-recognizer.ts).

export type RecognizerEvents = {
  /** Final text; `tag` is what `tag()` answered when the speech began (the stage it was said in). */
  onText: (text: string, tag: number) => void;
  /** The interim line: partial words, or "Transcribing…"; '' clears it. */
  onInterim: (text: string) => void;
  /** One no-speech result (000 §4.4: three in a row show the microphone warning). */
  onNoSpeech: () => void;
  /** A message to show; `fatal` when recognition stopped because of it. */
  onError: (message: string, fatal: boolean) => void;
  /** Tags the speech being captured now (the hook answers the current stage index). */
  tag: () => number;
};

export interface Recognizer {
  /** Starts listening; resolves once listening (or rejects; the error was reported through onError). */
  start(language: string): Promise<void>;
  /** Ends what is being captured (its text still arrives) and keeps listening: a stage change. */
  flush(): void;
  /** Stops listening until resume(); what was captured so far is still transcribed. */
  pause(): void;
  resume(): Promise<void>;
  /**
   * Stops listening and releases the microphone; resolves once what was captured has been turned into text
   * (nothing of it with `discard`).
   */
  stop(options?: { discard?: boolean }): Promise<void>;
}

export type RecognizerFactory = (events: RecognizerEvents) => Recognizer;

export const LISTENING = 'Listening…';
export const TRANSCRIBING = 'Transcribing…';
