import { AudioDecodeError, AudioTooLongError, SpeechEngineError } from './engine.ts';
import { runProcess } from './run-process.ts';

// Any recording the product receives (the browser's webm/opus, a voicemail's WAV or MP3, …) → 16 kHz mono 16-bit
// PCM WAV, the input every engine takes, with ffmpeg through pipes. Decoding stops one second past the limit, so
// an over-long recording costs at most that much work before it is refused.

export const PCM_SAMPLE_RATE = 16_000;
const WAV_HEADER_BYTES = 44;

export type DecodedAudio = { wav: Buffer; durationSeconds: number };

/** A WAV header for `dataBytes` of 16 kHz mono s16le (ffmpeg writing to a pipe cannot fill in the sizes). */
function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(PCM_SAMPLE_RATE, 24);
  header.writeUInt32LE(PCM_SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

export async function decodeToPcmWav(
  audio: Buffer,
  options: { ffmpegPath: string; maxSeconds: number; signal: AbortSignal },
): Promise<DecodedAudio> {
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...['-i', 'pipe:0', '-vn', '-t', String(options.maxSeconds + 1)],
    ...['-ac', '1', '-ar', String(PCM_SAMPLE_RATE), '-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1'],
  ];
  let result: Awaited<ReturnType<typeof runProcess>>;
  try {
    result = await runProcess(options.ffmpegPath, args, audio, options.signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new SpeechEngineError(
        `The audio decoder (${options.ffmpegPath}) is not installed on the server.`,
      );
    }
    if (options.signal.aborted) throw new SpeechEngineError('Decoding the recording took too long.');
    throw new SpeechEngineError('The audio decoder failed.', { cause: error });
  }
  if (result.code !== 0 || result.stdout.length === 0) {
    throw new AudioDecodeError('The recording could not be read as audio.');
  }
  const pcm = result.stdout;
  const durationSeconds = pcm.length / (PCM_SAMPLE_RATE * 2);
  if (durationSeconds > options.maxSeconds) throw new AudioTooLongError(options.maxSeconds);
  return { wav: Buffer.concat([wavHeader(pcm.length), pcm]), durationSeconds };
}
