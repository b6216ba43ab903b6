import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SmsConversation } from '@trust/domain';
import { describe, expect, it, vi } from 'vitest';
import { emitEvent } from '../../../test/event-bus-mock.ts';
import { callsTo, deferred, errorResponse, jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { storeSession } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { makeSmsMessage, smsConversation } from '../communication-fixtures.ts';
import { SmsConversationPanel } from './sms-conversation-panel.tsx';

// The page's one shared event stream, replaced by the bus the test drives (test/event-bus-mock.ts).
vi.mock('../../../api/events/event-bus.ts', () => import('../../../test/event-bus-mock.ts'));

const sent = {
  success: true,
  message_sid: null,
  from_phone: null,
  error: null,
  message: makeSmsMessage({ id: 99, status: 'queued' }),
};

function renderPanel(conversation: SmsConversation | (() => Response), routes = {}) {
  storeSession();
  const fetchMock = mockFetch({
    'GET /api/sms/conversations':
      typeof conversation === 'function' ? conversation : () => jsonResponse(200, conversation),
    'POST /api/sms/send': () => jsonResponse(200, sent),
    ...routes,
  });
  renderWithProviders(
    <SmsConversationPanel
      thread={{ conversation_id: 71 }}
      referralId={101}
      providerId={501}
      onClose={vi.fn()}
    />,
  );
  return { fetchMock, box: () => screen.getByRole('textbox', { name: 'SMS message' }) };
}

const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

describe('SMS conversation panel (001 §2.12)', { timeout: 30_000 }, () => {
  it('says it is loading, then shows the header and the empty state', async () => {
    const answer = deferred<Response>();
    renderPanel(() => answer.promise as never);
    expect(screen.getByText('Loading conversation...')).toBeInTheDocument();
    answer.resolve(jsonResponse(200, smsConversation([])));
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    expect(screen.getByText('Start the conversation below')).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'SMS Conversation' });
    expect(within(panel).getByRole('heading', { name: 'SMS Conversation' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('Marigold Community Pantry · (213) 555-0170');
    expect(within(panel).getByRole('button', { name: 'Close conversation' })).toBeInTheDocument();
  });

  it('shows outbound bubbles with status and error, inbound ones with the intent, and parts', async () => {
    renderPanel(
      smsConversation([
        makeSmsMessage({ id: 1, message_body: 'Can you take her?', num_segments: 2 }),
        makeSmsMessage({
          id: 2,
          message_body: 'Second try',
          status: 'failed',
          error_message: 'The number is unreachable',
        }),
        makeSmsMessage({
          id: 3,
          direction: 'inbound',
          message_body: 'YES 4821093756',
          intent: 'accept',
          status: 'received',
        }),
      ]),
    );
    const list = await screen.findByRole('list', { name: 'Messages' });
    const [first, failed, reply] = within(list).getAllByRole('listitem');
    expect(first).toHaveAccessibleName('Sent message');
    expect(first).toHaveTextContent('You ·');
    expect(within(first!).getByText('Delivered')).toBeInTheDocument();
    expect(first).toHaveTextContent('2 parts');
    expect(within(failed!).getByText('Failed')).toBeInTheDocument();
    expect(failed).toHaveTextContent('The number is unreachable');
    expect(reply).toHaveAccessibleName('Received message');
    expect(reply).toHaveTextContent('Marigold Community Pantry');
    expect(within(reply!).getByText('accept')).toBeInTheDocument();
    expect(reply).not.toHaveTextContent('parts');
  });

  it('counts characters, segments and what is left, and warns above 3 segments', async () => {
    const { box } = renderPanel(smsConversation([]));
    await screen.findByText('No messages yet');
    expect(screen.getByText('0 characters · 0 segments · 160 until the next segment')).toBeInTheDocument();
    await userEvent.type(box(), 'Hello');
    expect(screen.getByText('5 characters · 1 segment · 155 until the next segment')).toBeInTheDocument();
    await userEvent.clear(box());
    await userEvent.click(box());
    await userEvent.paste('x'.repeat(481));
    expect(screen.getByText('481 characters · 4 segments · 159 until the next segment')).toBeInTheDocument();
    expect(screen.getByText(/Long message warning/)).toBeInTheDocument();
    expect(screen.getByText('Press Enter to send, Shift+Enter for new line')).toBeInTheDocument();
    expect(screen.getByText('Keep messages under 160 characters to avoid extra charges')).toBeInTheDocument();
  });

  it('sends on Enter, keeps Shift+Enter as a new line, and sends nothing blank', async () => {
    const { fetchMock, box } = renderPanel(smsConversation([]));
    await screen.findByText('No messages yet');
    await userEvent.type(box(), '   {Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(callsTo(fetchMock, 'POST', '/api/sms/send')).toHaveLength(0);

    await userEvent.clear(box());
    await userEvent.type(box(), 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box()).toHaveValue('Line one\nLine two');
    expect(callsTo(fetchMock, 'POST', '/api/sms/send')).toHaveLength(0);
    await userEvent.type(box(), '{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/sms/send')).toHaveLength(1));
    expect(body(callsTo(fetchMock, 'POST', '/api/sms/send')[0]![1])).toEqual({
      provider_id: 501,
      referral_id: 101,
      to_phone: '(213) 555-0170',
      message_text: 'Line one\nLine two',
    });
    await waitFor(() => expect(box()).toHaveValue(''));
  });

  it('blocks a second send while one is in flight', async () => {
    const answer = deferred<Response>();
    const { fetchMock, box } = renderPanel(smsConversation([]), {
      'POST /api/sms/send': () => answer.promise,
    });
    await screen.findByText('No messages yet');
    await userEvent.type(box(), 'First{Enter}');
    await userEvent.type(box(), '{Enter}');
    expect(callsTo(fetchMock, 'POST', '/api/sms/send')).toHaveLength(1);
    answer.resolve(jsonResponse(200, sent));
    await waitFor(() => expect(box()).toHaveValue(''));
  });

  it("shows the server's error, or 'Unknown error', and keeps the text", async () => {
    let reply = () => errorResponse(422, 'Provider phone number not available');
    const { box } = renderPanel(smsConversation([]), { 'POST /api/sms/send': () => reply() });
    await screen.findByText('No messages yet');
    await userEvent.type(box(), 'Hello{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Provider phone number not available');
    expect(box()).toHaveValue('Hello');
    reply = () => jsonResponse(200, { ...sent, success: false, error: null });
    await userEvent.type(box(), '{Enter}');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Unknown error'));
  });

  it('disables the composer for a number that opted out, with the reason', async () => {
    renderPanel(smsConversation([], { opted_out: true }));
    expect(await screen.findByText(/This number has opted out of text messages/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'SMS message' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('shows a reply as soon as the server says the thread has a new message', async () => {
    let conversation = smsConversation([makeSmsMessage()]);
    const { fetchMock } = renderPanel(() => jsonResponse(200, conversation));
    await screen.findByRole('list', { name: 'Messages' });
    conversation = smsConversation([
      makeSmsMessage(),
      makeSmsMessage({ id: 2, direction: 'inbound', message_body: 'YES', intent: 'accept' }),
    ]);
    // Another thread's message refetches nothing.
    emitEvent('communication.created', {
      id: 5,
      conversation_id: 72,
      referral_id: 102,
      provider_id: 501,
      method_type: 'sms',
      direction: 'inbound',
      status: 'received',
    });
    emitEvent('communication.created', {
      id: 6,
      conversation_id: 71,
      referral_id: 101,
      provider_id: 501,
      method_type: 'sms',
      direction: 'inbound',
      status: 'received',
    });
    expect(await screen.findByText('YES')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/sms/conversations')).toHaveLength(2);
  });
});
