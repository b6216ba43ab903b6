import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Spoken audio for the voice journeys (issue #19): espeak-ng's Klatt voice (the one pocketsphinx's US English model
// understands best) at 150 words a minute, then silence, so a recorder that cuts at a pause in speech cuts there
// when Chromium's fake microphone loops the file.

/** A 16-bit mono 16 kHz WAV of `text` followed by `silenceSeconds` of silence, in a fresh temp folder. */
export function spokenWav(text: string, silenceSeconds = 2.5, voice = 'en-us+klatt'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-e2e-speech-'));
  const file = path.join(dir, 'speech.wav');
  const speech = execFileSync('espeak-ng', ['-v', voice, '-s', '150', '--stdout', text], {
    maxBuffer: 20 * 1024 * 1024,
  });
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', 'pipe:0'],
      ...['-af', `apad=pad_dur=${silenceSeconds}`, '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', file],
    ],
    { input: speech },
  );
  return file;
}
