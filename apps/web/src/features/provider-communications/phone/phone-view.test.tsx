import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Call, PlaceCallResponse } from '@trust/domain';
import { describe, expect, it, vi } from 'vitest';
import { emitEvent, setEventsStatus } from '../../../test/event-bus-mock.ts';
import {
  callsTo,
  errorResponse,
  headersOf,
  jsonResponse,
  mockFetch,
  type RouteHandler,
} from '../../../test/fetch-mock.ts';
import { storeSession } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { stubMediaPlayback, stubObjectUrls } from './media-stubs.ts';
import { makeCall, makePhoneMethod, makeProviderReferral, makeVoicemail } from './phone-fixtures.ts';
import { PhoneView } from './phone-view.tsx';

// The page's one shared event stream, replaced by the bus the test drives (test/event-bus-mock.ts).
vi.mock('../../../api/events/event-bus.ts', () => import('../../../test/event-bus-mock.ts'));

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
const referral = makeProviderReferral();

function renderPhone(
  routes: Record<string, RouteHandler> = {},
  { calls = [] as Call[], mainPhone = '(213) 555-0100' as string | null } = {},
) {
  storeSession();
  const fetchMock = mockFetch({
    'GET /api/providers/55/referrals': () =>
      jsonResponse(200, {
        referrals: [
          referral,
          makeProviderReferral({ id: 10, referral_number: '4821007777', member_name: 'Li Test' }),
        ],
      }),
    'GET /api/provider-communication-methods': () =>
      jsonResponse(200, {
        methods: [
          makePhoneMethod(1, '+1 213 555 0100'),
          makePhoneMethod(2, '213.555.0111'),
          makePhoneMethod(3, '(213) 555-0122', 'mobile'),
        ],
      }),
    'GET /api/call-history': () => jsonResponse(200, { calls, total: calls.length, page: 1, page_size: 50 }),
    'GET /api/voicemails': () =>
      jsonResponse(200, { voicemails: [], unread: 0, total: 0, page: 1, page_size: 50 }),
    ...routes,
  });
  const view = renderWithProviders(
    <PhoneView providerId={55} providerName="Harbor Test Services" mainPhone={mainPhone} />,
  );
  return { fetchMock, ...view };
}

const key = (k: string) =>
  userEvent.click(within(screen.getByRole('group', { name: 'Keypad' })).getByRole('button', { name: k }));

async function dial(digits: string) {
  for (const d of digits) await key(d);
}

function placed(call: Partial<Call> = {}, extra: Partial<PlaceCallResponse> = {}): PlaceCallResponse {
  const c = makeCall(call);
  return { success: true, call_sid: c.call_sid, error: null, call: c, ...extra };
}

describe('the phone view: dialer (001 §2.14)', () => {
  it('formats the number as typed on the keypad, keeps 15 characters at most, and Backspace removes one', async () => {
    renderPhone();
    const input = screen.getByLabelText('Dial any number');
    expect(input).toHaveAttribute('maxLength', '14');
    await dial('213');
    expect(input).toHaveValue('213');
    await dial('555');
    expect(input).toHaveValue('(213) 555');
    await dial('0192');
    expect(input).toHaveValue('(213) 555-0192');
    await userEvent.click(screen.getByRole('button', { name: 'Backspace' }));
    expect(input).toHaveValue('(213) 555-019');
    await dial('2');
    await dial('123456');
    // 16 keys pressed: the 16th is not taken.
    expect(input).toHaveValue('213555019212345');
  });

  it('formats a number typed into the field, and Enter calls it', async () => {
    const { fetchMock } = renderPhone({
      'POST /api/providers/55/communications/phone': () => jsonResponse(200, placed()),
    });
    const input = screen.getByLabelText('Dial any number');
    await userEvent.type(input, '213555019{Enter}');
    expect(callsTo(fetchMock, 'POST', '/api/providers/55/communications/phone')).toHaveLength(0);
    await userEvent.type(input, '2');
    expect(input).toHaveValue('(213) 555-0192');
    await userEvent.type(input, '{Enter}');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/providers/55/communications/phone')).toHaveLength(1),
    );
    const [, init] = callsTo(fetchMock, 'POST', '/api/providers/55/communications/phone')[0]!;
    expect(bodyOf(init)).toEqual({
      to_number: '+12135550192',
      provider_id: 55,
      referral_id: null,
      call_type: 'general',
      record: true,
    });
  });

  it('enables Call only with at least 10 digits, with the hint until then', async () => {
    renderPhone();
    const call = screen.getByRole('button', { name: 'Call' });
    expect(call).toBeDisabled();
    expect(screen.getByText('Enter at least 10 digits to call')).toBeInTheDocument();
    await dial('213555019');
    expect(call).toBeDisabled();
    await dial('2');
    expect(call).toBeEnabled();
    expect(screen.queryByText('Enter at least 10 digits to call')).not.toBeInTheDocument();
  });
});

