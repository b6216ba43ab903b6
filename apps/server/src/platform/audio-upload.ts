import { SPEECH_MESSAGES } from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

// The multipart body of a recording sent to be transcribed (a voice referral's stage, a voice note): small text
// fields and the first file of the field "audio", read into memory up to one byte over the limit (the caller
// refuses it then; recordings are a few MB at most). Every other part is read and dropped, so the answer always
// reaches the browser. The route declares `consumes: ['multipart/form-data']` and registers @fastify/multipart.

/** Room for the multipart framing and the small fields beside the audio. */
const MULTIPART_OVERHEAD = 64 * 1024;

export type AudioUpload = { fields: Record<string, string>; audio: Buffer | null };

export async function readAudioUpload(request: FastifyRequest, maxBytes: number): Promise<AudioUpload> {
  if (!request.isMultipart()) throw new AppError('speech.not_multipart', SPEECH_MESSAGES.notMultipart);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) {
    throw new AppError('speech.audio_too_large', SPEECH_MESSAGES.tooLarge(maxBytes), {
      headers: { connection: 'close' },
    });
  }
  const out: AudioUpload = { fields: {}, audio: null };
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes + 1, files: 3, fields: 10, fieldSize: 64 * 1024, parts: 15 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in out.fields)) {
          out.fields[part.fieldname] = part.value;
        }
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (out.audio === null && part.fieldname === 'audio') out.audio = Buffer.concat(chunks);
    }
  } catch (error) {
    // A refusal of the parts themselves (strict input: a bad field or file name) is the client's, as it is.
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string })?.code;
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('speech.upload_too_many_parts', SPEECH_MESSAGES.tooManyParts);
    }
    throw new AppError('speech.upload_malformed', SPEECH_MESSAGES.malformed);
  }
  if (out.audio && out.audio.length > maxBytes) {
    throw new AppError('speech.audio_too_large', SPEECH_MESSAGES.tooLarge(maxBytes));
  }
  return out;
}
