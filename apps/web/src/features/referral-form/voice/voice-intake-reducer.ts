import {
  DEFAULT_VOICE_LANGUAGE,
  type ExtractedFieldEntry,
  mergeExtractedFields,
  NO_SPEECH_WARNING_AFTER,
  stagePrompt,
  VOICE_INTAKE_STAGES,
  type VoiceConversationMessage,
  type VoiceIntakeStage,
  type VoiceLanguage,
} from '@trust/domain';

// The state of the guided voice intake (000 §2.2, §4.4) as a pure reducer; the hook (use-voice-intake.ts) runs
// the recognizer, the extraction and the saves around it.

export type RecordingState = 'idle' | 'recording' | 'paused';

export type VoiceIntakeState = {
  stageIndex: number;
  language: VoiceLanguage;
  /** What was heard, per stage (index = stage index). */
  transcripts: string[];
  extracted: Record<string, ExtractedFieldEntry>;
  messages: VoiceConversationMessage[];
  recording: RecordingState;
  /** Consecutive no-speech results (000 §4.4: the warning after three). */
  noSpeechCount: number;
  error: string | null;
  /** The recognizer's interim line (browser interim results, or "Transcribing…"). */
  interim: string;
  conversationId: number | null;
  /** Set when the last stage was completed: the form takes the data. */
  completed: boolean;
  /** Counts what was heard, so the conversation is saved once per change. */
  revision: number;
};

export type VoiceIntakeAction =
  | { type: 'language'; language: VoiceLanguage }
  | { type: 'start'; at: string }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'stop' }
  | { type: 'next'; at: string }
  | { type: 'previous'; at: string }
  | { type: 'restart' }
  /** Submit Referral Now, or Complete: the form takes what was collected. */
  | { type: 'complete' }
  /** The form took it. */
  | { type: 'handedOver' }
  | {
      type: 'heard';
      text: string;
      stageIndex: number;
      entries: readonly ExtractedFieldEntry[];
      at: string;
    }
  | { type: 'interim'; text: string }
  | { type: 'noSpeech' }
  | { type: 'error'; message: string; fatal: boolean }
  | { type: 'dismissError' }
  | { type: 'conversation'; id: number };

export const LAST_STAGE = VOICE_INTAKE_STAGES.length - 1;

export function initialVoiceIntake(language: VoiceLanguage = DEFAULT_VOICE_LANGUAGE): VoiceIntakeState {
  return {
    stageIndex: 0,
    language,
    transcripts: VOICE_INTAKE_STAGES.map(() => ''),
    extracted: {},
    messages: [],
    recording: 'idle',
    noSpeechCount: 0,
    error: null,
    interim: '',
    conversationId: null,
    completed: false,
    revision: 0,
  };
}

export function stageOf(state: VoiceIntakeState): VoiceIntakeStage {
  return VOICE_INTAKE_STAGES[state.stageIndex] ?? 'intro';
}

/** 000 §4.4: the microphone warning shows after three consecutive no-speech results. */
export function showsMicrophoneWarning(state: VoiceIntakeState): boolean {
  return state.noSpeechCount >= NO_SPEECH_WARNING_AFTER;
}

/** The assistant's prompt of the stage, once per stage visit, in the conversation history. */
function withPrompt(state: VoiceIntakeState, stageIndex: number, at: string): VoiceConversationMessage[] {
  const stage = VOICE_INTAKE_STAGES[stageIndex] ?? 'intro';
  const content = stagePrompt(stage, state.language);
  const last = state.messages.at(-1);
  if (last?.type === 'assistant' && last.content === content) return state.messages;
  return [...state.messages, { type: 'assistant', content, timestamp: at }];
}

function moveTo(state: VoiceIntakeState, stageIndex: number, at: string): VoiceIntakeState {
  return {
    ...state,
    stageIndex,
    interim: '',
    // The prompt joins the history once the person is speaking (or has spoken) in this session.
    messages: state.messages.length > 0 ? withPrompt(state, stageIndex, at) : state.messages,
  };
}

export function voiceIntakeReducer(state: VoiceIntakeState, action: VoiceIntakeAction): VoiceIntakeState {
  switch (action.type) {
    case 'language':
      // 000 §4.4: the language cannot change while recording (or paused).
      return state.recording === 'idle' ? { ...state, language: action.language } : state;
    case 'start':
      if (state.recording !== 'idle') return state;
      return {
        ...state,
        recording: 'recording',
        error: null,
        noSpeechCount: 0,
        completed: false,
        messages: withPrompt(state, state.stageIndex, action.at),
      };
    case 'pause':
      return state.recording === 'recording' ? { ...state, recording: 'paused', interim: '' } : state;
    case 'resume':
      return state.recording === 'paused' ? { ...state, recording: 'recording', error: null } : state;
    case 'stop':
      return { ...state, recording: 'idle', interim: '' };
    case 'next':
      if (state.stageIndex >= LAST_STAGE) {
        // 000 §4.4: on the last stage Next completes and hands the referral to the form.
        return { ...state, recording: 'idle', interim: '', completed: true };
      }
      return moveTo(state, state.stageIndex + 1, action.at);
    case 'complete':
      return { ...state, recording: 'idle', interim: '', completed: true };
    case 'handedOver':
      return { ...state, completed: false };
    case 'previous':
      return state.stageIndex > 0 ? moveTo(state, state.stageIndex - 1, action.at) : state;
    case 'restart':
      // 000 §4.4: clears transcript, extracted fields and conversation; back to stage 1.
      return { ...initialVoiceIntake(state.language), revision: state.revision + 1 };
    case 'heard': {
      const text = action.text.trim();
      if (!text) return state;
      const index = Math.min(Math.max(action.stageIndex, 0), LAST_STAGE);
      const transcripts = [...state.transcripts];
      transcripts[index] = transcripts[index] ? `${transcripts[index]} ${text}` : text;
      return {
        ...state,
        transcripts,
        extracted: mergeExtractedFields(state.extracted, action.entries),
        messages: [...state.messages, { type: 'user', content: text, timestamp: action.at }],
        noSpeechCount: 0,
        interim: '',
        revision: state.revision + 1,
      };
    }
    case 'interim':
      return { ...state, interim: action.text };
    case 'noSpeech':
      return { ...state, noSpeechCount: state.noSpeechCount + 1 };
    case 'error':
      return {
        ...state,
        error: action.message,
        interim: '',
        recording: action.fatal ? 'idle' : state.recording,
      };
    case 'dismissError':
      return { ...state, error: null };
    case 'conversation':
      return { ...state, conversationId: action.id };
  }
}

/** The whole transcript, stage by stage, as the conversation stores it. */
export function fullTranscript(state: VoiceIntakeState): string {
  return state.transcripts.filter(Boolean).join('\n');
}
