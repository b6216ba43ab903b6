import { DOCUMENT_MESSAGES } from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import { type SimulatedVoicemail, VOICEMAIL_AUDIO_MAX_BYTES } from './voicemail-service.ts';

// Route layer of POST /api/outbox/inbound/voicemail (routes.ts): reading its multipart body, the one place of the
// module besides the routes that sees the request.

/** Room for the multipart framing and the small fields beside the audio (from_phone, transcription). */
const MULTIPART_OVERHEAD = 64 * 1024;
const AUDIO_FIELDS = new Set(['audio', 'file']);

/**
 * The simulated voicemail's multipart body: from_phone, transcription, and the first file of the field
 * "audio" (or "file"), read into memory up to one byte over the limit (the service refuses it then). Every
 * other part is read and dropped, so the answer always reaches the browser.
 */
export async function readVoicemailUpload(request: FastifyRequest): Promise<SimulatedVoicemail> {
  if (!request.isMultipart()) {
    throw new AppError('voicemail.upload_not_multipart', DOCUMENT_MESSAGES.notMultipart);
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > VOICEMAIL_AUDIO_MAX_BYTES + MULTIPART_OVERHEAD) {
    throw new AppError('voicemail.audio_too_large', DOCUMENT_MESSAGES.tooLarge(VOICEMAIL_AUDIO_MAX_BYTES), {
      headers: { connection: 'close' },
    });
  }
  const out: SimulatedVoicemail = { fromPhone: undefined, transcription: undefined, audio: null };
  try {
    const parts = request.parts({
      limits: {
        fileSize: VOICEMAIL_AUDIO_MAX_BYTES + 1,
        files: 5,
        fields: 10,
        fieldSize: 64 * 1024,
        parts: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : undefined;
        if (part.fieldname === 'from_phone') out.fromPhone = value;
        if (part.fieldname === 'transcription') out.transcription = value;
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (out.audio === null && AUDIO_FIELDS.has(part.fieldname)) out.audio = Buffer.concat(chunks);
    }
  } catch (error) {
    // A refusal of the parts themselves (strict input: a bad field or file name) is the client's, as it is.
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string })?.code;
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('voicemail.upload_too_many_parts', DOCUMENT_MESSAGES.tooManyParts);
    }
    throw new AppError('voicemail.upload_malformed', DOCUMENT_MESSAGES.malformed);
  }
  return out;
}
