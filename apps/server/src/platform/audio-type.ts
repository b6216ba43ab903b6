// 001 §2.16 voicemail audio from the outbox page: WAV, MP3, OGG, WebM or M4A, told by the bytes (a name
// proves nothing), so the browser's player is given a type it can play.

export type AudioType = { contentType: string; extension: 'wav' | 'mp3' | 'ogg' | 'webm' | 'm4a' };

/** How many leading bytes `sniffAudio` needs. */
export const AUDIO_SNIFF_BYTES = 12;

const ascii = (bytes: Buffer, at: number, text: string) =>
  bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text;

/** The audio type of a file from its first bytes, or null when it is none of the accepted ones. */
export function sniffAudio(head: Buffer): AudioType | null {
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return { contentType: 'audio/wav', extension: 'wav' };
  if (ascii(head, 0, 'OggS')) return { contentType: 'audio/ogg', extension: 'ogg' };
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3)
    return { contentType: 'audio/webm', extension: 'webm' };
  if (ascii(head, 4, 'ftyp')) return { contentType: 'audio/mp4', extension: 'm4a' };
  if (ascii(head, 0, 'ID3')) return { contentType: 'audio/mpeg', extension: 'mp3' };
  // An MPEG audio frame: 11 sync bits, then a version that is not 'reserved' and a layer that is not 00
  // (00 with these sync bits is AAC in ADTS, not MP3).
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) {
    const version = (head[1]! >> 3) & 0x03;
    const layer = (head[1]! >> 1) & 0x03;
    if (version !== 0x01 && layer !== 0x00) return { contentType: 'audio/mpeg', extension: 'mp3' };
  }
  return null;
}
