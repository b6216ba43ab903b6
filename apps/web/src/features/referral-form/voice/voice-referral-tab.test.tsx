import { Notifications, notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SPEECH_MESSAGES, type SpeechSettings, VOICE_INTAKE_MESSAGES } from '@trust/domain';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  errorResponse,
  jsonResponse,
  mockFetch,
  type RouteHandler,
} from '../../../test/fetch-mock.ts';
import { makeReferral } from '../../../test/referral-fixtures.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { CreateReferralScreen } from '../create-referral-page.tsx';
import { type FakeMedia, installFakeMedia, installFakeRecognition, removeFakeMedia } from './fake-media.ts';

afterEach(() => {
  notifications.clean();
  removeFakeMedia();
});

const SAID = "The member's name is Maria Lopez and her phone number is 213 555 0147";

function settings(overrides: Partial<SpeechSettings> = {}): SpeechSettings {
  return {
    browser_recognition: false,
    languages: [
      { code: 'en-US', label: 'English (US)', server_engine: 'whisper' },
      { code: 'es-ES', label: 'Spanish (Spain)', server_engine: null },
    ],
    max_seconds: 300,
    max_bytes: 10_000_000,
    ...overrides,
  };
}

function renderVoice(routes: Record<string, RouteHandler> = {}, speech: SpeechSettings = settings()) {
  const fetchMock = mockFetch({
    'POST /api/referrals/member-lookup': () =>
      jsonResponse(200, { found: false, source: null, member: null, referral_count: 0 }),
    'GET /api/speech/settings': () => jsonResponse(200, speech),
    'POST /api/speech/transcriptions': () =>
      jsonResponse(200, { text: SAID, language: 'en-US', engine: 'whisper', duration_seconds: 3 }),
    'POST /api/voice-conversations': (init) => {
      const body = JSON.parse(String(init.body)) as { action: string };
      return jsonResponse(200, body.action === 'create' ? { conversation_id: 41 } : { success: true });
    },
    ...routes,
  });
  renderWithProviders(
    <>
      <Notifications />
      <MemoryRouter initialEntries={['/queue', '/create-referral']} initialIndex={1}>
        <Routes>
          <Route path="/create-referral" element={<CreateReferralScreen hasOrganization orgRole="staff" />} />
          <Route path="*" element={<output data-testid="elsewhere" />} />
        </Routes>
      </MemoryRouter>
    </>,
  );
  return fetchMock;
}

