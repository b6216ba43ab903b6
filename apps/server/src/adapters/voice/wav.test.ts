import { describe, expect, it } from 'vitest';
import { toneWav, wavDurationSeconds } from './wav.ts';

describe('WAV files', () => {
  it('makes a mono 16-bit 8 kHz PCM WAV whose header says its length', () => {
    const wav = toneWav(3);
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.toString('latin1', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect(wav.length).toBe(44 + 3 * 8000 * 2);
    expect(wavDurationSeconds(wav)).toBe(3);
  });

  it('reads the duration past extra chunks, and of a streamed file whose data size is a placeholder', () => {
    const plain = toneWav(2);
    // A LIST chunk between fmt and data, as many recorders write.
    const list = Buffer.concat([
      Buffer.from('LIST', 'latin1'),
      Buffer.from([5, 0, 0, 0]),
      Buffer.from('INFOx\0'),
    ]);
    const withList = Buffer.concat([plain.subarray(0, 36), list, plain.subarray(36)]);
    expect(wavDurationSeconds(withList)).toBe(2);
    const streamed = Buffer.from(plain);
    streamed.writeUInt32LE(0xffffffff, 40);
    expect(wavDurationSeconds(streamed)).toBe(2);
  });

  it('answers null for anything that is not a WAV file', () => {
    expect(wavDurationSeconds(Buffer.from('ID3\u0004not a wav'))).toBeNull();
    expect(wavDurationSeconds(Buffer.alloc(0))).toBeNull();
    expect(wavDurationSeconds(toneWav(1).subarray(0, 30))).toBeNull();
  });
});
