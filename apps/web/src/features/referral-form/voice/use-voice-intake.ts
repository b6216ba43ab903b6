import {
  type ExtractedFieldEntry,
  extractVoiceFields,
  isVoiceField,
  VOICE_CONVERSATION_LIMITS,
  VOICE_INTAKE_STAGES,
  type VoiceFormPatch,
  type VoiceLanguage,
  voiceDataToFormPatch,
} from '@trust/domain';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  createVoiceConversation,
  saveVoiceField,
  updateVoiceConversation,
} from '../../../api/voice/voice-conversations.ts';
import type { Recognizer, RecognizerEvents, RecognizerFactory } from './recognizer.ts';
import {
  fullTranscript,
  initialVoiceIntake,
  LAST_STAGE,
  type VoiceIntakeState,
  voiceIntakeReducer,
} from './voice-intake-reducer.ts';

export type VoiceIntakeComplete = (patch: VoiceFormPatch, conversationId: number | null) => void;

/** 000 §7: failures of the conversation saves are only logged (a warning: the person can carry on). */
function logged(what: string) {
  return (error: unknown) => console.warn(`Voice conversation ${what} failed`, error);
}

function sessionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `s-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The guided voice intake (000 §2.2, §4.4): the reducer's state, the recognizer it drives, the extraction of
 * each text heard (000 §5.4) and the conversation saves (000 §7). Completing hands the collected data to the
 * form as a patch of its values (000 §2.1).
 */
export function useVoiceIntake({
  createRecognizer,
  onComplete,
}: {
  createRecognizer: RecognizerFactory;
  onComplete: VoiceIntakeComplete;
}) {
  const [state, dispatch] = useReducer(voiceIntakeReducer, undefined, () => initialVoiceIntake());
  const stateRef = useRef<VoiceIntakeState>(state);
  stateRef.current = state;
  // The stage speech belongs to; moved before the reducer's render, so the segment a stage change starts is
  // tagged with the new stage.
  const stageRef = useRef(state.stageIndex);
  stageRef.current = state.stageIndex;
  const recognizer = useRef<Recognizer | null>(null);
  const mounted = useRef(true);
  /** Bumped by Restart: a conversation created before it belongs to the old session. */
  const epoch = useRef(0);
  const creating = useRef(false);
  const onCompleteRef = useRef(onComplete);
  onCompleteRef.current = onComplete;

  const events: RecognizerEvents = {
    tag: () => stageRef.current,
    onText: (text, tag) => {
      if (!mounted.current) return;
      const stage = VOICE_INTAKE_STAGES[tag] ?? 'intro';
      const entries = extractVoiceFields(text, { stage, language: stateRef.current.language });
      dispatch({ type: 'heard', text, stageIndex: tag, entries, at: new Date().toISOString() });
    },
    onInterim: (text) => {
      if (mounted.current) dispatch({ type: 'interim', text });
    },
    onNoSpeech: () => {
      if (mounted.current) dispatch({ type: 'noSpeech' });
    },
    onError: (message, fatal) => {
      if (!mounted.current) return;
      if (fatal) recognizer.current = null;
      dispatch({ type: 'error', message, fatal });
    },
  };
  const eventsRef = useRef(events);
  eventsRef.current = events;

  const ensureConversation = () => {
    const current = stateRef.current;
    if (current.conversationId !== null || creating.current) return;
    creating.current = true;
    const mine = epoch.current;
    createVoiceConversation({ session_id: sessionId(), language: current.language })
      .then((id) => {
        if (mounted.current && mine === epoch.current) dispatch({ type: 'conversation', id });
      })
      .catch(logged('create'))
      .finally(() => {
        if (mine === epoch.current) creating.current = false;
      });
  };

  const newRecognizer = () => {
    // The events read the latest handlers through the ref.
    const r = createRecognizer({
      tag: () => eventsRef.current.tag(),
      onText: (text, tag) => eventsRef.current.onText(text, tag),
      onInterim: (text) => eventsRef.current.onInterim(text),
      onNoSpeech: () => eventsRef.current.onNoSpeech(),
      onError: (message, fatal) => eventsRef.current.onError(message, fatal),
    });
    recognizer.current = r;
    return r;
  };

  const start = () => {
    if (stateRef.current.recording !== 'idle') return;
    dispatch({ type: 'start', at: new Date().toISOString() });
    ensureConversation();
    void newRecognizer().start(stateRef.current.language);
  };
  const pause = () => {
    recognizer.current?.pause();
    dispatch({ type: 'pause' });
  };
  const resume = () => {
    dispatch({ type: 'resume' });
    const r = recognizer.current;
    if (r) void r.resume();
    else void newRecognizer().start(stateRef.current.language);
  };
  const stop = () => {
    const r = recognizer.current;
    recognizer.current = null;
    dispatch({ type: 'stop' });
    void r?.stop();
  };
  /** Complete / Submit Referral Now: what is still being transcribed is waited for, then the form takes it. */
  const complete = async () => {
    const r = recognizer.current;
    recognizer.current = null;
    dispatch({ type: 'stop' });
    await r?.stop();
    if (mounted.current) dispatch({ type: 'complete' });
  };
  const next = () => {
    if (stageRef.current >= LAST_STAGE) {
      void complete();
      return;
    }
    // What was said so far belongs to the stage it was said in; what follows, to the next.
    stageRef.current += 1;
    recognizer.current?.flush();
    dispatch({ type: 'next', at: new Date().toISOString() });
  };
  const previous = () => {
    if (stageRef.current === 0) return;
    stageRef.current -= 1;
    recognizer.current?.flush();
    dispatch({ type: 'previous', at: new Date().toISOString() });
  };
  const restart = () => {
    const r = recognizer.current;
    recognizer.current = null;
    void r?.stop({ discard: true });
    epoch.current += 1;
    creating.current = false;
    stageRef.current = 0;
    dispatch({ type: 'restart' });
  };
  const setLanguage = (language: VoiceLanguage) => dispatch({ type: 'language', language });
  const dismissError = () => dispatch({ type: 'dismissError' });

  // The form takes the data once the reducer has every text heard before completion.
  useEffect(() => {
    if (!state.completed) return;
    dispatch({ type: 'handedOver' });
    onCompleteRef.current(voiceDataToFormPatch(state.extracted), state.conversationId);
  }, [state.completed, state.extracted, state.conversationId]);

  // 000 §7: each new or replaced field (save_field), then the whole conversation (update).
  const savedFields = useRef<Record<string, ExtractedFieldEntry>>({});
  const saveConversation = useCallback((current: VoiceIntakeState) => {
    const id = current.conversationId;
    if (id === null) {
      savedFields.current = {};
      return;
    }
    const before = savedFields.current;
    savedFields.current = current.extracted;
    const changed = Object.values(current.extracted).filter(
      (entry) => before[entry.field] !== entry && isVoiceField(entry.field),
    );
    void (async () => {
      for (const entry of changed) {
        if (!isVoiceField(entry.field)) continue;
        await saveVoiceField({
          conversation_id: id,
          field_name: entry.field,
          extracted_value: entry.value,
          original_text: entry.original_text.slice(0, VOICE_CONVERSATION_LIMITS.originalText),
          confidence: entry.confidence,
        }).catch(logged('save_field'));
      }
      await updateVoiceConversation({
        conversation_id: id,
        transcript: fullTranscript(current).slice(-VOICE_CONVERSATION_LIMITS.transcript),
        extracted_data: Object.fromEntries(
          Object.values(current.extracted)
            .filter((entry) => isVoiceField(entry.field))
            .map((entry) => [entry.field, entry.value]),
        ),
        conversation_messages: current.messages.slice(-VOICE_CONVERSATION_LIMITS.messages).map((m) => ({
          ...m,
          content: m.content.slice(0, VOICE_CONVERSATION_LIMITS.messageContent),
        })),
      }).catch(logged('update'));
    })();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: saved when something was heard (revision) or the conversation was created.
  useEffect(() => {
    saveConversation(stateRef.current);
  }, [state.revision, state.conversationId, saveConversation]);

  // Leaving the screen releases the microphone; nothing more is sent.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const r = recognizer.current;
      recognizer.current = null;
      void r?.stop({ discard: true });
    };
  }, []);

  return {
    state,
    start,
    pause,
    resume,
    stop,
    next,
    previous,
    restart,
    setLanguage,
    dismissError,
    submitNow: () => void complete(),
  };
}
