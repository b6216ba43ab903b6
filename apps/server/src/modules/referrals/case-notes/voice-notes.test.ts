import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CASE_NOTE_MESSAGES, type CaseNote, type CaseNoteList, SPEECH_MESSAGES } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';
import { multipart } from '../../../../test/multipart.ts';
import { SPANISH_VOICE, speak, toWebmOpus, wordErrorRate } from '../../../../test/speech-support.ts';

// Voice notes (001 §2.17, §5, §9; issue #19) on the real app: a spoken English note (espeak-ng, as the browser's
// WebM/Opus) transcribed by the built-in engine (Debian pocketsphinx), kept with its encrypted recording and
// played back; typed text instead of a transcription; and every refusal, with nothing stored.

let t: TestApp;
let dataDir: string;
let plan: number;
let harbor: number;
let coordinator: string;
let viewer: string;
let cbo: string;
/** A referral of the plan that Harbor does not see. */
let planReferral: number;
/** A referral of the plan matched to Harbor's provider listing: both organizations see it. */
let sharedReferral: number;

const SPOKEN = 'the member needs help with food and housing this week';
let englishWebm: Buffer;

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await t.database.query<T>(sql, params);
  return row!;
}

/** Every stored file (encrypted documents and recordings) under the app's data folder. */
function storedFiles(): string[] {
  const root = path.join(dataDir, 'documents');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => path.join(e.parentPath, e.name));
}

async function noteCount(referralId: number): Promise<number> {
  return Number(
    (await one<{ n: string }>('SELECT count(*) AS n FROM case_notes WHERE referral_id = $1', [referralId])).n,
  );
}

function postVoice(
  parts: {
    referral_id?: number;
    language?: string;
    content?: string;
    visibility?: string;
    audio?: Buffer;
    type?: string;
  },
  token: string | null = coordinator,
  org = plan,
) {
  const fields = (['referral_id', 'language', 'content', 'visibility'] as const)
    .filter((k) => parts[k] !== undefined)
    .map((k) => ({ name: k, data: String(parts[k]) }));
  const body = multipart([
    ...fields,
    ...(parts.audio
      ? [{ name: 'audio', filename: 'note.webm', type: parts.type ?? 'audio/webm', data: parts.audio }]
      : []),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/case-notes/voice',
    headers: { ...(token ? bearer(token, org) : {}), 'content-type': body.contentType },
    payload: body.payload,
  });
}

