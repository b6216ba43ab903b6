import { type ExtractedFieldEntry, NO_SPEECH_WARNING_AFTER, stagePrompt } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import {
  fullTranscript,
  initialVoiceIntake,
  showsMicrophoneWarning,
  stageOf,
  type VoiceIntakeAction,
  type VoiceIntakeState,
  voiceIntakeReducer,
} from './voice-intake-reducer.ts';

const at = '2025-03-01T10:00:00.000Z';
const run = (actions: VoiceIntakeAction[], from: VoiceIntakeState = initialVoiceIntake()) =>
  actions.reduce(voiceIntakeReducer, from);
const entry = (field: string, value: string, confidence: 'high' | 'medium'): ExtractedFieldEntry => ({
  field,
  value,
  confidence,
  original_text: value,
});
const heard = (text: string, stageIndex: number, entries: ExtractedFieldEntry[] = []): VoiceIntakeAction => ({
  type: 'heard',
  text,
  stageIndex,
  entries,
  at,
});

describe('voice intake reducer (000 §4.4)', () => {
  it('starts idle on stage 1 in English (US)', () => {
    const s = initialVoiceIntake();
    expect(s.stageIndex).toBe(0);
    expect(stageOf(s)).toBe('intro');
    expect(s.language).toBe('en-US');
    expect(s.recording).toBe('idle');
  });

  it('moves through the seven stages; Previous does nothing on stage 1', () => {
    expect(run([{ type: 'previous', at }]).stageIndex).toBe(0);
    const third = run([
      { type: 'next', at },
      { type: 'next', at },
    ]);
    expect(stageOf(third)).toBe('health_plan');
    expect(run([{ type: 'previous', at }], third).stageIndex).toBe(1);
  });

  it('completes on stage 7 instead of moving on, and stops recording', () => {
    const next = Array.from({ length: 6 }, () => ({ type: 'next', at }) as const);
    const last = run([{ type: 'start', at }, ...next]);
    expect(stageOf(last)).toBe('additional');
    expect(last.completed).toBe(false);
    const done = run([{ type: 'next', at }], last);
    expect(done.stageIndex).toBe(6);
    expect(done.completed).toBe(true);
    expect(done.recording).toBe('idle');
    expect(run([{ type: 'handedOver' }], done).completed).toBe(false);
  });

  it('records, pauses, resumes and stops', () => {
    const recording = run([{ type: 'start', at }]);
    expect(recording.recording).toBe('recording');
    expect(recording.messages).toEqual([
      { type: 'assistant', content: stagePrompt('intro', 'en-US'), timestamp: at },
    ]);
    const paused = run([{ type: 'pause' }], recording);
    expect(paused.recording).toBe('paused');
    expect(run([{ type: 'resume' }], paused).recording).toBe('recording');
    expect(run([{ type: 'stop' }], paused).recording).toBe('idle');
  });

  it('locks the language while recording or paused', () => {
    const spanish = run([{ type: 'language', language: 'es-ES' }]);
    expect(spanish.language).toBe('es-ES');
    const recording = run([{ type: 'start', at }], spanish);
    expect(run([{ type: 'language', language: 'fr-FR' }], recording).language).toBe('es-ES');
    const paused = run([{ type: 'pause' }], recording);
    expect(run([{ type: 'language', language: 'fr-FR' }], paused).language).toBe('es-ES');
    const stopped = run([{ type: 'stop' }], paused);
    expect(run([{ type: 'language', language: 'fr-FR' }], stopped).language).toBe('fr-FR');
  });

  it('adds what was heard to its stage, the conversation and the extracted fields', () => {
    const s = run([
      { type: 'start', at },
      heard('My name is Maria Lopez', 0, [entry('first_name', 'Maria', 'high')]),
      { type: 'next', at },
      heard('born March 4 1980', 1),
      heard('and she lives in Fresno', 1),
    ]);
    expect(s.transcripts[0]).toBe('My name is Maria Lopez');
    expect(s.transcripts[1]).toBe('born March 4 1980 and she lives in Fresno');
    expect(fullTranscript(s)).toBe('My name is Maria Lopez\nborn March 4 1980 and she lives in Fresno');
    expect(s.extracted.first_name?.value).toBe('Maria');
    expect(s.messages.map((m) => m.type)).toEqual(['assistant', 'user', 'assistant', 'user', 'user']);
    expect(s.messages[2]?.content).toBe(stagePrompt('demographics', 'en-US'));
  });

  it('keeps a high-confidence field against a later medium one (000 §4.4)', () => {
    const s = run([
      heard('a', 0, [entry('first_name', 'Maria', 'high')]),
      heard('b', 3, [entry('first_name', 'Mario', 'medium')]),
    ]);
    expect(s.extracted.first_name?.value).toBe('Maria');
    const replaced = run([heard('c', 0, [entry('first_name', 'Marisol', 'high')])], s);
    expect(replaced.extracted.first_name?.value).toBe('Marisol');
  });

  it(`shows the microphone warning after ${NO_SPEECH_WARNING_AFTER} consecutive no-speech results`, () => {
    const twice = run([{ type: 'start', at }, { type: 'noSpeech' }, { type: 'noSpeech' }]);
    expect(showsMicrophoneWarning(twice)).toBe(false);
    const thrice = run([{ type: 'noSpeech' }], twice);
    expect(showsMicrophoneWarning(thrice)).toBe(true);
    // Speech heard resets the count.
    expect(showsMicrophoneWarning(run([heard('hello', 0)], thrice))).toBe(false);
  });

  it('Restart clears transcripts, extracted fields and conversation, back to stage 1', () => {
    const s = run([
      { type: 'language', language: 'es-ES' },
      { type: 'start', at },
      heard('Me llamo Maria', 0, [entry('first_name', 'Maria', 'high')]),
      { type: 'conversation', id: 12 },
      { type: 'next', at },
      { type: 'next', at },
      { type: 'restart' },
    ]);
    expect(s.stageIndex).toBe(0);
    expect(s.transcripts.every((t) => t === '')).toBe(true);
    expect(s.extracted).toEqual({});
    expect(s.messages).toEqual([]);
    expect(s.conversationId).toBeNull();
    expect(s.recording).toBe('idle');
    expect(s.language).toBe('es-ES');
  });

  it('a fatal error stops recording; a passing one does not', () => {
    const recording = run([{ type: 'start', at }]);
    const passing = run([{ type: 'error', message: 'Recognition error: network', fatal: false }], recording);
    expect(passing.recording).toBe('recording');
    expect(passing.error).toBe('Recognition error: network');
    const fatal = run([{ type: 'error', message: 'denied', fatal: true }], recording);
    expect(fatal.recording).toBe('idle');
    expect(run([{ type: 'dismissError' }], fatal).error).toBeNull();
  });
});