describe('the phone view: contacts (001 §2.14)', () => {
  it('lists the main phone, a different mobile and a different alternative, each with Call', async () => {
    renderPhone();
    await userEvent.click(screen.getByRole('tab', { name: 'Contacts' }));
    const list = await screen.findByRole('list', { name: 'Saved contacts' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    const [main, mobile, alternative] = within(list).getAllByRole('listitem');
    expect(main).toHaveTextContent('Main Phone');
    expect(main).toHaveTextContent('work');
    expect(main).toHaveTextContent('(213) 555-0100');
    expect(mobile).toHaveTextContent('Mobile');
    expect(mobile).toHaveTextContent('(213) 555-0122');
    expect(alternative).toHaveTextContent('Alternative');
    expect(alternative).toHaveTextContent('(213) 555-0111');
    expect(within(list).getByRole('button', { name: 'Call Mobile (213) 555-0122' })).toBeEnabled();
  });

  it("says 'No saved contacts' without any number", async () => {
    renderPhone(
      { 'GET /api/provider-communication-methods': () => jsonResponse(200, { methods: [] }) },
      { mainPhone: null },
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Contacts' }));
    expect(await screen.findByText('No saved contacts')).toBeInTheDocument();
  });

  it('calls a contact', async () => {
    const { fetchMock } = renderPhone({
      'POST /api/providers/55/communications/phone': () => jsonResponse(200, placed()),
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Contacts' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Call Alternative (213) 555-0111' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/providers/55/communications/phone')).toHaveLength(1),
    );
    const [, init] = callsTo(fetchMock, 'POST', '/api/providers/55/communications/phone')[0]!;
    expect(bodyOf(init)).toMatchObject({ to_number: '+12135550111', provider_id: 55, record: true });
  });
});

describe('the phone view: placing a call (001 §2.14, §8)', () => {
  it('sends the number, referral and recording choice, shows the banner, and switches to Recent after 500 ms', async () => {
    const { fetchMock } = renderPhone({
      'POST /api/providers/55/communications/phone': () =>
        jsonResponse(200, placed({ referral_id: 9, referral_number: referral.referral_number })),
    });
    expect(screen.getByRole('combobox', { name: 'Link call to referral' })).toHaveDisplayValue(
      'No referral linked',
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Link call to referral' }),
      await screen.findByRole('option', { name: '4821006633 · Rosa Test' }),
    );
    const recording = screen.getByRole('switch', { name: 'Record calls' });
    expect(recording).toBeChecked();
    expect(screen.getByText('Recording ON')).toBeInTheDocument();
    await userEvent.click(recording);
    expect(screen.getByText('Recording OFF')).toBeInTheDocument();

    await dial('2135550192');
    await userEvent.click(screen.getByRole('button', { name: 'Call' }));
    const banner = await screen.findByRole('status', { name: 'Active call' });
    expect(banner).toHaveTextContent('Call initiating');
    expect(banner).toHaveTextContent('CA1234567890');
    expect(banner).not.toHaveTextContent('CA1234567890a');
    // The view waits half a second on the dialer before showing Recent.
    expect(screen.getByRole('tab', { name: 'Dialer' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Recent' })).toHaveAttribute('aria-selected', 'true'),
    );

    const [, init] = callsTo(fetchMock, 'POST', '/api/providers/55/communications/phone')[0]!;
    expect(bodyOf(init)).toEqual({
      to_number: '+12135550192',
      provider_id: 55,
      referral_id: 9,
      call_type: 'referral',
      record: false,
    });
    expect(init?.credentials).toBe('same-origin');
    expect(headersOf(init).get('Authorization')).toBeNull();

    // The banner follows the call's live status; End only clears it here.
    emitEvent('communication.updated', {
      id: 101,
      conversation_id: null,
      referral_id: 9,
      provider_id: 55,
      method_type: 'voice',
      direction: 'outbound',
      status: 'ringing',
    });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Active call' })).toHaveTextContent('Call ringing'),
    );
    const posts = callsTo(fetchMock, 'POST', '/api/providers/55/communications/phone').length;
    await userEvent.click(screen.getByRole('button', { name: 'End' }));
    expect(screen.queryByRole('status', { name: 'Active call' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, i]) => (i?.method ?? 'GET') !== 'GET')).toHaveLength(posts);
  });

  it("shows 'Failed to initiate call: {message}' and a failed banner when the voice service refuses", async () => {
    renderPhone({
      'POST /api/providers/55/communications/phone': () =>
        jsonResponse(
          200,
          placed(
            { status: 'failed', error_message: 'Number unreachable' },
            { success: false, error: 'Number unreachable' },
          ),
        ),
    });
    await dial('2135550192');
    await userEvent.click(screen.getByRole('button', { name: 'Call' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to initiate call: Number unreachable');
    expect(screen.getByRole('status', { name: 'Active call' })).toHaveTextContent('Call failed');
    await new Promise((r) => setTimeout(r, 600));
    expect(screen.getByRole('tab', { name: 'Dialer' })).toHaveAttribute('aria-selected', 'true');
  });

  it("falls back to 'Call failed' when the server gives no reason, and shows its reason when it does", async () => {
    let detail = '';
    renderPhone({
      'POST /api/providers/55/communications/phone': () => errorResponse(422, detail, 'unprocessable'),
    });
    await dial('2135550192');
    await userEvent.click(screen.getByRole('button', { name: 'Call' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to initiate call: Call failed');
    expect(screen.getByRole('status', { name: 'Active call' })).toHaveTextContent('Call failed');
    detail = 'Enter a phone number of 10 digits.';
    await userEvent.click(screen.getByRole('button', { name: 'Call' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Failed to initiate call: Enter a phone number of 10 digits.',
      ),
    );
  });
});

describe('the phone view: recent calls (001 §2.15)', () => {
  const calls = [
    makeCall({
      id: 3,
      status: 'completed',
      duration_seconds: 42,
      recording_url: '/api/calls/3/recording',
      referral_number: '4821006633',
    }),
    makeCall({ id: 2, status: 'no_answer', duration_seconds: 0, has_voicemail: true }),
    makeCall({
      id: 1,
      direction: 'inbound',
      status: 'failed',
      to_number: '+13105550100',
      from_number: '+12135550111',
    }),
  ];

  it('shows each call with direction, numbers, time, a coloured status, duration, recording and voicemail flag', async () => {
    renderPhone({}, { calls });
    await userEvent.click(screen.getByRole('tab', { name: 'Recent' }));
    const list = await screen.findByRole('list', { name: 'Recent calls' });
    const [completed, noAnswer, failed] = within(list).getAllByRole('listitem');
    expect(completed).toHaveTextContent('Outbound');
    expect(completed).toHaveTextContent('To (213) 555-0192');
    expect(completed).toHaveTextContent('From (310) 555-0100');
    expect(completed).toHaveTextContent(new Date('2026-11-22T10:00:00.000Z').toLocaleString());
    expect(completed).toHaveTextContent('Duration: 42s');
    expect(completed).toHaveTextContent('Referral 4821006633');
    expect(within(completed!).getByText('completed').closest('.mantine-Badge-root')).toHaveStyle({
      '--badge-color': 'var(--mantine-color-green-light-color)',
    });
    expect(within(noAnswer!).getByText('no answer').closest('.mantine-Badge-root')).toHaveStyle({
      '--badge-color': 'var(--mantine-color-yellow-light-color)',
    });
    expect(within(failed!).getByText('failed').closest('.mantine-Badge-root')).toHaveStyle({
      '--badge-color': 'var(--mantine-color-gray-light-color)',
    });
    expect(within(noAnswer!).getByText('Voicemail')).toBeInTheDocument();
    expect(within(completed!).queryByText('Voicemail')).not.toBeInTheDocument();
    expect(failed).toHaveTextContent('Inbound');
    expect(within(completed!).getByRole('button', { name: /Play recording/ })).toBeInTheDocument();
    expect(within(noAnswer!).queryByRole('button', { name: /Play recording/ })).not.toBeInTheDocument();
  });

  it('plays a recording fetched with the bearer token through an object URL', async () => {
    stubObjectUrls();
    const { fetchMock } = renderPhone(
      {
        'GET /api/calls/3/recording': () =>
          new Response(new Blob(['RIFF']), { headers: { 'content-type': 'audio/wav' } }),
      },
      { calls },
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Recent' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Play recording of the call with (213) 555-0192' }),
    );
    const audio = await screen.findByLabelText('the call with (213) 555-0192');
    expect(audio.tagName).toBe('AUDIO');
    expect(audio).toHaveAttribute('src', 'blob:1');
    const [, init] = callsTo(fetchMock, 'GET', '/api/calls/3/recording')[0]!;
    expect(init?.credentials).toBe('same-origin');
    expect(headersOf(init).get('Authorization')).toBeNull();
  });

  it('filters by referral on the server, and says so when there is no call', async () => {
    const { fetchMock } = renderPhone({}, { calls: [] });
    await userEvent.click(screen.getByRole('tab', { name: 'Recent' }));
    expect(await screen.findByText('No calls yet')).toBeInTheDocument();
    const filter = screen.getByRole('combobox', { name: 'Filter by referral' });
    expect(filter).toHaveDisplayValue('All referrals');
    await userEvent.selectOptions(
      filter,
      await within(filter).findByRole('option', { name: '4821007777 · Li Test' }),
    );
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/call-history').map(([u]) => String(u))).toContain(
        '/api/call-history?provider_id=55&referral_id=10',
      ),
    );
  });

  it('refetches calls and voicemails on a voice event, not on another channel', async () => {
    const { fetchMock } = renderPhone({}, { calls });
    await userEvent.click(screen.getByRole('tab', { name: 'Recent' }));
    await screen.findByRole('list', { name: 'Recent calls' });
    const before = callsTo(fetchMock, 'GET', '/api/call-history').length;
    const voicemailsBefore = callsTo(fetchMock, 'GET', '/api/voicemails').length;
    const event = {
      id: 300,
      conversation_id: null,
      referral_id: null,
      provider_id: 55,
      direction: 'inbound',
    };
    emitEvent('communication.created', { ...event, method_type: 'sms', status: 'received' });
    await new Promise((r) => setTimeout(r, 50));
    expect(callsTo(fetchMock, 'GET', '/api/call-history')).toHaveLength(before);
    emitEvent('communication.created', { ...event, method_type: 'voice', status: 'received' });
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/call-history').length).toBeGreaterThan(before),
    );
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/voicemails').length).toBeGreaterThan(voicemailsBefore),
    );
  });
});

describe('the phone view: voicemail tab and live updates (001 §2.16, §9)', () => {
  it('shows the words of a recording once its transcription lands (the voice event refetches both lists)', async () => {
    let landed = false;
    const call = makeCall({
      id: 7,
      status: 'completed',
      recording_url: '/api/calls/7/recording',
      transcription_status: 'pending',
    });
    const voicemail = makeVoicemail({ id: 8, from_number: '+12135550108', transcription_status: 'pending' });
    const words = 'Hi, this is Harbor: we can take the family on Monday.';
    renderPhone({
      'GET /api/call-history': () =>
        jsonResponse(200, {
          calls: [landed ? { ...call, transcription_status: 'completed', transcription_text: words } : call],
          total: 1,
          page: 1,
          page_size: 50,
        }),
      'GET /api/voicemails': () =>
        jsonResponse(200, {
          voicemails: [
            landed
              ? { ...voicemail, transcription_status: 'completed', transcription_text: words }
              : voicemail,
          ],
          unread: 1,
          total: 1,
          page: 1,
          page_size: 50,
        }),
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Recent' }));
    const row = await screen.findByRole('listitem', { name: 'Outbound call (213) 555-0192' });
    expect(within(row).getByText('Transcribing…')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /Voicemail/ }));
    const item = await screen.findByRole('listitem', { name: 'Voicemail from (213) 555-0108' });
    expect(within(item).getByText('Transcribing…')).toBeInTheDocument();

    landed = true;
    emitEvent('communication.updated', {
      id: 201,
      conversation_id: null,
      referral_id: null,
      provider_id: 55,
      direction: 'inbound',
      method_type: 'voice',
      status: 'received',
    });
    await waitFor(() => expect(within(item).getByText(words)).toBeInTheDocument());
    expect(within(item).getByText('Transcription')).toBeInTheDocument();
    expect(within(item).queryByText('Transcribing…')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Recent' }));
    const after = await screen.findByRole('listitem', { name: 'Outbound call (213) 555-0192' });
    await waitFor(() => expect(within(after).getByText(words)).toBeInTheDocument());
    expect(within(after).getByText('Transcription')).toBeInTheDocument();
  });

  it('shows the unread count on the tab, and stops playing when the tab is left', async () => {
    stubObjectUrls();
    const media = stubMediaPlayback();
    const voicemail = makeVoicemail({ is_read: true });
    renderPhone({
      'GET /api/voicemails': () =>
        jsonResponse(200, {
          voicemails: [voicemail, makeVoicemail({ id: 2 })],
          unread: 1,
          total: 2,
          page: 1,
          page_size: 50,
        }),
      'GET /api/voicemails/1/recording': () =>
        new Response(new Blob(['ID3']), { headers: { 'content-type': 'audio/mpeg' } }),
    });
    const tab = screen.getByRole('tab', { name: /Voicemail/ });
    await waitFor(() => expect(tab).toHaveTextContent('1'));
    await userEvent.click(tab);
    await userEvent.click(
      (await screen.findAllByRole('button', { name: 'Play voicemail from (213) 555-0101' }))[0]!,
    );
    await screen.findByRole('button', { name: 'Pause voicemail from (213) 555-0101' });
    await userEvent.click(screen.getByRole('tab', { name: 'Dialer' }));
    await waitFor(() => expect(media.pause).toHaveBeenCalled());
    await userEvent.click(tab);
    expect(await screen.findAllByRole('button', { name: 'Play voicemail from (213) 555-0101' })).toHaveLength(
      2,
    );
  });

  it('polls calls and voicemails every 15 s only while the live stream is not open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setEventsStatus('closed');
    const { fetchMock } = renderPhone();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/call-history')).toHaveLength(1));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/voicemails')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/call-history')).toHaveLength(2));
    expect(callsTo(fetchMock, 'GET', '/api/voicemails')).toHaveLength(2);
  });

  it('does not poll while the live stream is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetchMock } = renderPhone();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/call-history')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(callsTo(fetchMock, 'GET', '/api/call-history')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET', '/api/voicemails')).toHaveLength(1);
  });
});
