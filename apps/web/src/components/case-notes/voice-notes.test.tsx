import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CASE_NOTE_MESSAGES, type CaseNote, type CaseNoteList } from '@trust/domain';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { callsTo, deferred, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { CaseNotesPanel } from './case-notes-panel.tsx';

// The Voice Note tab and voice notes in the Note History (001 §2.17, §4, §5, §8, §9; issue #19), with a fake
// microphone (getUserMedia) and MediaRecorder: jsdom records nothing.

const REFERRAL = 5;

function note(overrides: Partial<CaseNote> = {}): CaseNote {
  const at = new Date(Date.now() - 60_000).toISOString();
  return {
    id: 1,
    referral_id: REFERRAL,
    user_id: 7,
    organization_id: 1,
    content: 'Member needs help with food.',
    content_html: '<p>Member needs help with food.</p>',
    is_voice_note: true,
    language: 'en-US',
    author_name: 'Dana Rivers',
    visibility: 'internal',
    created_at: at,
    updated_at: at,
    can_edit: true,
    has_audio: true,
    audio_duration_seconds: 4,
    transcription_engine: 'pocketsphinx',
    ...overrides,
  };
}

function listOf(notes: CaseNote[]): CaseNoteList {
  return {
    notes,
    can_add: true,
    shares_with: 'provider',
    referring_organization_id: 1,
    total: notes.length,
    page: 1,
    page_size: 50,
  };
}

class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static supported = true;
  static isTypeSupported(type: string) {
    return FakeMediaRecorder.supported && type === 'audio/webm;codecs=opus';
  }
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  readonly mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: unknown,
    readonly options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? 'audio/ogg;codecs=opus';
    FakeMediaRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  pause() {
    this.state = 'paused';
  }
  resume() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['fake-webm-recording'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

/** A microphone the browser grants (or refuses, as after a denied permission prompt). */
function fakeMicrophone({ deny = false } = {}) {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] };
  const getUserMedia = vi.fn(async () => {
    if (deny) throw new DOMException('Permission denied', 'NotAllowedError');
    return stream;
  });
  FakeMediaRecorder.instances = [];
  FakeMediaRecorder.supported = true;
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  return { track, getUserMedia };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

/** jsdom has no object URLs: URL.createObjectURL answers 'blob:1', 'blob:2'…; revokeObjectURL is recorded. */
function stubObjectUrls() {
  let n = 0;
  const create = vi.fn((_blob: Blob) => `blob:${++n}`);
  const revoke = vi.fn((_url: string) => {});
  const target = URL as unknown as Record<string, unknown>;
  const before = { create: target.createObjectURL, revoke: target.revokeObjectURL };
  target.createObjectURL = create;
  target.revokeObjectURL = revoke;
  onTestFinished(() => {
    target.createObjectURL = before.create;
    target.revokeObjectURL = before.revoke;
  });
  return { create, revoke };
}

/** The fields and the file of the multipart voice-note request. */
function formOf(init: RequestInit | undefined) {
  const form = init?.body as FormData;
  return {
    referral_id: form.get('referral_id'),
    language: form.get('language'),
    visibility: form.get('visibility'),
    content: form.get('content'),
    audio: form.get('audio') as File,
  };
}

/** A Blob's text (jsdom's Blob has no text()). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

async function openVoiceTab() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Voice Note' }));
  return screen.findByRole('button', { name: 'Start Recording' });
}

describe('Voice Note tab', () => {
  it('shows the language (English (US) first, every 001 §9 language) and the recorder', async () => {
    fakeMicrophone();
    mockFetch({ 'GET /api/case-notes': () => jsonResponse(200, listOf([])) });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    await openVoiceTab();
    expect(screen.getByRole('tab', { name: 'Voice Note' })).toHaveAttribute('aria-selected', 'true');
    const language = screen.getByRole('combobox', { name: 'Language' });
    expect(language).toHaveValue('en-US');
    expect(within(language).getByRole('option', { selected: true })).toHaveTextContent('English (US)');
    const options = within(language).getAllByRole('option');
    expect(options).toHaveLength(14);
    expect(options[0]).toHaveTextContent('English (US)');
    expect(options.map((o) => o.textContent)).toContain('Tagalog');
    // Back on the text tab, the text editor is there.
    await userEvent.click(screen.getByRole('tab', { name: 'Text Note' }));
    expect(await screen.findByRole('button', { name: 'Add Note' })).toBeInTheDocument();
  });

  it('records (idle → recording → paused → recording → stopped), uploads with “Transcribing…”, lists the note and returns to idle', async () => {
    const { track, getUserMedia } = fakeMicrophone();
    let listed: CaseNote[] = [];
    const answer = deferred<Response>();
    const fetchMock = mockFetch({
      'GET /api/case-notes': () => jsonResponse(200, listOf(listed)),
      'POST /api/case-notes/voice': () => answer.promise,
    });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    await userEvent.click(await openVoiceTab());

    const pause = await screen.findByRole('button', { name: 'Pause' });
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(FakeMediaRecorder.instances[0]?.options).toEqual({ mimeType: 'audio/webm;codecs=opus' });
    expect(screen.getByRole('status')).toHaveTextContent('Recording…');
    expect(screen.getByRole('timer')).toHaveTextContent('0:00');
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Start Recording' })).not.toBeInTheDocument();

    await userEvent.click(pause);
    expect(screen.getByRole('status')).toHaveTextContent('Paused');
    expect(FakeMediaRecorder.instances[0]?.state).toBe('paused');
    await userEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(screen.getByRole('status')).toHaveTextContent('Recording…');
    expect(FakeMediaRecorder.instances[0]?.state).toBe('recording');

    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Transcribing…')).toBeInTheDocument();
    expect(track.stop).toHaveBeenCalled();
    expect(
      screen.queryByRole('button', { name: /Start Recording|Pause|Resume|Stop/ }),
    ).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/case-notes/voice')).toHaveLength(1));
    const sent = formOf(callsTo(fetchMock, 'POST', '/api/case-notes/voice')[0]?.[1]);
    expect(sent).toMatchObject({
      referral_id: String(REFERRAL),
      language: 'en-US',
      visibility: 'internal',
      content: null,
    });
    expect(sent.audio.type).toBe('audio/webm;codecs=opus');
    expect(sent.audio.name).toBe('voice-note.webm');
    expect(await textOf(sent.audio)).toBe('fake-webm-recording');

    const saved = note({ id: 9, content: 'Member needs help with food.' });
    listed = [saved];
    answer.resolve(jsonResponse(201, saved));
    const item = await screen.findByRole('listitem', { name: 'Note by Dana Rivers' });
    expect(item).toHaveTextContent('Member needs help with food.');
    expect(await screen.findByRole('button', { name: 'Start Recording' })).toBeEnabled();
    expect(screen.queryByText('Transcribing…')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeEnabled();
  });

  it('sends the language chosen, and records in the browser’s default type when WebM/Opus is not supported', async () => {
    fakeMicrophone();
    FakeMediaRecorder.supported = false;
    const fetchMock = mockFetch({
      'GET /api/case-notes': () => jsonResponse(200, listOf([])),
      'POST /api/case-notes/voice': () => jsonResponse(201, note({ id: 3, language: 'es-MX' })),
    });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    const start = await openVoiceTab();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Spanish (Mexico)');
    await userEvent.click(start);
    expect(FakeMediaRecorder.instances[0]?.options).toBeUndefined();
    await userEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/case-notes/voice')).toHaveLength(1));
    const sent = formOf(callsTo(fetchMock, 'POST', '/api/case-notes/voice')[0]?.[1]);
    expect(sent.language).toBe('es-MX');
    expect(sent.audio.type).toBe('audio/ogg;codecs=opus');
    expect(sent.audio.name).toBe('voice-note.ogg');
  });

  it('says the microphone could not be used when permission is denied (001 §8), and stays idle', async () => {
    fakeMicrophone({ deny: true });
    mockFetch({ 'GET /api/case-notes': () => jsonResponse(200, listOf([])) });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    await userEvent.click(await openVoiceTab());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not access microphone. Please check your permissions.',
    );
    expect(screen.getByRole('button', { name: 'Start Recording' })).toBeEnabled();
    expect(FakeMediaRecorder.instances).toHaveLength(0);
  });

  it('shows the server’s message when no speech was recognised; nothing to type, record again', async () => {
    fakeMicrophone();
    mockFetch({
      'GET /api/case-notes': () => jsonResponse(200, listOf([])),
      'POST /api/case-notes/voice': () => errorResponse(422, CASE_NOTE_MESSAGES.noSpeech, 'rule_broken'),
    });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    await userEvent.click(await openVoiceTab());
    await userEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CASE_NOTE_MESSAGES.noSpeech);
    expect(screen.queryByRole('textbox', { name: 'Type the note instead' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Record again' }));
    expect(await screen.findByRole('button', { name: 'Start Recording' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when transcription is down, offers to type the note and saves the text with the same recording', async () => {
    fakeMicrophone();
    const down =
      'Transcription is not available right now. Your recording is kept: try again, or type the text instead.';
    let listed: CaseNote[] = [];
    const fetchMock = mockFetch({
      'GET /api/case-notes': () => jsonResponse(200, listOf(listed)),
      'POST /api/case-notes/voice': (init) => {
        const sent = formOf(init);
        if (!sent.content) {
          return jsonResponse(503, {
            code: 'unavailable',
            reason: 'speech.engine_unavailable',
            detail: down,
            message: down,
            error: down,
          });
        }
        listed = [
          note({
            id: 11,
            content: String(sent.content),
            content_html: `<p>${sent.content}</p>`,
            transcription_engine: null,
          }),
        ];
        return jsonResponse(201, listed[0]);
      },
    });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    await userEvent.click(await openVoiceTab());
    await userEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(down);

    const box = screen.getByRole('textbox', { name: 'Type the note instead' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.type(box, 'Member asked for food boxes.');
    await userEvent.click(save);

    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/case-notes/voice')).toHaveLength(2));
    const [first, second] = callsTo(fetchMock, 'POST', '/api/case-notes/voice').map(([, init]) =>
      formOf(init),
    );
    expect(second?.content).toBe('Member asked for food boxes.');
    expect(second?.language).toBe('en-US');
    // Nothing lost: the very recording that could not be transcribed.
    expect(second?.audio.size).toBe(first?.audio.size);
    expect(await textOf(second!.audio)).toBe(await textOf(first!.audio));

    expect(await screen.findByRole('listitem', { name: 'Note by Dana Rivers' })).toHaveTextContent(
      'Member asked for food boxes.',
    );
    expect(await screen.findByRole('button', { name: 'Start Recording' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Type the note instead' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers typing too when no engine serves the language (422 speech.language_unavailable)', async () => {
    fakeMicrophone();
    const none =
      'Speech to text for Spanish (Spain) needs a transcription engine on the server. Ask your administrator to configure one, or type instead.';
    mockFetch({
      'GET /api/case-notes': () => jsonResponse(200, listOf([])),
      'POST /api/case-notes/voice': () =>
        jsonResponse(422, {
          code: 'rule_broken',
          reason: 'speech.language_unavailable',
          detail: none,
          message: none,
          error: none,
        }),
    });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    await userEvent.click(await openVoiceTab());
    await userEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(none);
    expect(screen.getByRole('textbox', { name: 'Type the note instead' })).toBeInTheDocument();
  });

  it('releases the microphone and sends nothing when the panel goes away mid-recording', async () => {
    const { track } = fakeMicrophone();
    const fetchMock = mockFetch({ 'GET /api/case-notes': () => jsonResponse(200, listOf([])) });
    const { unmount } = renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    await userEvent.click(await openVoiceTab());
    await screen.findByRole('button', { name: 'Pause' });
    unmount();
    expect(track.stop).toHaveBeenCalled();
    expect(FakeMediaRecorder.instances[0]?.state).toBe('inactive');
    expect(callsTo(fetchMock, 'POST', '/api/case-notes/voice')).toHaveLength(0);
  });
});

describe('a voice note in the Note History', () => {
  it('shows the Voice note badge with its language and plays the recording through an object URL, released on unmount', async () => {
    const urls = stubObjectUrls();
    const fetchMock = mockFetch({
      'GET /api/case-notes': () => jsonResponse(200, listOf([note({ id: 4, language: 'es-MX' })])),
      'GET /api/case-notes/4/audio': () =>
        new Response(new Blob(['opus-bytes'], { type: 'audio/webm' }), {
          status: 200,
          headers: { 'content-type': 'audio/webm' },
        }),
    });
    const { unmount } = renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    const item = await screen.findByRole('listitem', { name: 'Note by Dana Rivers' });
    expect(within(item).getByText('Voice note · Spanish (Mexico)')).toBeInTheDocument();
    await userEvent.click(
      within(item).getByRole('button', { name: 'Play recording (0:04) of the voice note by Dana Rivers' }),
    );
    const audio = await within(item).findByLabelText('Voice note recording by Dana Rivers');
    expect(audio.tagName).toBe('AUDIO');
    expect(audio).toHaveAttribute('src', 'blob:1');
    expect(callsTo(fetchMock, 'GET', '/api/case-notes/4/audio')).toHaveLength(1);
    expect(urls.create).toHaveBeenCalledTimes(1);
    unmount();
    expect(urls.revoke).toHaveBeenCalledWith('blob:1');
  });

  it('shows why a recording could not be played', async () => {
    stubObjectUrls();
    mockFetch({
      'GET /api/case-notes': () => jsonResponse(200, listOf([note({ id: 6, audio_duration_seconds: null })])),
      'GET /api/case-notes/6/audio': () => errorResponse(404, 'This note has no recording.', 'not_found'),
    });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    const item = await screen.findByRole('listitem', { name: 'Note by Dana Rivers' });
    await userEvent.click(
      within(item).getByRole('button', { name: 'Play recording of the voice note by Dana Rivers' }),
    );
    expect(await within(item).findByRole('alert')).toHaveTextContent('This note has no recording.');
  });
});
