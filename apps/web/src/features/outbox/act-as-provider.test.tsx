import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  COMMUNICATION_MESSAGES,
  type InboundSmsResult,
  type OutboundMessage,
  type Voicemail,
} from '@trust/domain';
import { describe, expect, it } from 'vitest';
import {
  callsTo,
  errorResponse,
  headersOf,
  jsonResponse,
  mockFetch,
  type RouteHandler,
} from '../../test/fetch-mock.ts';
import { storeSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { OutboxPage } from './outbox-page.tsx';

function message(overrides: Partial<OutboundMessage>): OutboundMessage {
  return {
    id: 1,
    channel: 'sms',
    category: 'referral_send',
    to: '+12135550192',
    subject: null,
    body_text: 'New referral 4821006633 for housing. Reply YES 4821006633 to accept.',
    body_html: null,
    status: 'sent',
    driver: 'local',
    attempts: 1,
    last_error: null,
    provider_message_id: 'local-sms-1',
    user_id: 7,
    organization_id: 1,
    created_at: '2026-11-22T10:00:00.000Z',
    sent_at: '2026-11-22T10:00:01.000Z',
    carries_secret: false,
    body_removed_at: null,
    ...overrides,
  };
}

const sms = message({});
const email = message({
  id: 2,
  channel: 'email',
  to: 'intake@harbor.example',
  subject: 'Referral 4821006633',
  body_text: 'Please review referral 4821006633.',
});
const code = message({ id: 3, category: 'two_factor_code', body_text: 'Your code is 123456' });

function voicemail(overrides: Partial<Voicemail> = {}): Voicemail {
  return {
    id: 5,
    communication_id: 50,
    from_number: '+12135550192',
    duration_seconds: 3,
    received_at: '2026-11-22T10:05:00.000Z',
    recording_url: '/api/voicemails/5/audio',
    recording_content_type: 'audio/wav',
    transcription_text: 'Calling about the referral.',
    transcription_status: 'completed',
    is_read: false,
    provider_id: 55,
    provider_name: 'Harbor Test Services',
    referral_id: null,
    referral_number: null,
    ...overrides,
  };
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

function renderOutbox(routes: Record<string, RouteHandler> = {}) {
  storeSession();
  const fetchMock = mockFetch({
    'GET /api/outbox': () =>
      jsonResponse(200, { messages: [sms, email, code], total: 3, page: 1, page_size: 25 }),
    'GET /api/outbox/1': () => jsonResponse(200, sms),
    'GET /api/outbox/2': () => jsonResponse(200, email),
    'GET /api/outbox/3': () => jsonResponse(200, code),
    ...routes,
  });
  renderWithProviders(<OutboxPage />);
  return fetchMock;
}

async function openMessage(text: string) {
  await userEvent.click(await screen.findByText(text));
  return screen.findByRole('dialog');
}

const accepted: InboundSmsResult = {
  communication_id: 40,
  conversation_id: 12,
  matched: true,
  intent: 'accept',
  action: 'accepted',
  referral_id: 9,
  reply: 'Thank you! Referral 4821006633 is accepted.',
};

describe('the outbox: reply to an SMS as the provider', () => {
  it("posts the reply from the message's number and shows what it did", async () => {
    const fetchMock = renderOutbox({
      'POST /api/outbox/inbound/sms': () => jsonResponse(200, accepted),
    });
    const dialog = await openMessage('New referral 4821006633 for housing. Reply YES 4821006633 to accept.');
    const section = await within(dialog).findByRole('region', { name: 'Reply as the provider' });
    expect(within(section).getByRole('textbox', { name: 'From' })).toHaveValue('+12135550192');
    await userEvent.type(within(section).getByRole('textbox', { name: 'Reply text' }), 'YES 4821006633');
    await userEvent.click(within(section).getByRole('button', { name: 'Send reply as the provider' }));

    const result = await within(section).findByRole('status');
    expect(result).toHaveTextContent('What the reply did: Accepted referral (referral id 9)');
    expect(result).toHaveTextContent('accept');
    expect(result).toHaveTextContent('Texted back: “Thank you! Referral 4821006633 is accepted.”');
    const [, init] = callsTo(fetchMock, 'POST', '/api/outbox/inbound/sms')[0]!;
    expect(bodyOf(init)).toEqual({ from_phone: '+12135550192', body: 'YES 4821006633' });
    expect(init?.credentials).toBe('same-origin');
    expect(headersOf(init).get('Authorization')).toBeNull();
  });

  it('says when the number matched nobody, and sends nothing blank', async () => {
    const fetchMock = renderOutbox({
      'POST /api/outbox/inbound/sms': () =>
        jsonResponse(200, {
          ...accepted,
          matched: false,
          intent: 'other',
          action: 'none',
          referral_id: null,
          reply: null,
        }),
    });
    const dialog = await openMessage('New referral 4821006633 for housing. Reply YES 4821006633 to accept.');
    const section = await within(dialog).findByRole('region', { name: 'Reply as the provider' });
    await userEvent.type(within(section).getByRole('textbox', { name: 'Reply text' }), '   ');
    await userEvent.click(within(section).getByRole('button', { name: 'Send reply as the provider' }));
    expect(await within(section).findByText('Type the reply to send.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/outbox/inbound/sms')).toHaveLength(0);

    await userEvent.type(within(section).getByRole('textbox', { name: 'Reply text' }), 'who is this?');
    await userEvent.click(within(section).getByRole('button', { name: 'Send reply as the provider' }));
    const result = await within(section).findByRole('status');
    expect(result).toHaveTextContent('Stored on the conversation; no action taken');
    expect(result).toHaveTextContent('stored as unmatched for platform operators');
  });

  it("shows the server's refusal when the real SMS service is configured", async () => {
    renderOutbox({
      'POST /api/outbox/inbound/sms': () =>
        errorResponse(422, COMMUNICATION_MESSAGES.localDriverOnly, 'unprocessable'),
    });
    const dialog = await openMessage('New referral 4821006633 for housing. Reply YES 4821006633 to accept.');
    const section = await within(dialog).findByRole('region', { name: 'Reply as the provider' });
    await userEvent.type(within(section).getByRole('textbox', { name: 'Reply text' }), 'YES');
    await userEvent.click(within(section).getByRole('button', { name: 'Send reply as the provider' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      COMMUNICATION_MESSAGES.localDriverOnly,
    );
  });

  it("puts the server's message for a field on its input", async () => {
    renderOutbox({
      'POST /api/outbox/inbound/sms': () =>
        jsonResponse(400, {
          code: 'validation_failed',
          detail: 'Invalid body. body: Too long',
          message: 'Invalid body. body: Too long',
          error: 'Invalid body. body: Too long',
          fields: { body: 'Too long' },
        }),
    });
    const dialog = await openMessage('New referral 4821006633 for housing. Reply YES 4821006633 to accept.');
    const section = await within(dialog).findByRole('region', { name: 'Reply as the provider' });
    await userEvent.type(within(section).getByRole('textbox', { name: 'Reply text' }), 'YES');
    await userEvent.click(within(section).getByRole('button', { name: 'Send reply as the provider' }));
    await waitFor(() =>
      expect(within(section).getByRole('textbox', { name: 'Reply text' })).toHaveAccessibleDescription(
        'Too long',
      ),
    );
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers no provider reply on a sign-in code', async () => {
    renderOutbox();
    const dialog = await openMessage('Your code is 123456');
    await within(dialog).findByText('Message #3');
    expect(within(dialog).queryByRole('region', { name: 'Reply as the provider' })).not.toBeInTheDocument();
  });

  it("answers the member's follow-up question as the member (issue #14 item 4)", {
    timeout: 15_000,
  }, async () => {
    const question = message({
      id: 4,
      category: 'member_follow_up',
      to: '+19095557002',
      body_text: 'Did you get the help you needed? Reply YES or NO',
    });
    const fetchMock = renderOutbox({
      'GET /api/outbox': () => jsonResponse(200, { messages: [question], total: 1, page: 1, page_size: 25 }),
      'GET /api/outbox/4': () => jsonResponse(200, question),
      'POST /api/outbox/inbound/sms': () =>
        jsonResponse(200, {
          ...accepted,
          conversation_id: 13,
          action: 'member_replied',
          reply: 'Trust Marketplace: Thank you for your answer.',
        }),
    });
    const dialog = await openMessage(question.body_text);
    expect(within(dialog).queryByRole('region', { name: 'Reply as the provider' })).not.toBeInTheDocument();
    const section = await within(dialog).findByRole('region', { name: 'Reply as the member' });
    await userEvent.type(within(section).getByRole('textbox', { name: 'Reply text' }), 'YES');
    await userEvent.click(within(section).getByRole('button', { name: 'Send reply as the member' }));
    const result = await within(section).findByRole('status');
    expect(result).toHaveTextContent("What the reply did: Recorded the member's answer");
    expect(result).toHaveTextContent('Filed with the referral’s messages.');
    const [, init] = callsTo(fetchMock, 'POST', '/api/outbox/inbound/sms')[0]!;
    expect(bodyOf(init)).toEqual({ from_phone: '+19095557002', body: 'YES' });
  });
});

describe('the outbox: reply to an email as the provider', () => {
  it('posts the reply to that outbox message with a Re: subject and says where it threaded', async () => {
    const fetchMock = renderOutbox({
      'POST /api/outbox/inbound/email': () =>
        jsonResponse(200, { communication_id: 41, conversation_id: 13, matched: true, referral_id: 9 }),
    });
    const dialog = await openMessage('Referral 4821006633');
    const section = await within(dialog).findByRole('region', { name: 'Reply as the provider' });
    expect(within(section).getByRole('textbox', { name: 'Reply subject' })).toHaveValue(
      'Re: Referral 4821006633',
    );
    await userEvent.type(
      within(section).getByRole('textbox', { name: 'Reply text' }),
      'We can take her on Monday.',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Send reply as the provider' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Threaded onto the provider’s email conversation (referral id 9).',
    );
    const [, init] = callsTo(fetchMock, 'POST', '/api/outbox/inbound/email')[0]!;
    expect(bodyOf(init)).toEqual({
      outbox_message_id: 2,
      body: 'We can take her on Monday.',
      subject: 'Re: Referral 4821006633',
    });
  });

  it("sends nothing blank, and puts the server's message for a field on its input", async () => {
    const fetchMock = renderOutbox({
      'POST /api/outbox/inbound/email': () =>
        jsonResponse(400, {
          code: 'validation_failed',
          detail: 'Invalid body. subject: Too long',
          message: 'Invalid body. subject: Too long',
          error: 'Invalid body. subject: Too long',
          fields: { subject: 'Too long' },
        }),
    });
    const dialog = await openMessage('Referral 4821006633');
    const section = await within(dialog).findByRole('region', { name: 'Reply as the provider' });
    await userEvent.click(within(section).getByRole('button', { name: 'Send reply as the provider' }));
    expect(await within(section).findByText('Type the reply to send.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/outbox/inbound/email')).toHaveLength(0);

    await userEvent.type(within(section).getByRole('textbox', { name: 'Reply text' }), 'Yes');
    await userEvent.click(within(section).getByRole('button', { name: 'Send reply as the provider' }));
    await waitFor(() =>
      expect(within(section).getByRole('textbox', { name: 'Reply subject' })).toHaveAccessibleDescription(
        'Too long',
      ),
    );
    expect(within(section).queryByText('Type the reply to send.')).not.toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    renderOutbox({
      'POST /api/outbox/inbound/email': () =>
        errorResponse(422, COMMUNICATION_MESSAGES.localDriverOnly, 'unprocessable'),
    });
    const dialog = await openMessage('Referral 4821006633');
    const section = await within(dialog).findByRole('region', { name: 'Reply as the provider' });
    await userEvent.type(within(section).getByRole('textbox', { name: 'Reply text' }), 'Yes');
    await userEvent.click(within(section).getByRole('button', { name: 'Send reply as the provider' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      COMMUNICATION_MESSAGES.localDriverOnly,
    );
  });
});

describe('the outbox: leave a voicemail as a provider', () => {
  const wav = () => new File(['RIFF....WAVE'], 'message.wav', { type: 'audio/wav' });

  async function openDialog() {
    await userEvent.click(await screen.findByRole('button', { name: 'Leave a voicemail' }));
    return screen.findByRole('dialog', { name: 'Leave a voicemail as a provider' });
  }

  it('posts the number, the audio file and the transcription as multipart', async () => {
    const fetchMock = renderOutbox({
      'POST /api/outbox/inbound/voicemail': () => jsonResponse(201, voicemail()),
    });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /From number/ }), '(213) 555-0192');
    await userEvent.upload(within(dialog).getByLabelText(/Audio file/), wav());
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Transcription (optional)' }),
      'Calling about the referral.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave voicemail' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Voicemail left from (213) 555-0192. It is filed under Harbor Test Services',
    );
    const [, init] = callsTo(fetchMock, 'POST', '/api/outbox/inbound/voicemail')[0]!;
    const form = init?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('from_phone')).toBe('(213) 555-0192');
    expect(form.get('transcription')).toBe('Calling about the referral.');
    const audio = form.get('audio') as File;
    expect(audio.name).toBe('message.wav');
    expect(audio.type).toBe('audio/wav');
    // The file comes after the fields (the server reads the fields that precede it).
    expect([...form.keys()]).toEqual(['from_phone', 'transcription', 'audio']);
    expect(headersOf(init).get('Content-Type')).toBeNull();
    expect(init?.credentials).toBe('same-origin');
    expect(headersOf(init).get('Authorization')).toBeNull();
  });

  it('says when no provider has the number', async () => {
    renderOutbox({
      'POST /api/outbox/inbound/voicemail': () =>
        jsonResponse(201, voicemail({ from_number: '+13105550000', provider_id: null, provider_name: null })),
    });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /From number/ }), '3105550000');
    await userEvent.upload(within(dialog).getByLabelText(/Audio file/), wav());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave voicemail' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Voicemail left from (310) 555-0000. No provider has this number, so it is stored unmatched.',
    );
  });

  it('needs a number and an audio file, and refuses another kind of file', async () => {
    const fetchMock = renderOutbox();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave voicemail' }));
    expect(await within(dialog).findByText('Enter the number the voicemail comes from.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose an audio file for the voicemail.')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /From number/ }), '2135550192');
    await userEvent.upload(
      within(dialog).getByLabelText(/Audio file/),
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
      { applyAccept: false },
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave voicemail' }));
    expect(
      await within(dialog).findByText('The voicemail must be an audio file (WAV, MP3, OGG, WebM or M4A).'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/outbox/inbound/voicemail')).toHaveLength(0);
    expect(within(dialog).getByLabelText(/Audio file/)).toHaveAttribute('accept', 'audio/*');
  });

  it("shows the server's 422 when the real voice service is configured, and its field errors on the inputs", async () => {
    let answer = () => errorResponse(422, COMMUNICATION_MESSAGES.localDriverOnly, 'unprocessable');
    renderOutbox({ 'POST /api/outbox/inbound/voicemail': () => answer() });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /From number/ }), '12');
    await userEvent.upload(within(dialog).getByLabelText(/Audio file/), wav());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave voicemail' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      COMMUNICATION_MESSAGES.localDriverOnly,
    );

    answer = () =>
      jsonResponse(400, {
        code: 'validation',
        detail: 'Invalid input',
        message: 'Invalid input',
        error: 'Invalid input',
        fields: { from_phone: COMMUNICATION_MESSAGES.invalidPhone },
      });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave voicemail' }));
    await waitFor(() =>
      expect(within(dialog).getByText(COMMUNICATION_MESSAGES.invalidPhone)).toBeInTheDocument(),
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