const button = (name: string) => screen.getByRole('button', { name });
const openVoiceTab = () => userEvent.click(screen.getByRole('tab', { name: 'Voice Referral' }));
const bodies = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  callsTo(fetchMock, 'POST', path).map(
    ([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>,
  );
const byField = (field: string) => document.getElementById(`referral-${field}`) as HTMLInputElement;
const set = (field: string, value: string) => fireEvent.change(byField(field), { target: { value } });

/** Speaks into the fake microphone long enough for the meter to hear it, then ends the segment with Stop. */
async function speakAndStop(media: FakeMedia) {
  await waitFor(() => expect(media.recorders.length).toBeGreaterThan(0));
  media.level = 0.2;
  await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
  await userEvent.click(button('Stop'));
}

describe('Voice Referral tab (000 §2.1, §2.2, §4.4; issue #19)', { timeout: 30_000 }, () => {
  it('has the two tabs, the text tab first', async () => {
    renderVoice();
    expect(screen.getByRole('tab', { name: 'Text Input' })).toHaveAttribute('aria-selected', 'true');
    await openVoiceTab();
    expect(screen.getByRole('tab', { name: 'Voice Referral' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Stage 1 of 7')).toBeInTheDocument();
    expect(screen.getByText('14% complete')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Spoken prompts' })).not.toBeChecked();
    expect(button('Previous Stage')).toBeDisabled();
    expect(screen.getByRole('region', { name: 'Live transcript' })).toHaveAttribute('aria-live', 'polite');
    expect(button(VOICE_INTAKE_MESSAGES.submitNow)).toBeDisabled();
  });

  it('server mode: says the organization turned browser recognition off', async () => {
    renderVoice({}, settings({ browser_recognition: false }));
    await openVoiceTab();
    expect(await screen.findByText(SPEECH_MESSAGES.browserOff)).toBeInTheDocument();
    await waitFor(() => expect(button('Start Speaking')).toBeEnabled());
  });

  it('a language without a server engine says so and disables Start Speaking', async () => {
    renderVoice();
    await openVoiceTab();
    await waitFor(() => expect(button('Start Speaking')).toBeEnabled());
    await userEvent.click(screen.getByRole('combobox', { name: 'Language' }));
    const options = await screen.findByRole('listbox', { name: 'Language', hidden: true });
    await userEvent.click(within(options).getByRole('option', { name: 'Spanish', hidden: true }));
    expect(await screen.findByText(SPEECH_MESSAGES.languageUnavailable('es-ES'))).toBeInTheDocument();
    expect(button('Start Speaking')).toBeDisabled();
  });

  it('transcribes on the server, extracts with confidence, and Submit Referral Now fills the form; the referral links the conversation', async () => {
    const media = installFakeMedia();
    const created = makeReferral({ referral_number: '4821093756' });
    const fetchMock = renderVoice({ 'POST /api/referrals': () => jsonResponse(201, created) });
    await openVoiceTab();
    await waitFor(() => expect(button('Start Speaking')).toBeEnabled());
    await userEvent.click(button('Start Speaking'));
    // The language is locked while recording.
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeDisabled();
    expect(button('Pause')).toBeInTheDocument();
    await speakAndStop(media);

    const transcript = screen.getByRole('region', { name: 'Live transcript' });
    expect(await within(transcript).findByText(SAID)).toBeInTheDocument();
    const first = await screen.findByTestId('extracted-first_name');
    expect(first).toHaveTextContent('First Name: Maria');
    expect(within(first).getByText('high')).toBeInTheDocument();
    const phone = screen.getByTestId('extracted-phone_number');
    expect(phone).toHaveTextContent('Phone Number: (213) 555-0147');
    expect(within(phone).getByText('medium')).toBeInTheDocument();
    expect(media.tracksStopped).toBe(1);
    expect(media.contextsClosed).toBe(1);

    // The upload: the segment and its language.
    const [upload] = callsTo(fetchMock, 'POST', '/api/speech/transcriptions');
    const form = upload?.[1]?.body as FormData;
    expect(form.get('language')).toBe('en-US');
    expect((form.get('audio') as File).type).toBe('audio/webm;codecs=opus');

    // 000 §7: create, save_field per field, update with the whole state.
    await waitFor(() => {
      const updates = bodies(fetchMock, '/api/voice-conversations').filter((b) => b.action === 'update');
      expect(updates.at(-1)?.transcript).toBe(SAID);
    });
    const sent = bodies(fetchMock, '/api/voice-conversations');
    expect(sent[0]).toMatchObject({ action: 'create', language: 'en-US' });
    expect(String(sent[0]?.session_id)).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(sent.filter((b) => b.action === 'save_field').map((b) => b.field_name)).toEqual([
      'first_name',
      'last_name',
      'phone_number',
    ]);
    const update = sent.filter((b) => b.action === 'update').at(-1);
    expect(update).toMatchObject({
      conversation_id: 41,
      transcript: SAID,
      extracted_data: { first_name: 'Maria', last_name: 'Lopez', phone_number: '(213) 555-0147' },
    });
    expect(((update?.conversation_messages ?? []) as { type: string }[]).map((m) => m.type)).toEqual([
      'assistant',
      'user',
    ]);
    const history = screen.getByRole('list', { name: 'Conversation' });
    expect(within(history).getByText(SAID)).toBeInTheDocument();

    await userEvent.click(button(VOICE_INTAKE_MESSAGES.submitNow));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Text Input' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(byField('first_name')).toHaveValue('Maria');
    expect(byField('last_name')).toHaveValue('Lopez');
    expect(byField('phone_number')).toHaveValue('(213) 555-0147');
    // Untouched by voice: the §3.4 defaults stay.
    expect(byField('country')).toHaveValue('USA');

    // The manual form's rules still apply: the rest is typed, then submitted.
    set('email', 'maria.lopez@example.test');
    set('date_of_birth', '1980-03-04');
    set('medicaid_id', 'CA918273645');
    set('zip_code', '90012');
    set('health_plan', 'Health Net');
    set('provider_name', 'Dr. Priya Natarajan');
    set('npi_number', '1902837465');
    set('organization', 'Eastside Medical Group');
    set('provider_phone_number', '2135550190');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Food Assistance' }));
    set('primary_diagnosis', 'Type 2 diabetes (E11.9)');
    set('availability', 'Weekdays 9am-5pm');
    fireEvent.click(byField('member_consent_obtained'));
    await userEvent.click(button('Submit Referral'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/referrals')).toHaveLength(1));
    const [body] = bodies(fetchMock, '/api/referrals');
    expect(body).toMatchObject({
      first_name: 'Maria',
      last_name: 'Lopez',
      phone_number: '(213) 555-0147',
      voice_conversation_id: 41,
    });
  });

  it("a transcription engine that is down shows the server's message; what was heard stays", async () => {
    const media = installFakeMedia();
    let calls = 0;
    renderVoice({
      'POST /api/speech/transcriptions': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(200, { text: SAID, language: 'en-US', engine: 'whisper', duration_seconds: 3 })
          : errorResponse(503, SPEECH_MESSAGES.engineUnavailable, 'speech.engine_unavailable');
      },
    });
    await openVoiceTab();
    await waitFor(() => expect(button('Start Speaking')).toBeEnabled());
    await userEvent.click(button('Start Speaking'));
    await speakAndStop(media);
    await screen.findByTestId('extracted-first_name');

    await userEvent.click(button('Start Speaking'));
    await speakAndStop(media);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SPEECH_MESSAGES.engineUnavailable);
    expect(alert).toHaveTextContent('Text Input tab');
    expect(screen.getByTestId('extracted-first_name')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Live transcript' })).getByText(SAID),
    ).toBeInTheDocument();
  });

  it('server mode: what was said before Next Stage belongs to the stage it was said in', async () => {
    const media = installFakeMedia();
    renderVoice();
    await openVoiceTab();
    await waitFor(() => expect(button('Start Speaking')).toBeEnabled());
    await userEvent.click(button('Start Speaking'));
    await waitFor(() => expect(media.recorders.length).toBeGreaterThan(0));
    media.level = 0.2;
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
    media.level = 0;
    await userEvent.click(button('Next Stage'));
    expect(screen.getByText('Stage 2 of 7')).toBeInTheDocument();
    // The next segment started at once, in stage 2.
    expect(media.recorders).toHaveLength(2);
    const first = await screen.findByTestId('extracted-first_name');
    expect(within(first).getByText('high')).toBeInTheDocument();
    const transcript = screen.getByRole('region', { name: 'Live transcript' });
    expect(within(transcript).queryByText(SAID)).not.toBeInTheDocument();
    await userEvent.click(button('Previous Stage'));
    expect(within(transcript).getByText(SAID)).toBeInTheDocument();
    await userEvent.click(button('Stop'));
    expect(media.tracksStopped).toBe(1);
  });

  it('browser mode: continuous recognition in the language, the stages, the microphone warning and Restart', async () => {
    const instances = installFakeRecognition();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderVoice({}, settings({ browser_recognition: true }));
    await openVoiceTab();
    await waitFor(() => expect(button('Start Speaking')).toBeEnabled());
    expect(screen.queryByText(SPEECH_MESSAGES.browserOff)).not.toBeInTheDocument();
    await userEvent.click(button('Start Speaking'));
    const recognition = instances[0];
    if (!recognition) throw new Error('no recognition');
    expect(recognition).toMatchObject({ continuous: true, interimResults: true, lang: 'en-US', started: 1 });

    act(() => recognition.say('Maria', false));
    expect(screen.getByText('Maria')).toBeInTheDocument();
    act(() => recognition.say(SAID));
    expect(await screen.findByTestId('extracted-first_name')).toBeInTheDocument();
    // It restarts when it ends, unless stopped or paused.
    act(() => recognition.onend?.());
    expect(recognition.started).toBe(2);

    for (let i = 0; i < 3; i++) act(() => recognition.onerror?.({ error: 'no-speech' }));
    expect(screen.getByText(VOICE_INTAKE_MESSAGES.noSpeechTitle)).toBeInTheDocument();
    for (const check of VOICE_INTAKE_MESSAGES.noSpeechChecks)
      expect(screen.getByText(check)).toBeInTheDocument();

    await userEvent.click(button('Pause'));
    act(() => recognition.onend?.());
    expect(recognition.started).toBe(2);
    await userEvent.click(button('Resume'));
    expect(recognition.started).toBe(3);

    for (let stage = 2; stage <= 7; stage++) {
      await userEvent.click(button('Next Stage'));
      expect(screen.getByText(`Stage ${stage} of 7`)).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Next Stage' })).not.toBeInTheDocument();
    expect(button('Complete')).toBeInTheDocument();
    await userEvent.click(button('Previous Stage'));
    expect(screen.getByText('Stage 6 of 7')).toBeInTheDocument();

    await userEvent.click(button('Restart'));
    expect(screen.getByText('Stage 1 of 7')).toBeInTheDocument();
    expect(screen.queryByTestId('extracted-first_name')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Conversation' })).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it('browser mode: a denied microphone shows the permission text', async () => {
    const instances = installFakeRecognition();
    renderVoice({}, settings({ browser_recognition: true }));
    await openVoiceTab();
    await waitFor(() => expect(button('Start Speaking')).toBeEnabled());
    await userEvent.click(button('Start Speaking'));
    act(() => instances[0]?.onerror?.({ error: 'not-allowed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(VOICE_INTAKE_MESSAGES.permission);
    expect(button('Start Speaking')).toBeInTheDocument();
  });

  it('Complete on stage 7 hands over the data and switches to the form', async () => {
    const instances = installFakeRecognition();
    renderVoice({}, settings({ browser_recognition: true }));
    await openVoiceTab();
    await waitFor(() => expect(button('Start Speaking')).toBeEnabled());
    await userEvent.click(button('Start Speaking'));
    act(() => instances[0]?.say(SAID));
    await screen.findByTestId('extracted-first_name');
    for (let stage = 2; stage <= 7; stage++) await userEvent.click(button('Next Stage'));
    await userEvent.click(button('Complete'));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Text Input' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(byField('first_name')).toHaveValue('Maria');
  });
});
