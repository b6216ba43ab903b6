import { execFileSync } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// Spoken test audio and a Whisper-compatible peer on loopback (issue #19). espeak-ng and ffmpeg come from Debian
// (.ci/run installs them); a machine without them fails these tests with that said, rather than skipping them.

/** espeak-ng's Klatt voice: of its voices, the one CMU pocketsphinx's US English model understands best. */
export const ENGLISH_VOICE = 'en-us+klatt';
export const SPANISH_VOICE = 'es+klatt';

/** `text` spoken by espeak-ng as a WAV (22,050 Hz mono). */
export function speak(text: string, voice = ENGLISH_VOICE, wordsPerMinute = 140): Buffer {
  return execFileSync('espeak-ng', ['-v', voice, '-s', String(wordsPerMinute), '--stdout', text], {
    maxBuffer: 50 * 1024 * 1024,
  });
}

/** The same speech as the browser's MediaRecorder would send it: WebM with Opus. */
export function toWebmOpus(wav: Buffer): Buffer {
  return execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      'pipe:0',
      '-c:a',
      'libopus',
      '-b:a',
      '32k',
      '-f',
      'webm',
      'pipe:1',
    ],
    { input: wav, maxBuffer: 50 * 1024 * 1024 },
  );
}

/** Word error rate: word-level edit distance over the reference's word count. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const words = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s']/gu, ' ')
      .split(/\s+/)
      .filter(Boolean);
  const ref = words(reference);
  const hyp = words(hypothesis);
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const substitution = previous[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    previous = current;
  }
  return ref.length === 0 ? 0 : previous[hyp.length]! / ref.length;
}

export type WhisperRequest = {
  path: string;
  headers: IncomingHttpHeaders;
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Buffer } | null;
};

/**
 * A Whisper-compatible endpoint on loopback: parses the multipart request as the real one does, records it, and
 * answers `answer(request)` ({ text } JSON, or a status to fail with, or a delay to be slow).
 */
export async function startFakeWhisper(
  answer: (
    request: WhisperRequest,
  ) => { text: string } | { status: number } | { delayMs: number; text: string },
) {
  const requests: WhisperRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const parsed = await new Request('http://whisper.local', {
      method: 'POST',
      headers: { 'content-type': String(req.headers['content-type'] ?? '') },
      body,
    })
      .formData()
      .catch(() => null);
    const fields: Record<string, string> = {};
    let file: WhisperRequest['file'] = null;
    for (const [key, value] of parsed?.entries() ?? []) {
      if (typeof value === 'string') fields[key] = value;
      else file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
    }
    const request: WhisperRequest = { path: req.url ?? '', headers: req.headers, fields, file };
    requests.push(request);
    const reply = answer(request);
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end('{"error":"down"}');
      return;
    }
    if ('delayMs' in reply) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (!res.destroyed)
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: reply.text }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/audio/transcriptions`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
