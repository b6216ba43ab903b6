import { vi } from 'vitest';
import { PREFERRED_AUDIO_TYPE } from './server-recognizer.ts';

// Test stand-ins for the microphone (getUserMedia), MediaRecorder and the AudioContext level meter, and for
// the browser's SpeechRecognition. `media.level` is what the meter hears (RMS, 0…1).

export type FakeMedia = ReturnType<typeof installFakeMedia>;

export function installFakeMedia({ deny = false }: { deny?: boolean } = {}) {
  const media = {
    level: 0,
    tracksStopped: 0,
    contextsClosed: 0,
    recorders: [] as FakeRecorder[],
    getUserMedia: vi.fn(async (_constraints: MediaStreamConstraints) => {
      if (deny) throw new DOMException('Permission denied', 'NotAllowedError');
      return {
        getTracks: () => [
          {
            stop: () => {
              media.tracksStopped += 1;
            },
          },
        ],
      } as unknown as MediaStream;
    }),
  };

  class FakeRecorder {
    state: 'inactive' | 'recording' = 'inactive';
    mimeType: string;
    ondataavailable: ((event: { data: Blob }) => void) | null = null;
    onstop: (() => void) | null = null;
    static isTypeSupported(type: string) {
      return type === PREFERRED_AUDIO_TYPE;
    }
    constructor(_stream: MediaStream, options?: { mimeType?: string }) {
      this.mimeType = options?.mimeType ?? 'audio/webm';
      media.recorders.push(this);
    }
    start() {
      this.state = 'recording';
    }
    stop() {
      this.state = 'inactive';
      void Promise.resolve().then(() => {
        this.ondataavailable?.({ data: new Blob(['audio'], { type: this.mimeType }) });
        this.onstop?.();
      });
    }
  }

  class FakeAudioContext {
    createAnalyser() {
      return {
        fftSize: 2048,
        getFloatTimeDomainData(buffer: Float32Array) {
          buffer.fill(media.level);
        },
      };
    }
    createMediaStreamSource() {
      return { connect() {} };
    }
    close() {
      media.contextsClosed += 1;
      return Promise.resolve();
    }
  }

  vi.stubGlobal('MediaRecorder', FakeRecorder);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: media.getUserMedia },
  });
  return media;
}

export function removeFakeMedia() {
  Reflect.deleteProperty(navigator, 'mediaDevices');
}

/** A SpeechRecognition stand-in; `instances` holds every one created. */
export function installFakeRecognition() {
  const instances: FakeRecognition[] = [];
  class FakeRecognition {
    continuous = false;
    interimResults = false;
    lang = '';
    started = 0;
    stopped = 0;
    onresult: ((event: unknown) => void) | null = null;
    onerror: ((event: { error: string }) => void) | null = null;
    onend: (() => void) | null = null;
    constructor() {
      instances.push(this);
    }
    start() {
      this.started += 1;
    }
    stop() {
      this.stopped += 1;
    }
    abort() {}
    /** Hands over a final (or interim) result. */
    say(transcript: string, isFinal = true) {
      const result = Object.assign([{ transcript }], { isFinal });
      this.onresult?.({ resultIndex: 0, results: [result] });
    }
  }
  vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
  return instances;
}
