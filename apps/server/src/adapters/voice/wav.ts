// WAV (RIFF, PCM) made in code and read back: the local voice driver's recordings (a few seconds of a quiet
// tone, so the phone view has something to play on a fresh machine) and the duration of a voicemail uploaded
// from the outbox page.

const SAMPLE_RATE = 8000;
const BITS = 16;

/** A mono 16-bit PCM WAV of a quiet tone, faded in and out (no click), of `seconds` seconds. */
export function toneWav(seconds: number, frequency = 440, amplitude = 0.08): Buffer {
  const samples = Math.max(1, Math.round(seconds * SAMPLE_RATE));
  const dataBytes = samples * (BITS / 8);
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'latin1');
  wav.write('fmt ', 12, 'latin1');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(SAMPLE_RATE, 24);
  wav.writeUInt32LE(SAMPLE_RATE * (BITS / 8), 28); // byte rate
  wav.writeUInt16LE(BITS / 8, 32); // block align
  wav.writeUInt16LE(BITS, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(dataBytes, 40);
  const fade = Math.min(samples / 2, SAMPLE_RATE * 0.05);
  for (let i = 0; i < samples; i++) {
    const envelope = Math.min(1, i / fade, (samples - 1 - i) / fade);
    const value = Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE) * amplitude * envelope;
    wav.writeInt16LE(Math.round(value * 32767), 44 + i * 2);
  }
  return wav;
}

/**
 * The duration in whole seconds (rounded) of a WAV file from its header: the data chunk's size over the fmt
 * chunk's byte rate. Null when the bytes are not a WAV file whose header says so.
 */
export function wavDurationSeconds(bytes: Buffer): number | null {
  if (
    bytes.length < 12 ||
    bytes.toString('latin1', 0, 4) !== 'RIFF' ||
    bytes.toString('latin1', 8, 12) !== 'WAVE'
  ) {
    return null;
  }
  let byteRate: number | null = null;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === 'fmt ' && at + 8 + 12 <= bytes.length) byteRate = bytes.readUInt32LE(at + 8 + 8);
    if (id === 'data') {
      if (!byteRate) return null;
      // A recorder that streams writes a placeholder size (0 or 0xFFFFFFFF): then the bytes that follow count.
      const available = bytes.length - (at + 8);
      const dataBytes = size === 0 || size > available ? available : size;
      return Math.round(dataBytes / byteRate);
    }
    at += 8 + size + (size % 2); // chunks are padded to an even size
  }
  return null;
}
