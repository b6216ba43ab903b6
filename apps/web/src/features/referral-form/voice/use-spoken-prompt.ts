import { VOICE_SPEECH_OUTPUT } from '@trust/domain';
import { useEffect } from 'react';

/**
 * 000 §2.2, §4.4, §9 spoken prompts: when on, the stage's prompt is spoken in the chosen language at rate 0.85,
 * pitch 1.1, volume 1, 500 ms after turning on or a stage change. Off by default; nothing where the browser
 * cannot speak.
 */
export function useSpokenPrompt(enabled: boolean, prompt: string, language: string): void {
  useEffect(() => {
    if (!enabled || typeof window === 'undefined' || !('speechSynthesis' in window)) return;
    const synth = window.speechSynthesis;
    const timer = setTimeout(() => {
      synth.cancel();
      const utterance = new SpeechSynthesisUtterance(prompt);
      utterance.lang = language;
      utterance.rate = VOICE_SPEECH_OUTPUT.rate;
      utterance.pitch = VOICE_SPEECH_OUTPUT.pitch;
      utterance.volume = VOICE_SPEECH_OUTPUT.volume;
      synth.speak(utterance);
    }, VOICE_SPEECH_OUTPUT.firstPromptDelayMs);
    return () => {
      clearTimeout(timer);
      synth.cancel();
    };
  }, [enabled, prompt, language]);
}
