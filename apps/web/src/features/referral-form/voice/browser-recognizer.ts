import { VOICE_INTAKE_MESSAGES } from '@trust/domain';
import type { Recognizer, RecognizerEvents } from './recognizer.ts';

// The browser's own speech recognition (Web Speech API), only where the organization allows it (issue #19):
// 000 §4.4, §9 continuous with interim results; it restarts when it ends unless stopped or paused.

type RecognitionResult = { isFinal: boolean; 0: { transcript: string }; length: number };
type RecognitionEvent = { resultIndex: number; results: ArrayLike<RecognitionResult> };
type RecognitionErrorEvent = { error: string; message?: string };

export interface SpeechRecognitionLike {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: RecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => SpeechRecognitionLike;

/** The browser's SpeechRecognition constructor, or null when it has none. */
export function browserRecognition(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export function createBrowserRecognizer(
  events: RecognizerEvents,
  Recognition: RecognitionConstructor | null = browserRecognition(),
): Recognizer {
  let recognition: SpeechRecognitionLike | null = null;
  let active = false;

  const begin = () => {
    if (!recognition) return;
    try {
      recognition.start();
    } catch (error) {
      // Still ending after a pause: its end event starts it again.
      if (error instanceof Error && error.name === 'InvalidStateError') return;
      active = false;
      const message = error instanceof Error ? error.message : String(error);
      events.onError(VOICE_INTAKE_MESSAGES.startFailure(message), true);
    }
  };

  const setup = (language: string): boolean => {
    if (!Recognition) {
      events.onError(VOICE_INTAKE_MESSAGES.unsupported, true);
      return false;
    }
    const r = new Recognition();
    r.continuous = true;
    r.interimResults = true;
    r.lang = language;
    r.onresult = (event) => {
      let interim = '';
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i];
        if (!result) continue;
        const text = result[0].transcript;
        if (result.isFinal) {
          if (text.trim()) events.onText(text.trim(), events.tag());
        } else interim += text;
      }
      events.onInterim(interim.trim());
    };
    r.onerror = (event) => {
      if (event.error === 'no-speech') events.onNoSpeech();
      else if (event.error === 'aborted') return;
      else if (event.error === 'not-allowed' || event.error === 'service-not-allowed') {
        active = false;
        events.onError(VOICE_INTAKE_MESSAGES.permission, true);
      } else events.onError(VOICE_INTAKE_MESSAGES.recognitionError(event.error), false);
    };
    // 000 §4.4: recognition restarts when it ends unless stopped or paused.
    r.onend = () => {
      if (!active) return;
      try {
        r.start();
      } catch {
        // Already started again.
      }
    };
    recognition = r;
    return true;
  };

  return {
    async start(language) {
      if (!setup(language)) return;
      active = true;
      begin();
    },
    flush() {
      // The browser delivers its results as they come; nothing is held back.
    },
    pause() {
      active = false;
      recognition?.stop();
    },
    async resume() {
      active = true;
      begin();
    },
    async stop() {
      active = false;
      if (recognition) {
        recognition.onend = null;
        recognition.stop();
      }
      recognition = null;
    },
  };
}