function getAudio(id: number, token = coordinator, org = plan) {
  return t.app.inject({ method: 'GET', url: `/api/case-notes/${id}/audio`, headers: bearer(token, org) });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-voice-notes-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  plan = (await one<{ id: number }>("SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan'"))
    .id;
  harbor = (
    await one<{ id: number }>("SELECT id FROM organizations WHERE name = 'Harbor Community Services'")
  ).id;
  planReferral = (
    await one<{ id: number }>(
      `SELECT r.id FROM referrals r LEFT JOIN providers p ON p.id = r.matched_provider_id
        WHERE r.organization_id = $1 AND p.organization_id IS DISTINCT FROM $2 ORDER BY r.id LIMIT 1`,
      [plan, harbor],
    )
  ).id;
  sharedReferral = (
    await one<{ id: number }>(
      `SELECT r.id FROM referrals r JOIN providers p ON p.id = r.matched_provider_id
        WHERE r.organization_id = $1 AND p.organization_id = $2 ORDER BY r.id LIMIT 1`,
      [plan, harbor],
    )
  ).id;
  coordinator = await login(t.app, 'coordinator@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  englishWebm = toWebmOpus(speak(SPOKEN));
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /api/case-notes/voice', () => {
  it('transcribes a spoken English note with the built-in engine, keeps the recording, lists it and plays it back byte-identical', async () => {
    const filesBefore = storedFiles().length;
    const res = await postVoice({ referral_id: planReferral, language: 'en-US', audio: englishWebm });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json() as CaseNote;
    expect(note).toMatchObject({
      referral_id: planReferral,
      is_voice_note: true,
      language: 'en-US',
      visibility: 'internal',
      has_audio: true,
      transcription_engine: 'pocketsphinx',
      can_edit: true,
    });
    expect(note.audio_duration_seconds).toBeGreaterThanOrEqual(2);
    const wer = wordErrorRate(SPOKEN, note.content);
    console.info(
      `voice note (pocketsphinx, espeak-ng en-us, WebM/Opus): "${note.content}" — WER ${wer.toFixed(2)}`,
    );
    const heard = ['member', 'help', 'food', 'housing', 'week'].filter((w) => note.content.includes(w));
    expect(heard.length, note.content).toBeGreaterThanOrEqual(3);
    // The transcription is plain text, stored as escaped paragraphs.
    expect(note.content_html).toBe(`<p>${note.content}</p>`);
    expect(storedFiles().length).toBe(filesBefore + 1);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/case-notes?referral_id=${planReferral}`,
      headers: bearer(coordinator, plan),
    });
    const listed = (list.json() as CaseNoteList).notes.find((n) => n.id === note.id);
    expect(listed).toMatchObject({
      has_audio: true,
      is_voice_note: true,
      transcription_engine: 'pocketsphinx',
    });

    const audio = await getAudio(note.id);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/webm');
    expect(audio.headers['cache-control']).toBe('no-store');
    expect(Buffer.compare(audio.rawPayload, englishWebm)).toBe(0);
    // The stored file is encrypted: the recording's bytes are not on disk.
    const [latest] = storedFiles()
      .map((f) => ({ f, at: fs.statSync(f).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    expect(fs.readFileSync(latest!.f).includes(englishWebm.subarray(0, 64))).toBe(false);

    const rows = await t.database.query<{ action: string; details: Record<string, unknown> }>(
      `SELECT action, details FROM audit_log WHERE entity_type = 'case_note' AND entity_id = $1 ORDER BY id`,
      [note.id],
    );
    expect(rows.map((r) => r.action)).toEqual([
      'case_note.created',
      'case_note.list_read',
      'case_note.audio_read',
    ]);
    expect(rows[0]!.details).toMatchObject({ voice_note: true, transcribed: true, language: 'en-US' });
    expect(JSON.stringify(rows)).not.toContain('housing');
  }, 60_000);

  it('saves typed text with the recording without transcribing it, shared when asked', async () => {
    const before = Number(
      (await one<{ n: string }>("SELECT count(*) AS n FROM audit_log WHERE action = 'speech.transcribed'")).n,
    );
    const res = await postVoice({
      referral_id: sharedReferral,
      language: 'es-MX',
      content: 'Member <asked> for a Saturday pickup.\nCall back Monday.',
      visibility: 'shared',
      audio: toWebmOpus(speak('hola', SPANISH_VOICE)),
    });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json() as CaseNote;
    expect(note).toMatchObject({
      is_voice_note: true,
      language: 'es-MX',
      visibility: 'shared',
      has_audio: true,
      transcription_engine: null,
      content: 'Member <asked> for a Saturday pickup.\nCall back Monday.',
      content_html: '<p>Member &lt;asked&gt; for a Saturday pickup.</p><p>Call back Monday.</p>',
    });
    const after = Number(
      (await one<{ n: string }>("SELECT count(*) AS n FROM audit_log WHERE action = 'speech.transcribed'")).n,
    );
    expect(after).toBe(before);
    // The matched provider's organization reads the shared note and plays it.
    expect((await getAudio(note.id, cbo, harbor)).statusCode).toBe(200);
  });

  it('answers 422 for Spanish with no engine on the server, and saves nothing', async () => {
    const [notes, files] = [await noteCount(planReferral), storedFiles().length];
    const res = await postVoice({
      referral_id: planReferral,
      language: 'es-ES',
      audio: toWebmOpus(speak('necesito ayuda con la comida', SPANISH_VOICE)),
    });
    expect(expectEnvelope(res, 422, 'rule_broken').message).toBe(
      SPEECH_MESSAGES.languageUnavailable('es-ES'),
    );
    expect(await noteCount(planReferral)).toBe(notes);
    expect(storedFiles().length).toBe(files);
  });

  it('does not save a recording of silence (001 §5: empty transcription)', async () => {
    const [notes, files] = [await noteCount(planReferral), storedFiles().length];
    const silence = execFileSync(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'anullsrc=r=16000:cl=mono',
        '-t',
        '2',
      ].concat(['-f', 'wav', 'pipe:1']),
    );
    const res = await postVoice({ referral_id: planReferral, audio: silence, type: 'audio/wav' });
    const body = expectEnvelope(res, 422, 'rule_broken') as unknown as { message: string; fields: object };
    expect(body.message).toBe(CASE_NOTE_MESSAGES.noSpeech);
    expect(body.fields).toEqual({ audio: CASE_NOTE_MESSAGES.noSpeech });
    expect(await noteCount(planReferral)).toBe(notes);
    expect(storedFiles().length).toBe(files);
  }, 30_000);

  it('refuses what is not audio (415), no recording (400) and a bad language or referral id (400)', async () => {
    const files = storedFiles().length;
    const text = await postVoice({
      referral_id: planReferral,
      audio: Buffer.from('just some text, not a recording'),
      type: 'audio/webm',
    });
    expect(expectEnvelope(text, 415).message).toBe(SPEECH_MESSAGES.audioType);
    // Typed text does not make a non-recording acceptable.
    expectEnvelope(
      await postVoice({ referral_id: planReferral, content: 'typed', audio: Buffer.from('not audio') }),
      415,
    );
    expectEnvelope(await postVoice({ referral_id: planReferral, content: 'typed' }), 400);
    const bad = expectEnvelope(
      await postVoice({ referral_id: planReferral, language: 'xx-XX', audio: englishWebm }),
      400,
    ) as unknown as { fields: Record<string, string> };
    expect(Object.keys(bad.fields)).toEqual(['language']);
    expectEnvelope(await postVoice({ referral_id: 0, audio: englishWebm }), 400);
    expect(storedFiles().length).toBe(files);
  });

  it("answers 404 for another organization's referral, 403 for a viewer and 401 without a session", async () => {
    const [notes, files] = [await noteCount(planReferral), storedFiles().length];
    expect(
      expectEnvelope(await postVoice({ referral_id: planReferral, audio: englishWebm }, cbo, harbor), 404)
        .message,
    ).toBe('Referral not found');
    expectEnvelope(await postVoice({ referral_id: planReferral, audio: englishWebm }, viewer), 403);
    expectEnvelope(await postVoice({ referral_id: planReferral, audio: englishWebm }, null), 401);
    expect(await noteCount(planReferral)).toBe(notes);
    expect(storedFiles().length).toBe(files);
  });

  it('still refuses is_voice_note on the JSON route: a voice note comes with its recording', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/case-notes',
      headers: bearer(coordinator, plan),
      payload: { referral_id: planReferral, content: 'Transcribed text', is_voice_note: true },
    });
    expect(expectEnvelope(res, 422, 'rule_broken').message).toBe(CASE_NOTE_MESSAGES.voiceNotSupported);
  });
});

describe('GET /api/case-notes/{id}/audio', () => {
  it("answers 404 for another organization's note, a text note and an unknown note", async () => {
    const internal = (
      await postVoice({ referral_id: sharedReferral, content: 'Internal to the plan.', audio: englishWebm })
    ).json() as CaseNote;
    expect(internal.visibility).toBe('internal');
    // Harbor sees the referral, not the plan's internal note.
    expect(expectEnvelope(await getAudio(internal.id, cbo, harbor), 404).message).toBe('Note not found');
    // Harbor does not see the plan's other referral at all.
    const other = (
      await postVoice({ referral_id: planReferral, content: 'On the plan only.', audio: englishWebm })
    ).json() as CaseNote;
    expectEnvelope(await getAudio(other.id, cbo, harbor), 404);

    const textNote = await t.app.inject({
      method: 'POST',
      url: '/api/case-notes',
      headers: bearer(coordinator, plan),
      payload: { referral_id: planReferral, content: 'A text note.' },
    });
    const text = textNote.json() as CaseNote;
    expect(text).toMatchObject({
      has_audio: false,
      audio_duration_seconds: null,
      transcription_engine: null,
    });
    expect(expectEnvelope(await getAudio(text.id), 404).message).toBe(CASE_NOTE_MESSAGES.audioNotFound);
    expectEnvelope(await getAudio(99_999_999), 404);
    expectEnvelope(await t.app.inject({ method: 'GET', url: `/api/case-notes/${other.id}/audio` }), 401);
  });
});

describe('DELETE /api/case-notes/{id} of a voice note', () => {
  it('removes its stored recording too', async () => {
    const note = (
      await postVoice({ referral_id: planReferral, content: 'To be deleted.', audio: englishWebm })
    ).json() as CaseNote;
    const { key } = await one<{ key: string }>(
      'SELECT audio_storage_key AS key FROM case_notes WHERE id = $1',
      [note.id],
    );
    const file = path.join(dataDir, 'documents', key.slice(0, 2), key);
    expect(fs.existsSync(file)).toBe(true);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/case-notes/${note.id}`,
      headers: bearer(coordinator, plan),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expectEnvelope(await getAudio(note.id), 404);
  });
});
